// The rule canvas in a real browser against the real server (issue 5, "Done means"): the administrator of the
// shop site switches its clinical pages on, then creates a package from the package list, draws input →
// switch → output, makes a parenthesis error and sees the message, fixes it, runs the test panel and sees the
// path, undoes twice and redoes, publishes, and runs the published package through the API (from the test
// panel and by a direct call). The Package tab lists the versions, shows the server's refusal of an unknown
// user, and a renamed package saves as the next draft. At phone width the side panel is a sheet over the
// drawing.
// The canvas is the page (issue 9): on the clinical site, each seeded package at 1280×800 gets a drawing at
// least 900 px wide filling the window under the top bar, a one-row toolbar, no page scroll, and node text at
// 11 px or more on screen after fit-to-view (English and Turkish); at 390×844 one toolbar row and most of the
// height for the drawing, the side panel a sheet that opens and closes.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, E2E_ADMIN_PASSWORD, E2E_CAPTCHA, inProcessSuite, submitLogin } from './browser.ts';


describe.runIf(chromiumAvailable())('the rule canvas in a browser', () => {
  const suite = inProcessSuite();

  const mainMenu = (page: Page) => page.getByRole('navigation', { name: /^(Ana menü|Main menu)$/ });
  const panel = (page: Page) => page.getByRole('tabpanel');
  const node = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);
  const nodeIds = (page: Page) => page.locator('.react-flow__node').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.id!));

  async function logIn(page: Page) {
    await submitLogin(page, suite.server.url(), 'admin', E2E_ADMIN_PASSWORD);
    await page.getByRole('link', { name: 'Çıkış yap' }).waitFor();
  }

  /**
   * Waits until the drawing is still: the viewport's transform and the nodes' boxes unchanged over 10 animation
   * frames in a row (a fit moves the drawing for 200 ms). Counted in frames, so a slow machine waits as long.
   */
  const still = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const shot = () =>
            JSON.stringify([
              getComputedStyle(document.querySelector('.react-flow__viewport')!).transform,
              [...document.querySelectorAll('.react-flow__node')].map((n) => {
                const r = n.getBoundingClientRect();
                return [r.x, r.y, r.width, r.height];
              }),
            ]);
          let last = shot();
          let same = 0;
          let frames = 0;
          const next = () => {
            const now = shot();
            same = now === last ? same + 1 : 0;
            last = now;
            if (same >= 10) return resolve();
            if (++frames > 3000) return reject(new Error('the drawing never kept still'));
            requestAnimationFrame(next);
          };
          requestAnimationFrame(next);
        }),
    );

  /** Drags a connection from a handle to another node's target handle, as a person would. */
  async function connect(page: Page, from: string, to: string) {
    const a = await page.locator(from).boundingBox();
    const b = await page.locator(to).boundingBox();
    if (!a || !b) throw new Error(`no handle ${from} or ${to}`);
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + 40, a.y + 10, { steps: 5 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 10 });
    await page.mouse.up();
  }

  it('draws, checks, tests, undoes, publishes and runs a package', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await logIn(page);

    // The rule engine's pages are clinical pages, off on the shop site: its administrator switches them on in
    // the front-end settings, and the package list joins the menu at once.
    await page.goto(`${suite.server.url()}/on-yuz-ayarlari`);
    const clinical = page.getByRole('checkbox', { name: 'Klinik sayfalar' });
    expect(await clinical.isChecked()).toBe(false);
    expect(await mainMenu(page).getByRole('link', { name: 'Kural Motoru Paketleri' }).count()).toBe(0);
    await clinical.check();
    await page.getByRole('button', { name: 'Kaydet', exact: true }).click();
    await page.getByText(/Ayarlar kaydedildi/).waitFor();

    // The package list is in the menu; "new" asks for the name, then opens the canvas.
    await mainMenu(page).getByRole('link', { name: 'Kural Motoru Paketleri' }).click();
    await page.waitForURL('**/kural-motoru-paketleri');
    await page.getByRole('link', { name: 'Yeni kayıt' }).click();
    await page.getByLabel('Ad (Türkçe)').fill('Böbrek uyarısı');
    await page.getByLabel('Ad (İngilizce)').fill('Renal alert');
    await page.getByRole('button', { name: 'Paketi oluştur' }).click();
    await page.waitForURL(/kural-motoru-algoritmasi\?package_id=/);
    const packageId = new URL(page.url()).searchParams.get('package_id')!;
    await page.getByRole('heading', { level: 2, name: 'Böbrek uyarısı' }).waitFor();
    await node(page, 'input').waitFor();

    // The input node: one parameter, creatinine (a number).
    await node(page, 'input').click();
    await panel(page).getByRole('button', { name: 'Parametre ekle' }).click();
    await panel(page).getByLabel('Ad', { exact: true }).fill('creatinine');
    await panel(page).getByLabel('Birim').fill('mg/dL');

    // A switch, with a bracket left open: the message comes as it is typed.
    await page.getByRole('button', { name: 'Anahtar ekle' }).click();
    const sw = (await nodeIds(page)).find((id) => id.startsWith('switch_'))!;
    const condition = panel(page).getByLabel('Dal 1: metin olarak koşul');
    await condition.fill('(creatinine > 1.5');
    await panel(page).getByText('Lütfen parantezleri kontrol edin: 1. konumdaki parantez hiç kapanmıyor').waitFor();
    expect(await condition.getAttribute('aria-invalid')).toBe('true');
    await node(page, sw).locator('.rule-node--error').waitFor();
    await condition.press('End');
    await condition.press(')');
    await panel(page).getByText(/Lütfen parantezleri kontrol edin/).waitFor({ state: 'detached' });
    // The rows show the same condition.
    expect(await panel(page).getByLabel('Değişken (satır 1)').inputValue()).toBe('creatinine');
    expect(await panel(page).getByLabel('İşleç (satır 1)').inputValue()).toBe('greater');

    // An output: an alert with its code and texts.
    await page.getByRole('button', { name: 'Çıktı ekle' }).click();
    const out = (await nodeIds(page)).find((id) => id.startsWith('output_'))!;
    await panel(page).getByLabel('Tür', { exact: true }).selectOption('alert');
    await panel(page).getByLabel('Kod').fill('renal_alert');
    await panel(page).getByRole('group', { name: 'Kullanıcıya gösterilen metin' }).getByLabel('Türkçe').fill('Kreatinin yüksek ({creatinine}): dozu gözden geçirin.');
    await panel(page).getByRole('group', { name: 'Kullanıcıya gösterilen metin' }).getByLabel('İngilizce').fill('Creatinine is high ({creatinine}): review the dose.');
    await page.getByRole('button', { name: 'Görünüme sığdır' }).click();
    await still(page);

    // Connections drawn with the mouse: input → switch, the switch's first branch → output.
    await connect(page, `.react-flow__node[data-id="input"] .react-flow__handle.source`, `.react-flow__node[data-id="${sw}"] .react-flow__handle.target`);
    await page.locator('.react-flow__edge').first().waitFor();
    await connect(page, `.react-flow__node[data-id="${sw}"] .react-flow__handle.source[data-handleid="b1"]`, `.react-flow__node[data-id="${out}"] .react-flow__handle.target`);
    await expect.poll(() => page.locator('.react-flow__edge').count()).toBe(2);
    await page.getByRole('tab', { name: /Sorunlar/ }).click();
    await panel(page).getByText('Sorun bulunmadı.').waitFor();

    // The test panel runs the drawing in the browser and lights the path.
    await page.getByRole('tab', { name: 'Test' }).click();
    await panel(page).getByLabel('creatinine (mg/dL)').fill('2,1');
    await panel(page).getByRole('button', { name: 'Çalıştır' }).click();
    const decisions = panel(page).getByRole('region', { name: 'Kararlar' });
    await decisions.getByText('renal_alert').waitFor();
    await decisions.getByText('Kreatinin yüksek (2.1): dozu gözden geçirin.').waitFor();
    await expect.poll(() => page.locator('.rule-node--path').count()).toBe(3);
    expect(await node(page, out).locator('.rule-node').getAttribute('data-path-step')).toBe('3');
    await expect.poll(() => page.locator('.react-flow__edge.rule-edge--path').count()).toBe(2);

    // Two more edits, undone twice from the keyboard, then one redone.
    await node(page, out).dblclick();
    await panel(page).getByLabel('Önem').selectOption('critical');
    await page.getByRole('button', { name: 'İfade ekle' }).click();
    await expect.poll(() => nodeIds(page).then((ids) => ids.length)).toBe(4);
    await page.locator('.react-flow__pane').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await expect.poll(() => nodeIds(page).then((ids) => ids.length)).toBe(3);
    await page.keyboard.press('Control+z');
    await node(page, out).click();
    expect(await panel(page).getByLabel('Önem').inputValue()).toBe('info');
    await page.locator('.react-flow__pane').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+Shift+z');
    await node(page, out).click();
    expect(await panel(page).getByLabel('Önem').inputValue()).toBe('critical');
    expect(await nodeIds(page)).toHaveLength(3);

    // Publish (the draft is saved first).
    await page.getByRole('button', { name: 'Yayımla' }).click();
    await page.getByText('1. sürüm yayımlandı.').waitFor();
    await page.getByText('Sürüm 1 · Yayımlandı').waitFor();

    // The test panel runs the published version on the server too.
    await page.getByRole('tab', { name: 'Test' }).click();
    await panel(page).getByLabel('creatinine (mg/dL)').fill('2,1');
    await panel(page).getByRole('button', { name: 'Yayımlanmış sürümü çalıştır (1)' }).click();
    await panel(page).getByRole('region', { name: 'Sunucunun kararları (sürüm 1)' }).getByText('Kreatinin yüksek (2.1): dozu gözden geçirin.').waitFor();

    // The Package tab: the version list, a refusal of the server in the user's language, a new name.
    await page.getByRole('tab', { name: 'Paket' }).click();
    const versions = panel(page).getByRole('listitem').filter({ hasText: 'Sürüm 1' });
    await versions.getByText('Yayımlandı').waitFor();
    expect(await versions.textContent()).toMatch(/kaydeden: admin/);
    await panel(page).getByLabel('Kullanıcı adı').fill('nobody.here');
    await panel(page).getByRole('button', { name: 'Paylaş', exact: true }).click();
    await panel(page).getByRole('alert').getByText('Bu sitede bu numarayla bir kullanıcı yok.').waitFor();
    await panel(page).getByRole('group', { name: 'Paketin adı' }).getByLabel('İngilizce').fill('Renal alert (adults)');
    await page.getByRole('button', { name: 'Taslağı kaydet' }).click();
    await page.getByText('Taslak olarak kaydedildi, sürüm 2.').waitFor();
    await panel(page).getByRole('listitem').filter({ hasText: 'Sürüm 2' }).getByText('Düzenleyicide.').waitFor();

    // The published package runs through the API.
    const answer = await page.evaluate(async (id) => {
      const token = JSON.parse(localStorage.getItem('token')!).access_token as string;
      const res = await fetch('/v1/rule/package/run?__lang__v=1', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ package_id: id, records: [{ creatinine: 2.1 }, { creatinine: 0.9 }], trace: true }),
      });
      return res.json();
    }, packageId);
    expect(answer.status_code).toBe('10000');
    expect(answer.version).toBe(1);
    expect(answer.result_list[0].decisions).toEqual([
      { node_id: out, kind: 'alert', severity: 'critical', code: 'renal_alert', text: { tr: 'Kreatinin yüksek (2.1): dozu gözden geçirin.', en: 'Creatinine is high (2.1): review the dose.' } },
    ]);
    expect(answer.result_list[0].trace.map((s: { node_id: string }) => s.node_id)).toEqual(['input', sw, out]);
    expect(answer.result_list[1].decisions).toEqual([]);

    // At phone width the drawing takes the screen; the side panel is a sheet over its lower part, opened by
    // the toolbar's panel button.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.rule-panel').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Yan panel', exact: true }).click();
    await expect.poll(async () => {
      const flow = await page.locator('.rule-canvas__flow').boundingBox();
      const side = await page.locator('.rule-panel').boundingBox();
      return Boolean(flow && side && side.y > flow.y + 100 && Math.round(side.y + side.height) === 844);
    }).toBe(true);
    // The Package tab (open) fits the phone: nothing wider than the screen.
    const widths = await page.locator('.rule-tabpanel').evaluate((el) => ({ inner: el.scrollWidth, outer: el.clientWidth, page: document.documentElement.scrollWidth }));
    expect(widths.inner).toBeLessThanOrEqual(widths.outer);
    expect(widths.page).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
  });

  /** What the canvas page measures: boxes, the page's scroll, and the smallest node text on screen. */
  const measure = (page: Page) =>
    page.evaluate(() => {
      const box = (selector: string) => {
        const r = document.querySelector(selector)?.getBoundingClientRect();
        return r ? { x: r.x, y: r.y, width: r.width, height: r.height, bottom: r.bottom, right: r.right } : null;
      };
      const zoom = new DOMMatrixReadOnly(getComputedStyle(document.querySelector('.react-flow__viewport')!).transform).a;
      // Every element on a node that holds words of its own, at its computed size times the zoom.
      const texts = [...document.querySelectorAll<HTMLElement>('.react-flow__node *')].filter((el) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()));
      const sizes = texts.map((el) => Number.parseFloat(getComputedStyle(el).fontSize) * zoom);
      const buttons = [...document.querySelectorAll<HTMLElement>('.rule-toolbar button')].filter((b) => b.offsetParent !== null);
      return {
        flow: box('.rule-canvas__flow')!,
        canvas: box('.rule-canvas')!,
        topbar: box('.topbar')!,
        toolbar: box('.rule-toolbar')!,
        button: Math.max(...buttons.map((b) => b.getBoundingClientRect().height)),
        buttonTops: [...new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top)))],
        zoom,
        texts: texts.length,
        smallest: Math.min(...sizes),
        scroll: { width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight },
        viewport: { width: window.innerWidth, height: window.innerHeight },
      };
    });

  it('is the page on the clinical site: each seeded package readable at 1280×800, and usable at 390×844', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const url = suite.server.url('clinical.localhost');
    await submitLogin(page, url, 'admin', E2E_ADMIN_PASSWORD, E2E_CAPTCHA, 'en');
    await page.getByRole('link', { name: 'Log out' }).waitFor();
    await page.goto(`${url}/rule-engine-packages`);
    await page.getByRole('table').getByRole('link').first().waitFor();
    const links = await page.getByRole('table').getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    expect(links).toHaveLength(3);

    for (const [i, href] of links.entries()) {
      await page.goto(`${url}${href}`);
      await page.locator('.react-flow__node').first().waitFor();
      // Turkish for one of them: the words change, the sizes must not.
      if (i === 1) {
        await page.getByRole('combobox', { name: 'Language' }).selectOption('tr');
        await page.getByRole('toolbar', { name: 'Algoritma araçları' }).waitFor();
      }
      await still(page);
      let opened = 0;
      for (const fit of [false, true]) {
        if (fit) {
          await page.getByRole('button', { name: /^(Fit to view|Görünüme sığdır)$/ }).click();
          await still(page);
        }
        const m = await measure(page);
        const where = `${href} ${fit ? 'after "fit to view"' : 'as opened'}: ${JSON.stringify(m)}`;
        // The drawing is wide, and the canvas fills the window from the top bar down, with no page scroll.
        expect(m.flow.width, where).toBeGreaterThanOrEqual(900);
        expect(m.canvas.y, where).toBeGreaterThanOrEqual(m.topbar.bottom - 1);
        expect(m.canvas.y, where).toBeLessThanOrEqual(m.topbar.bottom + 1);
        expect(m.canvas.bottom, where).toBeCloseTo(800, 0);
        expect(m.flow.bottom, where).toBeGreaterThanOrEqual(800 - 16);
        expect(m.scroll, where).toEqual(m.viewport);
        // One toolbar row: as tall as a button (and its padding), every button on one line.
        expect(m.toolbar.height, where).toBeLessThanOrEqual(m.button + 12);
        expect(m.buttonTops, where).toHaveLength(1);
        // Every word on a node is 11 px or more on screen.
        expect(m.texts, where).toBeGreaterThan(10);
        expect(m.smallest, where).toBeGreaterThanOrEqual(11);
        // The drawing opens where "Fit to view" goes (fitted at the width it keeps once the page is laid out).
        if (fit) expect(m.zoom, where).toBeCloseTo(opened, 3);
        else opened = m.zoom;
      }
      if (i === 1) await page.getByRole('combobox', { name: 'Dil' }).selectOption('en');
    }

    // A phone: one row of drawn buttons, most of the height for the drawing, the side panel a sheet.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${url}${links[2]}`);
    await page.locator('.react-flow__node').first().waitFor();
    await still(page);
    const phone = await measure(page);
    const where = JSON.stringify(phone);
    expect(phone.toolbar.height, where).toBeLessThanOrEqual(phone.button + 12);
    expect(phone.buttonTops, where).toHaveLength(1);
    expect(phone.toolbar.right, where).toBeLessThanOrEqual(390);
    expect(phone.flow.height, where).toBeGreaterThanOrEqual(0.7 * 844);
    expect(phone.scroll, where).toEqual(phone.viewport);
    expect(phone.smallest, where).toBeGreaterThanOrEqual(11);
    expect(await page.locator('.rule-panel').isHidden()).toBe(true);
    // A node's editor opens the sheet over the lower part of the drawing, the node brought into sight above it;
    // Escape closes it.
    const first = page.locator('.react-flow__node').first();
    await first.focus();
    await page.keyboard.press('Enter');
    const sheet = await page.locator('.rule-panel').boundingBox();
    expect(sheet && sheet.y > phone.flow.y + 100 && Math.round(sheet.y + sheet.height) === 844, JSON.stringify(sheet)).toBe(true);
    await expect.poll(async () => {
      const n = (await first.boundingBox())!;
      return n.y >= phone.flow.y && n.y + 40 < sheet!.y && n.x >= phone.flow.x && n.x + n.width <= phone.flow.x + phone.flow.width;
    }).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('.rule-panel').waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Side panel');
    expect(errors).toEqual([]);
    await page.close();
  });
});

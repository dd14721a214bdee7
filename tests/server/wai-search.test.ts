// /wai/search (issue 14) against PGlite and PostgreSQL: public projects and the signed-in caller's own, and the
// website units the caller may open, ranked together (a name match above a description match), paged; another
// user's private project, another site's project and a unit restricted by login or auth code are never found
// by those who may not open them; snippets are plain text and results open in the caller's language.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frontendWebsiteunitNew, waiSearch } from '../../src/generated/client/index.ts';
import type { WebsiteUnit } from '../../src/generated/types/entities.ts';
import type { WaiSearchResponse } from '../../src/generated/types/routes.ts';
import { databaseKinds, frontendKeyForTest, startTestApp, type TestApp } from './harness.ts';
import { actor, tenantIdOf, type Actor } from './support/actors.ts';

describe.each(databaseKinds('depends-on-database'))('wai search on %s', (kind) => {
  let t: TestApp;
  let ayse: Actor;
  let mehmet: Actor;
  let admin: Actor;

  /** A project inserted as the datasets part stores it (migration 0033), with its columns. */
  async function project(owner: Actor, p: { name: string; description?: string; isPublic: boolean; columns?: string[]; domain?: string }): Promise<string> {
    const id = randomUUID();
    await t.db.query(
      `insert into analysis_project (project_id, tenant_id, owner_user_id, project_name, description, is_public) values ($1, $2, $3, $4, $5, $6)`,
      [id, await tenantIdOf(t.db, p.domain ?? 'localhost'), owner.userId, p.name, p.description ?? '', p.isPublic],
    );
    for (const [i, name] of (p.columns ?? []).entries())
      await t.db.query(
        `insert into analysis_column (column_id, project_id, column_index, column_name, column_type, detected_type) values ($1, $2, $3, $4, 'number', 'number')`,
        [randomUUID(), id, i, name],
      );
    return id;
  }

  const titles = (a: WaiSearchResponse) => a.result_list.map((r) => r.title);
  const search = async (query: string, extra: { page?: number; page_size?: number; sort?: 'score' | '-score' } = {}) => {
    const answer = await waiSearch({ query, ...extra });
    expect(answer.status_code, answer.status_message).toBe('10000');
    return answer;
  };
  const anonymous = (lang: 0 | 1 = 1, host = 'localhost') => t.as({ host, query: { __lang__v: lang } });

  beforeAll(async () => {
    t = await startTestApp(kind);
    ayse = await actor(t, 'ayse.analist');
    mehmet = await actor(t, 'mehmet.analist');
    admin = await actor(t, 'admin');
    const other = await actor(t, 'klinik.analist', { domain: 'clinical.localhost' });
    await project(ayse, { name: 'Iris flowers', description: 'Sepal and petal sizes of three species.', isPublic: true, columns: ['sepal_length', 'species'] });
    await project(ayse, { name: 'Garden survey', description: 'Counts of iris, tulip and rose beds in city parks.', isPublic: true });
    await project(ayse, { name: 'Ayşe private iris notes', description: 'Not for others.', isPublic: false });
    await project(mehmet, { name: 'Mehmet private iris draft', isPublic: false });
    await project(other, { name: 'Clinical iris cohort', isPublic: true, domain: 'clinical.localhost' });
    for (let i = 1; i <= 5; i++) await project(mehmet, { name: `Tulip batch ${i}`, description: 'Tulip bulbs weighed per batch.', isPublic: true });
  });
  afterAll(() => t.close());

  it('ranks a project named after the words above one that only mentions them, and answers scores between 0 and 1', async () => {
    anonymous();
    const found = await search('iris');
    expect(titles(found).slice(0, 2)).toEqual(['Iris flowers', 'Garden survey']);
    expect(found.total).toBe(2);
    const [first, second] = found.result_list;
    expect(first.score).toBeGreaterThan(second.score);
    for (const r of found.result_list) {
      expect(r.score).toBeGreaterThan(0);
      expect(r.score).toBeLessThanOrEqual(1);
      expect(r.url).toBe(`/user-project?project_id=${r.project_id}`);
    }
    // The snippet is the text around the match; a word typed in part finds whole words; all words must match.
    expect(second.snippet).toContain('iris, tulip and rose beds');
    expect(titles(await search('IRI'))).toEqual(['Iris flowers', 'Garden survey']);
    expect(titles(await search('iris tulip'))).toEqual(['Garden survey']);
    // Column names are searched too.
    expect(titles(await search('sepal_length'))).toEqual(['Iris flowers']);
    // The worst first, when asked.
    expect(titles(await search('iris', { sort: 'score' }))).toEqual(['Garden survey', 'Iris flowers']);
  });

  it("finds the signed-in caller's own private projects, never another user's or another site's", async () => {
    ayse.use();
    expect(titles(await search('iris'))).toEqual(expect.arrayContaining(['Iris flowers', 'Garden survey', 'Ayşe private iris notes']));
    expect(titles(await search('iris'))).not.toContain('Mehmet private iris draft');
    mehmet.use();
    const mehmets = titles(await search('iris'));
    expect(mehmets).toContain('Mehmet private iris draft');
    expect(mehmets).not.toContain('Ayşe private iris notes');
    for (const r of [ayse, mehmet]) {
      r.use();
      expect(titles(await search('clinical cohort'))).toEqual([]);
    }
    // A front-end key is nobody signed in: public projects only.
    t.as({ authorization: await frontendKeyForTest(t.db) });
    expect(titles(await search('iris')).sort()).toEqual(['Garden survey', 'Iris flowers']);
    // The clinical site's visitors find its own public project, not this site's.
    anonymous(1, 'clinical.localhost');
    expect(titles(await search('iris'))).toEqual(['Clinical iris cohort']);
  });

  it('pages through the results without repeating or losing one', async () => {
    anonymous();
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const answer = await search('tulip', { page, page_size: 2 });
      expect(answer).toMatchObject({ total: 6, page, page_size: 2 });
      seen.push(...titles(answer));
    }
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    expect((await search('tulip', { page: 9, page_size: 2 })).result_list).toEqual([]);
    // A query without a word finds nothing (and is no error).
    expect(await search('!!!')).toMatchObject({ result_list: [], total: 0 });
  });

  it('finds website units the caller may open, in the caller’s language, as plain text; never a restricted one', async () => {
    admin.use();
    const unit = (name: string, word: string, access: Partial<WebsiteUnit>): { website_unit: WebsiteUnit } => ({
      website_unit: {
        route_name: name,
        path: { en: `/${name.replace('_', '-')}`, tr: `/${name.replace('_', '-')}-tr` },
        caption: { en: `${name} page`, tr: `${name} sayfası` },
        click_type: 'route',
        parent: null,
        show_in_menu: false,
        shop_active: false,
        position: 50,
        content: { kind: 'rich_text', html: { en: `<h2>About</h2><p>The <strong>${word}</strong> notes &amp; more.</p>`, tr: `<p>${word} notları &amp; fazlası.</p>` } },
        ...access,
      } as WebsiteUnit,
    });
    for (const [name, access] of [
      ['open_zephyr', { login: false, auth: '' }],
      ['members_zephyr', { login: true, auth: '' }],
      ['staff_zephyr', { login: true, auth: 'shop_admin' }],
    ] as const) {
      const saved = await frontendWebsiteunitNew(unit(name, 'zephyrology', access));
      expect(saved.status_code, saved.status_message).toBe('10000');
    }

    anonymous(1);
    const visitor = await search('zephyrology');
    expect(visitor.result_list).toEqual([
      { title: 'open_zephyr page', snippet: expect.stringContaining('The zephyrology notes & more.'), url: '/open-zephyr', score: expect.any(Number) },
    ]);
    expect(visitor.result_list[0].snippet).not.toMatch(/[<>]/);
    anonymous(0);
    expect((await search('zephyrology')).result_list.map((r) => [r.title, r.url])).toEqual([['open_zephyr sayfası', '/open-zephyr-tr']]);

    // A signed-in user without the code finds the members' page, not the staff page; a holder finds both.
    ayse.use();
    expect(titles(await search('zephyrology')).sort()).toEqual(['members_zephyr page', 'open_zephyr page']);
    const staff = await actor(t, 'magaza.yonetici', { authCodes: ['shop_admin'] });
    staff.use();
    expect(titles(await search('zephyrology')).sort()).toEqual(['members_zephyr page', 'open_zephyr page', 'staff_zephyr page']);

    // The demo site's public pages are found by what they say, in Turkish with Turkish letters folded.
    anonymous(0);
    expect(titles(await search('ÜYELİK sözleşmesi'))).toEqual(['Üyelik Sözleşmesi']);
    await project(ayse, { name: 'Işık ölçümleri', isPublic: true });
    for (const typed of ['ışık', 'IŞIK', 'İŞIK', 'işik']) expect(titles(await search(typed)), typed).toEqual(['Işık ölçümleri']);
  });

  it('answers bad input with the envelope in the caller’s language', async () => {
    anonymous(0);
    const empty = (await waiSearch({ query: '' })) as unknown as { status_code: string; status_message: string; errors: { field: string }[] };
    expect(empty.status_code).toBe('10001');
    expect(empty.status_message).toMatch(/^Lütfen işaretli alanları kontrol edin/);
    expect(empty.errors.map((e) => e.field)).toEqual(['query']);
    const tooBig = (await waiSearch({ query: 'iris', page_size: 1000 })) as unknown as { status_code: string; http_status: number };
    expect(tooBig.status_code).not.toMatch(/000$/);
    expect(tooBig.http_status).toBeLessThan(500);
  });
});

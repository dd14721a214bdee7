import { test } from 'vitest';
import { E2E_ADMIN_PASSWORD, inProcessSuite, submitLogin } from './browser.ts';

const suite = inProcessSuite();
const DIR = process.env.SHOTS_DIR ?? '/tmp/shots';
const PAGES = (process.env.SHOTS_PAGES ?? 'home:/,shoplist:/user-shop-list,bundles:/user-shop-bundle-list,units:/frontend-websiteunit-list,unit:/frontend-webunit,audit:/audit-log,authz:/authorization-list,packages:/rule-engine-packages,canvas:/rule-engine-algorithm,settings:/user-settings,authority:/authority-management,register:/register').split(',');
test('screens', async () => {
  for (const [w, h] of [[1280, 800], [390, 844]]) {
    for (const lang of (process.env.SHOTS_LANGS ?? 'tr,en').split(',')) {
      const ctx = await suite.browser.newContext({ viewport: { width: w, height: h }, locale: lang === 'tr' ? 'tr-TR' : 'en-US' });
      const page = await ctx.newPage();
      if (!process.env.SHOTS_SIGNED_OUT) {
        await submitLogin(page, suite.server.url(), 'admin', E2E_ADMIN_PASSWORD);
        await page.waitForTimeout(2000);
      } else await page.goto(suite.server.url() + '/');
      await page.evaluate((l) => localStorage.setItem('active_lang', JSON.stringify({ label: l, value: l === 'tr' ? 0 : 1 })), lang);
      for (const entry of PAGES) {
        const [name, path] = entry.split(':');
        await page.goto(suite.server.url() + path ).catch(() => {});
        await page.waitForTimeout(1500);
        await page.screenshot({ path: `${DIR}/${name}-${lang}-${w}.png`, fullPage: !!process.env.SHOTS_FULL });
      }
      await ctx.close();
    }
  }
}, 600_000);

// The site cache (issue 8): a site's configuration and units are read from the database once per process and
// kept until they change; a change made through one API process is seen at once by that process and, through
// PostgreSQL NOTIFY, by every other process over the same database — also a change made by hand in SQL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { SiteCache } from '../../server/services/site-cache.ts';
import type { WebsiteUnit } from '../../src/generated/types/entities.ts';
import type { FrontendConfiguration } from '../../src/generated/types/entities.ts';
import tenants from '../../fixtures/seed/tenants.json' with { type: 'json' };
import { databaseKinds, signInForTest, startTestApp, type TestApp } from './harness.ts';

const seeded = () => structuredClone(tenants.tenants[0].frontend) as FrontendConfiguration;

describe.each(databaseKinds('depends-on-database'))('the site cache on %s', (kind) => {
  let t: TestApp;
  /** A second API process over the same database (same PGlite instance, or the same PostgreSQL). */
  let other: FastifyInstance;
  let admin: string;
  const queries: string[] = [];
  let transactions = 0;
  /** Holds the answer of a unit save back until its notice has reached the other process (as it often does first under load). */
  let slowSaves = false;
  /** The site notices the other process has received (and applied), in order. */
  const notices: string[] = [];
  /** Whether the other process has received the notice of this unit's change to this version (0: removed). */
  const hasNotice = (unitId: string, version: number) => notices.some((n) => n.endsWith(` ${unitId} ${version}`));
  /** Waits until the other process has received that notice; the check it makes of it has run too. */
  const noticed = async (unitId: string, version: number) => {
    await vi.waitFor(() => expect(hasNotice(unitId, version)).toBe(true), { timeout: 10_000, interval: 20 });
    // A unit's notice is looked at on the next turn of the event loop (SiteCache.unitNotified): a read it starts is counted by then.
    await new Promise((r) => setImmediate(r));
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    const query = async (sql: string, params?: unknown[]) => {
      queries.push(sql);
      const rows = await t.db.query(sql, params);
      if (slowSaves && /with current_unit/.test(sql)) {
        const saved = rows[0] as { website_unit_client_id?: string; version?: number } | undefined;
        if (saved?.version) await vi.waitFor(() => expect(hasNotice(saved.website_unit_client_id!, saved.version!)).toBe(true), { timeout: 10_000, interval: 5 });
      }
      return rows;
    };
    const listen: typeof t.db.listen = (channel, onNotify) =>
      t.db.listen(channel, (payload) => {
        onNotify(payload);
        if (payload !== null) notices.push(payload);
      });
    const transaction: typeof t.db.transaction = (work) => {
      transactions++;
      return t.db.transaction(work);
    };
    const counting = { ...t.db, query, transaction, listen } as typeof t.db;
    // Speed monitoring's own writes (per-minute counts, the rate limit's shared count) are left out of the
    // statements counted here: they run on a timer, whatever the cache does.
    other = await buildApp({ db: counting, monitoring: { flushMs: 3_600_000, syncMs: 3_600_000 } });
    await other.ready();
    admin = await signInForTest(t.db, { username: 'admin' });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const fetchFrom = async (app: FastifyInstance) => {
    const res = await app.inject({ method: 'POST', url: '/v1/frontend/get', headers: { host: 'localhost' }, payload: {} });
    return res.json() as { frontend: FrontendConfiguration; website_unit_list: { route_name: string }[] };
  };
  const eventually = (check: () => Promise<boolean>) => expect.poll(check, { timeout: 10_000 }).toBe(true);

  it('reads a site from the database once, then answers the configuration fetch from memory', async () => {
    await fetchFrom(other);
    queries.length = 0;
    for (let i = 0; i < 20; i++) expect((await fetchFrom(other)).frontend.application_name).toBe(seeded().application_name);
    expect(queries).toEqual([]);
  });

  it('a configuration saved through one process is answered at once by it and by the other', async () => {
    await fetchFrom(other);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/frontend/save',
      headers: { host: 'localhost', authorization: admin },
      payload: { frontend: { ...seeded(), application_name: 'Renamed through A' } },
    });
    expect(res.json().status_code).toBe('10000');
    expect((await fetchFrom(t.app)).frontend.application_name).toBe('Renamed through A');
    await eventually(async () => (await fetchFrom(other)).frontend.application_name === 'Renamed through A');
  });

  it('a website unit saved in one process is in the other\'s answer, and a change by hand in SQL reaches both', async () => {
    await fetchFrom(other);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/frontend/websiteunit/new',
      headers: { host: 'localhost', authorization: admin },
      payload: {
        website_unit: {
          route_name: 'cache_probe',
          path: { en: '/cache-probe' },
          caption: { en: 'Cache probe', tr: 'Önbellek denemesi' },
          show_in_menu: true,
          login: false,
          shop_active: false,
          position: 5,
          content: { kind: 'text', text: { en: 'x', tr: 'x' } },
        },
      },
    });
    expect(res.json().status_code).toBe('10000');
    await eventually(async () => (await fetchFrom(other)).website_unit_list.some((u) => u.route_name === 'cache_probe'));

    await t.db.query("update tenant set frontend = jsonb_set(frontend, '{application_name}', '\"Renamed in SQL\"') where domain = 'localhost'");
    await eventually(async () => (await fetchFrom(t.app)).frontend.application_name === 'Renamed in SQL');
    await eventually(async () => (await fetchFrom(other)).frontend.application_name === 'Renamed in SQL');
  });

  const probeUnit = (route_name: string, caption: string) => ({
    route_name,
    path: { en: `/${route_name.replace(/_/g, '-')}` },
    caption: { en: caption, tr: caption },
    show_in_menu: true,
    login: false,
    shop_active: false,
    position: 6,
    content: { kind: 'text', text: { en: 'x', tr: 'x' } },
  });
  const captions = async (app: FastifyInstance) => (await fetchFrom(app)).website_unit_list.map((u) => (u as unknown as { caption: { en: string } }).caption.en);

  it('a unit a process writes is patched into its kept units: no unit and no site row is read again', async () => {
    await fetchFrom(other);
    const write = async (url: string, payload: object) => {
      const res = await other.inject({ method: 'POST', url, headers: { host: 'localhost', authorization: admin }, payload });
      expect(res.json().status_code).toBe('10000');
      return res.json();
    };
    const created = (await write('/v1/frontend/websiteunit/new', { website_unit: probeUnit('patch_probe', 'Patch probe') })).website_unit;
    await write('/v1/frontend/website_unit/update', { website_unit: { ...probeUnit('patch_probe', 'Patched'), website_unit_client_id: created.website_unit_client_id, version: created.version } });
    // Its own notifications arrive too, and are found already applied.
    await noticed(created.website_unit_client_id, created.version + 1);
    queries.length = 0;
    expect(await captions(other)).toContain('Patched');
    expect(await captions(other)).not.toContain('Patch probe');
    expect(queries).toEqual([]);
    await write('/v1/frontend/websiteunit/delete', { website_unit_client_id: created.website_unit_client_id, version: created.version + 1 });
    await noticed(created.website_unit_client_id, 0);
    queries.length = 0;
    expect(await captions(other)).not.toContain('Patched');
    expect(queries).toEqual([]);
  });

  it("an edit that keeps its unit's place is one statement of its own (no transaction, no lock on the site), its own notice not read back", async () => {
    const created = (
      await other.inject({ method: 'POST', url: '/v1/frontend/websiteunit/new', headers: { host: 'localhost', authorization: admin }, payload: { website_unit: probeUnit('quick_probe', 'Quick probe') } })
    ).json().website_unit;
    // The process keeps the site's units (with the new one): what follows counts this edit alone.
    await eventually(async () => (await captions(other)).includes('Quick probe'));
    queries.length = 0;
    transactions = 0;
    slowSaves = true;
    const edit = (version: number, caption: string) =>
      other.inject({
        method: 'POST',
        url: '/v1/frontend/website_unit/update',
        headers: { host: 'localhost', authorization: admin },
        payload: { website_unit: { ...probeUnit('quick_probe', caption), website_unit_client_id: created.website_unit_client_id, version } },
      });
    expect((await edit(1, 'Quick edit')).json()).toMatchObject({ status_code: '10000', website_unit: { version: 2 } });
    slowSaves = false;
    expect(transactions).toBe(0);
    // Its own notice, come before the answer, is not read back either.
    await noticed(created.website_unit_client_id, 2);
    // One statement, which carries the call's audit record too (no round trip of its own for it).
    expect(queries.filter((q) => /website_unit|tenant/.test(q) && !/^\s*insert into audit_record/.test(q))).toHaveLength(1);
    expect(queries.filter((q) => /^\s*insert into audit_record/.test(q))).toHaveLength(0);
    // The version it was made on went meanwhile: refused as before, nothing written.
    expect((await edit(1, 'Late edit')).json()).toMatchObject({ status_code: '10030', current_version: 2 });
    expect(await captions(other)).toContain('Quick edit');
  });

  it('a unit changed or removed by hand in SQL is answered changed, then gone, by every process', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/frontend/websiteunit/new', headers: { host: 'localhost', authorization: admin }, payload: { website_unit: probeUnit('sql_probe', 'SQL probe') } });
    const id = res.json().website_unit.website_unit_client_id as string;
    await eventually(async () => (await captions(other)).includes('SQL probe'));
    await t.db.query(`update website_unit set definition = jsonb_set(definition, '{caption,en}', '"Changed in SQL"'), version = version + 1 where website_unit_client_id = $1`, [id]);
    for (const app of [t.app, other]) await eventually(async () => (await captions(app)).includes('Changed in SQL'));
    await t.db.query('delete from website_unit where website_unit_client_id = $1', [id]);
    for (const app of [t.app, other]) await eventually(async () => !(await captions(app)).includes('Changed in SQL'));
  });

  it('units saved while the site\'s units are being read are in what the read answers, and the read is kept', async () => {
    // Under a stream of unit writes a read of the list must still land: a change that comes meanwhile is
    // applied to it rather than throwing it away (every request would read the list again).
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const listReads: string[] = [];
    const gated = {
      ...t.db,
      query: async (sql: string, params?: unknown[]) => {
        if (/from website_unit\s/.test(sql) && params?.[1] === null) {
          listReads.push(sql);
          await gate;
        }
        return t.db.query(sql, params);
      },
    } as typeof t.db;
    const cache = new SiteCache(gated);
    const tenant = (await cache.tenant('localhost'))!;
    const reading = cache.units(tenant);
    while (!listReads.length) await new Promise((r) => setImmediate(r));
    const stored = (await t.db.query<{ n: number }>('select count(*) as n from website_unit where tenant_id = $1', [tenant.tenant_id]))[0].n;
    const saved = { ...probeUnit('saved_meanwhile', 'Saved meanwhile'), website_unit_client_id: crypto.randomUUID(), version: 1 } as unknown as WebsiteUnit;
    cache.unitsSaved(tenant.tenant_id, [saved]);
    release();
    expect((await reading).map((u) => u.route_name)).toContain('saved_meanwhile');
    const again = await cache.units(tenant);
    expect(again).toHaveLength(stored + 1);
    expect(listReads).toHaveLength(1);
  });

  it('a burst of fetches of one answer builds it once; a change while it is built is not kept', async () => {
    const cache = new SiteCache(t.db);
    const tenant = (await cache.tenant('localhost'))!;
    let builds = 0;
    let started = () => {};
    // A build is under way until the test lets it finish.
    let finish = () => {};
    let finished = Promise.resolve();
    const build = async () => {
      const n = ++builds;
      started();
      await finished;
      return `answer ${n}`;
    };
    const hold = () => {
      finished = new Promise<void>((r) => (finish = r));
      return new Promise<void>((r) => (started = r));
    };
    let building = hold();
    const burst = Promise.all(Array.from({ length: 50 }, () => cache.answer(tenant, 'key', build)));
    await building;
    finish();
    expect(new Set(await burst)).toEqual(new Set(['answer 1']));
    expect(builds).toBe(1);
    // A unit saved while the next answer is built: that build is answered to its callers, not kept.
    cache.unitsSaved(tenant.tenant_id, []);
    building = hold();
    const during = cache.answer(tenant, 'key', build);
    await building;
    cache.unitsSaved(tenant.tenant_id, []);
    finish();
    expect(await during).toBe('answer 2');
    expect(await cache.answer(tenant, 'key', build)).toBe('answer 3');
    expect(builds).toBe(3);
  });

  it('after a unit write, the kept answer (the other units\' text kept, the changed one serialized anew) is what a fresh read answers', async () => {
    const before = await fetchFrom(t.app);
    const probe = (await t.app.inject({ method: 'POST', url: '/v1/frontend/websiteunit/list', headers: { host: 'localhost', authorization: admin }, payload: {} })).json()
      .website_unit_list.find((u: WebsiteUnit) => u.route_name === 'cache_probe') as WebsiteUnit;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/v1/frontend/website_unit/update',
      headers: { host: 'localhost', authorization: admin },
      payload: { website_unit: { ...probe, caption: { en: 'Spliced probe', tr: 'Eklenmiş deneme' } } },
    });
    expect(saved.json().status_code).toBe('10000');
    const kept = await t.app.inject({ method: 'POST', url: '/v1/frontend/get', headers: { host: 'localhost' }, payload: {} });
    expect(kept.headers['content-type']).toBe('application/json; charset=utf-8');
    const fresh = await buildApp({ db: t.db });
    try {
      const read = await fresh.inject({ method: 'POST', url: '/v1/frontend/get', headers: { host: 'localhost' }, payload: {} });
      expect(kept.json()).toEqual(read.json());
    } finally {
      await fresh.close();
    }
    const units = (kept.json() as { website_unit_list: WebsiteUnit[] }).website_unit_list;
    expect(units.find((u) => u.route_name === 'cache_probe')?.caption.en).toBe('Spliced probe');
    expect(units.length).toBe(before.website_unit_list.length);
  });

  it('a host name without a site is refused, and a site created later for it is found', async () => {
    const ask = () => t.app.inject({ method: 'POST', url: '/v1/frontend/get', headers: { host: 'late.example.org' }, payload: {} });
    expect((await ask()).json().status_code).toBe('10007');
    await t.db.query(
      `insert into tenant (tenant_id, domain, frontend_client_id, frontend_product_id, frontend)
       select gen_random_uuid(), 'late.example.org', gen_random_uuid(), gen_random_uuid(), frontend from tenant where domain = 'localhost'`,
    );
    await eventually(async () => (await ask()).json().status_code === '10000');
  });
});

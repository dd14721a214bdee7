// Authorizations through their routes: create, assign (can-assign, counts, uses, dates), cancel (owner,
// cascade, refund), lists, the auth codes a holding gives, concurrency, and tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizationAssignToUser,
  authorizationCancel,
  authorizationList,
  authorizationNew,
  frontendWebsiteUnitUpdate,
  userAuthorizationList,
} from '../../src/generated/client/index.ts';
import { activeAuthCodes } from '../../server/auth/caller.ts';
import { spendAuthorizationUse, AUTH_CODES } from '../../server/services/authorization-store.ts';
import { databaseKinds, startTestApp, type TestApp } from './harness.ts';
import { actor, auditCount, snapshot, tenantIdOf, type Actor } from './support/actors.ts';
import { grantForTest } from './support/authorizations.ts';
import websiteUnits from '../../fixtures/entities/website_unit.json' with { type: 'json' };

const WEBSITE_UNIT = websiteUnits.valid[0] as never;

describe.each(databaseKinds('depends-on-database'))('authorizations on %s', (kind) => {
  let t: TestApp;
  let admin: Actor;
  let tenantId: string;
  const codesOf = (a: Actor) => activeAuthCodes(t.db, tenantId, a.userId);
  /** The admin's seeded holding of a code. */
  const seededAuth = async (code: string) => {
    admin.use();
    const res = await authorizationList({ auth_name: code as never, username: 'admin' });
    return res.authorization_list.find((a) => !a.created_by_username)!;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    tenantId = await tenantIdOf(t.db);
    admin = await actor(t, 'admin');
  });
  afterAll(() => t.close());

  describe('the seed', () => {
    it('gives each tenant admin one unlimited authorization per auth code, assignable without limit', async () => {
      admin.use();
      const res = await userAuthorizationList({ page_size: 100 });
      expect(res.status_code).toBe('10000');
      expect(res.user_authorization_list.map((h) => h.auth_name).sort()).toEqual([...AUTH_CODES].sort());
      for (const h of res.user_authorization_list) {
        expect(h).toMatchObject({ auth_type: 'unlimited', can_assign_auth: true, is_cancelled: false, is_valid_today: true, username: 'admin' });
        expect(h).not.toHaveProperty('auth_count_create'); // unlimited assigning
        expect(h).not.toHaveProperty('auth_count');
      }
      expect(await codesOf(admin)).toEqual([...AUTH_CODES].sort());
      const clinicalAdmin = await actor(t, 'admin', { domain: 'clinical.localhost' });
      expect(await activeAuthCodes(t.db, await tenantIdOf(t.db, 'clinical.localhost'), clinicalAdmin.userId)).toEqual([...AUTH_CODES].sort());
    });
  });

  describe('authorization/new', () => {
    it('creates a counted authorization held by the admin with the assignment count asked', async () => {
      admin.use();
      const res = await authorizationNew({ auth_name: 'shop_new', auth_type: 'counted', auth_count: 5, auth_count_create: 2, end_date: '2099-12-31' });
      expect(res.status_code).toBe('10000');
      expect(res.authorization).toMatchObject({
        auth_name: 'shop_new',
        auth_type: 'counted',
        auth_count: 5,
        can_assign_auth: true,
        auth_count_create: 2,
        end_date: '2099-12-31',
        is_cancelled: false,
        username: 'admin',
        created_by_username: 'admin',
      });
      expect(res.authorization.user_auth_id).toBeTruthy();
      expect(await auditCount(t.db, 'authorization_new', '10000')).toBeGreaterThanOrEqual(1);
    });

    it('states its input rules: a counted one needs uses, an unlimited one has none, dates in order', async () => {
      admin.use();
      const before = await snapshot(t.db);
      const noCount = await authorizationNew({ auth_name: 'shop_new', auth_type: 'counted' });
      expect(noCount.status_code).toBe('10001');
      expect(noCount.status_message).toContain('auth_count');
      expect((await authorizationNew({ auth_name: 'shop_new', auth_type: 'unlimited', auth_count: 3 })).status_code).toBe('10001');
      const dates = await authorizationNew({ auth_name: 'shop_new', auth_type: 'unlimited', start_date: '2030-01-02', end_date: '2030-01-01' });
      expect(dates.status_code).toBe('10001');
      expect(dates.status_message).toContain('end_date');
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('is refused to a user without admin', async () => {
      const u = await actor(t, 'nadmin', { authCodes: ['shop_admin'] });
      u.use();
      expect((await authorizationNew({ auth_name: 'shop_new', auth_type: 'unlimited' })).status_code).toBe('10009');
    });
  });

  describe('assign and cancel', () => {
    it('gives the receiver the auth code at once and takes it away at once when cancelled (the issue\'s browser story)', async () => {
      const second = await actor(t, 'second');
      second.use();
      expect((await frontendWebsiteUnitUpdate({ website_unit: WEBSITE_UNIT })).status_code).toBe('10009');
      const auth = await seededAuth('website_edit');
      admin.use();
      const assigned = await authorizationAssignToUser({ auth_id: auth.auth_id, assigning_username: 'second', auth_type: 'unlimited' });
      expect(assigned.status_code).toBe('10000');
      expect(assigned.user_authorization).toMatchObject({
        auth_name: 'website_edit',
        username: 'second',
        assigned_by_username: 'admin',
        can_assign_auth: false,
        auth_count_create: 0,
        is_valid_today: true,
      });
      expect(await codesOf(second)).toEqual(['website_edit']);
      second.use();
      expect((await frontendWebsiteUnitUpdate({ website_unit: WEBSITE_UNIT })).status_code).not.toBe('10009');
      expect((await userAuthorizationList({})).user_authorization_list.map((h) => h.auth_name)).toEqual(['website_edit']);

      admin.use();
      const cancelled = await authorizationCancel({ user_auth_id: assigned.user_authorization.user_auth_id });
      expect(cancelled.status_code).toBe('10000');
      expect(cancelled.user_authorization).toMatchObject({ is_cancelled: true, is_valid_today: false });
      expect(cancelled.user_authorization.cancel_date).toBeTruthy();
      expect(await codesOf(second)).toEqual([]);
      second.use();
      expect((await frontendWebsiteUnitUpdate({ website_unit: WEBSITE_UNIT })).status_code).toBe('10009');
      expect((await userAuthorizationList({})).user_authorization_list).toEqual([]);
      expect((await userAuthorizationList({ include_cancelled: true })).user_authorization_list).toHaveLength(1);
    });

    it('spends the assigner\'s count (1 + the receiver\'s), refuses beyond it and refunds on cancel', async () => {
      admin.use();
      const created = await authorizationNew({ auth_name: 'register', auth_type: 'unlimited', auth_count_create: 3 });
      const authId = created.authorization.auth_id;
      await actor(t, 'carol');
      await actor(t, 'dave');
      const toCarol = await authorizationAssignToUser({ auth_id: authId, assigning_username: 'carol', auth_type: 'unlimited', can_assign_auth: true, auth_count_create: 1 });
      expect(toCarol.status_code).toBe('10000');
      expect(toCarol.user_authorization).toMatchObject({ can_assign_auth: true, auth_count_create: 1 });
      const mine = async () => (await authorizationList({ username: 'admin', auth_name: 'register' })).authorization_list.find((a) => a.auth_id === authId)!;
      expect((await mine()).auth_count_create).toBe(1); // 3 - (1 + 1)
      const tooMany = await authorizationAssignToUser({ auth_id: authId, assigning_username: 'dave', auth_type: 'unlimited', can_assign_auth: true, auth_count_create: 1 });
      expect(tooMany.status_code).toBe('11021');
      expect(tooMany.status_message).toBe('Please check the authorization amount');
      expect((await authorizationAssignToUser({ auth_id: authId, assigning_username: 'dave', auth_type: 'unlimited' })).status_code).toBe('10000');
      expect((await mine()).auth_count_create).toBe(0);
      expect((await authorizationAssignToUser({ auth_id: authId, assigning_username: 'dave', auth_type: 'unlimited' })).status_code).toBe('11021');
      // Cancelling carol's gives back 1 + her unused 1.
      expect((await authorizationCancel({ user_auth_id: toCarol.user_authorization.user_auth_id })).status_code).toBe('10000');
      expect((await mine()).auth_count_create).toBe(2);
    });

    it('lets a receiver with can_assign_auth pass it on within their own count, and not one without', async () => {
      admin.use();
      const auth = await seededAuth('shop_card_view');
      const erin = await actor(t, 'erin');
      const frank = await actor(t, 'frank');
      await actor(t, 'gina');
      const toErin = await authorizationAssignToUser({ auth_id: auth.auth_id, assigning_username: 'erin', auth_type: 'unlimited', can_assign_auth: true, auth_count_create: 1 });
      expect(toErin.status_code).toBe('10000');
      erin.use();
      const toFrank = await authorizationAssignToUser({ auth_id: auth.auth_id, assigning_username: 'frank', auth_type: 'unlimited' });
      expect(toFrank.status_code).toBe('10000');
      expect(toFrank.user_authorization.assigned_by_username).toBe('erin');
      expect((await authorizationAssignToUser({ auth_id: auth.auth_id, assigning_username: 'gina', auth_type: 'unlimited' })).status_code).toBe('11021');
      frank.use();
      const before = await snapshot(t.db);
      const refused = await authorizationAssignToUser({ auth_id: auth.auth_id, assigning_username: 'gina', auth_type: 'unlimited' });
      expect(refused.status_code).toBe('10009');
      expect(await snapshot(t.db)).toEqual(before);
      // A receiver with can_assign_auth and no count under a limited assigner gets 0, not unlimited.
      admin.use();
      const limited = await authorizationNew({ auth_name: 'shop_card_view', auth_type: 'unlimited', auth_count_create: 5 });
      const toGina = await authorizationAssignToUser({ auth_id: limited.authorization.auth_id, assigning_username: 'gina', auth_type: 'unlimited', can_assign_auth: true });
      expect(toGina.user_authorization.auth_count_create).toBe(0);
    });

    it('cascades a cancel down the chain and lets each assigner cancel only what they assigned', async () => {
      admin.use();
      const auth = await seededAuth('shop_settings_edit');
      const [hal, ida, jon] = [await actor(t, 'hal'), await actor(t, 'ida'), await actor(t, 'jon')];
      const toHal = await authorizationAssignToUser({ auth_id: auth.auth_id, assigning_username: 'hal', auth_type: 'unlimited', can_assign_auth: true, auth_count_create: 2 });
      hal.use();
      const toIda = await authorizationAssignToUser({ auth_id: auth.auth_id, assigning_username: 'ida', auth_type: 'unlimited', can_assign_auth: true, auth_count_create: 1 });
      ida.use();
      const toJon = await authorizationAssignToUser({ auth_id: auth.auth_id, assigning_username: 'jon', auth_type: 'unlimited' });
      expect(toJon.status_code).toBe('10000');
      expect(await codesOf(jon)).toEqual(['shop_settings_edit']);

      // Not theirs: jon cannot cancel ida's (hal assigned it), ida cannot cancel her own, hal cannot cancel his own.
      const before = await snapshot(t.db);
      jon.use();
      expect((await authorizationCancel({ user_auth_id: toIda.user_authorization.user_auth_id })).status_code).toBe('10009');
      ida.use();
      expect((await authorizationCancel({ user_auth_id: toIda.user_authorization.user_auth_id })).status_code).toBe('10009');
      hal.use();
      expect((await authorizationCancel({ user_auth_id: toHal.user_authorization.user_auth_id })).status_code).toBe('10009');
      expect(await snapshot(t.db)).toEqual(before);
      expect(await auditCount(t.db, 'authorization_cancel', '10009')).toBeGreaterThanOrEqual(3);

      // hal cancels ida's: jon's (assigned from ida's) goes too, and hal gets 1 + ida's unused 0 back.
      const res = await authorizationCancel({ user_auth_id: toIda.user_authorization.user_auth_id });
      expect(res.status_code).toBe('10000');
      expect(await codesOf(ida)).toEqual([]);
      expect(await codesOf(jon)).toEqual([]);
      expect(await codesOf(hal)).toEqual(['shop_settings_edit']);
      jon.use();
      expect((await userAuthorizationList({ include_cancelled: true })).user_authorization_list[0]).toMatchObject({ is_cancelled: true });
      hal.use();
      const halHolding = (await userAuthorizationList({})).user_authorization_list[0];
      expect(halHolding.auth_count_create).toBe(1); // 2 - (1 + 1) + (1 + 0): ida had used her one on jon
      // Cancelling again answers the same, unchanged.
      const again = await authorizationCancel({ user_auth_id: toIda.user_authorization.user_auth_id });
      expect(again.status_code).toBe('10000');
      expect(again.user_authorization.cancel_date).toBe(res.user_authorization.cancel_date);
      // The admin may cancel any holding of the tenant, but not their own.
      admin.use();
      expect((await authorizationCancel({ user_auth_id: toHal.user_authorization.user_auth_id })).status_code).toBe('10000');
      expect(await codesOf(hal)).toEqual([]);
      expect((await authorizationCancel({ user_auth_id: auth.user_auth_id! })).status_code).toBe('10009');
    });

    it('keeps a counted authorization\'s uses: the receiver\'s cap within what the assigner has', async () => {
      admin.use();
      const created = await authorizationNew({ auth_name: 'shop_new', auth_type: 'counted', auth_count: 4 });
      const authId = created.authorization.auth_id;
      const kim = await actor(t, 'kim');
      expect((await authorizationAssignToUser({ auth_id: authId, assigning_username: 'kim', auth_type: 'counted', auth_count: 5 })).status_code).toBe('11021');
      expect((await authorizationAssignToUser({ auth_id: authId, assigning_username: 'kim', auth_type: 'unlimited' })).status_code).toBe('10001');
      expect((await authorizationAssignToUser({ auth_id: authId, assigning_username: 'kim', auth_type: 'counted' })).status_code).toBe('10001');
      const ok = await authorizationAssignToUser({ auth_id: authId, assigning_username: 'kim', auth_type: 'counted', auth_count: 2 });
      expect(ok.user_authorization).toMatchObject({ auth_type: 'counted', auth_count: 2 });
      // Spending: kim's cap and the shared pool both go down; at 0 kim still holds the code but cannot spend.
      await t.db.transaction((tx) => spendAuthorizationUse(tx, tenantId, kim.userId, 'shop_new'));
      await t.db.transaction((tx) => spendAuthorizationUse(tx, tenantId, kim.userId, 'shop_new'));
      await expect(t.db.transaction((tx) => spendAuthorizationUse(tx, tenantId, kim.userId, 'shop_new'))).rejects.toMatchObject({ key: 'authorization_amount' });
      kim.use();
      expect((await userAuthorizationList({})).user_authorization_list[0]).toMatchObject({ auth_count: 0, is_valid_today: true });
      expect(await codesOf(kim)).toEqual(['shop_new']);
      admin.use();
      const pool = (await authorizationList({ username: 'admin', auth_name: 'shop_new' })).authorization_list.find((a) => a.auth_id === authId)!;
      expect(pool.auth_count).toBe(2);
    });

    it('keeps the receiver\'s dates inside the assigner\'s, inheriting the bounds left out', async () => {
      admin.use();
      const created = await authorizationNew({ auth_name: 'website_admin', auth_type: 'unlimited', start_date: '2020-01-01', end_date: '2099-12-31' });
      await actor(t, 'lee');
      const authId = created.authorization.auth_id;
      const late = await authorizationAssignToUser({ auth_id: authId, assigning_username: 'lee', auth_type: 'unlimited', end_date: '2100-01-01' });
      expect(late.status_code).toBe('10001');
      expect(late.status_message).toContain('2099-12-31');
      expect((await authorizationAssignToUser({ auth_id: authId, assigning_username: 'lee', auth_type: 'unlimited', start_date: '2019-12-31' })).status_code).toBe('10001');
      const ok = await authorizationAssignToUser({ auth_id: authId, assigning_username: 'lee', auth_type: 'unlimited', start_date: '2021-05-01' });
      expect(ok.user_authorization).toMatchObject({ start_date: '2021-05-01', end_date: '2099-12-31' });
    });

    it('counts a holding only inside its dates and its authorization\'s, and not when the authorization is cancelled', async () => {
      const mo = await actor(t, 'moe');
      const future = await grantForTest(t.db, tenantId, mo.userId, 'shop_admin', { startDate: '2099-01-01' });
      expect(await codesOf(mo)).toEqual([]);
      await t.db.query('update user_authorization set start_date = null where user_auth_id = $1', [future.user_auth_id]);
      expect(await codesOf(mo)).toEqual([]); // the authorization itself still starts in 2099
      await t.db.query('update "authorization" set start_date = null where auth_id = $1', [future.auth_id]);
      expect(await codesOf(mo)).toEqual(['shop_admin']);
      await t.db.query("update \"authorization\" set end_date = current_date - 1, start_date = null where auth_id = $1", [future.auth_id]);
      expect(await codesOf(mo)).toEqual([]);
      await t.db.query('update "authorization" set end_date = null, is_cancelled = true where auth_id = $1', [future.auth_id]);
      expect(await codesOf(mo)).toEqual([]);
      mo.use();
      const listed = await userAuthorizationList({ include_cancelled: true });
      expect(listed.user_authorization_list[0]).toMatchObject({ is_cancelled: true, is_valid_today: false });
      // An expired holding cannot be passed on either.
      const assigner = await actor(t, 'nia');
      const old = await grantForTest(t.db, tenantId, assigner.userId, 'shop_admin', { canAssign: true, endDate: '2020-01-01' });
      assigner.use();
      expect((await authorizationAssignToUser({ auth_id: old.auth_id, assigning_username: 'moe', auth_type: 'unlimited' })).status_code).toBe('10009');
    });

    it('answers 10016 for an unknown authorization or user, and 10001 for assigning to oneself', async () => {
      admin.use();
      const auth = await seededAuth('register');
      expect((await authorizationAssignToUser({ auth_id: '00000000-0000-4000-8000-000000000000', assigning_username: 'second', auth_type: 'unlimited' })).status_code).toBe('10016');
      expect((await authorizationAssignToUser({ auth_id: auth.auth_id, assigning_username: 'nobody.here', auth_type: 'unlimited' })).status_code).toBe('10016');
      expect((await authorizationAssignToUser({ auth_id: auth.auth_id, assigning_username: 'ADMIN', auth_type: 'unlimited' })).status_code).toBe('10001');
      expect((await authorizationCancel({ user_auth_id: '00000000-0000-4000-8000-000000000000' })).status_code).toBe('10016');
    });

    it('never overspends a count under concurrent assignments', async () => {
      admin.use();
      const created = await authorizationNew({ auth_name: 'external_application_add', auth_type: 'unlimited', auth_count_create: 3 });
      const names = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'];
      for (const n of names) await actor(t, `conc${n}`);
      admin.use();
      const results = await Promise.all(
        names.map((n) => authorizationAssignToUser({ auth_id: created.authorization.auth_id, assigning_username: `conc${n}`, auth_type: 'unlimited' })),
      );
      expect(results.filter((r) => r.status_code === '10000')).toHaveLength(3);
      expect(results.filter((r) => r.status_code === '11021')).toHaveLength(4);
      const [row] = await t.db.query<{ auth_count: number }>('select auth_count from user_authorization where user_auth_id = $1', [created.authorization.user_auth_id]);
      expect(row.auth_count).toBe(0);
    });
  });

  describe('lists', () => {
    it('shows a non-admin only what they hold or assigned; the admin everything, filtered and paged', async () => {
      admin.use();
      const auth = await seededAuth('shop_order_bundle_status_management');
      const [ozan, pat] = [await actor(t, 'ozan'), await actor(t, 'pat')];
      await actor(t, 'quin');
      await authorizationAssignToUser({ auth_id: auth.auth_id, assigning_username: 'ozan', auth_type: 'unlimited', can_assign_auth: true });
      await authorizationAssignToUser({ auth_id: auth.auth_id, assigning_username: 'quin', auth_type: 'unlimited' });
      ozan.use();
      await authorizationAssignToUser({ auth_id: auth.auth_id, assigning_username: 'pat', auth_type: 'unlimited' });
      const ozanList = await authorizationList({});
      expect(ozanList.authorization_list.map((a) => a.username).sort()).toEqual(['ozan', 'pat']);
      expect(ozanList.total).toBe(2);
      // "Assignments I made": only what ozan gave, counted on the server so the pages match the rows.
      const given = await authorizationList({ given_by_me: true, page_size: 1 });
      expect(given.authorization_list.map((a) => a.username)).toEqual(['pat']);
      expect(given.total).toBe(1);
      pat.use();
      expect((await authorizationList({})).authorization_list.map((a) => a.username)).toEqual(['pat']);
      expect((await authorizationList({ username: 'quin' })).authorization_list).toEqual([]);
      admin.use();
      const all = await authorizationList({ auth_name: 'shop_order_bundle_status_management' });
      expect(all.authorization_list.map((a) => a.username).sort()).toEqual(['admin', 'ozan', 'pat', 'quin']);
      const paged = await authorizationList({ auth_name: 'shop_order_bundle_status_management', page: 2, page_size: 3, sort: 'auth_name' });
      expect(paged).toMatchObject({ total: 4, page: 2, page_size: 3 });
      expect(paged.authorization_list).toHaveLength(1);
      const searched = await authorizationList({ auth_name: 'shop_order_bundle_status_management', search: 'OZA' });
      expect(searched.authorization_list.map((a) => a.username).sort()).toEqual(['ozan', 'pat']); // holder ozan, or assigned by ozan
      expect((await authorizationList({ search: '%' })).authorization_list).toEqual([]);
    });
  });

  describe('tenants', () => {
    it('keeps clinical.localhost\'s authorizations apart from localhost\'s', async () => {
      const clinicalAdmin = await actor(t, 'admin', { domain: 'clinical.localhost' });
      await actor(t, 'rae', { domain: 'clinical.localhost' });
      const localAuth = await seededAuth('website_edit');
      const localAssigned = await authorizationAssignToUser({ auth_id: localAuth.auth_id, assigning_username: 'second', auth_type: 'unlimited' });
      expect(localAssigned.status_code).toBe('10000');
      clinicalAdmin.use();
      const before = await snapshot(t.db);
      const list = await authorizationList({ page_size: 100 });
      expect(list.authorization_list.every((a) => a.username === 'admin' || a.username === 'rae')).toBe(true);
      expect(list.authorization_list.some((a) => a.auth_id === localAuth.auth_id)).toBe(false);
      expect((await authorizationAssignToUser({ auth_id: localAuth.auth_id, assigning_username: 'rae', auth_type: 'unlimited' })).status_code).toBe('10016');
      expect((await authorizationCancel({ user_auth_id: localAssigned.user_authorization.user_auth_id })).status_code).toBe('10016');
      const clinicalAuth = (await authorizationList({ auth_name: 'website_edit', username: 'admin' })).authorization_list[0];
      // "second" exists only on localhost.
      expect((await authorizationAssignToUser({ auth_id: clinicalAuth.auth_id, assigning_username: 'second', auth_type: 'unlimited' })).status_code).toBe('10016');
      expect(await snapshot(t.db)).toEqual(before);
      // A localhost admin token is no session on clinical.localhost.
      admin.use({ host: 'clinical.localhost' });
      expect((await authorizationList({})).status_code).toBe('10096');
    });
  });
});

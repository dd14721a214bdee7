// The page-access rule shared by the router and the server (src/domain/page-access.ts): who may open a page,
// who is answered which website units, and who among a page's audience cannot read a screen's route.
import { describe, expect, it } from 'vitest';
import { audienceGaps, mayOpen, routeRefusal, unitsFor } from '../../src/domain/page-access';

const site = { login_function: 1, shop_function: 1, clinical_function: 0 };
const visitor = { loggedIn: false, authCodes: [] };
const member = { loggedIn: true, authCodes: ['register'] };
const editor = { loggedIn: true, authCodes: ['website_edit'] };

describe('page access', () => {
  it('a page needs the site switch, the login and one of its auth codes', () => {
    expect(mayOpen({}, site, visitor)).toBe(true);
    expect(mayOpen({ clinical_active: true }, site, member)).toBe(false);
    expect(mayOpen({ login: true }, site, visitor)).toBe(false);
    expect(mayOpen({ login: true }, { ...site, login_function: 0 }, member)).toBe(false);
    expect(mayOpen({ auth: 'admin,register' }, site, member)).toBe(true);
    expect(mayOpen({ auth: 'admin' }, site, member)).toBe(false);
    // An auth list admits only signed-in holders, whatever the login flag says.
    expect(mayOpen({ auth: 'register' }, site, { loggedIn: false, authCodes: ['register'] })).toBe(false);
  });

  it('unit managers are answered every unit, everyone else the units they may open', () => {
    const units = [{ route_name: 'a' }, { route_name: 'b', login: true }, { route_name: 'c', auth: 'admin' }, { route_name: 'd', clinical_active: true }];
    expect(unitsFor(units, site, visitor).map((u) => u.route_name)).toEqual(['a']);
    expect(unitsFor(units, site, member).map((u) => u.route_name)).toEqual(['a', 'b']);
    expect(unitsFor(units, site, editor).map((u) => u.route_name)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('says why a browser viewer cannot call a route', () => {
    expect(routeRefusal({ caller_type: 'none', auth_codes: [] }, visitor)).toBeUndefined();
    expect(routeRefusal({ caller_type: 'token', auth_codes: [] }, visitor)).toBe('login');
    expect(routeRefusal({ caller_type: 'token_or_fkey', auth_codes: [] }, visitor)).toBe('login');
    expect(routeRefusal({ caller_type: 'token', auth_codes: ['admin'] }, visitor)).toBe('login');
    expect(routeRefusal({ caller_type: 'token', auth_codes: ['admin'] }, member)).toBe('auth');
    expect(routeRefusal({ caller_type: 'token', auth_codes: ['admin', 'register'] }, member)).toBeUndefined();
  });

  it('finds who among a page\'s audience cannot read a screen', () => {
    const adminList = { caller_type: 'token' as const, auth_codes: ['admin'] };
    expect(audienceGaps({}, adminList)).toEqual({ login: true, codes: [], anyone: true });
    expect(audienceGaps({ login: true }, adminList)).toEqual({ login: false, codes: [], anyone: true });
    expect(audienceGaps({ login: true, auth: 'admin,shop_admin' }, adminList)).toEqual({ login: false, codes: ['shop_admin'], anyone: false });
    expect(audienceGaps({ login: true, auth: 'admin' }, adminList)).toEqual({ login: false, codes: [], anyone: false });
    expect(audienceGaps({}, { caller_type: 'none', auth_codes: [] })).toEqual({ login: false, codes: [], anyone: false });
  });
});

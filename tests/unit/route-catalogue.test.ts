// The catalogue covers spec section 7, with the caller types of section 6.
import { describe, expect, it } from 'vitest';
import { routeTable } from '../../src/generated/route-table.ts';

const byPath = new Map(routeTable.map((r) => [r.path, r]));

// Paths section 7 spells out in full (the product and agreement families are checked by their prefixes below).
const SPEC_PATHS = `
/date/datetime /user/user_controller /document/get /layer/wdm/get
/application/version /oauth/token /login /logout /register /register/mail/approve /password/reset/by/mail
/password/reset/by/mail/approve /mail/verify
/user/externalapplication/record /user/externalapplication/list /user/externalapplication/get
/register/externalapplication/list /register/externalapplication /user/accesskey/record /user/accesskey/token/create
/externalapplication/token/check /user/get/by/access_key
/process/info /process/info/delete/log /process/info/log/active/process_id/details /process/stop /process/start
/authorization/new /authorization/list /authorization/cancel /authorization/assign/to/user /user/authorization/list
/user/shop/new /user/shop/edit /user/shop/get /user/shop/list
/user/shop/bundle/new /user/shop/bundle/edit /user/shop/bundle/get /user/shop/bundle/list /user/shop/bundle/status/active
/user/shop/bundle/status/passive /user/shop/bundle/no_need_order/list /user/shop/order/list
/bundle/and/product/list/active /bundle/and/product/list/all /bundle/details /bundle/product/and/agreement/list/all
/user/shopcart/bundle/add /user/shopcart/bundle/cancel /user/shopcart/bundle/list /user/shopcart/bundle/order/list
/user/shopcart/bundle/active/list /user/shopcart/bundle/product/order /user/shopcart/bundle/status/change
/user/shopcart/bundle/product/status/change /user/shopcart/bundle/product/payment/status/change
/user/shopcart/bundle/payment/record
/user/bill/new /user/bill/edit /user/bill/approve /user/bill/list /user/bill/list/not_approved
/user/support/new /user/support/terminate /user/support/comment /user/support/get /user/support/list /user/support/live_seen
/frontend/get /frontend/save /frontend/list /frontend/websiteunit/list /frontend/websiteunit/get /frontend/websiteunit/new
/frontend/website_unit/update
/db/data/get /db_layer_query /db_record /wanalyzer/project/details/columns/wai/get /wanalyzer_machinelearning_train
/wanalyzer/data/query /layer_tree/wdm/get /wai/search
/table/to/excel /user/search /system/update/by_excel /shop/bundle/update/by_excel /excel/calculate_credit /send_mail
/document/record /document/list /document/delete /user/get /user/record
/user_created_bundle/list /user_created_bundle/get /user_created_bundle/record
`
  .split(/\s+/)
  .filter(Boolean)
  .map((p) => `/v1${p}`);

describe('the route catalogue', () => {
  it('has every call of spec section 7', () => {
    expect(SPEC_PATHS.filter((p) => !byPath.has(p))).toEqual([]);
  });

  it('has the product, agreement and product-agreement families (new, edit, get, list)', () => {
    for (const family of ['product', 'agreement', 'product/agreement'])
      for (const verb of ['new', 'edit', 'get', 'list'])
        expect(routeTable.some((r) => r.path.endsWith(`/${family}/${verb}`)), `${family}/${verb}`).toBe(true);
  });

  it('uses GET exactly where the spec marks it', () => {
    expect(routeTable.filter((r) => r.method === 'GET').map((r) => r.path).sort()).toEqual(
      ['/v1/date/datetime', '/v1/document/get', '/v1/layer/wdm/get', '/v1/user/user_controller'].sort(),
    );
  });

  it('opens to everyone the calls section 6 lists under caller type none', () => {
    for (const p of ['/application/version', '/register', '/register/mail/approve', '/password/reset/by/mail', '/frontend/get', '/frontend/websiteunit/get', '/logout', '/user/get', '/document/get', '/layer/wdm/get', '/bundle/details'])
      expect(byPath.get(`/v1${p}`)?.caller_type, p).toBe('none');
  });

  it('asks a token or a front-end key where section 6 says so', () => {
    for (const p of ['/date/datetime', '/send_mail', '/excel/calculate_credit', '/db/data/get', '/process/info'])
      expect(byPath.get(`/v1${p}`)?.caller_type, p).toBe('token_or_fkey');
  });

  it('marks the routes the spec does not list as the product\'s own', () => {
    const product = routeTable.filter((r) => r.source === 'product').map((r) => r.path);
    expect(product.filter((p) => SPEC_PATHS.includes(p))).toEqual([]);
    expect(product.some((p) => p.startsWith('/v1/clinical/'))).toBe(true);
  });

  it('gives auth codes only to caller types that identify someone', () => {
    for (const r of routeTable) if (r.auth_codes.length) expect(['token', 'token_or_fkey'], r.path).toContain(r.caller_type);
  });
});

// msw handlers for the start-up calls, answered from the demo seed (fixtures/seed): the tenant is picked by
// the `domain` in the request body, as the server does.
import { http, HttpResponse } from 'msw';
import { statusCatalogue } from '../../../src/generated/errors';
import type { FrontendConfiguration, WebsiteUnit } from '../../../src/generated/types/entities';
import layers from '../../../fixtures/seed/layers.json';
import seed from '../../../fixtures/seed/tenants.json';
import { unitsFor } from '../../../src/domain/page-access';
import { viewerOf } from './account';

export interface Tenant {
  domain: string;
  frontend_product_id: string;
  frontend: FrontendConfiguration;
  website_unit_list: WebsiteUnit[];
}

export const tenants = seed.tenants as unknown as Tenant[];
export const tenant = (domain: string): Tenant => structuredClone(tenants.find((t) => t.domain === domain)!);

export const ok = { status_code: statusCatalogue.ok.status_code, status_message: statusCatalogue.ok.message.en };

/** The start-up answer, with the units this caller may open (as the server answers them). */
export function frontendAnswer(t: Tenant, request: Request) {
  return { ...ok, frontend: t.frontend, website_unit_list: unitsFor(t.website_unit_list, t.frontend, viewerOf(request)), frontend_product_id: t.frontend_product_id };
}

const domainOf = (request: Request) => new URL(request.url).searchParams.get('__sys__pro__domain') ?? 'localhost';

/** Serves a tenant (e.g. a modified copy of a seed tenant) for its domain: its configuration and its units. */
export const serveTenant = (t: Tenant) => [
  http.post('*/v1/frontend/get', async ({ request }) => {
    const body = (await request.clone().json()) as { domain?: string };
    if (body.domain !== t.domain) return undefined;
    return HttpResponse.json(frontendAnswer(t, request));
  }),
  http.post('*/v1/frontend/websiteunit/list', ({ request }) =>
    domainOf(request) === t.domain ? HttpResponse.json({ ...ok, website_unit_list: unitsFor(t.website_unit_list, t.frontend, viewerOf(request)) }) : undefined,
  ),
];

export const handlers = [
  http.post('*/v1/frontend/get', async ({ request }) => {
    const body = (await request.json()) as { domain?: string };
    const found = tenants.find((t) => t.domain === body.domain);
    if (!found) {
      const { status_code, http: status, message } = statusCatalogue.unknown_tenant;
      return HttpResponse.json({ status_code, status_message: message.en.replace('{{domain}}', String(body.domain)) }, { status });
    }
    return HttpResponse.json(frontendAnswer(found, request));
  }),
  http.post('*/v1/frontend/websiteunit/list', ({ request }) => {
    const found = tenant(domainOf(request));
    return HttpResponse.json({ ...ok, website_unit_list: unitsFor(found.website_unit_list, found.frontend, viewerOf(request)) });
  }),
  // The top bar's cart link reads the signed-in buyer's cart on a shop site: empty unless a test says otherwise.
  http.post('*/v1/user/shopcart/bundle/list', () => HttpResponse.json({ ...ok, shopcart_list: [] })),
  // The projects page (a menu page every visitor may open) lists the visitor's projects: none unless a test says otherwise.
  http.post('*/v1/wanalyzer/project/list', () => HttpResponse.json({ ...ok, project_list: [], total: 0, page: 1, page_size: 10 })),
  http.get('*/v1/layer/wdm/get', ({ request }) => {
    const codes = new URL(request.url).searchParams.get('layer_code_list')?.split(',') ?? [];
    // As the server answers them: each system layer with a wdm_key, its records under that key.
    const all: Record<string, unknown> = Object.fromEntries(layers.system_layer_list.map((l) => [l.layer.layer_code, { [l.wdm_key]: l.record_list.map((r) => r.record) }]));
    const layer_wdm_list = Object.fromEntries(codes.filter((c) => c in all).map((c) => [c, all[c]]));
    return HttpResponse.json({ ...ok, layer_wdm_list });
  }),
];

// msw handlers for the start-up calls, answered from the demo seed (fixtures/seed): the tenant is picked by
// the `domain` in the request body, as the server does.
import { http, HttpResponse } from 'msw';
import { statusCatalogue } from '../../../src/generated/errors';
import type { FrontendConfiguration, WebsiteUnit } from '../../../src/generated/types/entities';
import layers from '../../../fixtures/seed/layers.json';
import seed from '../../../fixtures/seed/tenants.json';

export interface Tenant {
  domain: string;
  frontend_product_id: string;
  frontend: FrontendConfiguration;
  website_unit_list: WebsiteUnit[];
}

export const tenants = seed.tenants as unknown as Tenant[];
export const tenant = (domain: string): Tenant => structuredClone(tenants.find((t) => t.domain === domain)!);

export const ok = { status_code: statusCatalogue.ok.status_code, status_message: statusCatalogue.ok.message.en };

export function frontendAnswer(t: Tenant) {
  return { ...ok, frontend: t.frontend, website_unit_list: t.website_unit_list, frontend_product_id: t.frontend_product_id };
}

/** Serves a tenant (e.g. a modified copy of a seed tenant) for its domain. */
export const serveTenant = (t: Tenant) =>
  http.post('*/v1/frontend/get', async ({ request }) => {
    const body = (await request.json()) as { domain?: string };
    if (body.domain !== t.domain) return undefined;
    return HttpResponse.json(frontendAnswer(t));
  });

export const handlers = [
  http.post('*/v1/frontend/get', async ({ request }) => {
    const body = (await request.json()) as { domain?: string };
    const found = tenants.find((t) => t.domain === body.domain);
    if (!found) {
      const { status_code, http: status, message } = statusCatalogue.unknown_tenant;
      return HttpResponse.json({ status_code, status_message: message.en.replace('{{domain}}', String(body.domain)) }, { status });
    }
    return HttpResponse.json(frontendAnswer(found));
  }),
  http.get('*/v1/layer/wdm/get', ({ request }) => {
    const codes = new URL(request.url).searchParams.get('layer_code_list')?.split(',') ?? [];
    const all = layers.layer_wdm_list as Record<string, unknown>;
    const layer_wdm_list = Object.fromEntries(codes.filter((c) => c in all).map((c) => [c, all[c]]));
    return HttpResponse.json({ ...ok, layer_wdm_list });
  }),
];

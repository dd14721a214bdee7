// A fake of the protocol routes (msw) that follows their contract (schemas/routes/protocol.json): one protocol
// with numbered versions (a draft saved over, a new draft after a published one), the version check of save
// (14101), the change warning against the last published version (14021 with change_warning_list until
// confirm_changes), publish refused with the problems the test sets (14100 with problem_list), sharing (the
// owner refused with 14103), copy, delete (14106 once published), export and import; the list answers the rows
// the test sets; a medicine line without its name is refused as bad input (10001 with its field), as the
// server's schema check does. The published rule packages for the laboratory gates come from /v1/rule/package/list.
import { http, HttpResponse } from 'msw';
import { statusMessage } from '../../../src/domain/status-messages';
import { statusCatalogue, type StatusKey } from '../../../src/generated/errors';
import type { Protocol } from '../../../src/generated/types/entities';
import type { ProtocolGetResponse, ProtocolListResponse } from '../../../src/generated/types/routes';
import { ok } from './handlers';

export const PROTOCOL_ID = '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
export const COPY_ID = '9d8c7b6a-5f4e-4d3c-9b2a-1f0e9d8c7b6a';
export const PACLITAXEL = '11111111-2222-4333-8444-555555555555';
export const CARBOPLATIN = '66666666-7777-4888-9999-aaaaaaaaaaaa';

type Problem = { path: string; key: StatusKey; params?: Record<string, unknown> };
type Row = ProtocolListResponse['protocol_list'][number];

export const protocols = {
  versions: [] as Protocol[],
  canEdit: true,
  canShare: true,
  shares: [] as { username: string; can_edit: boolean }[],
  confirmations: [] as ProtocolGetResponse['change_confirmation_list'],
  /** What publish finds wrong (the domain's check, src/domain/protocol/check.ts, on the server). */
  publishProblems: [] as Problem[],
  rows: [] as Row[],
  calls: [] as { route: string; body: Record<string, unknown> }[],
};

export function resetProtocols(): void {
  Object.assign(protocols, { versions: [], canEdit: true, canShare: true, shares: [], confirmations: [], publishProblems: [], rows: [] });
  protocols.calls.length = 0;
}

/** Paclitaxel 175 mg/m² and carboplatin AUC 5 on day 1 of six 21-day cycles, a draft of version 1 unless told. */
export function seedProtocol(p: Partial<Protocol> = {}): Protocol {
  const protocol: Protocol = {
    protocol_id: PROTOCOL_ID,
    name: 'Paklitaksel + Karboplatin',
    protocol_group: 'Over kanseri',
    visibility: 'private',
    protocol_type: 'chemotherapy',
    cycle_count: 6,
    cycle_length_days: 21,
    owner: 'ayse',
    bsa_formula: 'mosteller',
    renal_weight: 'actual',
    gfr_cap: 125,
    change_warning_percent: 20,
    drug_list: [
      { item_id: PACLITAXEL, item_type: 'drug', drug_name: 'Paclitaxel', dosage: 175, unit: 'mg_m2', administration_type: 'iv_infusion', frequency: 'once_daily', starting_date_type: 'cycle_start', day_list: [1], duration_minutes: 180 },
      { item_id: CARBOPLATIN, item_type: 'drug', drug_name: 'Carboplatin', dosage: 5, unit: 'auc', administration_type: 'iv_infusion', frequency: 'once_daily', starting_date_type: 'cycle_start', day_list: [1], duration_minutes: 60 },
    ],
    status: 'draft',
    version: 1,
    is_example: false,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    ...p,
  };
  protocols.versions = [protocol];
  return protocol;
}

export const row = (p: Partial<Row> = {}): Row => ({
  protocol_id: PROTOCOL_ID,
  name: 'Paklitaksel + Karboplatin',
  protocol_group: 'Over kanseri',
  protocol_type: 'chemotherapy',
  visibility: 'private',
  owner: 'ayse',
  version: 1,
  status: 'draft',
  is_example: false,
  drug_names: ['Paclitaxel', 'Carboplatin'],
  updated_at: '2026-11-20T10:00:00Z',
  ...p,
});

const newest = () => protocols.versions[protocols.versions.length - 1];
const published = () => [...protocols.versions].reverse().find((v) => v.status === 'published');
const lang = (request: Request) => (new URL(request.url).searchParams.get('__lang__l') === 'en' ? 'en' : 'tr');
const refuse = (key: StatusKey, request: Request, params: Record<string, unknown>, extra: Record<string, unknown> = {}, status = 409) =>
  HttpResponse.json({ status_code: statusCatalogue[key].status_code, status_message: statusMessage(key, lang(request), params), ...extra }, { status });
async function read(route: string, request: Request) {
  const body = (await request.json()) as Record<string, unknown>;
  protocols.calls.push({ route, body });
  return body;
}

/** A drug's dosage change beyond the percent against the last published version (the server's changes.ts). */
function changes(from: Protocol, to: Protocol) {
  const limit = to.change_warning_percent ?? 20;
  return to.drug_list.flatMap((line) => {
    const before = from.drug_list.find((l) => l.item_id === line.item_id)?.dosage;
    if (before === undefined || line.dosage === undefined) return [];
    const percent = Math.round((Math.abs(line.dosage - before) / before) * 1000) / 10;
    return percent > limit ? [{ field: 'dosage' as const, item_id: line.item_id, drug_name: line.drug_name, before, after: line.dosage, percent }] : [];
  });
}

/** The generic input check of the real server (the contract's schema): a medicine line needs its name. */
function badInput(request: Request, protocol: Partial<Protocol>) {
  const missing = (protocol.drug_list ?? []).flatMap((l, i) => ((l.item_type === 'drug' || l.item_type === 'premedication') && !l.drug_name ? [i] : []));
  if (!missing.length) return null;
  const errors = missing.map((i) => ({ field: `protocol.drug_list.${i}.drug_name`, message: lang(request) === 'en' ? 'is required' : 'zorunludur', keyword: 'required', params: { missingProperty: 'drug_name' } }));
  return HttpResponse.json({ status_code: statusCatalogue.invalid_input.status_code, status_message: statusMessage('invalid_input', lang(request), { details: 'drug_name' }), errors }, { status: 400 });
}

export const protocolHandlers = [
  http.post('*/v1/protocol/get', async ({ request }) => {
    await read('get', request);
    return HttpResponse.json({
      ...ok,
      protocol: newest(),
      version_list: protocols.versions.map((v) => ({ version: v.version!, status: v.status as 'draft' | 'published', created_at: v.updated_at!, saved_by_username: v.owner })).reverse(),
      change_confirmation_list: protocols.confirmations,
      can_edit: protocols.canEdit,
      can_share: protocols.canShare,
      ...(protocols.canShare ? { share_list: protocols.shares } : {}),
    });
  }),
  http.post('*/v1/protocol/new', async ({ request }) => {
    const body = (await read('new', request)) as { protocol: Partial<Protocol> };
    const refused = badInput(request, body.protocol);
    if (refused) return refused;
    const created = seedProtocol({ ...body.protocol, protocol_id: COPY_ID, name: body.protocol.name ?? 'Auto' } as Partial<Protocol>);
    return HttpResponse.json({ ...ok, protocol: created });
  }),
  http.post('*/v1/protocol/save', async ({ request }) => {
    const body = (await read('save', request)) as { version: number; protocol: Partial<Protocol>; confirm_changes?: boolean };
    const refused = badInput(request, body.protocol);
    if (refused) return refused;
    const m = newest();
    if (body.version !== m.version) return refuse('protocol_version_conflict', request, { current_version: m.version, version: body.version }, { current_version: m.version });
    const saved: Protocol = { ...m, ...body.protocol, version: m.status === 'published' ? m.version! + 1 : m.version, status: 'draft' } as Protocol;
    const last = published();
    const found = last ? changes(last, saved) : [];
    if (found.length && !body.confirm_changes) return refuse('change_needs_confirmation', request, { field: found[0].drug_name, percent: saved.change_warning_percent }, { change_warning_list: found });
    if (found.length) protocols.confirmations = [...protocols.confirmations, { version: saved.version!, confirmed_by: 'ayse', confirmed_at: '2026-11-21T09:30:00Z', change_list: found }];
    if (m.status === 'published') protocols.versions.push(saved);
    else protocols.versions[protocols.versions.length - 1] = saved;
    return HttpResponse.json({ ...ok, protocol: saved });
  }),
  http.post('*/v1/protocol/publish', async ({ request }) => {
    await read('publish', request);
    const problems = protocols.publishProblems;
    if (problems.length) return refuse('protocol_invalid', request, { count: problems.length, first: statusMessage(problems[0].key, lang(request), problems[0].params) }, { problem_list: problems }, 400);
    const m = { ...newest(), status: 'published' as const, published_version: newest().version };
    protocols.versions[protocols.versions.length - 1] = m;
    return HttpResponse.json({ ...ok, protocol: m });
  }),
  http.post('*/v1/protocol/share', async ({ request }) => {
    const body = (await read('share', request)) as { username: string; can_edit?: boolean };
    if (body.username === 'ayse') return refuse('protocol_share_owner', request, {}, {}, 400);
    protocols.shares = [...protocols.shares.filter((x) => x.username !== body.username), { username: body.username, can_edit: Boolean(body.can_edit) }];
    return HttpResponse.json({ ...ok, share_list: protocols.shares });
  }),
  http.post('*/v1/protocol/copy', async ({ request }) => {
    const body = (await read('copy', request)) as { visibility?: Protocol['visibility'] };
    const copy: Protocol = { ...newest(), protocol_id: COPY_ID, owner: 'ayse', visibility: body.visibility ?? 'private', status: 'draft', version: 1, published_version: undefined, is_example: false };
    protocols.versions = [copy];
    protocols.canEdit = true;
    protocols.canShare = true;
    return HttpResponse.json({ ...ok, protocol: copy });
  }),
  http.post('*/v1/protocol/delete', async ({ request }) => {
    const body = await read('delete', request);
    if (newest()?.published_version) return refuse('protocol_published_kept', request, {});
    protocols.rows = protocols.rows.filter((r) => r.protocol_id !== body.protocol_id);
    return HttpResponse.json({ ...ok, protocol_id: body.protocol_id });
  }),
  http.post('*/v1/protocol/export', async ({ request }) => {
    await read('export', request);
    return HttpResponse.json({ ...ok, bundle: { resourceType: 'Bundle', type: 'collection', entry: [{ resource: { resourceType: 'PlanDefinition', title: newest().name } }] }, note_list: [{ en: 'Dose bands are kept as an extension.', tr: 'Doz bantları bir uzantı olarak saklanır.' }] });
  }),
  http.post('*/v1/protocol/import', async ({ request }) => {
    const body = (await read('import', request)) as { bundle: { resourceType?: string } };
    if (body.bundle.resourceType !== 'Bundle') return refuse('protocol_fhir_invalid', request, { details: 'resourceType' }, {}, 400);
    const imported = seedProtocol({ protocol_id: COPY_ID, name: 'FOLFOX' });
    return HttpResponse.json({ ...ok, protocol: imported, note_list: [{ en: 'The cycle length was read from the timing.', tr: 'Kür süresi zamanlamadan okundu.' }] });
  }),
  http.post('*/v1/protocol/list', async ({ request }) => {
    const body = (await read('list', request)) as { page?: number; page_size?: number };
    const size = body.page_size ?? 20;
    const page = body.page ?? 1;
    return HttpResponse.json({ ...ok, protocol_list: protocols.rows.slice((page - 1) * size, page * size), total: protocols.rows.length, page, page_size: size });
  }),
  http.post('*/v1/rule/package/list', async ({ request }) => {
    await read('packages', request);
    const pkg = (id: string, en: string, tr: string, status: 'draft' | 'published') => ({ package_id: id, name: { en, tr }, owner: 'ayse', is_global: false, version: 1, status, ...(status === 'published' ? { published_version: 1 } : {}), updated_at: '2026-11-20T10:00:00Z' });
    const list = [pkg('0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9', 'Neutrophils before chemotherapy', 'Kemoterapi öncesi nötrofil', 'published'), pkg('1c2d3e4f-5061-4728-93a4-b5c6d7e8f90a', 'Draft rule', 'Taslak kural', 'draft')];
    return HttpResponse.json({ ...ok, decision_package_list: list, total: list.length, page: 1, page_size: 100 });
  }),
];

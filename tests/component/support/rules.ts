// A small fake of the rule-package routes for component tests (msw): packages with numbered versions, a
// draft saved over or a new draft after a published one, the version check of save (409 14041), publish
// checking the document with the engine (14040 with `issues`), the version list and a version by number,
// the name and description sent with a save, sharing (unknown user 10016, the owner 14044) and running a
// published version with the engine (14042 without one). Answers use the catalogue's messages in the
// caller's language, as the real server does. Tests seed packages and read the calls made.
import { http, HttpResponse } from 'msw';
import { checkGraph, compileGraph, type DecisionGraph } from '../../../src/domain/rules';
import { statusCatalogue, type StatusKey } from '../../../src/generated/errors';
import type { DecisionPackage } from '../../../src/generated/types/entities';
import { ok } from './handlers';

export const PACKAGE_ID = '6f1c3a2e-5b7d-4c1e-9a8f-0d2b4e6a8c10';

interface Stored {
  /** Oldest first. */
  versions: DecisionPackage[];
  shares: { username: string; can_edit: boolean }[];
  /** What the caller may do (the owner by default). */
  access: { can_edit: boolean; can_share: boolean };
}

/** The users of the site besides the owner (ayse.yilmaz), whom a package may be shared with. */
export const SITE_USERS = ['mehmet.kaya', 'zeynep.demir'];

export const rules = {
  packages: new Map<string, Stored>(),
  calls: [] as { route: string; body: Record<string, unknown> }[],
};

export function resetRules(): void {
  rules.packages.clear();
  rules.calls.length = 0;
}

export const inputOnly = (): DecisionGraph => ({
  format: 'sema-decision-graph',
  format_version: 1,
  nodes: [{ id: 'input', type: 'input', position: { x: 0, y: 0 }, fields: [] }],
  edges: [],
});

/** A package at version 1 (draft), or at `version` with that status. */
export function seedPackage(
  document: DecisionGraph,
  options: { id?: string; name?: { en: string; tr: string }; version?: number; status?: 'draft' | 'published'; access?: Stored['access']; shares?: Stored['shares'] } = {},
): string {
  const id = options.id ?? PACKAGE_ID;
  const version = options.version ?? 1;
  rules.packages.set(id, {
    shares: options.shares ?? [],
    access: options.access ?? { can_edit: true, can_share: true },
    versions: [
      {
        package_id: id,
        name: options.name ?? { en: 'Renal dose', tr: 'Böbrek dozu' },
        owner: 'ayse.yilmaz',
        is_global: false,
        version,
        status: options.status ?? 'draft',
        document: structuredClone(document) as never,
        created_at: '2026-01-01T10:00:00.000Z',
        updated_at: '2026-01-01T10:00:00.000Z',
        ...(options.status === 'published' ? { published_version: version, published_at: '2026-01-01T11:00:00.000Z' } : {}),
      },
    ],
  });
  return id;
}

/** Someone published the newest version (or it was published before the test). */
export function publishNewest(id: string): number {
  const stored = rules.packages.get(id)!;
  const last = stored.versions.at(-1)!;
  stored.versions[stored.versions.length - 1] = { ...last, status: 'published', published_at: '2026-01-03T09:30:00.000Z' };
  for (const v of stored.versions) v.published_version = last.version;
  return last.version;
}

/** Someone else saved meanwhile: a new draft with this document. */
export function saveElsewhere(id: string, document: DecisionGraph): number {
  const stored = rules.packages.get(id)!;
  const last = stored.versions.at(-1)!;
  const { published_at: _published, ...rest } = last;
  const next = { ...rest, version: last.version + 1, status: 'draft' as const, document: structuredClone(document) as never, updated_at: '2026-01-04T08:00:00.000Z' };
  stored.versions.push(next);
  return next.version;
}

export const newest = (id: string) => rules.packages.get(id)!.versions.at(-1)!;

const langOf = (request: Request): 'tr' | 'en' => (new URL(request.url).searchParams.get('__lang__v') === '1' ? 'en' : 'tr');

function fail(request: Request, key: StatusKey, params: Record<string, string | number> = {}, extra: Record<string, unknown> = {}) {
  const entry = statusCatalogue[key];
  const status_message = entry.message[langOf(request)].replace(/\{\{(\w+)\}\}/g, (_all, name: string) => String(params[name] ?? ''));
  return HttpResponse.json({ status_code: entry.status_code, status_message, ...extra }, { status: entry.http });
}

async function read(route: string, request: Request) {
  const body = (await request.clone().json()) as Record<string, unknown>;
  rules.calls.push({ route, body });
  return body;
}

export const callsTo = (route: string) => rules.calls.filter((c) => c.route === route);

export const ruleHandlers = [
  http.post('*/v1/rule/package/new', async ({ request }) => {
    const body = await read('new', request);
    const id = `00000000-0000-4000-8000-${String(rules.packages.size + 1).padStart(12, '0')}`;
    seedPackage((body.document as DecisionGraph | undefined) ?? inputOnly(), { id, name: body.name as { en: string; tr: string } });
    return HttpResponse.json({ ...ok, decision_package: newest(id) });
  }),
  http.post('*/v1/rule/package/get', async ({ request }) => {
    const body = await read('get', request);
    const stored = rules.packages.get(body.package_id as string);
    if (!stored) return fail(request, 'record_not_found', { entity: 'package' });
    const found = body.version ? stored.versions.find((v) => v.version === body.version) : stored.versions.at(-1);
    if (!found) return fail(request, 'record_not_found', { entity: langOf(request) === 'en' ? 'package version' : 'paket sürümü' });
    // The name, description and published version are the package's, whichever version is read.
    const last = stored.versions.at(-1)!;
    const pkg = { ...found, name: last.name, ...(last.description ? { description: last.description } : {}), ...(last.published_version ? { published_version: last.published_version } : {}) };
    return HttpResponse.json({
      ...ok,
      decision_package: pkg,
      version_list: [...stored.versions].reverse().map((v) => ({
        version: v.version,
        status: v.status,
        created_at: v.updated_at!,
        ...(v.published_at ? { published_at: v.published_at } : {}),
        saved_by_username: 'ayse.yilmaz',
      })),
      ...(stored.access.can_share ? { share_list: stored.shares } : {}),
      ...stored.access,
    });
  }),
  http.post('*/v1/rule/package/save', async ({ request }) => {
    const body = await read('save', request);
    const stored = rules.packages.get(body.package_id as string)!;
    const last = stored.versions.at(-1)!;
    if (body.version !== last.version) return fail(request, 'rule_package_version_conflict', { current_version: last.version, version: body.version as number }, { current_version: last.version });
    const named = { ...(body.name ? { name: body.name as DecisionPackage['name'] } : {}), ...(body.description ? { description: body.description as DecisionPackage['description'] } : {}) };
    stored.versions = stored.versions.map((v) => ({ ...v, ...named }));
    const saved = { ...stored.versions.at(-1)!, document: body.document as never, updated_at: '2026-01-02T10:00:00.000Z' };
    if (last.status === 'draft') stored.versions[stored.versions.length - 1] = saved;
    else {
      const { published_at: _published, ...rest } = saved;
      stored.versions.push({ ...rest, version: last.version + 1, status: 'draft', published_version: last.version });
    }
    return HttpResponse.json({ ...ok, decision_package: stored.versions.at(-1) });
  }),
  http.post('*/v1/rule/package/publish', async ({ request }) => {
    const body = await read('publish', request);
    const stored = rules.packages.get(body.package_id as string)!;
    const last = stored.versions.at(-1)!;
    if (body.version !== last.version) return fail(request, 'rule_package_version_conflict', { current_version: last.version, version: body.version as number }, { current_version: last.version });
    const errors = checkGraph(last.document).filter((i) => i.severity === 'error');
    if (errors.length) return fail(request, 'rule_document_invalid', { count: errors.length, first: errors[0].message[langOf(request)] }, { issues: errors });
    stored.versions[stored.versions.length - 1] = { ...last, status: 'published', published_version: last.version, published_at: '2026-01-02T11:00:00.000Z' };
    return HttpResponse.json({ ...ok, decision_package: stored.versions.at(-1) });
  }),
  http.post('*/v1/rule/package/share', async ({ request }) => {
    const body = await read('share', request);
    const stored = rules.packages.get(body.package_id as string)!;
    const username = String(body.username).toLowerCase();
    if (username === 'ayse.yilmaz') return fail(request, 'rule_package_share_owner');
    if (!SITE_USERS.includes(username)) return fail(request, 'record_not_found', { entity: langOf(request) === 'en' ? 'user' : 'kullanıcı' });
    const can_edit = body.can_edit === true;
    const at = stored.shares.findIndex((s) => s.username === username);
    if (at >= 0) stored.shares[at] = { username, can_edit };
    else stored.shares = [...stored.shares, { username, can_edit }].sort((a, b) => a.username.localeCompare(b.username));
    return HttpResponse.json({ ...ok, share_list: stored.shares });
  }),
  http.post('*/v1/rule/package/unshare', async ({ request }) => {
    const body = await read('unshare', request);
    const stored = rules.packages.get(body.package_id as string)!;
    stored.shares = stored.shares.filter((s) => s.username !== String(body.username).toLowerCase());
    return HttpResponse.json({ ...ok, share_list: stored.shares });
  }),
  http.post('*/v1/rule/package/run', async ({ request }) => {
    const body = await read('run', request);
    const stored = rules.packages.get(body.package_id as string)!;
    const version = (body.version as number | undefined) ?? stored.versions.at(-1)!.published_version;
    const v = stored.versions.find((x) => x.version === version);
    if (v?.status !== 'published') return fail(request, 'rule_package_not_published');
    const compiled = compileGraph(v.document as unknown as DecisionGraph);
    if (!compiled.ok) throw new Error('a published version that does not compile');
    const records = (body.records ?? [body.record]) as Record<string, unknown>[];
    const options = { trace: body.trace === true, today: (body.today as string | undefined) ?? '2026-01-05' };
    return HttpResponse.json({ ...ok, package_id: body.package_id, version, result_list: records.map((r) => compiled.graph.evaluate(r, options)) });
  }),
  http.post('*/v1/rule/package/list', async ({ request }) => {
    const body = await read('list', request);
    const list = [...rules.packages.values()].map((s) => {
      const { document: _doc, ...rest } = s.versions.at(-1)!;
      return rest;
    });
    return HttpResponse.json({ ...ok, decision_package_list: list, total: list.length, page: (body.page as number) ?? 1, page_size: (body.page_size as number) ?? 20 });
  }),
];

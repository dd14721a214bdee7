// The contract kept for outside developers (issue 29 §6): the OpenAPI document may change only in ways a client
// built against the last released one survives, unless the change is declared (docs/api/breaking-changes.json),
// and the checker tells those ways apart.
import { describe, expect, it } from 'vitest';
import { breakingChanges } from '../../codegen/api-compat.ts';
import current from '../../src/generated/openapi.json' with { type: 'json' };
import released from '../../docs/api/openapi.released.json' with { type: 'json' };
import declarations from '../../docs/api/breaking-changes.json' with { type: 'json' };

type Doc = Parameters<typeof breakingChanges>[0];
const copy = (): Doc & Record<string, never> => structuredClone(current) as never;
const BUNDLE_NEW = '/v1/user/shop/bundle/new';
const body = (doc: Doc, path: string) => (doc.paths[path].post.requestBody as { content: { 'application/json': { schema: Record<string, unknown> } } }).content['application/json'].schema;

describe('the API for outside developers', () => {
  it('has no breaking change since the last released document that is not declared', () => {
    const declared = new Set((declarations.declared as { change: string }[]).map((d) => d.change));
    const changes = breakingChanges(released as Doc, current as Doc);
    expect(changes.filter((c) => !declared.has(c))).toEqual([]);
    // Nothing is declared that did not happen.
    expect([...declared].filter((d) => !changes.includes(d))).toEqual([]);
  });

  it('finds a removed call, a new required input, a narrower input, a field no longer accepted and an answer field gone', () => {
    const now = copy();
    delete (now.paths as Record<string, unknown>)['/v1/application/version'];
    const input = body(now, BUNDLE_NEW) as { required: string[]; properties: Record<string, Record<string, unknown>> };
    input.required.push('task_type');
    input.properties.bundle_name = { type: 'string', minLength: 1, maxLength: 100 };
    delete input.properties.feature_list;
    const bundle = (now.components!.schemas!.Bundle as { required: string[] });
    bundle.required = bundle.required.filter((f) => f !== 'bundle_name');
    const changes = breakingChanges(current as Doc, now);
    expect(changes).toContain('POST /v1/application/version: removed');
    expect(changes).toContain(`POST ${BUNDLE_NEW} input.task_type: a new required input`);
    expect(changes).toContain(`POST ${BUNDLE_NEW} input.feature_list: no longer accepted`);
    expect(changes.some((c) => c.startsWith(`POST ${BUNDLE_NEW} input.bundle_name: maxLength`))).toBe(true);
    expect(changes).toContain(`POST ${BUNDLE_NEW} answer.bundle.bundle_name: no longer always answered`);
  });

  it('finds an input enum narrowed and an answer enum widened', () => {
    const now = copy();
    const priority = now.components!.schemas!.Priority as { enum: string[] };
    const before = copy();
    (before.components!.schemas!.Priority as { enum: string[] }).enum = [...priority.enum, 'someday'];
    priority.enum = [...priority.enum];
    const narrowed = breakingChanges(before, now);
    expect(narrowed.some((c) => c.endsWith('input.priority: no longer accepts "someday"'))).toBe(true);
    const widened = breakingChanges(now, before);
    expect(widened.some((c) => c.endsWith('.priority: may now be "someday"'))).toBe(true);
  });

  it('lets additions through: a new call, a new optional input, a new answer field', () => {
    const now = copy();
    now.paths['/v1/new/call'] = { post: {} };
    const input = body(now, BUNDLE_NEW) as { properties: Record<string, unknown> };
    input.properties.note = { type: 'string', maxLength: 200 };
    (now.components!.schemas!.Bundle as { properties: Record<string, unknown> }).properties.extra = { type: 'string' };
    expect(breakingChanges(current as Doc, now)).toEqual([]);
  });
});

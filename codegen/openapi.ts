// The OpenAPI 3.1 document of the whole /v1 API, derived from the contract. OpenAPI 3.1 speaks JSON Schema
// 2020-12, so schemas carry over as they are; only $refs are rewritten to #/components/schemas/….
import type { Contract } from './contract.ts';
import { routeSchemaId } from './contract.ts';
import { pascal, typedSchemas } from './ts-schema.ts';
import { rateLimitOf } from './rate-limits.ts';

const COMMON_QUERY = [
  ['__lang__v', 'Active language value (0 tr, 1 en); messages answer in it.', { type: 'integer', enum: [0, 1] }],
  ['__lang__l', 'Active language label (tr, en).', { type: 'string', enum: ['tr', 'en'] }],
  ['__user__currency__type', 'Chosen currency (0 ₺, 1 $).', { type: 'integer', enum: [0, 1] }],
  ['__sys__pro__id', 'The front-end product id from frontend/get.', { type: 'string' }],
  ['__sys__pro__domain', 'The host without a leading www.', { type: 'string' }],
] as const;

function rewriteRefs(node: unknown, base: string, rootNames: Map<string, string>, localPrefix = ''): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, base, rootNames, localPrefix));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '$id' || k === '$schema' || k === '$defs') continue;
    if (k === '$ref' && typeof v === 'string') {
      const url = new URL(v, base);
      const parts = decodeURIComponent(url.hash.replace(/^#/, '')).split('/').filter(Boolean);
      url.hash = '';
      const local = url.href === base ? localPrefix : '';
      const name = parts[0] === '$defs' ? local + pascal(parts[1]) : rootNames.get(url.href);
      const rest = parts[0] === '$defs' ? parts.slice(2) : parts;
      out.$ref = `#/components/schemas/${name}${rest.length ? `/${rest.join('/')}` : ''}`;
    } else out[k] = rewriteRefs(v, base, rootNames, localPrefix);
  }
  return out;
}

export function openApiDocument(contract: Contract, rootNames: Map<string, string>): object {
  const components: Record<string, unknown> = {
    Envelope: {
      type: 'object',
      description: 'Every answer carries a status code (ending 000 = success, 096 = session ended) and a message in the caller\'s language.',
      properties: { status_code: { type: 'string', pattern: '^[0-9]{5}$' }, status_message: { type: 'string' } },
      required: ['status_code', 'status_message'],
    },
  };
  for (const s of typedSchemas(contract)) {
    for (const [def, sub] of Object.entries((s.schema.$defs ?? {}) as Record<string, unknown>)) components[pascal(def)] = rewriteRefs(sub, s.id, rootNames);
    const root = rootNames.get(s.id);
    if (root) components[root] = rewriteRefs(s.schema, s.id, rootNames);
  }
  const security: Record<string, object[]> = {
    none: [],
    token: [{ bearer: [] }],
    token_or_fkey: [{ bearer: [] }, { fkey: [] }],
    token_or_fkey_or_none: [{}, { bearer: [] }, { fkey: [] }],
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of contract.routes) {
    for (const part of ['request', 'response'] as const) {
      const prefix = `${pascal(r.name)}${pascal(part)}`;
      for (const [def, sub] of Object.entries(((r[part] as { $defs?: object }).$defs ?? {}) as Record<string, unknown>))
        components[prefix + pascal(def)] = rewriteRefs(sub, routeSchemaId(r.name, part), rootNames, prefix);
    }
    const request = rewriteRefs(r.request, routeSchemaId(r.name, 'request'), rootNames, `${pascal(r.name)}Request`) as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    const response = rewriteRefs(r.response, routeSchemaId(r.name, 'response'), rootNames, `${pascal(r.name)}Response`);
    const common = COMMON_QUERY.map(([name, description, schema]) => ({ name, in: 'query', required: false, description, schema }));
    const op: Record<string, unknown> = {
      operationId: r.name,
      tags: [r.area],
      summary: r.summary.en,
      description: [r.description, r.auth_codes.length ? `Auth codes (any one): ${r.auth_codes.join(', ')}.` : '', r.ownership ?? ''].filter(Boolean).join('\n\n') || undefined,
      'x-summary-tr': r.summary.tr,
      'x-caller-type': r.caller_type,
      'x-effect': r.effect,
      'x-auth-codes': r.auth_codes,
      ...(r.fkey_scope ? { 'x-fkey-scope': r.fkey_scope } : {}),
      'x-source': r.source,
      'x-rate-limit': rateLimitOf(r),
      security: security[r.caller_type],
      parameters:
        r.method === 'GET'
          ? [...Object.entries(request.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: request.required?.includes(name) ?? false, schema })), ...common]
          : common,
      ...(r.method === 'POST' ? { requestBody: { required: true, content: { 'application/json': { schema: request } } } } : {}),
      responses: {
        200: { description: 'Success (status_code ends in 000).', content: { 'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/Envelope' }, response] } } } },
        default: { description: 'Failure: the status_code names the case (schemas/errors.json).', content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } },
      },
    };
    paths[r.path] = { [r.method.toLowerCase()]: op };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Sema API', version: '1', description: 'Generated by `npm run codegen` from schemas/. Do not edit by hand.' },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    tags: contract.areas.map((a) => ({ name: a.area, description: a.label.en })),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An access token from /v1/oauth/token.' },
        fkey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'A front-end key: `Authorization: Fkey <key>`.' },
      },
    },
  };
}

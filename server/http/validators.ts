// Every route's request and response validator, compiled once, when the route is first called: compiling the
// whole catalogue took 1.7 s of each start (and of each test process that calls a few routes).
import { Ajv2020, type AnySchema, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { ANNOTATION_KEYWORDS } from '../../src/domain/ajv-keywords.ts';
import contractSchemas from '../../src/generated/schemas.json' with { type: 'json' };
import { routeTable, type RouteName } from '../../src/generated/route-table.ts';

export interface RouteValidators {
  request: ValidateFunction;
  /**
   * The request schema checked to its first problem only, compiled on first use: for a large input, whose every
   * problem ajv would list in a list it copies again for each item of a list of referenced objects (10,000 bad
   * groups of a data model took 5.7 s, 30,000 took 54 s).
   */
  firstProblem(): ValidateFunction;
  response: ValidateFunction;
  /** The answer's list `key` item by item (its items' schema), compiled on first use; undefined when `key` is no list of one entity. */
  listItem(key: string): ValidateFunction | undefined;
}

/** A copy of a schema in which every `writeOnly` property must be absent: answers never carry passwords or keys. */
export function withoutWriteOnly<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withoutWriteOnly) as T;
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    out[k] =
      k === 'properties'
        ? Object.fromEntries(Object.entries(v as object).map(([p, sub]) => [p, (sub as { writeOnly?: boolean }).writeOnly ? false : withoutWriteOnly(sub)]))
        : withoutWriteOnly(v);
  }
  return out as T;
}

export function newAjv(options: { coerceTypes: boolean; forAnswers?: boolean; allErrors?: boolean }): Ajv2020 {
  // Query strings are text: GET inputs are coerced ("3" → 3); JSON bodies are taken as sent.
  const ajv = new Ajv2020({ strict: true, allErrors: options.allErrors ?? true, allowUnionTypes: true, coerceTypes: options.coerceTypes });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  for (const k of ANNOTATION_KEYWORDS) ajv.addKeyword(k);
  // Not checked against the meta-schema again at each start: codegen and the contract test check them.
  for (const s of contractSchemas.schemas) ajv.addSchema((options.forAnswers ? withoutWriteOnly(s) : s) as AnySchema, undefined, undefined, false);
  return ajv;
}

export const COMMON_QUERY_SCHEMA = {
  type: 'object',
  properties: {
    __lang__v: { type: 'integer', enum: [0, 1] },
    __lang__l: { type: 'string', enum: ['tr', 'en'] },
    __user__currency__type: { type: 'integer', enum: [0, 1] },
    __sys__pro__id: { type: 'string', maxLength: 64 },
    __sys__pro__domain: { type: 'string', maxLength: 253 },
  },
} as const;

type Validators = { routes: Map<RouteName, RouteValidators>; commonQuery: ValidateFunction };
let compiled: Validators | undefined;

/**
 * Every route's request and answer validators, made once per process (the apps of one process, as the tests
 * build several, share them) and each compiled on first use; a validator keeps no state between calls.
 */
export function compileValidators(): Validators {
  compiled ??= catalogueValidators();
  return compiled;
}

/** A value computed on first use, then kept. */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  };
}

/** A new set of the catalogue's validators, each compiled on first use (compileValidators keeps one per process). */
export function catalogueValidators(): Validators {
  // The three ajv instances (each holds the contract's schemas, compiled only as they are referenced).
  const body = once(() => newAjv({ coerceTypes: false }));
  const query = newAjv({ coerceTypes: true });
  const answers = once(() => newAjv({ coerceTypes: false, forAnswers: true }));
  const firstProblemAjv = { GET: once(() => newAjv({ coerceTypes: true, allErrors: false })), POST: once(() => newAjv({ coerceTypes: false, allErrors: false })) };
  const routes = new Map<RouteName, RouteValidators>();
  for (const r of routeTable) {
    const items = new Map<string, ValidateFunction | undefined>();
    const request = once(() => (r.method === 'GET' ? query : body()).compile({ ...r.request, $id: r.requestId }));
    const response = once(() => answers().compile(withoutWriteOnly({ ...r.response, $id: r.responseId })));
    routes.set(r.name, {
      get request() {
        return request();
      },
      firstProblem: once(() => firstProblemAjv[r.method === 'GET' ? 'GET' : 'POST']().compile({ ...r.request, $id: r.requestId })),
      get response() {
        return response();
      },
      listItem: (key) => {
        if (!items.has(key)) {
          const ref = (r.response as { properties?: Record<string, { type?: string; items?: { $ref?: string } }> }).properties?.[key];
          const itemRef = ref?.type === 'array' ? ref.items?.$ref : undefined;
          items.set(key, itemRef ? answers().getSchema(new URL(itemRef, r.responseId).href) : undefined);
        }
        return items.get(key);
      },
    });
  }
  return { routes, commonQuery: query.compile(COMMON_QUERY_SCHEMA) };
}

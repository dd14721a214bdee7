// The contract as outside developers hold it: what changed in the OpenAPI document since the last released one
// that breaks a client built against it (issue 29 §6). A client breaks when a call it makes is gone, when an input
// it sends is refused (a new required field, a field no longer admitted, a narrower type, enum or bound), or when
// an answer lacks what it reads (a field gone or no longer always there, a different type, a value it never saw).
// Additions that a client can ignore (a new call, a new optional input, a new answer field) are not breaking.
type Schema = Record<string, unknown>;
type Document = { paths: Record<string, Record<string, Schema>>; components?: { schemas?: Record<string, Schema> } };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const MAX_DEPTH = 12;

/** The schema a `$ref` (a pointer into the document) names, followed until it is none. */
function resolve(doc: Document, schema: unknown): Schema | undefined {
  let node = schema as Schema | undefined;
  for (let hops = 0; node && typeof node.$ref === 'string' && hops < 20; hops++) {
    const path = (node.$ref as string).replace(/^#\//, '').split('/');
    node = path.reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc) as Schema | undefined;
  }
  return node;
}

/** An object schema with its allOf members merged (the answers are the envelope allOf the route's own object). */
function flattened(doc: Document, schema: unknown): Schema | undefined {
  const node = resolve(doc, schema);
  if (!node || !Array.isArray(node.allOf)) return node;
  const parts = (node.allOf as unknown[]).map((p) => flattened(doc, p) ?? {});
  return {
    ...node,
    allOf: undefined,
    properties: Object.assign({}, ...parts.map((p) => p.properties ?? {}), node.properties ?? {}),
    required: [...new Set([...parts.flatMap((p) => (p.required as string[] | undefined) ?? []), ...((node.required as string[] | undefined) ?? [])])],
    additionalProperties: parts.some((p) => p.additionalProperties === false) ? false : node.additionalProperties,
  };
}

const typesOf = (s: Schema): string[] | undefined => (s.type === undefined ? undefined : ([] as string[]).concat(s.type as string | string[]));

/**
 * The ways `now` accepts less than `before` (an input) or may give more than `before` promised (an answer), at
 * `where`: each a sentence naming the field.
 */
function compare(docs: { before: Document; now: Document }, before: unknown, now: unknown, where: string, side: 'input' | 'answer', depth = 0): string[] {
  const b = flattened(docs.before, before);
  const n = flattened(docs.now, now);
  if (!b || !n || depth > MAX_DEPTH) return [];
  const out: string[] = [];
  const bTypes = typesOf(b);
  const nTypes = typesOf(n);
  if (bTypes && nTypes) {
    const lost = side === 'input' ? bTypes.filter((t) => !nTypes.includes(t) && !(t === 'integer' && nTypes.includes('number'))) : nTypes.filter((t) => !bTypes.includes(t) && !(t === 'integer' && bTypes.includes('number')));
    if (lost.length) out.push(`${where}: ${side === 'input' ? 'no longer accepts' : 'may now be'} ${lost.join(', ')}`);
  }
  if (Array.isArray(b.enum) && Array.isArray(n.enum)) {
    const [from, to] = side === 'input' ? [b.enum, n.enum] : [n.enum, b.enum];
    const extra = from.filter((v) => !to.some((w) => JSON.stringify(w) === JSON.stringify(v)));
    if (extra.length) out.push(`${where}: ${side === 'input' ? 'no longer accepts' : 'may now be'} ${extra.map((v) => JSON.stringify(v)).join(', ')}`);
  }
  if (side === 'input') {
    for (const [key, tighter] of [
      ['minimum', (x: number, y: number) => y > x],
      ['maximum', (x: number, y: number) => y < x],
      ['minLength', (x: number, y: number) => y > x],
      ['maxLength', (x: number, y: number) => y < x],
      ['maxItems', (x: number, y: number) => y < x],
    ] as const) {
      const x = b[key] as number | undefined;
      const y = n[key] as number | undefined;
      if (y !== undefined && (x === undefined || tighter(x, y))) out.push(`${where}: ${key} ${x ?? 'none'} → ${y}`);
    }
    const wasRequired = new Set((b.required as string[] | undefined) ?? []);
    for (const field of (n.required as string[] | undefined) ?? []) if (!wasRequired.has(field)) out.push(`${where}.${field}: a new required input`);
    if (n.additionalProperties === false)
      for (const field of Object.keys((b.properties as Schema | undefined) ?? {})) if (!(field in ((n.properties as Schema | undefined) ?? {}))) out.push(`${where}.${field}: no longer accepted`);
  } else {
    const nowRequired = new Set((n.required as string[] | undefined) ?? []);
    for (const field of (b.required as string[] | undefined) ?? []) if (!nowRequired.has(field)) out.push(`${where}.${field}: no longer always answered`);
  }
  const bProps = (b.properties as Schema | undefined) ?? {};
  const nProps = (n.properties as Schema | undefined) ?? {};
  for (const field of Object.keys(bProps)) if (field in nProps) out.push(...compare(docs, bProps[field], nProps[field], `${where}.${field}`, side, depth + 1));
  if (b.items && n.items) out.push(...compare(docs, b.items, n.items, `${where}[]`, side, depth + 1));
  return out;
}

const bodyOf = (operation: Schema | undefined, at: 'request' | 'answer'): unknown =>
  at === 'request'
    ? (operation?.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.['application/json']?.schema
    : (operation?.responses as Record<string, { content?: Record<string, { schema?: unknown }> }> | undefined)?.['200']?.content?.['application/json']?.schema;

/** Every change from `before` to `now` that breaks a client of `before`, one sentence each, in a stable order. */
export function breakingChanges(before: Document, now: Document): string[] {
  const docs = { before, now };
  const out: string[] = [];
  for (const [path, operations] of Object.entries(before.paths))
    for (const method of METHODS.filter((m) => operations[m])) {
      const call = `${method.toUpperCase()} ${path}`;
      const current = now.paths[path]?.[method];
      if (!current) {
        out.push(`${call}: removed`);
        continue;
      }
      out.push(...compare(docs, bodyOf(operations[method], 'request'), bodyOf(current, 'request'), `${call} input`, 'input'));
      out.push(...compare(docs, bodyOf(operations[method], 'answer'), bodyOf(current, 'answer'), `${call} answer`, 'answer'));
    }
  return out.sort();
}

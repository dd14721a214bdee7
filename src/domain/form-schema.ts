// The schema of a generic screen's record form: the save route's request minus what the screen fills
// itself. Pure TypeScript, shared by the browser's form (renderers/generic/record) and codegen, which
// compiles each form's validator ahead of time (src/generated/validators/: the CSP allows no eval).
import { contextFields, discriminatorOf, type JsonSchema, type ResolvedScreen } from './screen';

export type FormMode = 'new' | 'edit';

/** ajv's options for form validation, the same for the generated validators and for tests' own screens. */
export const FORM_AJV_OPTIONS = { strict: false, discriminator: true } as const;

const forms = new WeakMap<ResolvedScreen, Partial<Record<FormMode, JsonSchema>>>();

/** The fields the form leaves to the screen: its parameters, the record key and the version field. */
function screenFilled(screen: ResolvedScreen): Set<string> {
  const filled = contextFields(screen);
  if (screen.record?.version_field) filled.add(screen.record.version_field);
  return filled;
}

/** The schema node at a dotted form path: through object properties and the branches of a oneOf. */
export function nodesAt(schema: JsonSchema, path: string): JsonSchema[] {
  let nodes = [schema];
  for (const seg of path.split('.')) {
    nodes = nodes.flatMap((n) => [n.properties?.[seg], ...((n.oneOf as JsonSchema[] | undefined) ?? []).map((b) => b.properties?.[seg])].filter((x): x is JsonSchema => Boolean(x)));
  }
  return nodes;
}

/** oneOf branches told apart by a const property get ajv's discriminator: only the chosen branch's errors are reported. */
function markDiscriminators(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) markDiscriminators(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  const tag = discriminatorOf(schema);
  if (tag && (schema.oneOf as JsonSchema[]).every((b) => b.required?.includes(tag))) schema.discriminator = { propertyName: tag };
  for (const [k, v] of Object.entries(schema)) if (k !== 'enum' && k !== 'const' && k !== 'default' && !k.startsWith('x-')) markDiscriminators(v);
}

/**
 * The schema of the form that creates (new) or changes (edit) a record: the route's request (or its
 * `request_record` object) without the screen's parameters, key and version field, labels falling back to
 * the entity's, the screen's `default` hints as defaults. One object per screen and mode, with a stable $id,
 * so the validator compiles it once and rjsf's caches hold.
 */
export function formSchemaOf(screen: ResolvedScreen, mode: FormMode): JsonSchema | undefined {
  const cached = forms.get(screen)?.[mode];
  if (cached) return cached;
  const routeName = mode === 'new' ? screen.routes.new : screen.routes.edit;
  const route = routeName ? screen.route_table[routeName] : undefined;
  if (!route) return undefined;
  const wrapper = screen.record?.request_record;
  const source: JsonSchema | undefined = wrapper ? route.request.properties?.[wrapper] : route.request;
  if (!source) return undefined;
  const filled = screenFilled(screen);
  const entity = screen.entity_schema.properties ?? {};
  const properties: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(structuredClone(source.properties ?? {}))) {
    // A property the record may not have (`false`) is no field, nor one the screen keeps to the other form.
    if (filled.has(name) || (schema as unknown) === false || !(screen.record?.fields?.[name]?.modes ?? [mode]).includes(mode)) continue;
    const own = entity[name];
    properties[name] = {
      ...schema,
      ...(schema['x-label'] || !own?.['x-label'] ? {} : { 'x-label': own['x-label'] }),
      ...(own?.['x-ui'] || schema['x-ui'] ? { 'x-ui': { ...own?.['x-ui'], ...schema['x-ui'] } } : {}),
    };
  }
  const { properties: _p, required, $id: _id, title: _t, ...rest } = source;
  const schema: JsonSchema = {
    ...rest,
    // One route that creates and changes makes one form, unless a field is kept to one of them.
    $id: `https://sema.dev/screens/${screen.id}/${route.name}${Object.values(screen.record?.fields ?? {}).some((h) => h.modes) ? `.${mode}` : ''}.form.json`,
    type: 'object',
    properties,
    required: (required ?? []).filter((k) => !filled.has(k)),
  };
  for (const [path, hints] of Object.entries(screen.record?.fields ?? {}))
    if (hints.default !== undefined) for (const node of nodesAt(schema, path)) node.default = structuredClone(hints.default);
  markDiscriminators(schema.properties);
  forms.set(screen, { ...forms.get(screen), [mode]: schema });
  return schema;
}


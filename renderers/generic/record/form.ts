// The record form's data side, without React or rjsf: the form schema (the save route's request minus what
// the screen fills itself), the UI schema chosen by rank, validation messages in the user's language, and
// the server's field errors placed on their fields.
import { fieldErrors, type SchemaError } from '../../../src/domain/validation-messages';
import { specFieldErrors } from '../../../src/domain/spec-messages';
import { labelOf, schemaAt, type FieldHints, type JsonSchema, type Lang, type ResolvedScreen } from '../../../src/domain/screen';
import { nodesAt } from '../../../src/domain/form-schema';
import type { AccessContext } from '../../../src/app/router/catalogue';
import { statusCatalogue, type StatusKey } from '../../../src/generated/errors';
import { statusMessage } from '../../../src/domain/status-messages';
import { pickBest, type Ranked, type TesterContext } from '../rank';
import type { Derivation } from './derive';

/** The form's derived fields (field hint `derive`), with each target's length limit. */
export function derivationsOf(screen: ResolvedScreen, schema: JsonSchema): Derivation[] {
  return Object.entries(screen.record?.fields ?? {}).flatMap(([path, hints]) =>
    hints.derive ? [{ ...hints.derive, path, maxLength: nodesAt(schema, path)[0]?.maxLength }] : [],
  );
}

/** Hints of a record field by its dotted path: the schema's x-ui under the screen's. */
export function hintsOf(screen: ResolvedScreen, path: string, schema: JsonSchema): FieldHints {
  return { ...(schema['x-ui'] as FieldHints | undefined), ...screen.record?.fields?.[path] };
}

export interface FormEntry extends Ranked {
  /** A widget renders one value; a field renders an object or array itself. */
  kind: 'widget' | 'field';
}

type Ui = Record<string, unknown>;

/** A section of the form as the root template draws it (texts in the language). */
export interface FormSectionUi {
  id: string;
  label: string;
  help?: string;
  fields: string[];
  advanced: boolean;
}

/**
 * Names of reference values found in the loaded record (field hint picker.value_label): a member's
 * user_client_id → "selin.kaya", so a reference is shown by its name, never its id.
 */
export function valueLabelsOf(screen: ResolvedScreen, record: Record<string, unknown> | undefined): Map<string, string> {
  const names = new Map<string, string>();
  if (!record) return names;
  for (const [path, hints] of Object.entries(screen.record?.fields ?? {})) {
    const label = hints.picker?.value_label;
    if (!label) continue;
    const [head, key] = path.includes('.') ? path.split('.') : [undefined, path];
    const holders = head ? ((record[head] as Record<string, unknown>[] | undefined) ?? []) : [record];
    for (const holder of Array.isArray(holders) ? holders : [holders]) {
      const value = holder?.[key];
      const text = label.map((f) => holder?.[f]).filter((v) => v !== undefined && v !== null && v !== '').join(' · ');
      if (typeof value === 'string' && text) names.set(value, text);
    }
  }
  return names;
}

/**
 * rjsf's uiSchema for a form schema: for every field the best-ranked widget or field of `registry`, its
 * label in the language (x-label), help, options (rows, accept, size limit, picker) and read-only state
 * (the screen says so, or the user's auth codes do not allow changing it).
 */
export function buildUiSchema(
  screen: ResolvedScreen,
  schema: JsonSchema,
  registry: readonly FormEntry[],
  lang: Lang,
  access: AccessContext,
): Ui {
  /** `path`: the field's dotted path without list indices (bank_account_list.iban), as screens name hints. */
  const fieldUi = (name: string, field: JsonSchema, parent: JsonSchema, path: string): Ui => {
    const hints: FieldHints = hintsOf(screen, path, field);
    const ctx: TesterContext = { name, hints, parent };
    const entry = pickBest(registry, field, ctx, hints.widget);
    const ui: Ui = {};
    if (entry) ui[entry.kind === 'field' ? 'ui:field' : 'ui:widget'] = entry.name;
    // Our field draws the oneOf itself (the content by kind): rjsf must not add its own option selector.
    if (entry?.kind === 'field' && field.oneOf) ui['ui:fieldReplacesAnyOrOneOf'] = true;
    const label = labelOf(hints.label ?? field['x-label'], lang);
    if (label) ui['ui:title'] = label;
    if (hints.help) ui['ui:help'] = labelOf(hints.help, lang);
    if (hints.hidden) ui['ui:widget'] = 'hidden';
    const restricted = hints.auth_codes?.length && !hints.auth_codes.some((c) => access.authCodes.includes(c as never));
    if (hints.readonly || restricted || field.readOnly) ui['ui:readonly'] = true;
    const options: Ui = {};
    for (const k of ['rows', 'accept', 'max_bytes', 'picker', 'width'] as const) if (hints[k] !== undefined) options[k] = hints[k];
    if (Object.keys(options).length) ui['ui:options'] = options;
    if (hints.width) ui['ui:classNames'] = `field--${hints.width}`;
    // The branches' fields of a oneOf (content.html): the field drawing the oneOf passes them on.
    for (const branch of (field.oneOf as JsonSchema[] | undefined) ?? [])
      for (const [k, s] of Object.entries(branch.properties ?? {})) ui[k] ??= fieldUi(k, s, branch, `${path}.${k}`);
    if (entry?.kind !== 'field') {
      if (field.type === 'object' && field.properties)
        for (const [k, s] of Object.entries(field.properties)) ui[k] = fieldUi(k, s, field, `${path}.${k}`);
      // List items are named by what one item is ("Bank account 2"): the hint, the item schema's own label, else the list's.
      if (field.type === 'array' && field.items) {
        const itemLabel = labelOf(hints.item_label ?? (field.items['x-label'] !== field['x-label'] ? field.items['x-label'] : undefined), lang) || label;
        ui.items = { ...fieldUi(name, field.items, field, path), ...(itemLabel ? { 'ui:title': itemLabel } : {}) };
        ui['ui:options'] = { ...(ui['ui:options'] as Ui | undefined), itemLabel };
      }
    }
    return ui;
  };

  const ui: Ui = {};
  for (const [name, field] of Object.entries(schema.properties ?? {})) ui[name] = fieldUi(name, field, schema, name);
  const sections = (screen.record?.sections ?? []).map((sec) => ({ ...sec, fields: sec.fields.filter((k) => schema.properties?.[k]) })).filter((sec) => sec.fields.length);
  const order = sections.length ? sections.flatMap((sec) => sec.fields) : (screen.record?.order ?? []).filter((k) => schema.properties?.[k]);
  ui['ui:order'] = [...order, '*'];
  // A group alone in its section is named by the section's heading: its own title would say it again.
  for (const sec of sections)
    if (sec.fields.length === 1 && schema.properties?.[sec.fields[0]]?.type === 'object') {
      const own = (ui[sec.fields[0]] ?? {}) as Ui;
      ui[sec.fields[0]] = { ...own, 'ui:options': { ...(own['ui:options'] as Ui | undefined), untitled: true } };
    }
  if (sections.length)
    ui['ui:options'] = {
      sections: sections.map((sec): FormSectionUi => ({ id: sec.id, label: labelOf(sec.label, lang), help: sec.help ? labelOf(sec.help, lang) : undefined, fields: sec.fields, advanced: Boolean(sec.advanced) })),
    };
  ui['ui:submitButtonOptions'] = { norender: true };
  return ui;
}

// ---------------------------------------------------------------------------------------------------------
// Messages

/** The subset of rjsf's RJSFValidationError this module reads and writes. */
export interface FormError {
  name?: string;
  property?: string;
  message?: string;
  params?: Record<string, unknown>;
  stack: string;
  schemaPath?: string;
  title?: string;
}

const SKIPPED = new Set(['if', 'then', 'else', 'oneOf', 'anyOf', 'allOf', 'not', 'propertyNames']);

function schemaErrorOf(e: FormError): SchemaError & { field: string } {
  const segments = (e.property ?? '').replace(/^\./, '').split('.').filter(Boolean);
  const parent = e.name === 'required' ? segments.slice(0, -1) : segments;
  return { instancePath: parent.length ? `/${parent.join('/')}` : '', keyword: e.name ?? '', params: e.params ?? {}, field: segments.join('.') };
}

/** The label of a field path: its own x-label, else its parent's with the item number or the part's name ("Başlık › İngilizce"). */
function labelAt(schema: JsonSchema, path: string, lang: Lang, names: Record<string, string> = {}): string {
  let node: JsonSchema | undefined = schema;
  let label = '';
  for (const seg of path.split('.').filter(Boolean)) {
    const index = /^\d+$/.test(seg);
    node = index ? node?.items : schemaAt(node, seg);
    const own = labelOf(node?.['x-label'], lang);
    label = index ? `${label} ${Number(seg) + 1}` : own && !label ? own : label ? `${label} › ${own || names[seg] || seg}` : own || names[seg] || seg;
  }
  return label || path;
}

function valueAtPath(data: unknown, path: string): unknown {
  return path
    .split('.')
    .filter(Boolean)
    .reduce<unknown>((node, k) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined), data);
}

/**
 * ajv's errors in the user's language: the spec's own message where section 5 has one for the field
 * (username, mail...), else the shared sentences of src/domain/validation-messages.ts; each error's stack
 * names the field's label, for the summary above the form.
 */
export function translateErrors(errors: FormError[], schema: JsonSchema, lang: Lang, routeName: string, formData: unknown, names: Record<string, string> = {}): FormError[] {
  const kept = errors.filter((e) => !SKIPPED.has(e.name ?? ''));
  const schemaErrors = kept.map(schemaErrorOf);
  const spec = new Map(specFieldErrors(routeName, schemaErrors, formData).map((s) => [s.field, s.key as StatusKey]));
  return kept.map((e, i) => {
    const found = schemaErrors[i];
    // An empty list item fails its type: for a person that is a missing value.
    const empty = found.keyword === 'type' && valueAtPath(formData, found.field) === undefined;
    const se = empty ? { ...found, keyword: 'required', params: {} } : found;
    const specKey = spec.get(se.field);
    const message = specKey && statusCatalogue[specKey] ? statusMessage(specKey, lang) : (fieldErrors([se], lang)[0]?.message ?? e.message ?? '');
    const label = labelAt(schema, se.field, lang, names);
    return { ...e, message, stack: `${label}: ${message}`, title: label };
  });
}

export type ErrorTree = { __errors?: string[]; [key: string]: ErrorTree | string[] | undefined };

/**
 * The server's per-field errors (ApiError.errors) as rjsf's errorSchema; fields not in the form are returned
 * apart. `wrapper`: the request property holding the form's record (its name leads the server's paths).
 */
export function serverErrorTree(errors: readonly { field: string; message: string }[], schema: JsonSchema, wrapper: string | undefined, lang: Lang): { tree: ErrorTree; elsewhere: string[] } {
  const tree: ErrorTree = {};
  const elsewhere: string[] = [];
  for (const { field, message } of errors) {
    const path = field.split('.').filter(Boolean);
    if (wrapper && path[0] === wrapper) path.shift();
    if (!path.length || !schema.properties?.[path[0]]) {
      // A field the form does not show is named by its label when it has one, never by its path.
      const label = path.length ? labelAt(schema, path.join('.'), lang) : '';
      elsewhere.push(label && label !== path.join('.') ? `${label}: ${message}` : message);
      continue;
    }
    let node = tree;
    for (const seg of path) {
      const child = (node[seg] ?? {}) as ErrorTree;
      node[seg] = child;
      node = child;
    }
    node.__errors ??= [];
    node.__errors.push(message);
  }
  return { tree, elsewhere };
}

/** The form's values of a record: only the fields the form has. */
export function formDataOf(record: Record<string, unknown> | undefined, schema: JsonSchema): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  if (!record) return data;
  for (const k of Object.keys(schema.properties ?? {})) if (record[k] !== undefined && record[k] !== null) data[k] = record[k];
  return data;
}

/** JSON without undefined members and empty arrays/objects' noise, for comparing form states. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined).sort(([a], [b]) => a.localeCompare(b))) : v)) ?? '';
}

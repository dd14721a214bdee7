// The format of a generic screen (schemas/screens/<id>.json, checked by schemas/meta/screen.schema.json) and
// of its resolved form that codegen writes to src/generated/screens/<id>.json: the same definition with the
// entity schema and every route it names inlined (no $ref left), so the browser needs neither the contract
// nor a $ref resolver. Pure TypeScript: codegen, the contract test and renderers/generic share it.

export type { Bilingual, Lang } from './language';
import type { Bilingual, Lang } from './language';
export type ScreenView = 'list' | 'record';

/** A JSON Schema node after inlining: plain JSON, annotations (x-label, x-enum-labels, x-ui, x-ref) kept. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  readOnly?: boolean;
  writeOnly?: boolean;
  default?: unknown;
  title?: string;
  'x-label'?: Bilingual;
  'x-enum-labels'?: Bilingual[];
  'x-ref'?: string;
  'x-ui'?: FieldHints;
  'x-secret'?: boolean;
  [keyword: string]: unknown;
};

/** Where a screen parameter's value comes from. */
export interface ParamSource {
  /** query: the page's query string (or the page's fixed screen.params); user: the signed-in user's id. */
  from: 'query' | 'user';
  /** The entity the value names (a *_client_id): a missing required value is chosen with its reference picker. */
  entity?: string;
  label?: Bilingual;
}

/** Where a value is shown next: another screen's list or record view, its parameters taken by name. */
export interface OpenTarget {
  screen: string;
  view: ScreenView;
}

export interface ScreenAction {
  id: string;
  label: Bilingual;
  /** A call: its input is built by name from the screen's parameters, then the row's record. */
  route?: string;
  /** A navigation to another screen's view (row actions only). */
  open?: OpenTarget;
  /** Offered only when each named record field holds one of the listed values. */
  when?: Record<string, (string | number | boolean)[]>;
  /** A question asked before the call. */
  confirm?: Bilingual;
  /** Narrows who is offered the action (each must also be among the route's auth codes). */
  auth_codes?: string[];
  /** The message after a call succeeded. Confirm and done may name the row's fields as {{field}}, its name as {{label}}. */
  done?: Bilingual;
  /** A destructive call (delete), drawn as one. */
  danger?: boolean;
}

export interface ListColumn {
  /** A field of the list's record (dotted for nested values). */
  field: string;
  label?: Bilingual;
  /** The list route's sort key for this column (without the leading -). */
  sort?: string;
  /** A cell renderer by name (beats the ranked choice). */
  cell?: string;
  /** Not shown until the user picks it in the column chooser. */
  hidden?: boolean;
  /** The text of an empty value. */
  empty?: Bilingual;
  /** Which columns give way on a narrow list: 3 first, then 2, never 1 (default 2; the first column is 1). */
  priority?: 1 | 2 | 3;
  /** Long values wrap instead of being cut to one line. */
  wrap?: boolean;
}

export interface ListFilter {
  /** A property of the list route's request. */
  field: string;
  label?: Bilingual;
  /** A hint under the filter. */
  hint?: Bilingual;
  /** Another filter (a date or a number) this one must not be before. */
  not_before?: string;
}

/** UI hints of one record field (also accepted as x-ui in an entity schema; the screen's win). */
export interface FieldHints {
  /** A widget of the renderer's registry by name (beats the ranked choice). */
  widget?: string;
  hidden?: boolean;
  /** The record forms the field is on (absent: both). */
  modes?: ('new' | 'edit')[];
  readonly?: boolean;
  /** Only holders of one of these may change the field; others see it read-only. */
  auth_codes?: string[];
  width?: 'full' | 'half';
  /** Text areas: visible rows. */
  rows?: number;
  /** File fields: allowed extensions (without the dot) and the size limit. */
  accept?: string[];
  max_bytes?: number;
  /** Reference fields: how to search the referenced records (else the referenced entity's screen). */
  picker?: PickerSource;
  help?: Bilingual;
  /** The field's name on this screen, in place of its x-label (fields of one name in different groups). */
  label?: Bilingual;
  /** What one item of a list is called: its heading and its add button. */
  item_label?: Bilingual;
  /** The value the field starts with when the record lacks it. */
  default?: unknown;
  /** On a new record the field follows another one (by path) until the user types it. */
  derive?: DeriveHint;
}

export interface DeriveHint {
  /** The source field's path in the form. */
  from: string;
  /** slug: kampanya-haberleri; path: /kampanya-haberleri; name: kampanya_haberleri. */
  as: 'slug' | 'path' | 'name';
}

/** Rows in tree order: children after their parent (parent field → key field), siblings by position. */
export interface ListTree {
  parent: string;
  key: string;
  position: string;
}

/** Move up / move down among siblings through a route taking the moved records as items. */
export interface ListReorder {
  route: string;
  items: string;
}

export interface PickerSource {
  route: string;
  /** The answer's list property. */
  items: string;
  /** Where the record is inside each item, when items wrap it. */
  item_record?: string;
  /** The record field that is the value. */
  value: string;
  /** Record fields joined to name a choice. */
  label: string[];
  /** The fewest characters the route searches with. */
  min_search?: number;
  /** Fields beside the reference in the loaded record that name its current value. */
  value_label?: string[];
  /** Written by codegen: the label fields that are enumerations, with their labels. */
  label_enums?: Record<string, JsonSchema>;
}

/** A titled part of a record form; an advanced one starts folded. */
export interface FormSection {
  id: string;
  label: Bilingual;
  help?: Bilingual;
  fields: string[];
  advanced?: boolean;
}

export interface RelatedList {
  /** The get answer's array shown read-only under the record. */
  items: string;
  title: Bilingual;
  /** The entity of the array's items (its name; the source file names it by $ref). */
  entity: string;
  columns: ListColumn[];
  /** Each row links to this screen's record view. */
  open?: OpenTarget;
}

export interface ScreenDefinition {
  id: string;
  /** The entity's name (schemas/entities/<entity>.json); the source file names it as {"$ref": "../entities/<entity>.json"}. */
  entity: string;
  title: Bilingual;
  /** The record's id field; also its query-string name. */
  key: string;
  /** The field that names a record (pickers, confirmations). */
  label_field: string;
  params?: Record<string, ParamSource>;
  routes: { list?: string; get?: string; new?: string; edit?: string };
  /** A client effect run after every successful write from the screen (renderers/generic/effects.ts). */
  after_write?: AfterWrite;
  list?: {
    items: string;
    item_record?: string;
    columns: ListColumn[];
    search?: boolean;
    /** What the search matches, under the search box. */
    search_hint?: Bilingual;
    filters?: ListFilter[];
    sort?: string;
    page_size?: number;
    /** Rows in tree order; the list route answers every record at once. */
    tree?: ListTree;
    reorder?: ListReorder;
    row_actions?: ScreenAction[];
    bulk_actions?: ScreenAction[];
    export?: ('csv' | 'excel')[];
  };
  record?: {
    /** Where the record is in the get, new and edit answers. */
    record: string;
    /** Where the record is in the new and edit requests, when they wrap it. */
    request_record?: string;
    /** Optimistic concurrency: the record's version field (sent with a save; 409 offers the latest). */
    version_field?: string;
    /** Messages after a save, with {{field}} of the saved record and {{label}}. */
    done?: { new?: Bilingual; edit?: Bilingual };
    order?: string[];
    /** Where "back to the list" leads when the screen has no list of its own. */
    back?: OpenTarget;
    sections?: FormSection[];
    fields?: Record<string, FieldHints>;
    related?: RelatedList[];
    /** Answer fields of the save shown once after it (a key the server made), with a copy button. */
    reveal_once?: RevealField[];
  };
}

/** The client effects a screen may name as after_write (schemas/meta/screen.schema.json). */
export type AfterWrite = 'website_units';

/** A secret of the save answer shown once: its field in the new or edit answer and its label. */
export interface RevealField {
  field: string;
  label: Bilingual;
}

/** A route as the renderer needs it: how to call it, who may, and its request schema (inlined). */
export interface ScreenRoute {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  caller_type: 'none' | 'token' | 'token_or_fkey' | 'token_or_fkey_or_none';
  effect: 'read' | 'write';
  auth_codes: string[];
  request: JsonSchema;
}

/** What codegen writes per screen: the definition plus every schema it needs, inlined. */
export interface ResolvedScreen extends ScreenDefinition {
  entity_schema: JsonSchema;
  related_schemas: Record<string, JsonSchema>;
  route_table: Record<string, ScreenRoute>;
}

/** A page's (or website unit's) choice of screen: the page.json `screen` field. */
export interface ScreenRef {
  id: string;
  view: ScreenView;
  params?: Record<string, string | undefined>;
}

export const labelOf = (b: Bilingual | undefined, lang: Lang, fallback = ''): string => b?.[lang] || b?.[lang === 'tr' ? 'en' : 'tr'] || fallback;

/** A value at a dotted path of a record (`bundle.bundle_name`). */
export function valueAt(record: unknown, path: string | undefined): unknown {
  if (!path) return record;
  let node: unknown = record;
  for (const k of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[k];
  }
  return node;
}

/**
 * A route's input, by name: each request property takes the screen's parameter of that name, else the
 * record's field of that name, else the extra value. The caller's own ids (params) win over the record's
 * (a bundle's user_client_id is its creator; the route wants the caller).
 */
export function routeInput(route: ScreenRoute, params: Record<string, unknown>, record: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const name of Object.keys(route.request.properties ?? {})) {
    const value = params[name] ?? record[name] ?? extra[name];
    if (value !== undefined && value !== null && value !== '') input[name] = value;
  }
  return input;
}

/** The request properties a screen fills itself (parameters and the record key), never shown as form fields. */
export const contextFields = (screen: Pick<ScreenDefinition, 'params' | 'key'>): Set<string> => new Set([...Object.keys(screen.params ?? {}), screen.key]);

/** The property that tells a oneOf's branches apart: one every branch has with a const (content.kind). */
export function discriminatorOf(schema: JsonSchema | undefined): string | undefined {
  const branches = schema?.oneOf as JsonSchema[] | undefined;
  if (!branches?.length) return undefined;
  return Object.keys(branches[0].properties ?? {}).find((k) => branches.every((b) => b.properties?.[k]?.const !== undefined));
}

/**
 * The schema of a dotted field path (`path.en`, `content.kind`). Through a oneOf told apart by a const
 * property, that property reads as an enumeration of the branches' consts, labelled by each branch's x-label;
 * another property is the first branch's that has it.
 */
export function schemaAt(schema: JsonSchema | undefined, path: string): JsonSchema | undefined {
  let node = schema;
  for (const seg of path.split('.')) {
    if (!node) return undefined;
    const own = node.properties?.[seg];
    if (own) {
      node = own;
      continue;
    }
    const branches = ((node.oneOf as JsonSchema[] | undefined) ?? []).filter((b) => b.properties?.[seg]);
    if (!branches.length) return undefined;
    if (seg === discriminatorOf(node)) {
      const values = branches.map((b) => b.properties![seg].const);
      node = { enum: values, 'x-enum-labels': branches.map((b, i) => b['x-label'] ?? { en: String(values[i]), tr: String(values[i]) }) };
    } else node = branches[0].properties![seg];
  }
  return node;
}

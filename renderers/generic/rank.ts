// Renderers chosen by rank (after JSON Forms' testers): each entry of a registry has a tester that scores a
// field's schema; the highest score wins, and a score below zero means "not for this field". A specific
// renderer (a money input, a reference picker) replaces a general one just by scoring higher; a screen's
// explicit choice (`widget` / `cell` by name) scores above every tester.
import type { FieldHints, JsonSchema } from '../../src/domain/screen';

export const NOT_APPLICABLE = -1;
/** The score of a renderer the screen names explicitly. */
export const EXPLICIT = 1000;

export interface TesterContext {
  /** The field's own name (last segment of its path). */
  name: string;
  /** The screen's and the entity's UI hints for the field. */
  hints: FieldHints;
  /** The object the field belongs to (to look at siblings: a money amount beside its currency). */
  parent?: JsonSchema;
}

export type Predicate = (schema: JsonSchema, ctx: TesterContext) => boolean;
export type Tester = (schema: JsonSchema, ctx: TesterContext) => number;

export const rankWith =
  (rank: number, predicate: Predicate): Tester =>
  (schema, ctx) =>
    predicate(schema, ctx) ? rank : NOT_APPLICABLE;

const typesOf = (schema: JsonSchema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

export const schemaTypeIs =
  (type: string): Predicate =>
  (schema) =>
    typesOf(schema).includes(type);
export const formatIs =
  (format: string): Predicate =>
  (schema) =>
    schema.format === format;
export const hasEnum: Predicate = (schema) => Array.isArray(schema.enum) && schema.enum.length > 0;
export const hasRef: Predicate = (schema) => typeof schema['x-ref'] === 'string';
export const titleIs =
  (title: string): Predicate =>
  (schema) =>
    schema.title === title;
export const nameMatches =
  (re: RegExp): Predicate =>
  (_schema, ctx) =>
    re.test(ctx.name);
export const schemaMatches = (test: (schema: JsonSchema) => boolean): Predicate => (schema) => test(schema);
export const and =
  (...predicates: Predicate[]): Predicate =>
  (schema, ctx) =>
    predicates.every((p) => p(schema, ctx));
export const or =
  (...predicates: Predicate[]): Predicate =>
  (schema, ctx) =>
    predicates.some((p) => p(schema, ctx));
export const not =
  (predicate: Predicate): Predicate =>
  (schema, ctx) =>
    !predicate(schema, ctx);
/** The screen's hint names this renderer. */
export const hintIs =
  (widget: string): Predicate =>
  (_schema, ctx) =>
    ctx.hints.widget === widget;

export interface Ranked {
  name: string;
  tester: Tester;
}

/** The best-scoring entry for the field (an explicit `widget` hint naming an entry wins), or undefined. */
export function pickBest<E extends Ranked>(registry: readonly E[], schema: JsonSchema, ctx: TesterContext, explicit?: string): E | undefined {
  if (explicit) {
    const named = registry.find((e) => e.name === explicit);
    if (named) return named;
  }
  let best: E | undefined;
  let bestScore = NOT_APPLICABLE;
  for (const entry of registry) {
    const score = entry.tester(schema, ctx);
    if (score > bestScore) {
      best = entry;
      bestScore = score;
    }
  }
  return best;
}

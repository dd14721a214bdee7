// The data-model document (schemas/entities/data_model.json) as the designer's modules see it: paths into it,
// every parameter with its place (sub-parameters of object and list types included), and parameter codes.
import { languageLabel } from '../../generated/enums/languageLabel';
import { dataModelParameterRules } from '../../generated/field-rules';
import type { DataModel, DataModelParameter, DataModelParameterType, LocalizedText } from '../../generated/types/entities';
import type { Lang } from '../language';

/** A path into the document, key by key (`['group_list', 0, 'parameter_list', 2, 'code']`): where a UI points. */
export type DocPath = (string | number)[];

/** The languages a model's texts are written in. */
export const LANGS = languageLabel.values as readonly Lang[];

/** Types whose answers are chosen from options (spec section 3). */
export const CHOICE_TYPES = ['select', 'radiogroup', 'checkbox', 'listbox'] as const satisfies readonly DataModelParameterType[];
/** Types that hold sub-parameters. */
export const NESTED_TYPES = ['object', 'list'] as const satisfies readonly DataModelParameterType[];

export const isChoice = (type: DataModelParameterType): boolean => (CHOICE_TYPES as readonly string[]).includes(type);
export const isNested = (type: DataModelParameterType): boolean => (NESTED_TYPES as readonly string[]).includes(type);

/** A parameter code or group code (spec section 5): digits, letters, `_` and `-`, not ending in `_` or `-`; at most 64. */
export const CODE_PATTERN = new RegExp(dataModelParameterRules.code.pattern);
export const CODE_MAX = dataModelParameterRules.code.maxLength;
export const isCode = (code: string): boolean => code.length <= CODE_MAX && CODE_PATTERN.test(code);

/** One parameter and where it sits: its path, the group it is in and the parameter holding it (for a sub-parameter). */
export interface Placed {
  parameter: DataModelParameter;
  path: DocPath;
  group: string;
  parent?: string;
  index: number;
}

/** The parameters of a list and their sub-parameters, depth first (a parameter before its sub-parameters). */
export function* parametersIn(list: readonly DataModelParameter[], path: DocPath, group: string, parent?: string): Generator<Placed> {
  for (let index = 0; index < list.length; index++) {
    const parameter = list[index];
    const at = [...path, index];
    yield { parameter, path: at, group, parent, index };
    if (parameter.parameter_list) yield* parametersIn(parameter.parameter_list, [...at, 'parameter_list'], group, parameter.code);
  }
}

/** Every parameter of the model, depth first in document order. */
export function* parametersOf(doc: DataModel): Generator<Placed> {
  for (let g = 0; g < doc.group_list.length; g++) yield* parametersIn(doc.group_list[g].parameter_list, ['group_list', g, 'parameter_list'], doc.group_list[g].code);
}

/** A parameter by its code (the first one, should the code be repeated), or undefined. */
export function findParameter(doc: DataModel, code: string): Placed | undefined {
  for (const placed of parametersOf(doc)) if (placed.parameter.code === code) return placed;
  return undefined;
}

/** Every parameter code in use, sub-parameters included. */
export const parameterCodes = (doc: DataModel): Set<string> => new Set([...parametersOf(doc)].map((p) => p.parameter.code));

/** The value at a path, or undefined. */
export function at(doc: unknown, path: DocPath): unknown {
  let value = doc;
  for (const key of path) value = value === null || typeof value !== 'object' ? undefined : (value as Record<string | number, unknown>)[key];
  return value;
}

/** A path as a JSON pointer (`/group_list/0/parameter_list/2/code`), the way schema errors name a field. */
export const pointer = (path: DocPath): string => path.map((k) => `/${String(k).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** A text in a language: the language's own, else nothing (a gap). */
export const textIn = (text: LocalizedText | undefined, lang: Lang): string | undefined => {
  const value = text?.[lang];
  return value?.trim() ? value : undefined;
};

/** A label to show in a message or the history: the text in the language, else in the other one, else the code. */
export const nameOf = (text: LocalizedText | undefined, lang: Lang, fallback: string): string =>
  textIn(text, lang) ?? LANGS.map((l) => textIn(text, l)).find(Boolean) ?? fallback;

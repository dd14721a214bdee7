// The data-model rules of spec section 5, as a list of problems: the field's path in the document (so the
// designer points at it), the error catalogue's key (schemas/errors.json, both languages) and the message's
// parameters. Title and language required; option labels unique within their parameter (per language);
// parameter codes of the pattern and unique in the whole model (sub-parameters included); min ≤ max; options
// for choice types and sub-parameters for object and list types; a rule's parentheses balanced; and a group
// holding parameters is not deleted (asked by the delete command before it runs).
import type { StatusKey } from '../../generated/errors';
import type { DataModel, DataModelOption, DataModelParameter } from '../../generated/types/entities';
import { parseCondition } from '../rules';
import { statusMessage } from '../status-messages';
import type { Lang } from '../language';
import { isChoice, isCode, isNested, LANGS, parametersOf, pointer, textIn, type DocPath } from './document';

export interface Problem {
  path: DocPath;
  key: StatusKey;
  params: Record<string, unknown>;
}

/** A problem's message in a language. */
export const problemMessage = (problem: Problem, lang: Lang): string => statusMessage(problem.key, lang, problem.params);

const same = (text: string) => text.trim().toLocaleLowerCase('tr');

/** The items whose key repeats an earlier item's (each repeat once; the first of a kind is not flagged). */
function repeats<T>(items: readonly T[], keyOf: (item: T) => string | undefined): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  items.forEach((item, i) => {
    const key = keyOf(item);
    if (key === undefined) return;
    if (seen.has(key)) out.push(i);
    else seen.add(key);
  });
  return out;
}

/**
 * Option labels unique within the parameter: the label itself, and the text in each language — the
 * translation, or in the model's language the label when that translation is missing.
 */
function optionProblems(options: readonly DataModelOption[], path: DocPath, modelLang: Lang | undefined): Problem[] {
  const problems: Problem[] = [];
  const flagged = new Set<string>();
  const flag = (i: number, field: DocPath, label: string) => {
    const at = [...path, 'option_list', i, ...field];
    if (flagged.has(pointer(at))) return;
    flagged.add(pointer(at));
    problems.push({ path: at, key: 'option_label_not_unique', params: { label } });
  };
  for (const i of repeats(options, (o) => (o.label.trim() ? same(o.label) : undefined))) flag(i, ['label'], options[i].label);
  for (const lang of LANGS) {
    const textOf = (o: DataModelOption) => textIn(o.translation, lang) ?? (lang === modelLang && o.label.trim() ? o.label : undefined);
    for (const i of repeats(options, (o) => {
      const t = textOf(o);
      return t === undefined ? undefined : same(t);
    }))
      flag(i, textIn(options[i].translation, lang) === undefined ? ['label'] : ['translation', lang], textOf(options[i])!);
  }
  return problems;
}

/** The parentheses of a "show when" rule, checked by the rule engine's parser. */
function ruleProblem(rule: string, path: DocPath): Problem | null {
  const parsed = parseCondition(rule);
  if (parsed.ok || parsed.issue.code !== 'parenthesis') return null;
  return { path: [...path, 'rule'], key: 'parenthesis', params: parsed.issue.span ? { span: parsed.issue.span } : {} };
}

function parameterProblems(p: DataModelParameter, path: DocPath, modelLang: Lang | undefined): Problem[] {
  const problems: Problem[] = [];
  if (!isCode(p.code)) problems.push({ path: [...path, 'code'], key: 'parameter_code_format', params: { code: p.code } });
  if (p.min_limit !== undefined && p.max_limit !== undefined && p.min_limit > p.max_limit)
    problems.push({ path: [...path, 'min_limit'], key: 'limit_min_over_max', params: { min: p.min_limit, max: p.max_limit } });
  if (isChoice(p.type) && !p.option_list?.length) problems.push({ path: [...path, 'option_list'], key: 'parameter_options_required', params: {} });
  if (isNested(p.type) && !p.parameter_list?.length) problems.push({ path: [...path, 'parameter_list'], key: 'parameter_sub_parameters_required', params: {} });
  if (p.option_list) problems.push(...optionProblems(p.option_list, path, modelLang));
  if (p.rule !== undefined) {
    const rule = ruleProblem(p.rule, path);
    if (rule) problems.push(rule);
  }
  return problems;
}

/** Every problem of the model, in document order. */
export function validateModel(doc: DataModel): Problem[] {
  const problems: Problem[] = [];
  const lang = doc.language as Lang | undefined;
  if (!lang) problems.push({ path: ['language'], key: 'data_model_language_required', params: {} });
  if (lang ? !textIn(doc.title, lang) : !LANGS.some((l) => textIn(doc.title, l)))
    problems.push({ path: lang ? ['title', lang] : ['title'], key: 'data_model_title_required', params: {} });

  doc.group_list.forEach((g, i) => {
    if (!isCode(g.code)) problems.push({ path: ['group_list', i, 'code'], key: 'group_code_format', params: { code: g.code } });
  });
  for (const i of repeats(doc.group_list, (g) => g.code)) problems.push({ path: ['group_list', i, 'code'], key: 'group_code_not_unique', params: { code: doc.group_list[i].code } });

  const placed = [...parametersOf(doc)];
  for (const { parameter, path } of placed) problems.push(...parameterProblems(parameter, path, lang));
  for (const i of repeats(placed, (p) => p.parameter.code))
    problems.push({ path: [...placed[i].path, 'code'], key: 'parameter_code_not_unique', params: { code: placed[i].parameter.code } });
  return problems;
}

/** Whether a group may be deleted: a group holding parameters may not (spec section 5); the problem, or null. */
export function groupDeleteProblem(doc: DataModel, code: string): Problem | null {
  const i = doc.group_list.findIndex((g) => g.code === code);
  const count = i < 0 ? 0 : doc.group_list[i].parameter_list.length;
  return count ? { path: ['group_list', i], key: 'group_has_parameters', params: { code, count } } : null;
}

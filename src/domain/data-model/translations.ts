// The translations grid's data: every text of a model (its title, group names, parameter labels with
// sub-parameters', option labels) in each language, and the gaps — for each language a text is missing in, its
// path and the text in the languages that have it. A cell is filled by the `text.set` command of its row's
// target. An option's own `label` is its text in the model's language unless a translation says otherwise.
import type { DataModel, LocalizedText } from '../../generated/types/entities';
import type { Lang } from '../language';
import type { Command, TextTarget } from './commands';
import { LANGS, parametersIn, textIn, type DocPath } from './document';

export interface TextRow {
  target: TextTarget;
  /** The localized text's path in the document (`['group_list', 0, 'label']`; an option's `translation`). */
  path: DocPath;
  texts: LocalizedText;
}

export interface Gap {
  target: TextTarget;
  /** Where the missing text goes: the row's path and the language. */
  path: DocPath;
  lang: Lang;
  /** The text in the languages that have it. */
  have: LocalizedText;
}

const only = (text: LocalizedText | undefined): LocalizedText => {
  const out: LocalizedText = {};
  for (const lang of LANGS) {
    const t = textIn(text, lang);
    if (t !== undefined) out[lang] = t;
  }
  return out;
};

/** Every text of the model in document order: the title, each group followed by its parameters (each followed by its options, then its sub-parameters). */
export function textRows(doc: DataModel): TextRow[] {
  const rows: TextRow[] = [{ target: { kind: 'title' }, path: ['title'], texts: only(doc.title) }];
  const modelLang = doc.language as Lang | undefined;
  doc.group_list.forEach((g, i) => {
    rows.push({ target: { kind: 'group', group: g.code }, path: ['group_list', i, 'label'], texts: only(g.label) });
    for (const { parameter, path } of parametersIn(g.parameter_list, ['group_list', i, 'parameter_list'], g.code)) {
      rows.push({ target: { kind: 'parameter', parameter: parameter.code }, path: [...path, 'label'], texts: only(parameter.label) });
      parameter.option_list?.forEach((o, j) => {
        const texts = only(o.translation);
        if (modelLang && texts[modelLang] === undefined && o.label.trim()) texts[modelLang] = o.label;
        rows.push({ target: { kind: 'option', parameter: parameter.code, option: j }, path: [...path, 'option_list', j, 'translation'], texts });
      });
    }
  });
  return rows;
}

/** The missing cells: one per text and language it lacks. */
export function translationGaps(doc: DataModel): Gap[] {
  const gaps: Gap[] = [];
  for (const row of textRows(doc))
    for (const lang of LANGS) if (row.texts[lang] === undefined) gaps.push({ target: row.target, path: [...row.path, lang], lang, have: row.texts });
  return gaps;
}

/** The command that fills (or clears, with an empty text) one cell of the grid. */
export const fillCommand = (target: TextTarget, lang: Lang, value: string): Command => ({ type: 'text.set', target, lang, value: value.trim() ? value : undefined });

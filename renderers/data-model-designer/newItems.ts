// What "add a group" and "add a parameter" put in the model: a free code (`group_3`, `parameter_12`) and a
// name in the model's language that says what it is, for the designer to change.
import type { DataModel, DataModelGroup, DataModelParameter } from '../../src/generated/types/entities';
import { parameterCodes } from '../../src/domain/data-model/document';
import type { Lang } from '../../src/domain/language';

const WORDS = {
  group: { en: 'New group', tr: 'Yeni grup' },
  parameter: { en: 'New parameter', tr: 'Yeni parametre' },
} as const;

function free(prefix: string, taken: ReadonlySet<string>): { code: string; n: number } {
  for (let n = taken.size + 1; ; n++) if (!taken.has(`${prefix}_${n}`)) return { code: `${prefix}_${n}`, n };
}

const langOf = (doc: DataModel, fallback: Lang): Lang => (doc.language as Lang | undefined) ?? fallback;

export function newGroup(doc: DataModel, lang: Lang): DataModelGroup {
  const { code, n } = free('group', new Set(doc.group_list.map((g) => g.code)));
  const l = langOf(doc, lang);
  return { code, label: { [l]: `${WORDS.group[l]} ${n}` }, parameter_list: [] };
}

export function newParameter(doc: DataModel, lang: Lang): DataModelParameter {
  const { code, n } = free('parameter', parameterCodes(doc));
  const l = langOf(doc, lang);
  return { code, label: { [l]: `${WORDS.parameter[l]} ${n}` }, type: 'text' };
}

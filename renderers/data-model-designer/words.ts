// Small helpers the designer's panels share: the enumeration labels (shared, src/app/ui/labels.ts), and
// the name of a selection or a problem's place in words.
import type { DataModel } from '../../src/generated/types/entities';
import { at, findParameter, nameOf, type DocPath } from '../../src/domain/data-model/document';
import type { Lang } from '../../src/domain/language';
import type { Selection } from './store';

export { enumLabel, enumOptions } from '../../src/app/ui/labels';

/**
 * The outline item a document path belongs to (a problem's place): the parameter or group holding it, else
 * the model. Parameters are found by walking the path, so a sub-parameter's problem opens the sub-parameter.
 */
export function selectionAt(doc: DataModel, path: DocPath): Selection {
  let found: Selection = { kind: 'model' };
  for (let i = 0; i < path.length; i++) {
    const item = at(doc, path.slice(0, i + 1)) as { code?: string } | undefined;
    if (typeof path[i] !== 'number' || !item?.code) continue;
    found = path[i - 1] === 'group_list' ? { kind: 'group', code: item.code } : { kind: 'parameter', code: item.code };
  }
  return found;
}

/** The path's last field inside its item (`min_limit`, `label.en`, `option_list.2.label`), for matching a problem to a field. */
export function fieldOf(doc: DataModel, path: DocPath): string {
  let last = 0;
  for (let i = 0; i < path.length; i++) if (typeof path[i] === 'number' && (at(doc, path.slice(0, i + 1)) as { code?: string } | undefined)?.code) last = i + 1;
  return path.slice(last).join('.');
}

/** A selection's name: the label in the reader's language (or the other), else its code. */
export function selectionName(doc: DataModel, s: Selection, lang: Lang, modelWord: string): string {
  if (s.kind === 'model') return nameOf(doc.title, lang, modelWord);
  if (s.kind === 'group') {
    const g = doc.group_list.find((x) => x.code === s.code);
    return nameOf(g?.label, lang, s.code);
  }
  return nameOf(findParameter(doc, s.code)?.parameter.label, lang, s.code);
}

// Every edit of a data model is a command, as on the rule canvas: a plain object naming what changes, run by
// its handler on an immer draft; the shared command stack (src/domain/command-stack.ts) keeps the patches both
// ways, so undo and redo are exact, and its entries are the edit history, each said in words in both
// languages (`describe`). A command the spec's rules forbid (deleting a group that holds parameters) is
// refused with the rule's message and changes nothing.
import { isDraft, original, type Draft } from 'immer';
import { applyWith, emptyHistory as emptyStack, record, setAtPath, type Applied, type Entry as StackEntry, type ExecuteOptions, type History as StackHistory } from '../command-stack';
import type { DataModel, DataModelGroup, DataModelOption, DataModelParameter, LocalizedText } from '../../generated/types/entities';
import type { Bilingual, Lang } from '../language';
import { at, findParameter } from './document';
import { groupDeleteProblem, type Problem } from './validate';

export { MAX_HISTORY, redo, seal, undo, type ExecuteOptions } from '../command-stack';

/** A list of parameters: a group's, or the sub-parameters of an object or list parameter. */
export type ListRef = { group: string } | { parent: string };

/** A text of the model, as a translations grid names its rows. */
export type TextTarget = { kind: 'title' } | { kind: 'group'; group: string } | { kind: 'parameter'; parameter: string } | { kind: 'option'; parameter: string; option: number };

export type ModelField = 'language' | 'color' | 'template' | `title.${Lang}`;

export type Command =
  /** Sets a field of the model: `title.en`, `language`, `color`, `template` (`undefined` clears it). */
  | { type: 'model.set'; path: ModelField; value: unknown }
  /** Adds groups (a new one, or a paste) at `index`, else at the end. */
  | { type: 'group.add'; groups: DataModelGroup[]; index?: number }
  /** Sets a group's name in one language (`undefined` removes it). */
  | { type: 'group.rename'; group: string; lang: Lang; text: string | undefined }
  /** Sets a group's code (its label has `group.rename`). */
  | { type: 'group.update'; group: string; path: 'code'; value: string }
  /** Deletes an empty group; one holding parameters is refused (spec section 5). */
  | { type: 'group.delete'; group: string }
  | { type: 'group.move'; from: number; to: number }
  /** Adds parameters (a new one, or a paste) to a list at `index`, else at the end. */
  | { type: 'parameter.add'; to: ListRef; parameters: DataModelParameter[]; index?: number }
  /**
   * Sets one value inside a parameter by a dotted path: `label.tr`, `min_limit`, `rule`, `option_list.0.label`,
   * `parameter_list.<sub code>.unit`; `undefined` removes the key.
   */
  | { type: 'parameter.update'; parameter: string; path: string; value: unknown }
  /** Deletes a parameter with its sub-parameters. */
  | { type: 'parameter.delete'; parameter: string }
  /** Moves a parameter to a list (its own or another group's, or an object's sub-parameters) at `index`. */
  | { type: 'parameter.move'; parameter: string; to: ListRef; index: number }
  | { type: 'option.add'; parameter: string; option: DataModelOption; index?: number }
  /** Sets a value of an option by a dotted path: `label`, `value`, `translation.en`. */
  | { type: 'option.update'; parameter: string; option: number; path: string; value: unknown }
  | { type: 'option.delete'; parameter: string; option: number }
  | { type: 'option.move'; parameter: string; from: number; to: number }
  /** Sets one cell of the translations grid: a text in one language (`undefined` removes it). */
  | { type: 'text.set'; target: TextTarget; lang: Lang; value: string | undefined }
  /** Replaces the whole document (an imported dictionary). */
  | { type: 'document.replace'; doc: DataModel };

export type CommandType = Command['type'];

/** Why a command was refused: the rule's message (error catalogue key), the field it is about and the message's parameters. */
export type Refusal = Problem;

type D = Draft<DataModel>;
type Handler<C extends Command> = (doc: D, command: C) => void;
type Handlers = { [K in CommandType]: Handler<Extract<Command, { type: K }>> };

const groupIndex = (doc: DataModel | D, code: string): number => {
  const i = doc.group_list.findIndex((g) => g.code === code);
  if (i < 0) throw new Error(`no group ${code}`);
  return i;
};

/**
 * Where a parameter is, found on the document as it was before this command (walking the draft would make a
 * proxy of every parameter passed): its draft, the draft list holding it and its index there.
 */
function placeOf(doc: D, code: string): { parameter: Draft<DataModelParameter>; list: Draft<DataModelParameter>[]; index: number } {
  const placed = findParameter((isDraft(doc) ? original(doc) : doc) as DataModel, code);
  if (!placed) throw new Error(`no parameter ${code}`);
  const list = at(doc, placed.path.slice(0, -1)) as Draft<DataModelParameter>[];
  return { parameter: list[placed.index], list, index: placed.index };
}

const parameterOf = (doc: D, code: string): Draft<DataModelParameter> => placeOf(doc, code).parameter;

function listOf(doc: D, ref: ListRef): Draft<DataModelParameter>[] {
  if ('group' in ref) return doc.group_list[groupIndex(doc, ref.group)].parameter_list;
  const parent = parameterOf(doc, ref.parent);
  parent.parameter_list ??= [];
  return parent.parameter_list;
}

const optionsOf = (doc: D, code: string): Draft<DataModelOption>[] => {
  const parameter = parameterOf(doc, code);
  parameter.option_list ??= [];
  return parameter.option_list;
};

function move<T>(list: T[], from: number, to: number): void {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return;
  const [item] = list.splice(from, 1);
  list.splice(to, 0, item);
}

/** Sets or removes a text of a localized object (removing the object's last language leaves it empty). */
function setText(holder: Record<string, unknown>, key: string, lang: Lang, value: string | undefined): void {
  if (value === undefined) {
    if (holder[key]) delete (holder[key] as LocalizedText)[lang];
    return;
  }
  holder[key] ??= {};
  (holder[key] as LocalizedText)[lang] = value;
}

const HANDLERS: Handlers = {
  'model.set': (doc, c) => {
    setAtPath(doc, c.path, c.value);
  },
  'group.add': (doc, c) => {
    doc.group_list.splice(c.index ?? doc.group_list.length, 0, ...structuredClone(c.groups));
  },
  'group.rename': (doc, c) => {
    setText(doc.group_list[groupIndex(doc, c.group)] as unknown as Record<string, unknown>, 'label', c.lang, c.text);
  },
  'group.update': (doc, c) => {
    doc.group_list[groupIndex(doc, c.group)].code = c.value;
  },
  'group.delete': (doc, c) => {
    const i = groupIndex(doc, c.group);
    if (doc.group_list[i].parameter_list.length) return; // refused before: see `refusal`
    doc.group_list.splice(i, 1);
  },
  'group.move': (doc, c) => move(doc.group_list, c.from, c.to),
  'parameter.add': (doc, c) => {
    const list = listOf(doc, c.to);
    list.splice(c.index ?? list.length, 0, ...structuredClone(c.parameters));
  },
  'parameter.update': (doc, c) => {
    setAtPath(parameterOf(doc, c.parameter), c.path, c.value, 'code');
  },
  'parameter.delete': (doc, c) => {
    const { list, index } = placeOf(doc, c.parameter);
    list.splice(index, 1);
  },
  'parameter.move': (doc, c) => {
    // Both places are found before anything moves: the target list keeps its identity when indices shift.
    const target = listOf(doc, c.to);
    const { list, index } = placeOf(doc, c.parameter);
    const [parameter] = list.splice(index, 1);
    target.splice(Math.max(0, Math.min(c.index, target.length)), 0, parameter);
  },
  'option.add': (doc, c) => {
    const options = optionsOf(doc, c.parameter);
    options.splice(c.index ?? options.length, 0, structuredClone(c.option));
  },
  'option.update': (doc, c) => {
    const option = optionsOf(doc, c.parameter)[c.option];
    if (!option) throw new Error(`no option ${c.option} of ${c.parameter}`);
    setAtPath(option, c.path, c.value);
  },
  'option.delete': (doc, c) => {
    optionsOf(doc, c.parameter).splice(c.option, 1);
  },
  'option.move': (doc, c) => move(optionsOf(doc, c.parameter), c.from, c.to),
  'text.set': (doc, c) => {
    const t = c.target;
    if (t.kind === 'title') setText(doc as unknown as Record<string, unknown>, 'title', c.lang, c.value);
    else if (t.kind === 'group') setText(doc.group_list[groupIndex(doc, t.group)] as unknown as Record<string, unknown>, 'label', c.lang, c.value);
    else if (t.kind === 'parameter') setText(parameterOf(doc, t.parameter) as unknown as Record<string, unknown>, 'label', c.lang, c.value);
    else {
      const option = optionsOf(doc, t.parameter)[t.option];
      if (!option) throw new Error(`no option ${t.option} of ${t.parameter}`);
      setText(option as unknown as Record<string, unknown>, 'translation', c.lang, c.value);
    }
  },
  'document.replace': (doc, c) => {
    for (const key of Object.keys(doc)) if (!(key in c.doc)) delete (doc as unknown as Record<string, unknown>)[key];
    Object.assign(doc, structuredClone(c.doc));
  },
};

/** Whether a parameter sits (at any depth) inside another: a parameter cannot move into its own sub-parameters. */
function inside(doc: DataModel, code: string, ancestor: string): boolean {
  for (let placed = findParameter(doc, code); placed?.parent; placed = findParameter(doc, placed.parent)) if (placed.parent === ancestor) return true;
  return false;
}

/** The rule a command would break, or null: a group holding parameters is not deleted (spec section 5). */
export function refusal(doc: DataModel, command: Command): Refusal | null {
  if (command.type === 'group.delete') return groupDeleteProblem(doc, command.group);
  if (command.type === 'parameter.move' && 'parent' in command.to && (command.to.parent === command.parameter || inside(doc, command.to.parent, command.parameter)))
    throw new Error(`parameter ${command.parameter} cannot move into itself`);
  return null;
}

/** Runs a command on a document: the next document and the patches both ways (none when nothing changed or it was refused). */
export function apply(doc: DataModel, command: Command): Applied<DataModel> {
  if (refusal(doc, command)) return { doc, patches: [], inverse: [] };
  return applyWith(doc, command, HANDLERS[command.type] as Handler<Command>);
}

// ---- the stack ----

export type Entry = StackEntry<Command>;
export type History = StackHistory<Command>;

export const emptyHistory = (): History => emptyStack<Command>();

export type Executed = { doc: DataModel; history: History; refused?: undefined } | { doc: DataModel; history: History; refused: Refusal };

/**
 * Runs a command and records it. A refused command answers the refusal with the document and history as they
 * were; a command that changed nothing answers null (nothing is recorded).
 */
export function execute(doc: DataModel, history: History, command: Command, options: ExecuteOptions = {}): Executed | null {
  const refused = refusal(doc, command);
  if (refused) return { doc, history, refused };
  return record(applyWith(doc, command, HANDLERS[command.type] as Handler<Command>), history, command, options);
}

// ---- in words ----

const LANG_NAME: Record<Lang, Bilingual> = { en: { en: 'English', tr: 'İngilizce' }, tr: { en: 'Turkish', tr: 'Türkçe' } };
const FIELD_NAME: Record<'language' | 'color' | 'template', Bilingual> = {
  language: { en: 'language', tr: 'dil' },
  color: { en: 'colour', tr: 'renk' },
  template: { en: 'template flag', tr: 'şablon işareti' },
};

const both = (en: string, tr: string): Bilingual => ({ en, tr });
const codes = (items: readonly { code: string }[]) => items.map((i) => i.code).join(', ');
const where = (ref: ListRef): Bilingual => ('group' in ref ? both(`group ${ref.group}`, `${ref.group} grubu`) : both(`parameter ${ref.parent}`, `${ref.parent} parametresi`));

function textName(t: TextTarget): Bilingual {
  if (t.kind === 'title') return both('the title', 'başlık');
  if (t.kind === 'group') return both(`group ${t.group}`, `${t.group} grubu`);
  if (t.kind === 'parameter') return both(`parameter ${t.parameter}`, `${t.parameter} parametresi`);
  return both(`option ${t.option + 1} of ${t.parameter}`, `${t.parameter} seçeneği ${t.option + 1}`);
}

/** What a command did, in both languages: the line of the edit history. */
export function describe(c: Command): Bilingual {
  switch (c.type) {
    case 'model.set': {
      if (c.path.startsWith('title.')) {
        const lang = LANG_NAME[c.path.slice(6) as Lang];
        return both(`Title (${lang.en}) set`, `Başlık (${lang.tr}) değiştirildi`);
      }
      const field = FIELD_NAME[c.path as keyof typeof FIELD_NAME];
      return both(`Model ${field.en} set`, `Modelin ${field.tr} değeri değiştirildi`);
    }
    case 'group.add':
      return both(`Group added: ${codes(c.groups)}`, `Grup eklendi: ${codes(c.groups)}`);
    case 'group.rename':
      return both(`Group ${c.group} renamed (${LANG_NAME[c.lang].en})`, `${c.group} grubunun adı değiştirildi (${LANG_NAME[c.lang].tr})`);
    case 'group.update':
      return both(`Group ${c.group}: code changed to ${c.value}`, `${c.group} grubu: kod ${c.value} olarak değiştirildi`);
    case 'group.delete':
      return both(`Group deleted: ${c.group}`, `Grup silindi: ${c.group}`);
    case 'group.move':
      return both(`Group moved from place ${c.from + 1} to ${c.to + 1}`, `Grup ${c.from + 1}. sıradan ${c.to + 1}. sıraya taşındı`);
    case 'parameter.add': {
      const w = where(c.to);
      return both(`Parameter added to ${w.en}: ${codes(c.parameters)}`, `Parametre eklendi (${w.tr}): ${codes(c.parameters)}`);
    }
    case 'parameter.update':
      return both(`Parameter ${c.parameter}: ${c.path} changed`, `${c.parameter} parametresi: ${c.path} değiştirildi`);
    case 'parameter.delete':
      return both(`Parameter deleted: ${c.parameter}`, `Parametre silindi: ${c.parameter}`);
    case 'parameter.move': {
      const w = where(c.to);
      return both(`Parameter ${c.parameter} moved to ${w.en}, place ${c.index + 1}`, `${c.parameter} parametresi taşındı: ${w.tr}, ${c.index + 1}. sıra`);
    }
    case 'option.add':
      return both(`Option "${c.option.label}" added to ${c.parameter}`, `${c.parameter} parametresine "${c.option.label}" seçeneği eklendi`);
    case 'option.update':
      return both(`Option ${c.option + 1} of ${c.parameter}: ${c.path} changed`, `${c.parameter} seçeneği ${c.option + 1}: ${c.path} değiştirildi`);
    case 'option.delete':
      return both(`Option ${c.option + 1} of ${c.parameter} deleted`, `${c.parameter} seçeneği ${c.option + 1} silindi`);
    case 'option.move':
      return both(`Option of ${c.parameter} moved from place ${c.from + 1} to ${c.to + 1}`, `${c.parameter} seçeneği ${c.from + 1}. sıradan ${c.to + 1}. sıraya taşındı`);
    case 'text.set': {
      const n = textName(c.target);
      return both(`Translation of ${n.en} (${LANG_NAME[c.lang].en}) set`, `Çeviri (${LANG_NAME[c.lang].tr}) değiştirildi: ${n.tr}`);
    }
    case 'document.replace':
      return both('Model replaced (import)', 'Model değiştirildi (içe aktarma)');
  }
}

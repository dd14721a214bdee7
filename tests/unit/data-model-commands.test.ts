// The data-model designer's commands: every edit undoes to exactly the document before it and redoes to
// exactly the one after it, a long sequence undoes all the way back, a group holding parameters is refused
// with the spec's message and nothing changes, and every history line is said in both languages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apply, describe as say, emptyHistory, execute, redo, seal, undo, type Command, type History } from '../../src/domain/data-model/commands';
import { findParameter } from '../../src/domain/data-model/document';
import { problemMessage } from '../../src/domain/data-model/validate';
import type { DataModel } from '../../src/generated/types/entities';

const model = (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'entities', 'data_model.json'), 'utf8')) as { valid: DataModel[] }).valid[0];

const emptyGroup = { code: 'bos', label: { tr: 'Boş grup' }, parameter_list: [] };

const COMMANDS: [string, Command][] = [
  ['set the English title', { type: 'model.set', path: 'title.en', value: 'Admission' }],
  ['set the language', { type: 'model.set', path: 'language', value: 'en' }],
  ['set the colour', { type: 'model.set', path: 'color', value: '#ff0000' }],
  ['clear the colour', { type: 'model.set', path: 'color', value: undefined }],
  ['set the template flag', { type: 'model.set', path: 'template', value: true }],
  ['add a group', { type: 'group.add', groups: [emptyGroup] }],
  ['add a group first', { type: 'group.add', groups: [emptyGroup], index: 0 }],
  ['rename a group', { type: 'group.rename', group: 'genel', lang: 'en', text: 'General' }],
  ['remove a group name in one language', { type: 'group.rename', group: 'genel', lang: 'en', text: undefined }],
  ['move a group', { type: 'group.move', from: 1, to: 0 }],
  ['add a parameter', { type: 'parameter.add', to: { group: 'genel' }, parameters: [{ code: 'boy', label: { tr: 'Boy' }, type: 'integer' }], index: 1 }],
  ['add a sub-parameter', { type: 'parameter.add', to: { parent: 'sigara' }, parameters: [{ code: 'baslangic', label: { tr: 'Başlangıç yaşı' }, type: 'integer' }] }],
  ['update a label by path', { type: 'parameter.update', parameter: 'kreatinin', path: 'label.en', value: 'Serum creatinine' }],
  ['update a limit', { type: 'parameter.update', parameter: 'kreatinin', path: 'max_limit', value: 25 }],
  ['remove an optional value', { type: 'parameter.update', parameter: 'kreatinin', path: 'unit', value: undefined }],
  ['update a sub-parameter through its parent', { type: 'parameter.update', parameter: 'sigara', path: 'parameter_list.paket_yil.max_limit', value: 150 }],
  ['update an option through the parameter', { type: 'parameter.update', parameter: 'ecog', path: 'option_list.1.label', value: 'ECOG 1+' }],
  ['set a show-when rule', { type: 'parameter.update', parameter: 'kreatinin', path: 'rule', value: 'ecog = "1"' }],
  ['delete a parameter', { type: 'parameter.delete', parameter: 'kreatinin' }],
  ['delete a parameter with sub-parameters', { type: 'parameter.delete', parameter: 'sigara' }],
  ['delete a sub-parameter', { type: 'parameter.delete', parameter: 'birakti' }],
  ['move a parameter within its group', { type: 'parameter.move', parameter: 'sigara', to: { group: 'genel' }, index: 0 }],
  ['move a parameter to another group', { type: 'parameter.move', parameter: 'ecog', to: { group: 'laboratuvar' }, index: 1 }],
  ['move a sub-parameter out to a group', { type: 'parameter.move', parameter: 'paket_yil', to: { group: 'laboratuvar' }, index: 0 }],
  ['move a parameter into an object', { type: 'parameter.move', parameter: 'kreatinin', to: { parent: 'sigara' }, index: 0 }],
  ['add an option', { type: 'option.add', parameter: 'ecog', option: { label: 'ECOG 2', value: '2', translation: { en: 'Ambulatory' } } }],
  ['add an option first', { type: 'option.add', parameter: 'ecog', option: { label: 'ECOG -', value: '-' }, index: 0 }],
  ['update an option label', { type: 'option.update', parameter: 'ecog', option: 0, path: 'label', value: 'ECOG zero' }],
  ['update an option translation', { type: 'option.update', parameter: 'birakti', option: 1, path: 'translation.en', value: 'None' }],
  ['delete an option', { type: 'option.delete', parameter: 'ecog', option: 0 }],
  ['move an option', { type: 'option.move', parameter: 'ecog', from: 0, to: 1 }],
  ['fill a title cell', { type: 'text.set', target: { kind: 'title' }, lang: 'en', value: 'Form' }],
  ['fill a group cell', { type: 'text.set', target: { kind: 'group', group: 'laboratuvar' }, lang: 'en', value: 'Labs' }],
  ['fill a parameter cell', { type: 'text.set', target: { kind: 'parameter', parameter: 'paket_yil' }, lang: 'en', value: 'Pack years' }],
  ['fill an option cell', { type: 'text.set', target: { kind: 'option', parameter: 'ecog', option: 1 }, lang: 'en', value: 'Restricted' }],
  ['clear a cell', { type: 'text.set', target: { kind: 'parameter', parameter: 'ecog' }, lang: 'en', value: undefined }],
  ['replace the document', { type: 'document.replace', doc: { ...model, title: { en: 'Imported' }, group_list: [emptyGroup] } }],
];

describe('data-model commands', () => {
  it.each(COMMANDS)('%s: undo gives exactly the document before, redo exactly the one after', (_name, command) => {
    const before = structuredClone(model);
    const done = execute(model, emptyHistory(), command)!;
    expect(done, 'the command changed something').not.toBeNull();
    expect(done.refused).toBeUndefined();
    expect(done.doc).not.toEqual(before);
    expect(model, 'the document given is never changed').toEqual(before);
    const after = structuredClone(done.doc);
    const undone = undo(done.doc, done.history)!;
    expect(undone.doc).toEqual(before);
    const redone = redo(undone.doc, undone.history)!;
    expect(redone.doc).toEqual(after);
    expect(redone.history.past.map((e) => e.command)).toEqual([command]);
  });

  it.each(COMMANDS)('%s: is said in English and in Turkish', (_name, command) => {
    const words = say(command);
    expect(words.en.length).toBeGreaterThan(5);
    expect(words.tr.length).toBeGreaterThan(5);
    expect(words.tr).not.toBe(words.en);
  });

  it('the history reads as what was done, in the reader’s language', () => {
    let { doc, history } = execute(model, emptyHistory(), { type: 'group.add', groups: [emptyGroup] })!;
    ({ doc, history } = execute(doc, history, { type: 'text.set', target: { kind: 'parameter', parameter: 'paket_yil' }, lang: 'en', value: 'Pack years' })!);
    ({ doc, history } = execute(doc, history, { type: 'parameter.delete', parameter: 'kreatinin' })!);
    expect(history.past.map((e) => say(e.command))).toEqual([
      { en: 'Group added: bos', tr: 'Grup eklendi: bos' },
      { en: 'Translation of parameter paket_yil (English) set', tr: 'Çeviri (İngilizce) değiştirildi: paket_yil parametresi' },
      { en: 'Parameter deleted: kreatinin', tr: 'Parametre silindi: kreatinin' },
    ]);
  });

  it('a sequence of edits undoes back to the first document and redoes to the last, step by step', () => {
    let doc = model;
    let history: History = emptyHistory();
    const states = [structuredClone(doc)];
    const sequence = COMMANDS.map(([, c]) => c).filter((c) => c.type !== 'document.replace');
    for (const command of sequence) {
      // Commands that name what an earlier one removed are skipped: the sequence is what a designer could do.
      try {
        const done = execute(doc, history, command);
        if (!done || done.refused) continue;
        ({ doc, history } = done);
        states.push(structuredClone(doc));
      } catch {}
    }
    expect(states.length).toBeGreaterThan(20);
    expect(history.past).toHaveLength(states.length - 1);
    for (let i = states.length - 2; i >= 0; i--) {
      ({ doc, history } = undo(doc, history)!);
      expect(doc).toEqual(states[i]);
    }
    expect(undo(doc, history)).toBeNull();
    for (let i = 1; i < states.length; i++) {
      ({ doc, history } = redo(doc, history)!);
      expect(doc).toEqual(states[i]);
    }
    expect(redo(doc, history)).toBeNull();
  });

  it('a new edit after an undo drops the undone future', () => {
    const a = execute(model, emptyHistory(), { type: 'model.set', path: 'color', value: '#000000' })!;
    const u = undo(a.doc, a.history)!;
    const b = execute(u.doc, u.history, { type: 'model.set', path: 'template', value: true })!;
    expect(b.history.future).toEqual([]);
    expect(redo(b.doc, b.history)).toBeNull();
  });

  it('refuses to delete a group that holds parameters, with the spec message in both languages, and changes nothing', () => {
    const history = emptyHistory();
    const result = execute(model, history, { type: 'group.delete', group: 'genel' })!;
    expect(result.refused).toMatchObject({ key: 'group_has_parameters', path: ['group_list', 0] });
    expect(result.doc).toBe(model);
    expect(result.history).toBe(history);
    expect(apply(model, { type: 'group.delete', group: 'genel' }).patches).toEqual([]);
    expect(problemMessage(result.refused!, 'en')).toBe('A group holding parameters cannot be deleted.');
    expect(problemMessage(result.refused!, 'tr')).toBe('Parametre içeren bir grup silinemez.');
  });

  it('deletes a group once its parameters are moved out, and undo brings it back in its place', () => {
    let doc = model;
    let history = emptyHistory();
    for (const p of [...doc.group_list[1].parameter_list]) ({ doc, history } = execute(doc, history, { type: 'parameter.move', parameter: p.code, to: { group: 'genel' }, index: 0 })!);
    expect(doc.group_list[1].parameter_list).toEqual([]);
    const before = doc;
    const deleted = execute(doc, history, { type: 'group.delete', group: 'laboratuvar' })!;
    expect(deleted.refused).toBeUndefined();
    expect(deleted.doc.group_list.map((g) => g.code)).toEqual(model.group_list.map((g) => g.code).filter((c) => c !== 'laboratuvar'));
    expect(undo(deleted.doc, deleted.history)!.doc).toEqual(before);
  });

  it('moves a parameter across groups to the place asked, keeping its sub-parameters', () => {
    const done = execute(model, emptyHistory(), { type: 'parameter.move', parameter: 'sigara', to: { group: 'laboratuvar' }, index: 1 })!;
    const placed = findParameter(done.doc, 'sigara')!;
    expect(placed.group).toBe('laboratuvar');
    expect(placed.index).toBe(1);
    expect(placed.parameter.parameter_list!.map((p) => p.code)).toEqual(['paket_yil', 'birakti']);
    expect(findParameter(done.doc, 'birakti')!.parent).toBe('sigara');
  });

  it('moves a parameter into an object that follows it in the same list', () => {
    const done = execute(model, emptyHistory(), { type: 'parameter.move', parameter: 'ecog', to: { parent: 'sigara' }, index: 1 })!;
    expect(done.doc.group_list[0].parameter_list.map((p) => p.code)).toEqual(['sigara']);
    expect(done.doc.group_list[0].parameter_list[0].parameter_list!.map((p) => p.code)).toEqual(['paket_yil', 'ecog', 'birakti']);
    expect(undo(done.doc, done.history)!.doc).toEqual(model);
  });

  it('never moves a parameter into its own sub-parameters', () => {
    expect(() => execute(model, emptyHistory(), { type: 'parameter.move', parameter: 'sigara', to: { parent: 'sigara' }, index: 0 })).toThrow();
  });

  it('an edit that changes nothing is not recorded', () => {
    expect(execute(model, emptyHistory(), { type: 'model.set', path: 'color', value: model.color })).toBeNull();
    expect(execute(model, emptyHistory(), { type: 'option.move', parameter: 'ecog', from: 0, to: 5 })).toBeNull();
  });

  it('typing in one box is one undo step; leaving the box starts a new one', () => {
    let doc = model;
    let history = emptyHistory();
    for (const value of ['K', 'Kr', 'Kre']) ({ doc, history } = execute(doc, history, { type: 'parameter.update', parameter: 'kreatinin', path: 'label.en', value }, { mergeKey: 'kreatinin.label.en' })!);
    expect(history.past).toHaveLength(1);
    history = seal(history);
    ({ doc, history } = execute(doc, history, { type: 'parameter.update', parameter: 'kreatinin', path: 'label.en', value: 'Krea' }, { mergeKey: 'kreatinin.label.en' })!);
    expect(history.past).toHaveLength(2);
    ({ doc, history } = undo(doc, history)!);
    expect(findParameter(doc, 'kreatinin')!.parameter.label.en).toBe('Kre');
    expect(undo(doc, history)!.doc).toEqual(model);
  });
});

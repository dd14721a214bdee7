// Copy and paste in the data-model designer: pasted parameters and groups get fresh codes (code_copy,
// code_copy_2 …) that match the code pattern and are unique in the model, sub-parameters included, so a model
// pasted into stays valid; the paste is one undoable step.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyGroups, copyParameters, freshCode, pasteCommand } from '../../src/domain/data-model/clipboard';
import { emptyHistory, execute, undo } from '../../src/domain/data-model/commands';
import { CODE_MAX, isCode, parametersOf } from '../../src/domain/data-model/document';
import { validateModel } from '../../src/domain/data-model/validate';
import type { DataModel } from '../../src/generated/types/entities';

const model = (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'entities', 'data_model.json'), 'utf8')) as { valid: DataModel[] }).valid[0];
const codes = (doc: DataModel) => [...parametersOf(doc)].map((p) => p.parameter.code);

describe('data-model clipboard', () => {
  it('pastes a parameter twice as code_copy and code_copy_2, its sub-parameters renamed too', () => {
    const clip = copyParameters(model, ['sigara'])!;
    let { doc, history } = execute(model, emptyHistory(), pasteCommand(model, clip, { group: 'laboratuvar' }))!;
    ({ doc, history } = execute(doc, history, pasteCommand(doc, clip, { group: 'laboratuvar' }, 0))!);
    const lab = doc.group_list.find((g) => g.code === 'laboratuvar')!;
    expect(lab.parameter_list[0].code).toBe('sigara_copy_2');
    expect(lab.parameter_list[0].parameter_list!.map((p) => p.code)).toEqual(['paket_yil_copy_2', 'birakti_copy_2']);
    expect(lab.parameter_list.at(-1)!.code).toBe('sigara_copy');
    const all = codes(doc);
    expect(new Set(all).size).toBe(all.length);
    expect(all.every(isCode)).toBe(true);
    expect(validateModel(doc)).toEqual([]);
    const once = undo(doc, history)!;
    expect(undo(once.doc, once.history)!.doc).toEqual(model);
  });

  it('pastes a group with a fresh group code and fresh parameter codes', () => {
    const clip = copyGroups(model, ['genel'])!;
    const { doc } = execute(model, emptyHistory(), pasteCommand(model, clip))!;
    const pasted = doc.group_list.at(-1)!;
    expect(pasted.code).toBe('genel_copy');
    expect(pasted.label).toEqual(model.group_list[0].label);
    expect(pasted.parameter_list.map((p) => p.code)).toEqual(['ecog_copy', 'sigara_copy']);
    expect(validateModel(doc)).toEqual([]);
  });

  it('a copy is a copy: editing the model after copying leaves the clip as it was', () => {
    const clip = copyParameters(model, ['ecog'])!;
    const { doc } = execute(model, emptyHistory(), { type: 'option.delete', parameter: 'ecog', option: 0 })!;
    const pasted = execute(doc, emptyHistory(), pasteCommand(doc, clip, { group: 'genel' }))!.doc;
    expect(pasted.group_list[0].parameter_list.at(-1)!.option_list).toEqual(model.group_list[0].parameter_list[0].option_list);
  });

  it('keeps long codes within 64 characters and never ending in _ or -', () => {
    const long = `${'a'.repeat(60)}_b`;
    const taken = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const code = freshCode(long, taken);
      expect(code.length).toBeLessThanOrEqual(CODE_MAX);
      expect(isCode(code)).toBe(true);
      expect(taken.has(code)).toBe(false);
      taken.add(code);
    }
    expect(freshCode('x-', new Set())).toBe('x_copy');
    expect(freshCode('', new Set())).toBe('p_copy');
  });

  it('answers null when nothing named is in the model', () => {
    expect(copyParameters(model, ['nope'])).toBeNull();
    expect(copyGroups(model, ['nope'])).toBeNull();
  });
});

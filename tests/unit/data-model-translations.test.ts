// The translations grid: every text of a model in each language, and the gaps — exactly the missing cells,
// each with its path and the text in the language that has it; filling a cell is one undoable command that
// closes that gap and no other.
import { emptyHistory, execute, undo } from '../../src/domain/data-model/commands';
import { at } from '../../src/domain/data-model/document';
import { fillCommand, textRows, translationGaps } from '../../src/domain/data-model/translations';
import type { DataModel } from '../../src/generated/types/entities';

const model: DataModel = {
  data_model_id: '8fa85f5f-88f8-5108-82f5-3c3fce886535',
  title: { tr: 'Başvuru', en: 'Admission' },
  language: 'tr',
  owner: 'dr.ayse',
  version: 1,
  status: 'draft',
  group_list: [
    {
      code: 'genel',
      label: { tr: 'Genel' },
      parameter_list: [
        {
          code: 'ecog',
          label: { tr: 'ECOG', en: 'ECOG' },
          type: 'select',
          option_list: [
            { label: 'Tam aktif', value: '0', translation: { en: 'Fully active' } },
            { label: 'Kısıtlı', value: '1' },
          ],
        },
        { code: 'sigara', label: { en: 'Smoking' }, type: 'object', parameter_list: [{ code: 'paket_yil', label: { tr: 'Paket-yıl' }, type: 'integer' }] },
      ],
    },
    { code: 'lab', label: { tr: 'Laboratuvar', en: 'Laboratory' }, parameter_list: [] },
  ],
};

describe('translations grid', () => {
  it('lists every text in document order, an option’s label standing for the model’s language', () => {
    expect(textRows(model).map((r) => [r.target, r.texts])).toEqual([
      [{ kind: 'title' }, { tr: 'Başvuru', en: 'Admission' }],
      [{ kind: 'group', group: 'genel' }, { tr: 'Genel' }],
      [{ kind: 'parameter', parameter: 'ecog' }, { tr: 'ECOG', en: 'ECOG' }],
      [{ kind: 'option', parameter: 'ecog', option: 0 }, { en: 'Fully active', tr: 'Tam aktif' }],
      [{ kind: 'option', parameter: 'ecog', option: 1 }, { tr: 'Kısıtlı' }],
      [{ kind: 'parameter', parameter: 'sigara' }, { en: 'Smoking' }],
      [{ kind: 'parameter', parameter: 'paket_yil' }, { tr: 'Paket-yıl' }],
      [{ kind: 'group', group: 'lab' }, { tr: 'Laboratuvar', en: 'Laboratory' }],
    ]);
  });

  it('names exactly the missing cells, with the path and the text that is there', () => {
    expect(translationGaps(model)).toEqual([
      { target: { kind: 'group', group: 'genel' }, path: ['group_list', 0, 'label', 'en'], lang: 'en', have: { tr: 'Genel' } },
      { target: { kind: 'option', parameter: 'ecog', option: 1 }, path: ['group_list', 0, 'parameter_list', 0, 'option_list', 1, 'translation', 'en'], lang: 'en', have: { tr: 'Kısıtlı' } },
      { target: { kind: 'parameter', parameter: 'sigara' }, path: ['group_list', 0, 'parameter_list', 1, 'label', 'tr'], lang: 'tr', have: { en: 'Smoking' } },
      { target: { kind: 'parameter', parameter: 'paket_yil' }, path: ['group_list', 0, 'parameter_list', 1, 'parameter_list', 0, 'label', 'en'], lang: 'en', have: { tr: 'Paket-yıl' } },
    ]);
  });

  it('a blank text is a gap', () => {
    const { doc } = execute(model, emptyHistory(), { type: 'text.set', target: { kind: 'title' }, lang: 'en', value: '  ' })!;
    expect(translationGaps(doc)[0]).toEqual({ target: { kind: 'title' }, path: ['title', 'en'], lang: 'en', have: { tr: 'Başvuru' } });
  });

  it('filling a cell closes that gap only, writes at the gap’s path, and undoes', () => {
    const gaps = translationGaps(model);
    for (const gap of gaps) {
      const { doc, history } = execute(model, emptyHistory(), fillCommand(gap.target, gap.lang, 'Filled'))!;
      expect(at(doc, gap.path)).toBe('Filled');
      expect(translationGaps(doc)).toEqual(gaps.filter((g) => g !== gap));
      expect(undo(doc, history)!.doc).toEqual(model);
    }
  });

  it('clearing a cell opens a gap', () => {
    const { doc } = execute(model, emptyHistory(), fillCommand({ kind: 'group', group: 'lab' }, 'en', ''))!;
    expect(translationGaps(doc).map((g) => g.path)).toContainEqual(['group_list', 1, 'label', 'en']);
  });
});

// The label ids of a data model's texts (src/domain/data-model/labels.ts): what the clinical label-translation
// call answers for a model.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { modelLabels, modelOfLabel } from '../../src/domain/data-model/labels';
import type { DataModel } from '../../src/generated/types/entities';

const model = (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'entities', 'data_model.json'), 'utf8')) as { valid: DataModel[] }).valid[0];
const ID = '8fa85f5f-88f8-5108-82f5-3c3fce886535';

describe('data-model label ids', () => {
  it('name the title, each group, parameter (sub-parameters too) and option by codes and values', () => {
    const labels = modelLabels(ID, model);
    expect(labels.get(ID)).toEqual(model.title);
    expect(labels.get(`${ID}.g.genel`)).toEqual({ tr: 'Genel durum', en: 'General condition' });
    expect(labels.get(`${ID}.p.paket_yil`)).toEqual({ tr: 'Paket-yıl', en: 'Pack-years' }); // a sub-parameter
    expect(labels.get(`${ID}.p.birakti.no`)).toEqual({ tr: 'Yok', en: 'Absent' });
    expect(modelOfLabel(`${ID}.p.birakti.no`)).toBe(ID);
  });

  it('give no id to an option whose value a label id cannot hold', () => {
    const odd = structuredClone(model);
    odd.group_list[0].parameter_list[0].option_list![0].value = 'ECOG 0 / tam';
    const labels = modelLabels(ID, odd);
    expect([...labels.keys()].some((k) => k.includes('ECOG 0'))).toBe(false);
    expect(labels.has(`${ID}.p.ecog.1`)).toBe(true);
  });
});

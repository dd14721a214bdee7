// The automatic title of a protocol (src/domain/protocol/title.ts), copied when the name is left empty.
import { describe, expect, it } from 'vitest';
import { automaticTitle } from '../../src/domain/protocol';
import { exampleProtocol } from './protocol-fixtures.ts';

describe('automatic title', () => {
  it('names the drugs with their doses and the cycle, leaving premedication, tests and messages out', () => {
    expect(automaticTitle(exampleProtocol('carboplatin-paclitaxel'))).toBe('Paclitaxel 175 mg/m² + Carboplatin AUC 5 q21d ×6');
    expect(automaticTitle(exampleProtocol('r-chop-21'))).toBe(
      'Rituximab 375 mg/m² + Cyclophosphamide 750 mg/m² + Doxorubicin 50 mg/m² + Vincristine 1.4 mg/m² + Prednisone 100 mg q21d ×6',
    );
  });

  it('follows the line order, and reads AUC in the title language', () => {
    const p = exampleProtocol('gemcitabine-carboplatin');
    expect(automaticTitle({ ...p, drug_list: [...p.drug_list].reverse() }, 'tr')).toBe('Carboplatin AUC 5 + Gemcitabine 1000 mg/m² q21d ×6');
  });

  it('is empty without a named drug and leaves out a cycle not yet given', () => {
    expect(automaticTitle({ drug_list: [{ item_type: 'note', text: 'x' }] })).toBe('');
    expect(automaticTitle({ drug_list: [{ item_type: 'drug', drug_name: 'Capecitabine', dosage: 1000, unit: 'mg_m2' }] })).toBe('Capecitabine 1000 mg/m²');
  });
});

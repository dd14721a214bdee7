// The protocol editor's line helpers (renderers/protocol-editor/lines.ts): days typed as people write them and
// written back the same way, doses with their units as on a regimen, and the automatic title.
import { automaticTitle, daysText, doseText, parseDays } from '../../renderers/protocol-editor/lines';
import type { Line } from '../../renderers/protocol-editor/store';

const drug = (drug_name: string, dosage: number, unit: Line['unit'], item_type: Line['item_type'] = 'drug'): Line => ({ item_id: drug_name, item_type, drug_name, dosage, unit, starting_date_type: 'cycle_start', day_list: [1] });

describe('protocol lines in words', () => {
  it('reads days as lists and ranges within the cycle, once each and in order', () => {
    expect(parseDays('1,8,15', 21)).toEqual([1, 8, 15]);
    expect(parseDays('1-14', 21)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(parseDays(' 8; 1-3, 2 ', 21)).toEqual([1, 2, 3, 8]);
    expect(parseDays('22', 21)).toBeNull();
    expect(parseDays('0', 21)).toBeNull();
    expect(parseDays('5-2', 21)).toBeNull();
    expect(parseDays('1,a', 21)).toBeNull();
    expect(parseDays('', 21)).toBeNull();
  });

  it('writes runs of three or more days as a range', () => {
    expect(daysText([15, 1, 8])).toBe('1, 8, 15');
    expect(daysText([1, 2, 3, 4, 5, 8, 9])).toBe('1-5, 8, 9');
  });

  it('writes doses as a regimen does, AUC before its target', () => {
    expect(doseText(175, 'mg_m2', 'en')).toBe('175 mg/m²');
    expect(doseText(5, 'auc', 'en')).toBe('AUC 5');
    expect(doseText(1.5, 'mg_kg', 'tr')).toBe('1,5 mg/kg');
  });

  it('titles a protocol by its drugs and doses in line order, without premedications', () => {
    const lines = [drug('Dexamethasone', 20, 'mg', 'premedication'), drug('Paclitaxel', 175, 'mg_m2'), drug('Carboplatin', 5, 'auc')];
    expect(automaticTitle(lines, 'en')).toBe('Paclitaxel 175 mg/m² + Carboplatin AUC 5');
  });
});

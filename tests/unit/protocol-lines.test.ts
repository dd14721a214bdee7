// The protocol editor's line helpers (renderers/protocol-editor/lines.ts): days typed as people write them and
// written back the same way, and doses with their units as on a regimen (the automatic title is the domain's:
// protocol-title.test.ts).
import { daysText, doseText, parseDays } from '../../renderers/protocol-editor/lines';

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

});

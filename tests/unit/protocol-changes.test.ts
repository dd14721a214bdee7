// The change warning of spec section 5 (src/domain/protocol/changes.ts): dosage, cycle length, cycle count and
// duration changed strictly beyond the percent of the last published version must be confirmed.
import { describe, expect, it } from 'vitest';
import { changeFieldText, protocolChanges } from '../../src/domain/protocol';
import { exampleProtocol } from './protocol-fixtures.ts';

const published = exampleProtocol('carboplatin-paclitaxel');
const paclitaxel = published.drug_list.findIndex((l) => l.drug_name === 'Paclitaxel');

describe('change warnings', () => {
  it('list nothing for changes up to the percent (20 % is not beyond 20 %)', () => {
    const draft = structuredClone(published);
    draft.drug_list[paclitaxel].dosage = 210; // +20 %
    draft.cycle_length_days = 25; // +19 %
    expect(protocolChanges(published, draft)).toEqual([]);
  });

  it('list each change beyond the percent with the line, before, after and the percent', () => {
    const draft = structuredClone(published);
    draft.drug_list[paclitaxel].dosage = 135;
    draft.drug_list[paclitaxel].duration_minutes = 60;
    draft.cycle_count = 4;
    const changes = protocolChanges(published, draft);
    expect(changes).toEqual([
      { field: 'cycle_count', before: 6, after: 4, percent: 33.3 },
      { field: 'dosage', item_id: published.drug_list[paclitaxel].item_id, drug_name: 'Paclitaxel', before: 175, after: 135, percent: 22.9 },
      { field: 'duration_minutes', item_id: published.drug_list[paclitaxel].item_id, drug_name: 'Paclitaxel', before: 180, after: 60, percent: 66.7 },
    ]);
    expect(changeFieldText(changes[1], 'en')).toBe('dose of Paclitaxel');
    expect(changeFieldText(changes[0], 'tr')).toBe('Kür sayısı');
  });

  it("use the published version's percent, and ignore lines added or removed", () => {
    const strict = { ...structuredClone(published), change_warning_percent: 5 };
    const draft = structuredClone(strict);
    draft.change_warning_percent = 100;
    draft.drug_list[paclitaxel].dosage = 168; // −4 %
    draft.cycle_length_days = 28; // +33 %
    draft.drug_list.splice(0, 1);
    draft.drug_list.push({ ...draft.drug_list[0], item_id: '11111111-1111-4111-8111-111111111111', dosage: 500 });
    expect(protocolChanges(strict, draft).map((c) => c.field)).toEqual(['cycle_length_days']);
  });
});

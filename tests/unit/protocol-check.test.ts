// Spec section 5's protocol rules (src/domain/protocol/check.ts): each problem at its field, with the catalogue
// key the editor and the server word in both languages; the example regimens pass them and fit the contract.
import { describe, expect, it } from 'vitest';
import { contractAjv, loadContract, SCHEMA_BASE } from '../../codegen/contract.ts';
import { checkProtocol, protocolProblemMessage, type ProtocolDraft } from '../../src/domain/protocol';
import { exampleProtocol, exampleProtocols } from './protocol-fixtures.ts';

const base = () => structuredClone(exampleProtocol('carboplatin-paclitaxel')) as ProtocolDraft;
const problemsOf = (p: ProtocolDraft) => checkProtocol(p).map((x) => [x.path, x.key]);

describe('protocol rules', () => {
  it('find nothing in the example regimens, which fit the entity schema', () => {
    const validate = contractAjv(loadContract()).getSchema(`${SCHEMA_BASE}entities/protocol.json`)!;
    const examples = exampleProtocols();
    expect(examples.length).toBeGreaterThanOrEqual(8);
    for (const p of examples) {
      expect(checkProtocol(p), p.name).toEqual([]);
      expect(validate(p), `${p.name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(p.is_example).toBe(true);
      expect(p.note).toMatch(/not clinical advice/);
      expect(p.note).toMatch(/klinik öneri değildir/);
    }
  });

  it('require the protocol fields on publish, at their fields', () => {
    const p = base();
    for (const k of ['protocol_group', 'visibility', 'protocol_type', 'cycle_count', 'cycle_length_days'] as const) delete p[k];
    expect(problemsOf(p)).toEqual([
      ['/protocol_group', 'protocol_group_required'],
      ['/visibility', 'protocol_visibility_required'],
      ['/protocol_type', 'protocol_type_required'],
      ['/cycle_count', 'protocol_cycle_count_required'],
      ['/cycle_length_days', 'protocol_cycle_length_required'],
    ]);
  });

  it('take an empty name when the automatic title can be copied, and not without a named drug', () => {
    const p = base();
    p.name = ' ';
    expect(problemsOf(p)).toEqual([]);
    p.drug_list = p.drug_list.filter((l) => l.item_type === 'laboratory');
    expect(problemsOf(p)).toEqual([['/name', 'protocol_name_required']]);
  });

  it("require each line's fields by its kind", () => {
    const p = base();
    const drug = p.drug_list.findIndex((l) => l.drug_name === 'Paclitaxel');
    const labIndex = p.drug_list.findIndex((l) => l.item_type === 'laboratory');
    const note = p.drug_list.findIndex((l) => l.item_type === 'message');
    for (const k of ['drug_name', 'dosage', 'unit', 'administration_type', 'frequency', 'starting_date_type'] as const) delete p.drug_list[drug][k];
    p.drug_list[drug].day_list = [];
    p.drug_list[labIndex].lab_test = '';
    delete p.drug_list[note].text;
    expect(problemsOf(p)).toEqual([
      [`/drug_list/${drug}/starting_date_type`, 'protocol_item_fields_required'],
      [`/drug_list/${drug}/day_list`, 'protocol_item_fields_required'],
      [`/drug_list/${drug}/drug_name`, 'field_required'],
      [`/drug_list/${drug}/dosage`, 'field_required'],
      [`/drug_list/${drug}/unit`, 'protocol_item_fields_required'],
      [`/drug_list/${drug}/administration_type`, 'protocol_item_fields_required'],
      [`/drug_list/${drug}/frequency`, 'protocol_item_fields_required'],
      [`/drug_list/${labIndex}/lab_test`, 'field_required'],
      [`/drug_list/${note}/text`, 'field_required'],
    ]);
  });

  it('keep days counted from the cycle within it, and let days from the treatment start run longer', () => {
    const p = base();
    p.drug_list[0].day_list = [1, 22];
    p.drug_list[1] = { ...p.drug_list[1], starting_date_type: 'treatment_start', day_list: [43] };
    const [problem] = checkProtocol(p);
    expect(checkProtocol(p)).toHaveLength(1);
    expect(problem).toEqual({ path: '/drug_list/0/day_list/1', key: 'protocol_day_outside_cycle', params: { day: 22, cycle_length_days: 21 } });
    expect(protocolProblemMessage(problem, 'en')).toBe('Day 22 is outside the cycle of 21 days.');
    expect(protocolProblemMessage(problem, 'tr')).toBe('22. gün 21 günlük kürün dışında.');
  });

  it('find dose bands that overlap or leave a gap (a band runs from its start up to its end)', () => {
    const p = base();
    p.drug_list[4].dose_rounding = {
      bands: [
        { from: 0, to: 100, dose: 80 },
        { from: 100, to: 150, dose: 120 },
        { from: 140, to: 200, dose: 170 },
        { from: 210, to: 300, dose: 250 },
      ],
    };
    expect(checkProtocol(p)).toEqual([
      { path: '/drug_list/4/dose_rounding/bands/2', key: 'protocol_dose_bands_overlap', params: { band: '140–200', other: '100–150' } },
      { path: '/drug_list/4/dose_rounding/bands/3/from', key: 'protocol_dose_bands_gap', params: { from: '200', to: '210' } },
    ]);
  });

  it('allow a lifetime limit only on a dose by mass, and a shared protocol only with a user', () => {
    const p = base();
    const carboplatin = p.drug_list.findIndex((l) => l.unit === 'auc');
    p.drug_list[carboplatin].lifetime_limit = { amount: 1000, per: 'total' };
    p.drug_list[4].lifetime_limit = { amount: 1000, per: 'total' };
    p.visibility = 'shared';
    expect(problemsOf(p)).toEqual([
      ['/shared_user_list', 'protocol_shared_users_required'],
      [`/drug_list/${carboplatin}/lifetime_limit`, 'protocol_lifetime_limit_unit'],
    ]);
    p.shared_user_list = ['dr.zeynep'];
    expect(problemsOf(p)).toEqual([[`/drug_list/${carboplatin}/lifetime_limit`, 'protocol_lifetime_limit_unit']]);
  });
});

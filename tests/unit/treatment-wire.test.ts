// A plan as the contract stores it (src/domain/treatment/wire.ts): the treatment with its cycles validates against
// schemas/entities/treatment.json, drug days keep their dose in mg with its derivation, and a drug day's
// recorded steps fit its status history.
import { contractAjv, loadContract, SCHEMA_BASE } from '../../codegen/contract.ts';
import { nextState } from '../../src/domain/treatment/drug-states';
import { measuresOf, planTreatment } from '../../src/domain/treatment/plan';
import { plannedTreatment } from '../../src/domain/treatment/wire';
import type { Protocol } from '../../src/generated/types/entities';

const validate = contractAjv(loadContract()).getSchema(`${SCHEMA_BASE}entities/treatment.json`)!;

const protocol: Protocol = {
  protocol_id: '00000000-0000-4000-8000-000000000001',
  name: 'Cytarabine and a test',
  protocol_group: 'AML',
  visibility: 'private',
  protocol_type: 'chemotherapy',
  version: 2,
  cycle_count: 2,
  cycle_length_days: 28,
  drug_list: [
    { item_id: '00000000-0000-4000-8000-0000000000a1', item_type: 'drug', drug_name: 'Cytarabine', dosage: 3, unit: 'g_m2', administration_type: 'iv_infusion', frequency: 'twice_daily', starting_date_type: 'cycle_start', day_list: [1, 3, 5], duration_minutes: 180 },
    { item_id: '00000000-0000-4000-8000-0000000000a2', item_type: 'laboratory', lab_test: 'Complete blood count', starting_date_type: 'cycle_start', day_list: [1] },
  ],
};

const plan = planTreatment({
  protocol,
  patient: { gender: 'female', date_of_birth: '1980-02-29' },
  measures: measuresOf({ measurement_date: '2026-11-20', weight: 64, height: 160 }),
  start_date: '2026-11-26',
});

describe('plannedTreatment', () => {
  const stored = {
    treatment_id: '00000000-0000-4000-8000-0000000000f1',
    patient_id: '00000000-0000-4000-8000-0000000000f2',
    protocol_id: protocol.protocol_id,
    treatment_status: 'not_approved' as const,
    ...plannedTreatment(plan),
  };

  it('fits the treatment schema, with the protocol version and the cycles not yet approved', () => {
    expect(validate(stored) ? [] : validate.errors).toEqual([]);
    expect(stored).toMatchObject({ protocol_version: 2, cycle_count: 2, cycle_length_days: 28 });
    expect(stored.cycle_list!.map((c) => [c.planned_date, c.cycle_status, c.drug_day_list.length])).toEqual([
      ['2026-11-26', 'not_approved', 3],
      ['2026-12-24', 'not_approved', 3],
    ]);
  });

  it('keeps a dose in grams as mg, its derivation in grams with the measurement dates', () => {
    const [first] = stored.cycle_list![0].drug_day_list;
    // √(160 × 64 / 3600) = 1.6866 m²; × 3 g/m² = 5.06 g
    expect(first.calculated_dose).toBeCloseTo(5059.6, 1);
    expect(first.dose_derivation!.value.unit).toBe('g');
    expect(first.dose_derivation!.derivation.inputs[0]).toEqual({ label: { en: 'Weight measured on', tr: 'Kilonun ölçüldüğü tarih' }, text: { en: '20 Nov 2026', tr: '20 Kas 2026' } });
  });

  it('stores a drug day’s recorded steps as its status history', () => {
    const day = stored.cycle_list![0].drug_day_list[0];
    const approved = nextState({ status: day.drug_status, history: [] }, 'approve', { username: 'dr.ayse', roles: ['doctor'] }, '2026-11-26T08:00:00Z', 'Counts fine');
    if (!approved.ok) throw new Error(approved.reason.en);
    const next = { ...stored, cycle_list: [{ ...stored.cycle_list![0], drug_day_list: [{ ...day, drug_status: approved.record.status, status_history: [...approved.record.history] }] }] };
    expect(validate(next) ? [] : validate.errors).toEqual([]);
  });
});

// A plan in the contract's shape (schemas/entities/treatment.json, treatment_cycle.json), as the server stores it:
// every cycle not yet approved, each drug or premedication day with its protocol dose, percent, calculated dose
// and the derivation of it. Laboratory, note and message days are not stored: they follow from the protocol
// version and the start date, and a drug day's record requires a dose.
import type { Treatment, TreatmentCycle } from '../../generated/types/entities';
import { wireCalculated } from '../dosing';
import { convert } from '../units';
import type { PlannedDay, TreatmentPlan } from './plan';

type DrugDay = TreatmentCycle['drug_day_list'][number];

/** The calculated dose as the record keeps it: mass in mg (its schema), IU and mL as they are. */
function storedDose(day: PlannedDay): number | undefined {
  if (!day.dose) return undefined;
  const { value, unit } = day.dose.value;
  const mg = convert(value, unit, 'mg');
  return mg.ok ? mg.value : value;
}

/** The unit a stored calculated dose is in, by the protocol line's dose unit: mg for mass and AUC doses, IU, mL. */
export function storedDoseUnit(unit: DrugDay['unit']): 'mg' | 'IU' | 'mL' {
  if (unit === 'iu' || unit === 'iu_m2') return 'IU';
  return unit === 'ml' ? 'mL' : 'mg';
}

function drugDay(day: PlannedDay): DrugDay {
  const dose = storedDose(day);
  return {
    item_id: day.item_id,
    drug_name: day.drug_name ?? '',
    day: day.day,
    planned_date: day.planned_date,
    dosage: day.dosage as number,
    unit: day.unit as DrugDay['unit'],
    ...(day.dose_percent === undefined ? {} : { dose_percent: day.dose_percent }),
    ...(dose === undefined ? {} : { calculated_dose: dose, dose_derivation: wireCalculated(day.dose!) }),
    ...(day.duration_minutes === undefined ? {} : { duration_minutes: day.duration_minutes }),
    drug_status: 'not_approved',
  };
}

/** The treatment's planned fields: version, start, cycle count and length, and the cycles with their drug days. */
export function plannedTreatment(plan: TreatmentPlan): Pick<Treatment, 'protocol_version' | 'start_date' | 'cycle_count' | 'cycle_length_days' | 'cycle_list'> {
  return {
    ...(plan.protocol_version === undefined ? {} : { protocol_version: plan.protocol_version }),
    start_date: plan.start_date,
    cycle_count: plan.cycle_count,
    ...(plan.cycle_length_days === undefined ? {} : { cycle_length_days: plan.cycle_length_days }),
    cycle_list: plan.cycles.map((c) => ({
      cycle_number: c.cycle_number,
      planned_date: c.planned_date,
      cycle_status: 'not_approved',
      drug_day_list: c.days.filter((d) => d.item_type === 'drug' || d.item_type === 'premedication').map(drugDay),
    })),
  };
}

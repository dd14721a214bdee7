// Treatment planning (issue 12): a protocol version applied to a patient, the plan's warnings, the change
// warnings to confirm, and the drug-day and treatment state machines; pure functions for the server and the screens.
export { type ComparedDay, type ComparedTreatment, comparedPlan, doseDrift, type TreatmentChange, treatmentChanges } from './changes';
export { addDays, ageOn, calendarDay, DEFAULT_TIME_ZONE, dayText, daysBetween, hospitalToday } from './dates';
export { canStep, DRUG_STEP_LABELS, DRUG_STEPS, type DrugStep, drugStates, nextState, stepsFor, TREATMENT_STEP_LABELS, TREATMENT_STEPS, type TreatmentStep, treatmentStates } from './drug-states';
export { DEFAULT_CHANGE_WARNING_PERCENT, percentChange } from '../percent-change';
export { type DatedValue, measuresOf, type PlanInput, type PlanMeasures, type PlannedCycle, type PlannedDay, planTreatment, type PriorDose, type TreatmentPlan } from './plan';
export { type Actor, type StateMachine, type StepRule, type StepTaken, stateMachine, type Tracked, trackedOf, type Verdict } from './state-machine';
export { type PlanWarning, planWarnings, type Severity, STALE_AFTER_DAYS, type WarningInput } from './warnings';
export { plannedTreatment, storedDoseUnit } from './wire';

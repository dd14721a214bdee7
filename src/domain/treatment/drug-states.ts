// The states of one drug on one treatment day and of a treatment or cycle (spec section 4), each as ONE table.
//
//   not_approved ─approve (doctor)─▶ approved ─select_brands (pharmacist)─▶ brands_selected
//     ─prepare_robotic | prepare_manual (pharmacist)─▶ prepared_robotic | prepared_manual
//     [check_preparation: a second pharmacist] ─match (nurse)─▶ patient_drug_matched
//     [check_administration: a second nurse] ─give_fully | give_partly (nurse)─▶ given_fully | given_partly
//   from approved up to patient_drug_matched: not_given_* (nurse or pharmacist: the reason it could not be
//   given) or cancel_for_the_day (doctor).
//
//   treatment and cycle: not_approved ─approve─▶ approved ─start─▶ started ─finish─▶ finished; terminate from
//   any of the first three.
import { drugStatus } from '../../generated/enums/drugStatus';
import { treatmentStatus } from '../../generated/enums/treatmentStatus';
import type { DrugStatus, TreatmentStatus } from '../../generated/types/entities';
import type { Bilingual } from '../language';
import { type StepRule, stateMachine } from './state-machine';

export type DrugStep =
  | 'approve'
  | 'select_brands'
  | 'prepare_robotic'
  | 'prepare_manual'
  | 'check_preparation'
  | 'match'
  | 'check_administration'
  | 'give_fully'
  | 'give_partly'
  | 'not_given_not_recorded'
  | 'not_given_out_of_stock'
  | 'not_given_wrong_dose'
  | 'not_given_no_vascular_access'
  | 'not_given_patient_refused'
  | 'cancel_for_the_day';

const PREPARED: readonly DrugStatus[] = ['prepared_robotic', 'prepared_manual'];
/** From approval until it is given: the states a drug may leave as not given or cancelled. */
const OPEN: readonly DrugStatus[] = ['approved', 'brands_selected', ...PREPARED, 'patient_drug_matched'];
const notGiven = (to: DrugStatus): StepRule<DrugStatus, DrugStep> => ({ from: OPEN, to, roles: ['nurse', 'pharmacist'] });

export const DRUG_STEPS: Readonly<Record<DrugStep, StepRule<DrugStatus, DrugStep>>> = {
  approve: { from: ['not_approved'], to: 'approved', roles: ['doctor'] },
  select_brands: { from: ['approved'], to: 'brands_selected', roles: ['pharmacist'] },
  prepare_robotic: { from: ['brands_selected'], to: 'prepared_robotic', roles: ['pharmacist'] },
  prepare_manual: { from: ['brands_selected'], to: 'prepared_manual', roles: ['pharmacist'] },
  check_preparation: { from: PREPARED, roles: ['pharmacist'], checks: ['prepare_robotic', 'prepare_manual'] },
  match: { from: PREPARED, to: 'patient_drug_matched', roles: ['nurse'], needs: 'check_preparation' },
  check_administration: { from: ['patient_drug_matched'], roles: ['nurse'], checks: ['match'] },
  give_fully: { from: ['patient_drug_matched'], to: 'given_fully', roles: ['nurse'], needs: 'check_administration' },
  give_partly: { from: ['patient_drug_matched'], to: 'given_partly', roles: ['nurse'], needs: 'check_administration' },
  not_given_not_recorded: notGiven('not_given_not_recorded'),
  not_given_out_of_stock: notGiven('not_given_out_of_stock'),
  not_given_wrong_dose: notGiven('not_given_wrong_dose'),
  not_given_no_vascular_access: notGiven('not_given_no_vascular_access'),
  not_given_patient_refused: notGiven('not_given_patient_refused'),
  cancel_for_the_day: { from: OPEN, to: 'cancelled_for_the_day', roles: ['doctor'] },
};

export const DRUG_STEP_LABELS: Readonly<Record<DrugStep, Bilingual>> = {
  approve: { en: 'Approve', tr: 'Onayla' },
  select_brands: { en: 'Select brands', tr: 'Marka seç' },
  prepare_robotic: { en: 'Prepared by robot', tr: 'Robotla hazırlandı' },
  prepare_manual: { en: 'Prepared by hand', tr: 'Elle hazırlandı' },
  check_preparation: { en: 'Check the preparation', tr: 'Hazırlığı kontrol et' },
  match: { en: 'Match patient and drug', tr: 'Hasta ile ilacı eşleştir' },
  check_administration: { en: 'Check before giving', tr: 'Uygulama öncesi kontrol et' },
  give_fully: { en: 'Given fully', tr: 'Tamamı verildi' },
  give_partly: { en: 'Given partly', tr: 'Kısmen verildi' },
  not_given_not_recorded: { en: 'Not given: not recorded', tr: 'Verilemedi: kayıt yapılmadı' },
  not_given_out_of_stock: { en: 'Not given: out of stock', tr: 'Verilemedi: stokta yok' },
  not_given_wrong_dose: { en: 'Not given: wrong dose', tr: 'Verilemedi: yanlış doz' },
  not_given_no_vascular_access: { en: 'Not given: no vascular access', tr: 'Verilemedi: damar yolu bulunamadı' },
  not_given_patient_refused: { en: 'Not given: patient refused', tr: 'Verilemedi: hasta reddetti' },
  cancel_for_the_day: { en: 'Cancel for the day', tr: 'Bugün için iptal et' },
};

/** One drug on one day: canStep, nextState and stepsFor over DRUG_STEPS. */
export const drugStates = stateMachine<DrugStatus, DrugStep>(DRUG_STEPS, drugStatus, DRUG_STEP_LABELS);
export const { canStep, nextState, stepsFor } = drugStates;

export type TreatmentStep = 'approve' | 'start' | 'finish' | 'terminate';

export const TREATMENT_STEPS: Readonly<Record<TreatmentStep, StepRule<TreatmentStatus, TreatmentStep>>> = {
  approve: { from: ['not_approved'], to: 'approved', roles: ['doctor'] },
  start: { from: ['approved'], to: 'started', roles: ['doctor', 'nurse'] },
  finish: { from: ['started'], to: 'finished', roles: ['doctor'] },
  terminate: { from: ['not_approved', 'approved', 'started'], to: 'terminated', roles: ['doctor'] },
};

export const TREATMENT_STEP_LABELS: Readonly<Record<TreatmentStep, Bilingual>> = {
  approve: { en: 'Approve', tr: 'Onayla' },
  start: { en: 'Start', tr: 'Başlat' },
  finish: { en: 'Finish', tr: 'Bitir' },
  terminate: { en: 'Terminate', tr: 'Sonlandır' },
};

/** A treatment or one of its cycles. */
export const treatmentStates = stateMachine<TreatmentStatus, TreatmentStep>(TREATMENT_STEPS, treatmentStatus, TREATMENT_STEP_LABELS);

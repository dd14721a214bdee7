// Dosing: body size, renal function and doses, each answered with its derivation (docs/decisions.md, "dosing").
export { adjustedBodyWeight, type BodyMeasures, bmi, bmiClass, bsa, dosingWeight, idealBodyWeight, type SizedPatient, type WeightChoice } from './body-size';
export type {
  Adjustment,
  Calculated,
  Centimetres,
  CreatinineUnit,
  Derivation,
  Entry,
  IndexedGfr,
  Kilograms,
  MillilitresPerMinute,
  Notice,
  Outcome,
  Quantity,
  SerumCreatinine,
  Sex,
  SquareMetres,
  Years,
} from './derivation';
export { CALVERT_GFR_CAP, calculateDose, type DoseBand, type DoseOrder, type DoseRequest, type DoseUnit, type DrugRule, type GivenDose, type Rounding } from './dose';
export { absoluteGfr, ckdEpi2021, cockcroftGault, type RenalPatient } from './renal';
export { type DoseCalculatorAnswer, type DoseCalculatorInput, type DoseCalculatorProblem, doseCalculator, wireCalculated } from './calculator';

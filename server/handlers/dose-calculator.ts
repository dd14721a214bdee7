// The dose calculator's route (schemas/routes/clinical.json, clinical/dose/calculate): the figures of
// src/domain/dosing/calculator.ts, the module the page computes with in the browser; a value no patient can
// have is refused (14090) with each problem at its field, worded in the caller's language.
import { doseCalculator } from '../../src/domain/dosing/index.ts';
import { ApiError } from '../http/api-error.ts';
import type { HandlerSet } from './types.ts';

export const doseCalculatorHandlers: HandlerSet = {
  clinical_dose_calculate: async (input, ctx) => {
    const out = doseCalculator(input);
    if (out.ok) return out.answer;
    const errors = out.problems.map((p) => ({ field: p.field, message: p.message[ctx.lang] }));
    throw new ApiError('dose_input_impossible', { details: errors.map((e) => e.message).join(' ') }, { errors });
  },
};

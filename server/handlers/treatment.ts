// Patients' treatments (schemas/routes/treatment.json): planning, saving, reading and the steps and changes of a
// treatment, its cycles and drug days. The route's auth codes admit the clinical staff; the domain's state
// machines decide each step by role; every record is the caller's site's (another site's id answers 10016).
import { requireUser } from '../auth/caller.ts';
import { createTreatment, planFor, readTreatment, changeTreatmentPlan, stepDrugDay, stepTreatment } from '../services/treatments.ts';
import { listDrugDays, listTreatments } from '../services/treatment-store.ts';
import type { HandlerSet } from './types.ts';

export const treatmentHandlers: HandlerSet = {
  treatment_plan: async (input, ctx) => planFor(ctx.db, ctx.tenant.tenant_id, requireUser(ctx), input),

  treatment_new: async (input, ctx) => {
    const me = requireUser(ctx);
    return ctx.transaction((tx) => createTreatment(tx, ctx.tenant.tenant_id, me, input, ctx.lang));
  },

  treatment_get: async (input, ctx) => ({ treatment: await readTreatment(ctx.db, ctx.tenant.tenant_id, input.treatment_id) }),

  treatment_list: async (input, ctx) => listTreatments(ctx.db, ctx.tenant.tenant_id, input),

  treatment_step: async (input, ctx) => stepTreatment(ctx, ctx.tenant.tenant_id, requireUser(ctx), input, ctx.lang, ctx.services),

  treatment_drug_step: async (input, ctx) => stepDrugDay(ctx, ctx.tenant.tenant_id, requireUser(ctx), input, ctx.lang),

  treatment_change: async (input, ctx) => changeTreatmentPlan(ctx, ctx.tenant.tenant_id, requireUser(ctx), input, ctx.lang),

  treatment_day_list: async (input, ctx) => listDrugDays(ctx.db, ctx.tenant.tenant_id, input),
};

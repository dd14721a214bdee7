// A protocol's laboratory gates before a cycle's approval (issue 12): each gate is a published rule package run on
// the patient's latest laboratory results, mapped by test code to the package's input fields. The run, passed or
// not, is what the cycle keeps (lab_gate_run_list); server/services/treatments.ts decides the approval by it.
import type { Queryable } from '../db/adapter.ts';
import type { SignedIn } from '../auth/caller.ts';
import type { DecisionEvaluation, Protocol, Treatment, TreatmentCycle } from '../../src/generated/types/entities.ts';
import { fill } from '../../src/domain/dosing/texts.ts';
import type { Lang } from '../../src/domain/language.ts';
import { calendarDay, DEFAULT_TIME_ZONE } from '../../src/domain/treatment/index.ts';
import { ApiError } from '../http/api-error.ts';
import { packageWithDocument, type RuleGraphCache, runPackage } from './decision-packages.ts';
import { latestLabResults } from './treatment-store.ts';

const NO_DECISION = { en: 'the check reached no decision ({issues})', tr: 'kontrol bir karara varamadı ({issues})' };

type LabGate = NonNullable<Protocol['lab_gate_list']>[number];
export type GateRun = NonNullable<TreatmentCycle['lab_gate_run_list']>[number];

/**
 * Runs one gate, a published rule package, on the patient's latest results: each number field of its input
 * named as a test code takes that test's latest value; lab_date is the oldest of those results' days and
 * cycle_date the cycle's date. It passes when it reached decisions and all of them are informational.
 */
export async function runGate(tx: Queryable, tenantId: string, me: SignedIn, t: Treatment, cycle: TreatmentCycle, gate: LabGate, lang: Lang, ruleGraphs: RuleGraphCache): Promise<GateRun> {
  const now = new Date();
  const head = (await packageWithDocument(tx, tenantId, me, gate.package_id)).decision_package;
  const published = head.published_version;
  const pkg = published && published !== head.version ? (await packageWithDocument(tx, tenantId, me, gate.package_id, published)).decision_package : head;
  const fields = (pkg.document?.nodes ?? []).flatMap((n) => (n.type === 'input' ? n.fields : []));
  const results = await latestLabResults(
    tx,
    tenantId,
    t.patient_id,
    fields.filter((f) => f.type === 'number').map((f) => f.name),
  );
  const day = (iso: string) => calendarDay(new Date(iso), DEFAULT_TIME_ZONE);
  const named = new Set(fields.map((f) => f.name));
  const record: Record<string, unknown> = Object.fromEntries(results.map((r) => [r.test_code, r.value]));
  if (named.has('lab_date') && results.length) record.lab_date = results.map((r) => day(r.result_date)).sort()[0];
  if (named.has('cycle_date')) record.cycle_date = cycle.planned_date;
  const run = await runPackage(tx, ruleGraphs, tenantId, me, { package_id: gate.package_id, ...(published ? { version: published } : {}), record, trace: true, today: calendarDay(now, DEFAULT_TIME_ZONE) }, lang);
  const result = run.result_list[0] as DecisionEvaluation;
  const passed = result.decisions.length > 0 && result.decisions.every((d) => d.severity === 'info') && !result.issues.some((i) => i.severity === 'error');
  return {
    package_id: gate.package_id,
    package_version: run.version,
    label: gate.label ?? pkg.name,
    passed,
    record,
    result,
    by: me.username,
    at: now.toISOString(),
  };
}

/** The refusal of a cycle's approval by a gate that did not pass: what held it, in the caller's language (14143). */
export function gateRefusal(run: GateRun, lang: Lang): ApiError {
  const held = run.result.decisions.filter((d) => d.severity !== 'info').map((d) => d.text[lang]);
  const outcome = held.length ? held.join(' ') : fill(NO_DECISION, { issues: run.result.issues.map((i) => i.message[lang]).join(' ') })[lang];
  const label = run.label?.[lang] || run.label?.en || run.label?.tr || '';
  return new ApiError('treatment_lab_gate_failed', { gate: label, outcome }, { lab_gate_run: run });
}


// A protocol ↔ a FHIR R4 Bundle (type collection, https://hl7.org/fhir/R4/bundle.html) holding one
// PlanDefinition (https://hl7.org/fhir/R4/plandefinition.html, type clinical-protocol from
// https://hl7.org/fhir/R4/codesystem-plan-definition-type.html) and one ActivityDefinition
// (https://hl7.org/fhir/R4/activitydefinition.html) per drug, premedication or laboratory line.
//
// The PlanDefinition has one action per line, in the protocol's order (each after the one before:
// relatedAction "after", https://hl7.org/fhir/R4/valueset-action-relationship-type.html). A line's action
// repeats with the cycle (timingTiming: count cycles of period days, https://hl7.org/fhir/R4/datatypes.html#Timing)
// and nests one action per day of the cycle, timed by a Duration of (day − 1) days from the cycle's start
// (or from the treatment's, extension starting-date-type). A medicine's ActivityDefinition carries its dosage
// (https://hl7.org/fhir/R4/dosage.html): doseAndRate's ordered dose in UCUM units (https://ucum.org),
// route (SNOMED CT and ours), timing (times a day, duration in minutes), maxDosePerAdministration for the cap
// and maxDosePerLifetime for the lifetime limit; what FHIR has no element for — the dose basis (body surface,
// weight, AUC, flat), rounding and dose bands, the cycle and the protocol's dosing settings — is said in
// extensions under https://sema.dev/fhir/StructureDefinition/ (https://hl7.org/fhir/R4/extensibility.html).
//
// Reading is tolerant: a foreign PlanDefinition's actions are read as far as they go; a medicine line whose
// dose, unit, route or frequency cannot be read is kept as a note line saying what it was, and every such
// choice is answered as a note in both languages.
import type { Protocol, ProtocolDrug } from '../../generated/types/entities';
import { administrationType } from '../../generated/enums/administrationType';
import { bsaFormula } from '../../generated/enums/bsaFormula';
import { doseFrequency } from '../../generated/enums/doseFrequency';
import { dosingWeight } from '../../generated/enums/dosingWeight';
import { protocolItemType } from '../../generated/enums/protocolItemType';
import { protocolType } from '../../generated/enums/protocolType';
import { startingDateType } from '../../generated/enums/startingDateType';
import type { Bilingual } from '../language';
import { isMedicine, type ProtocolDraft } from './document';

const SD = 'https://sema.dev/fhir/StructureDefinition/';
const CS = 'https://sema.dev/fhir/CodeSystem/';
/** Extension URLs of ours (each a StructureDefinition under sema.dev). */
export const PROTOCOL_EXTENSIONS = {
  protocolType: `${SD}protocol-type`,
  cycleCount: `${SD}protocol-cycle-count`,
  cycleLengthDays: `${SD}protocol-cycle-length-days`,
  bsaFormula: `${SD}protocol-bsa-formula`,
  renalWeight: `${SD}protocol-renal-weight`,
  gfrCap: `${SD}protocol-gfr-cap`,
  changeWarningPercent: `${SD}protocol-change-warning-percent`,
  startingDateType: `${SD}protocol-starting-date-type`,
  doseBasis: `${SD}dose-basis`,
  doseRoundingStep: `${SD}dose-rounding-step`,
  doseBand: `${SD}dose-band`,
} as const;
const X = PROTOCOL_EXTENSIONS;
const ITEM_TYPE_SYSTEM = `${CS}protocol-item-type`;
const ROUTE_SYSTEM = `${CS}administration-type`;
const FREQUENCY_SYSTEM = `${CS}dose-frequency`;
const UCUM = 'http://unitsofmeasure.org';
const SNOMED = 'http://snomed.info/sct';
const PLAN_TYPE = 'http://terminology.hl7.org/CodeSystem/plan-definition-type';
const DOSE_RATE_TYPE = 'http://terminology.hl7.org/CodeSystem/dose-rate-type';

type Unit = NonNullable<ProtocolDrug['unit']>;
type Route = NonNullable<ProtocolDrug['administration_type']>;
type Frequency = NonNullable<ProtocolDrug['frequency']>;

/** Our dose units in UCUM (AUC is mg/mL·min, Calvert's target). */
const UCUM_OF: Record<Unit, string> = {
  mg_m2: 'mg/m2',
  mg_kg: 'mg/kg',
  mg: 'mg',
  g_m2: 'g/m2',
  g: 'g',
  mcg_m2: 'ug/m2',
  mcg: 'ug',
  auc: 'mg.min/mL',
  iu_m2: '[iU]/m2',
  iu: '[iU]',
  ml: 'mL',
};
const UNIT_OF_UCUM = new Map(Object.entries(UCUM_OF).map(([unit, code]) => [code, unit as Unit]));

/** What a unit's dose is multiplied by (the dose-basis extension's codes). */
const basisOf = (unit: Unit): string => (unit.endsWith('_m2') ? 'body-surface-area' : unit.endsWith('_kg') ? 'body-weight' : unit === 'auc' ? 'auc-calvert' : 'flat');

/** SNOMED CT routes (https://hl7.org/fhir/R4/valueset-route-codes.html); both intravenous kinds are 47625008. */
const SNOMED_ROUTE: Record<Route, [string, string]> = {
  iv_infusion: ['47625008', 'Intravenous route'],
  iv_bolus: ['47625008', 'Intravenous route'],
  oral: ['26643006', 'Oral route'],
  subcutaneous: ['34206005', 'Subcutaneous route'],
  intramuscular: ['78421000', 'Intramuscular route'],
  intrathecal: ['72607000', 'Intrathecal route'],
  intravesical: ['37737002', 'Intravesical route'],
};
const ROUTE_OF_SNOMED = new Map<string, Route>(Object.entries(SNOMED_ROUTE).reverse().map(([route, [code]]) => [code, route as Route]));

/** Times a day of each frequency (continuous has none: it is named by its code only). */
const TIMES_A_DAY: Partial<Record<Frequency, number>> = { once_daily: 1, twice_daily: 2, three_times_daily: 3, four_times_daily: 4 };

// ---------------------------------------------------------------------------------------------------------
// The FHIR shapes used here (the parts of the R4 resources this mapping reads and writes)

export interface FhirExtension {
  url: string;
  valueCode?: string;
  valueInteger?: number;
  valueDecimal?: number;
  extension?: FhirExtension[];
}
interface Coding {
  system?: string;
  code?: string;
  display?: string;
}
interface CodeableConcept {
  coding?: Coding[];
  text?: string;
}
interface Quantity {
  value?: number;
  unit?: string;
  system?: string;
  code?: string;
}
interface Timing {
  repeat?: { count?: number; period?: number; periodUnit?: string; frequency?: number; duration?: number; durationUnit?: string };
  code?: CodeableConcept;
}
export interface FhirDosage {
  extension?: FhirExtension[];
  text?: string;
  timing?: Timing;
  route?: CodeableConcept;
  doseAndRate?: { type?: CodeableConcept; doseQuantity?: Quantity }[];
  maxDosePerAdministration?: Quantity;
  maxDosePerLifetime?: Quantity;
}
export interface FhirAction {
  id?: string;
  title?: string;
  description?: string;
  code?: CodeableConcept[];
  extension?: FhirExtension[];
  timingTiming?: Timing;
  timingDuration?: Quantity;
  definitionCanonical?: string;
  relatedAction?: { actionId: string; relationship: string }[];
  action?: FhirAction[];
}
export interface FhirPlanDefinition {
  resourceType: 'PlanDefinition';
  id?: string;
  url?: string;
  version?: string;
  name?: string;
  title?: string;
  type?: CodeableConcept;
  status?: string;
  description?: string;
  topic?: CodeableConcept[];
  extension?: FhirExtension[];
  action?: FhirAction[];
}
export interface FhirActivityDefinition {
  resourceType: 'ActivityDefinition';
  id?: string;
  url?: string;
  status?: string;
  title?: string;
  kind?: string;
  code?: CodeableConcept;
  productCodeableConcept?: CodeableConcept;
  dosage?: FhirDosage[];
}
type Resource = FhirPlanDefinition | FhirActivityDefinition;
export interface FhirBundle {
  resourceType: 'Bundle';
  type: 'collection';
  entry: { fullUrl: string; resource: Resource }[];
}

// ---------------------------------------------------------------------------------------------------------
// Writing

const code = (url: string, value: string | undefined): FhirExtension[] => (value === undefined ? [] : [{ url, valueCode: value }]);
const integer = (url: string, value: number | undefined): FhirExtension[] => (value === undefined ? [] : [{ url, valueInteger: value }]);
const decimal = (url: string, value: number | undefined): FhirExtension[] => (value === undefined ? [] : [{ url, valueDecimal: value }]);
const days = (n: number): Quantity => ({ value: n, unit: 'd', system: UCUM, code: 'd' });
const mg = (value: number, perM2 = false): Quantity => ({ value, unit: perM2 ? 'mg/m2' : 'mg', system: UCUM, code: perM2 ? 'mg/m2' : 'mg' });
const canonicalOf = (itemId: string) => `urn:uuid:${itemId}`;

function dosageOf(line: ProtocolDrug): FhirDosage {
  const unit = line.unit!;
  const rounding = line.dose_rounding;
  const times = line.frequency ? TIMES_A_DAY[line.frequency] : undefined;
  const [snomed, display] = SNOMED_ROUTE[line.administration_type!];
  return {
    extension: [
      ...code(X.doseBasis, basisOf(unit)),
      ...(rounding && 'step' in rounding ? decimal(X.doseRoundingStep, rounding.step) : []),
      ...(rounding && 'bands' in rounding
        ? rounding.bands.map((b) => ({ url: X.doseBand, extension: [...decimal('from', b.from), ...decimal('to', b.to), ...decimal('dose', b.dose)] }))
        : []),
    ],
    timing: {
      repeat: {
        ...(times ? { frequency: times, period: 1, periodUnit: 'd' } : {}),
        ...(line.duration_minutes ? { duration: line.duration_minutes, durationUnit: 'min' } : {}),
      },
      code: { coding: [{ system: FREQUENCY_SYSTEM, code: line.frequency }] },
    },
    route: { coding: [{ system: ROUTE_SYSTEM, code: line.administration_type }, { system: SNOMED, code: snomed, display }] },
    doseAndRate: [{ type: { coding: [{ system: DOSE_RATE_TYPE, code: 'ordered' }] }, doseQuantity: { value: line.dosage, unit: UCUM_OF[unit], system: UCUM, code: UCUM_OF[unit] } }],
    ...(line.max_dose ? { maxDosePerAdministration: mg(line.max_dose) } : {}),
    ...(line.lifetime_limit ? { maxDosePerLifetime: mg(line.lifetime_limit.amount, line.lifetime_limit.per === 'm2') } : {}),
  };
}

function activityOf(line: ProtocolDrug, status: string): FhirActivityDefinition {
  const medicine = isMedicine(line);
  return {
    resourceType: 'ActivityDefinition',
    id: line.item_id,
    url: canonicalOf(line.item_id),
    status,
    title: medicine ? line.drug_name : line.lab_test,
    kind: medicine ? 'MedicationRequest' : 'ServiceRequest',
    ...(medicine ? { productCodeableConcept: { text: line.drug_name }, dosage: [dosageOf(line)] } : { code: { text: line.lab_test } }),
  };
}

function actionOf(line: ProtocolDrug, before: ProtocolDrug | undefined, p: Protocol): FhirAction {
  const activity = line.item_type !== 'note' && line.item_type !== 'message';
  return {
    id: line.item_id,
    title: line.drug_name ?? line.lab_test ?? line.item_type,
    ...(line.text ? { description: line.text } : {}),
    code: [{ coding: [{ system: ITEM_TYPE_SYSTEM, code: line.item_type }] }],
    extension: code(X.startingDateType, line.starting_date_type),
    ...(p.cycle_length_days ? { timingTiming: { repeat: { ...(p.cycle_count ? { count: p.cycle_count } : {}), period: p.cycle_length_days, periodUnit: 'd' } } } : {}),
    ...(activity ? { definitionCanonical: canonicalOf(line.item_id) } : {}),
    ...(before ? { relatedAction: [{ actionId: before.item_id, relationship: 'after' }] } : {}),
    action: line.day_list.map((day) => ({ id: `${line.item_id}-day-${day}`, title: `Day ${day}`, timingDuration: days(day - 1) })),
  };
}

/** The protocol as a FHIR R4 Bundle, and notes (both languages) on what stays behind. */
export function protocolToFhir(p: Protocol): { bundle: FhirBundle; notes: Bilingual[] } {
  const status = p.status === 'published' ? 'active' : 'draft';
  const plan: FhirPlanDefinition = {
    resourceType: 'PlanDefinition',
    id: p.protocol_id,
    url: canonicalOf(p.protocol_id),
    ...(p.version ? { version: String(p.version) } : {}),
    title: p.name,
    type: { coding: [{ system: PLAN_TYPE, code: 'clinical-protocol', display: 'Clinical Protocol' }] },
    status,
    ...(p.note ? { description: p.note } : {}),
    ...(p.protocol_group ? { topic: [{ text: p.protocol_group }] } : {}),
    extension: [
      ...code(X.protocolType, p.protocol_type),
      ...integer(X.cycleCount, p.cycle_count),
      ...integer(X.cycleLengthDays, p.cycle_length_days),
      ...code(X.bsaFormula, p.bsa_formula),
      ...code(X.renalWeight, p.renal_weight),
      ...decimal(X.gfrCap, p.gfr_cap),
      ...integer(X.changeWarningPercent, p.change_warning_percent),
    ],
    action: p.drug_list.map((line, i) => actionOf(line, p.drug_list[i - 1], p)),
  };
  const activities = p.drug_list.filter((l) => l.item_type !== 'note' && l.item_type !== 'message').map((l) => activityOf(l, status));
  const notes: Bilingual[] = [];
  if (p.lab_gate_list?.length)
    notes.push({
      en: `The ${p.lab_gate_list.length} laboratory gate(s) are this site's rule packages and are not exported.`,
      tr: `${p.lab_gate_list.length} laboratuvar kontrolü bu sitenin kural paketleridir ve dışa aktarılmadı.`,
    });
  if (p.visibility !== 'private')
    notes.push({ en: 'Visibility and shares stay on this site: an imported protocol is a private draft.', tr: 'Görünürlük ve paylaşımlar bu sitede kalır: içe aktarılan protokol özel bir taslaktır.' });
  if (p.is_example)
    notes.push({ en: 'This protocol is an example to be verified locally, not clinical advice.', tr: 'Bu protokol yerel olarak doğrulanması gereken bir örnektir, klinik öneri değildir.' });
  return {
    bundle: {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [plan, ...activities].map((resource) => ({ fullUrl: canonicalOf(resource.id!), resource })),
    },
    notes,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Reading

/** A protocol read from FHIR: its lines are complete (a line that is not becomes a note line). */
export type ImportedProtocol = Omit<ProtocolDraft, 'drug_list'> & { drug_list: ProtocolDrug[] };
export type FhirImport = { ok: true; protocol: ImportedProtocol; notes: Bilingual[] } | { ok: false; details: Bilingual };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v.filter(isObject) as T[]) : []);
const ext = (e: { extension?: unknown } | undefined, url: string) => list<FhirExtension>(e?.extension).find((x) => x.url === url);
const inEnum = <T extends string>(entry: { values: readonly T[] }, v: unknown): T | undefined => (entry.values.includes(v as T) ? (v as T) : undefined);
const codeIn = (concept: unknown, system: string) => list<Coding>(isObject(concept) ? concept.coding : undefined).find((c) => c.system === system)?.code;
/** A number within the contract's bounds, else undefined. */
const bounded = (v: unknown, min: number, max: number, integer = false): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max && (!integer || Number.isInteger(v)) ? v : undefined;
const text = (v: unknown, max: number): string | undefined => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : undefined);
/** { key: value } when there is a value, else nothing (optional fields stay absent). */
const some = <K extends string, V>(key: K, value: V | undefined) => (value === undefined ? {} : ({ [key]: value } as Record<K, V>));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The days of a line's action: its nested actions' offsets ((day − 1) days, or weeks) from the start. */
function daysOf(action: FhirAction): number[] {
  const out = new Set<number>();
  for (const day of list<FhirAction>(action.action)) {
    const q = isObject(day.timingDuration) ? day.timingDuration : undefined;
    const factor = q?.code === 'd' || q?.unit === 'd' ? 1 : q?.code === 'wk' || q?.unit === 'wk' ? 7 : 0;
    const value = bounded(q?.value, 0, 364, true);
    const n = value === undefined || !factor ? undefined : value * factor + 1;
    if (n !== undefined && n <= 365) out.add(n);
  }
  return [...out].sort((a, b) => a - b);
}

function roundingOf(dosage: FhirDosage | undefined): Pick<ProtocolDrug, 'dose_rounding'> {
  const step = bounded(ext(dosage, X.doseRoundingStep)?.valueDecimal, Number.MIN_VALUE, 1000);
  if (step) return { dose_rounding: { step } };
  const bands = list<FhirExtension>(dosage?.extension)
    .filter((e) => e.url === X.doseBand)
    .map((e) => ({ from: bounded(ext(e, 'from')?.valueDecimal, 0, 100000), to: bounded(ext(e, 'to')?.valueDecimal, Number.MIN_VALUE, 100000), dose: bounded(ext(e, 'dose')?.valueDecimal, Number.MIN_VALUE, 100000) }))
    .filter((b): b is { from: number; to: number; dose: number } => b.from !== undefined && b.to !== undefined && b.dose !== undefined)
    .slice(0, 50);
  return bands.length ? { dose_rounding: { bands } } : {};
}

/** The frequency: our code, else times a day of a once-a-day period. */
function frequencyOf(timing: Timing | undefined): Frequency | undefined {
  const ours = inEnum(doseFrequency, codeIn(timing?.code, FREQUENCY_SYSTEM));
  if (ours) return ours;
  const r = isObject(timing?.repeat) ? timing.repeat : undefined;
  if (r?.period !== 1 || r.periodUnit !== 'd') return undefined;
  return (Object.entries(TIMES_A_DAY) as [Frequency, number][]).find(([, n]) => n === r.frequency)?.[0];
}

/** A medicine's dosage fields, with the names of those that could not be read. */
function medicineOf(activity: FhirActivityDefinition | undefined): { fields: Partial<ProtocolDrug>; missing: string[] } {
  const dosage = list<FhirDosage>(activity?.dosage)[0];
  const dose = list<{ doseQuantity?: Quantity }>(dosage?.doseAndRate)[0]?.doseQuantity;
  const unit = UNIT_OF_UCUM.get(String(dose?.code ?? dose?.unit ?? ''));
  const dosageValue = bounded(dose?.value, Number.MIN_VALUE, 100000);
  const route = inEnum(administrationType, codeIn(dosage?.route, ROUTE_SYSTEM)) ?? ROUTE_OF_SNOMED.get(codeIn(dosage?.route, SNOMED) ?? '');
  const frequency = frequencyOf(dosage?.timing);
  const repeat = isObject(dosage?.timing?.repeat) ? dosage.timing.repeat : undefined;
  const minutes = repeat?.durationUnit === 'min' ? bounded(repeat.duration, 1, 10080, true) : repeat?.durationUnit === 'h' ? bounded((repeat.duration ?? 0) * 60, 1, 10080, true) : undefined;
  const cap = dosage?.maxDosePerAdministration?.code === 'mg' ? bounded(dosage.maxDosePerAdministration.value, Number.MIN_VALUE, 100000) : undefined;
  const lifetime = dosage?.maxDosePerLifetime;
  const lifetimeAmount = bounded(lifetime?.value, Number.MIN_VALUE, 100000);
  const per = lifetime?.code === 'mg/m2' ? 'm2' : lifetime?.code === 'mg' ? 'total' : undefined;
  const name = text(activity?.productCodeableConcept?.text ?? activity?.title, 200);
  const missing = [
    ...(name ? [] : ['drug']),
    ...(dosageValue !== undefined && unit ? [] : ['dose']),
    ...(route ? [] : ['route']),
    ...(frequency ? [] : ['frequency']),
  ];
  return {
    fields: {
      drug_name: name,
      dosage: dosageValue,
      unit,
      administration_type: route,
      frequency,
      ...(minutes ? { duration_minutes: minutes } : {}),
      ...(cap ? { max_dose: cap } : {}),
      ...(lifetimeAmount && per ? { lifetime_limit: { amount: lifetimeAmount, per } } : {}),
      ...roundingOf(dosage),
    },
    missing,
  };
}

const MISSING_TR: Record<string, string> = { drug: 'ilaç', dose: 'doz', route: 'uygulama yolu', frequency: 'sıklık' };

/** The protocol in a FHIR R4 Bundle (or a bare PlanDefinition), or why it cannot be read. */
export function protocolFromFhir(input: unknown, newId: () => string = () => crypto.randomUUID()): FhirImport {
  const resources: Record<string, unknown>[] = isObject(input)
    ? input.resourceType === 'Bundle'
      ? list<{ resource?: unknown }>(input.entry).map((e) => e.resource).filter(isObject)
      : [input]
    : [];
  const plans = resources.filter((r) => r.resourceType === 'PlanDefinition') as unknown as FhirPlanDefinition[];
  const plan = plans[0];
  if (!plan)
    return {
      ok: false,
      details: isObject(input) && input.resourceType === 'Bundle' ? { en: 'the bundle holds no PlanDefinition', tr: 'pakette PlanDefinition yok' } : { en: 'neither a Bundle nor a PlanDefinition', tr: 'ne Bundle ne PlanDefinition' },
    };
  const notes: Bilingual[] = [];
  if (plans.length > 1) notes.push({ en: `Only the first of ${plans.length} PlanDefinitions was read.`, tr: `${plans.length} PlanDefinition'dan yalnızca ilki okundu.` });
  const activities = new Map<string, FhirActivityDefinition>();
  for (const r of resources as unknown as FhirActivityDefinition[]) if (r.resourceType === 'ActivityDefinition' && typeof r.url === 'string') activities.set(r.url, r);

  const firstTiming = list<FhirAction>(plan.action).find((a) => isObject(a.timingTiming?.repeat))?.timingTiming?.repeat;
  const cycleLength = bounded(ext(plan, X.cycleLengthDays)?.valueInteger, 1, 365, true) ?? (firstTiming?.periodUnit === 'd' ? bounded(firstTiming.period, 1, 365, true) : undefined);
  const cycleCount = bounded(ext(plan, X.cycleCount)?.valueInteger, 1, 100, true) ?? bounded(firstTiming?.count, 1, 100, true);
  const usedIds = new Set<string>();
  const idFor = (id: unknown) => {
    const ok = typeof id === 'string' && UUID.test(id) && !usedIds.has(id.toLowerCase());
    const out = ok ? id.toLowerCase() : newId();
    usedIds.add(out);
    return out;
  };

  const lines: ProtocolDrug[] = [];
  list<FhirAction>(plan.action).forEach((action, n) => {
    if (lines.length >= 200) return;
    const label = text(action.title, 200) ?? `#${n + 1}`;
    const activity = typeof action.definitionCanonical === 'string' ? activities.get(action.definitionCanonical) : undefined;
    const declared = inEnum(protocolItemType, list<CodeableConcept>(action.code).map((c) => codeIn(c, ITEM_TYPE_SYSTEM)).find(Boolean));
    const kind = declared ?? (activity?.kind === 'ServiceRequest' ? 'laboratory' : activity ? 'drug' : 'note');
    let dayList = daysOf(action);
    if (!dayList.length) {
      dayList = [1];
      notes.push({ en: `"${label}": no days could be read; day 1 was set.`, tr: `"${label}": günler okunamadı; 1. gün seçildi.` });
    }
    const base = {
      item_id: idFor(action.id),
      starting_date_type: inEnum(startingDateType, ext(action, X.startingDateType)?.valueCode) ?? 'cycle_start',
      day_list: dayList,
    } as const;
    if (kind === 'drug' || kind === 'premedication') {
      const { fields, missing } = medicineOf(activity);
      if (!missing.length) {
        lines.push({ ...base, item_type: kind, ...(fields as Required<Pick<ProtocolDrug, 'drug_name' | 'dosage' | 'unit' | 'administration_type' | 'frequency'>>) });
        return;
      }
      // A medicine without its dose, unit, route or frequency is not given by guess: it is kept as a note.
      lines.push({ ...base, item_type: 'note', text: text(`${label}: ${activity?.dosage?.[0]?.text ?? ''}`.replace(/: $/, ''), 2000)! });
      notes.push({
        en: `"${label}" was kept as a note: its ${missing.join(', ')} could not be read.`,
        tr: `"${label}" not olarak eklendi: ${missing.map((m) => MISSING_TR[m]).join(', ')} okunamadı.`,
      });
      return;
    }
    if (kind === 'laboratory') {
      lines.push({ ...base, item_type: 'laboratory', lab_test: text(activity?.code?.text ?? action.title, 100) ?? label.slice(0, 100) });
      return;
    }
    lines.push({ ...base, item_type: kind, text: text(action.description ?? action.title, 2000) ?? label });
  });
  if (!lines.length) return { ok: false, details: { en: 'the PlanDefinition has no action to read as a protocol line', tr: "PlanDefinition'da protokol satırı olarak okunacak eylem yok" } };

  const protocol: ImportedProtocol = {
    ...some('name', text(plan.title ?? plan.name, 200)),
    ...some('protocol_group', text(list<CodeableConcept>(plan.topic)[0]?.text, 100)),
    ...some('protocol_type', inEnum(protocolType, ext(plan, X.protocolType)?.valueCode)),
    ...some('cycle_count', cycleCount),
    ...some('cycle_length_days', cycleLength),
    ...some('note', text(plan.description, 5000)),
    ...some('bsa_formula', inEnum(bsaFormula, ext(plan, X.bsaFormula)?.valueCode)),
    ...some('renal_weight', inEnum(dosingWeight, ext(plan, X.renalWeight)?.valueCode)),
    ...some('gfr_cap', bounded(ext(plan, X.gfrCap)?.valueDecimal, 30, 250)),
    ...some('change_warning_percent', bounded(ext(plan, X.changeWarningPercent)?.valueInteger, 1, 100, true)),
    drug_list: lines,
  };
  return { ok: true, protocol, notes };
}

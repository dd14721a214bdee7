// Records of a data model as one table, for the export (CSV and .xlsx): a row per record, a column per
// parameter code — an object's sub-parameters each have their own column (codes are one namespace over the
// model), a list is one cell holding its rows as JSON (a row per record keeps counts and joins simple) — after
// the record's id, model version, author and time. Records of several versions share the columns: each code
// once, labelled from the newest version that has it; a parameter flagged anonymization in any of them is
// treated as flagged. De-identified, flagged values (also inside a list's rows) are left out or replaced by the
// caller's pseudonyms.
import type { DataModel, DataModelParameter, LocalizedText } from '../../generated/types/entities';
import type { Lang } from '../language';
import { isChoice, nameOf, type DocPath } from './document';
import type { RecordValue, RecordValues } from './record';

export type CellValue = string | number | null;

export interface TableRecord {
  id: string;
  version: number;
  created_by: string;
  created_at: string;
  values: RecordValues;
}

export interface TableOptions {
  lang: Lang;
  /** A second header row with the labels in `lang`. */
  labels: boolean;
  /** Choices as their labels in `lang` rather than their stored values. */
  choiceLabels: boolean;
  deidentified?: 'drop' | 'pseudonymize';
  /** The pseudonym of a flagged value (when pseudonymizing). */
  pseudonym?: (code: string, value: unknown) => string;
}

const FIXED: { code: string; label: LocalizedText; of: (r: TableRecord) => CellValue }[] = [
  { code: 'data_model_record_id', label: { en: 'Record id', tr: 'Kayıt no' }, of: (r) => r.id },
  { code: 'version', label: { en: 'Model version', tr: 'Model sürümü' }, of: (r) => r.version },
  { code: 'created_by', label: { en: 'Recorded by', tr: 'Kaydeden' }, of: (r) => r.created_by },
  { code: 'created_at', label: { en: 'Recorded at', tr: 'Kayıt zamanı' }, of: (r) => r.created_at },
];

interface Column {
  code: string;
  label: string;
  flagged: boolean;
}

/** Where each code's value sits in a record of one version, and its parameter there. */
type Placement = Map<string, { path: DocPath; parameter: DataModelParameter; flagged: boolean }>;

function placementOf(model: DataModel): Placement {
  const out: Placement = new Map();
  const walk = (list: readonly DataModelParameter[], path: DocPath, flagged: boolean) => {
    for (const p of list) {
      const own = flagged || p.anonymization === true;
      if (p.type === 'object') walk(p.parameter_list ?? [], [...path, p.code], own);
      else if (!out.has(p.code)) out.set(p.code, { path: [...path, p.code], parameter: p, flagged: own });
    }
  };
  for (const g of model.group_list) walk(g.parameter_list, [], false);
  return out;
}

const valueAt = (values: RecordValues, path: DocPath): unknown =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>)[k as string] : undefined), values);

const optionText = (p: DataModelParameter, value: string, lang: Lang): string => {
  const option = p.option_list?.find((o) => o.value === value);
  return option ? nameOf(option.translation, lang, option.label) : value;
};

/** `models` newest version first; every record's version among them. */
export function recordTable(models: readonly DataModel[], records: readonly TableRecord[], o: TableOptions): { header: string[][]; rows: CellValue[][] } {
  const placements = new Map(models.map((m) => [m.version, placementOf(m)]));
  const columns = new Map<string, Column>();
  for (const m of models)
    for (const [code, { parameter, flagged }] of placements.get(m.version)!) {
      const known = columns.get(code);
      if (known) known.flagged ||= flagged;
      else columns.set(code, { code, label: nameOf(parameter.label, o.lang, code), flagged });
    }
  const shown = [...columns.values()].filter((c) => !(c.flagged && o.deidentified === 'drop'));
  const hide = (code: string, flagged: boolean, value: unknown): unknown => (flagged && o.deidentified === 'pseudonymize' ? o.pseudonym!(code, value) : value);

  /** A list's rows with flagged sub-values left out or pseudonymized. */
  const listRows = (p: DataModelParameter, rows: unknown): unknown => {
    if (!o.deidentified || !Array.isArray(rows)) return rows;
    const flaggedSub = new Set((p.parameter_list ?? []).filter((s) => s.anonymization).map((s) => s.code));
    return rows.map((row: RecordValues) =>
      Object.fromEntries(
        Object.entries(row)
          .filter(([code]) => !(flaggedSub.has(code) && o.deidentified === 'drop'))
          .map(([code, v]) => [code, hide(code, flaggedSub.has(code), v)]),
      ),
    );
  };

  const cell = (c: Column, r: TableRecord): CellValue => {
    const placed = placements.get(r.version)?.get(c.code);
    if (!placed) return null;
    const { parameter: p } = placed;
    const value = valueAt(r.values, placed.path) as RecordValue | undefined;
    if (value === undefined || value === null || value === '') return null;
    if (c.flagged && o.deidentified === 'pseudonymize') return o.pseudonym!(c.code, value);
    if (typeof value === 'number') return value;
    if (typeof value === 'string') return isChoice(p.type) && o.choiceLabels ? optionText(p, value, o.lang) : value;
    if (p.type === 'checkbox' && Array.isArray(value)) return (value as string[]).map((v) => (o.choiceLabels ? optionText(p, v, o.lang) : v)).join('; ');
    return JSON.stringify(p.type === 'list' ? listRows(p, value) : value);
  };

  const header: string[][] = [[...FIXED.map((f) => f.code), ...shown.map((c) => c.code)]];
  if (o.labels) header.push([...FIXED.map((f) => nameOf(f.label, o.lang, f.code)), ...shown.map((c) => c.label)]);
  return {
    header,
    rows: records.map((r) => [...FIXED.map((f) => f.of(r)), ...shown.map((c) => cell(c, r))]),
  };
}

// A data layer's record checked against the layer's parameters: the same check in the db page's form (problems at
// their fields as typed) and on the server (/v1/db_record, the Excel import), so both say the same words.
import type { StatusKey } from '../generated/errors';
import type { DataLayer } from '../generated/types/entities';
import type { Lang } from './language';
import { statusMessage } from './status-messages';

export type LayerParameter = DataLayer['parameter_list'][number];
export type LayerValue = string | number | boolean;
export type LayerValues = Record<string, LayerValue>;

/** One field's problem: the error catalogue's key and its parameters. */
export interface LayerProblem {
  field: string;
  key: StatusKey;
  params: Record<string, string | number>;
}

export const layerProblemMessage = (problem: LayerProblem, lang: Lang): string => statusMessage(problem.key, lang, problem.params);

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A calendar date written YYYY-MM-DD that exists (no 2024-02-30). */
export function isLayerDate(v: unknown): v is string {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

function valueProblem(p: LayerParameter, v: unknown): Omit<LayerProblem, 'field'> | undefined {
  switch (p.type) {
    case 'text':
      if (typeof v !== 'string') return { key: 'layer_value_text', params: {} };
      if (p.max_length !== undefined && [...v].length > p.max_length) return { key: 'max_length', params: { max: p.max_length } };
      return undefined;
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v)) return { key: 'record_number_invalid', params: {} };
      if (p.min !== undefined && v < p.min) return { key: 'min_value', params: { min: p.min } };
      if (p.max !== undefined && v > p.max) return { key: 'max_value', params: { max: p.max } };
      return undefined;
    case 'boolean':
      return typeof v === 'boolean' ? undefined : { key: 'layer_value_boolean', params: {} };
    case 'date':
      return isLayerDate(v) ? undefined : { key: 'layer_value_date', params: {} };
    case 'select':
      return typeof v === 'string' && (p.option_list ?? []).some((o) => o.value === v) ? undefined : { key: 'record_option_invalid', params: {} };
  }
}

/** Every problem of `record` against the layer's parameters: unknown fields, missing required values, wrong types and limits. */
export function checkLayerRecord(layer: Pick<DataLayer, 'parameter_list'>, record: Record<string, unknown>): LayerProblem[] {
  const known = new Set(layer.parameter_list.map((p) => p.id));
  const problems: LayerProblem[] = Object.keys(record)
    .filter((field) => !known.has(field))
    .map((field) => ({ field, key: 'layer_field_unknown', params: { field } }));
  for (const p of layer.parameter_list) {
    const v = record[p.id];
    if (isEmpty(v)) {
      if (p.required) problems.push({ field: p.id, key: 'field_required', params: {} });
      continue;
    }
    const problem = valueProblem(p, v);
    if (problem) problems.push({ field: p.id, ...problem });
  }
  return problems;
}

/** The record as stored: empty values left out (an empty field and an absent one are the same). Call after the check. */
export function storedLayerValues(record: Record<string, unknown>): LayerValues {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => !isEmpty(v))) as LayerValues;
}

/** A record's name: its label parameter's value (an option's label in the language), else its first value. */
export function layerRecordName(layer: Pick<DataLayer, 'parameter_list' | 'label_parameter'>, record: LayerValues, lang: Lang): string {
  const p = layer.parameter_list.find((x) => x.id === layer.label_parameter);
  const v = record[layer.label_parameter];
  if (p?.type === 'select') return p.option_list?.find((o) => o.value === v)?.label[lang] ?? String(v ?? '');
  return v === undefined ? '' : String(v);
}

// A protocol's lines in words and back: a dose as people write it ("175 mg/m²", "AUC 5"), the days typed as
// "1,8,15" or "1-14", and a fresh line of a kind.
import { enumLabel } from '../../src/app/ui/labels';
import { doseUnit } from '../../src/generated/enums/doseUnit';
import type { Lang } from '../../src/domain/language';
import type { ProtocolItemType } from '../../src/generated/types/entities';
import type { Line } from './store';

const number = (n: number, lang: Lang) => n.toLocaleString(lang === 'tr' ? 'tr-TR' : 'en-GB', { maximumFractionDigits: 3 });

/** A dose with its unit as written on a regimen: the AUC before its target (Calvert), every other unit after. */
export function doseText(dosage: number | undefined, unit: string | undefined, lang: Lang): string {
  if (dosage === undefined) return '';
  if (unit === 'auc') return `AUC ${number(dosage, lang)}`;
  return unit ? `${number(dosage, lang)} ${enumLabel(doseUnit, unit, lang)}` : number(dosage, lang);
}

export const isMedicine = (l: Line) => l.item_type === 'drug' || l.item_type === 'premedication';


/** Days as typed ("1,8,15", "1-14", "1-5, 8"), in order and once each; null when the text is not days of 1..max. */
export function parseDays(text: string, max: number): number[] | null {
  const days = new Set<number>();
  const parts = text.split(/[,;\s]+/).filter(Boolean);
  if (!parts.length) return null;
  for (const part of parts) {
    const m = /^(\d{1,3})(?:[-–](\d{1,3}))?$/.exec(part);
    if (!m) return null;
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (from < 1 || to < from || to > max) return null;
    for (let d = from; d <= to; d++) days.add(d);
  }
  return [...days].sort((a, b) => a - b);
}

/** Days as people write them: runs of three or more as "1-14", the rest listed ("1, 8, 15"). */
export function daysText(days: readonly number[]): string {
  const sorted = [...days].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    if (j - i >= 2) out.push(`${sorted[i]}-${sorted[j]}`);
    else for (let k = i; k <= j; k++) out.push(String(sorted[k]));
    i = j + 1;
  }
  return out.join(', ');
}

/** What a line is, in one phrase for the table and the timeline: the drug and dose, the test or the text. */
export function lineSummary(l: Line, lang: Lang): string {
  if (isMedicine(l)) return [l.drug_name ?? '', doseText(l.dosage, l.unit, lang)].filter(Boolean).join(' ');
  if (l.item_type === 'laboratory') return l.lab_test ?? '';
  return l.text ?? '';
}

/** A fresh line of a kind on day 1 of the cycle; a medicine as an infusion once a day in mg/m². */
export function newLine(kind: ProtocolItemType): Line {
  const line: Line = { item_id: crypto.randomUUID(), item_type: kind, starting_date_type: 'cycle_start', day_list: [1] };
  if (kind === 'drug' || kind === 'premedication') Object.assign(line, { unit: 'mg_m2', administration_type: 'iv_infusion', frequency: 'once_daily' });
  return line;
}

/** A copy of a line under a new id (Duplicate). */
export const copyLine = (l: Line): Line => ({ ...structuredClone(l), item_id: crypto.randomUUID() });

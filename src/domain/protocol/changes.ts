// Spec section 5's change warning: a change of a drug's dosage, the cycle length (period), the cycle count or a
// line's duration by more than the protocol's percent (change_warning_percent, 20 unless set) against its last
// published version must be confirmed before it is saved. Lines are matched by item_id: a line added or removed
// is a new regimen line, not an unexpected change of one. The items are those of protocol/save's refusal
// (change_warning_list) and of the confirmations protocol/get lists.
import type { Lang } from '../language';
import { DEFAULT_CHANGE_WARNING_PERCENT, isMedicine, type ProtocolDraft, type ProtocolLine } from './document';

export interface ProtocolChange {
  field: 'dosage' | 'cycle_length_days' | 'cycle_count' | 'duration_minutes';
  /** The line, for a dosage or a duration. */
  item_id?: string;
  drug_name?: string;
  before: number;
  after: number;
  /** The change in percent of before, rounded to one decimal. */
  percent: number;
}

/**
 * The changes beyond the percent, in document order (protocol fields first). The percent is the published
 * version's: the limit in force is the one the regimen was published with, so a draft cannot raise its own.
 */
export function protocolChanges(published: ProtocolDraft, draft: ProtocolDraft): ProtocolChange[] {
  const limit = published.change_warning_percent ?? DEFAULT_CHANGE_WARNING_PERCENT;
  const changes: ProtocolChange[] = [];
  const compare = (field: ProtocolChange['field'], before: number | undefined, after: number | undefined, line?: ProtocolLine) => {
    if (before === undefined || after === undefined || before <= 0) return;
    const percent = (Math.abs(after - before) / before) * 100;
    if (percent <= limit) return;
    changes.push({
      field,
      ...(line?.item_id ? { item_id: line.item_id } : {}),
      ...(line?.drug_name ? { drug_name: line.drug_name } : {}),
      before,
      after,
      percent: Math.round(percent * 10) / 10,
    });
  };
  compare('cycle_length_days', published.cycle_length_days, draft.cycle_length_days);
  compare('cycle_count', published.cycle_count, draft.cycle_count);
  const old = new Map(published.drug_list.filter((l) => l.item_id).map((l) => [l.item_id, l]));
  for (const line of draft.drug_list) {
    const before = line.item_id ? old.get(line.item_id) : undefined;
    if (!before) continue;
    if (isMedicine(line) && isMedicine(before)) compare('dosage', before.dosage, line.dosage, line);
    compare('duration_minutes', before.duration_minutes, line.duration_minutes, line);
  }
  return changes;
}

const FIELD_TEXT: Record<ProtocolChange['field'], Record<Lang, (drug: string) => string>> = {
  dosage: { en: (d) => (d ? `dose of ${d}` : 'dose'), tr: (d) => (d ? `${d} dozu` : 'Doz') },
  duration_minutes: { en: (d) => (d ? `duration of ${d}` : 'duration'), tr: (d) => (d ? `${d} süresi` : 'Süre') },
  cycle_length_days: { en: () => 'cycle length', tr: () => 'Kür süresi' },
  cycle_count: { en: () => 'number of cycles', tr: () => 'Kür sayısı' },
};

/** What changed, worded for the change warning's message (14021: "The {{field}} changed by more than …"). */
export const changeFieldText = (change: ProtocolChange, lang: Lang): string => FIELD_TEXT[change.field][lang](change.drug_name ?? '');

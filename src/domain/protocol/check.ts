// Spec section 5's protocol rules as a list of problems, in the shape of the data-model rules
// (src/domain/data-model/validate.ts): where (a JSON pointer into the protocol, so the editor shows the problem
// at its field), the error catalogue's key (schemas/errors.json, both languages) and the message's parameters.
// The server runs them when a draft is published (14100 with every problem); the editor shows them while the
// protocol is written. Rules: a name (or an automatic title to copy), group, visibility, type, cycle count and
// length; every line a starting date and days within the cycle; a medicine line its drug, dose, unit, route and
// frequency; a laboratory line its test; a note or message its text; dose bands without overlaps or gaps; a
// lifetime limit only on a dose by mass; a shared protocol at least one user.
import type { StatusKey } from '../../generated/errors';
import { pointer, type DocPath } from '../data-model/document';
import type { Lang } from '../language';
import { statusMessage } from '../status-messages';
import { isMedicine, MASS_UNITS, numberText, type ProtocolDraft, type ProtocolLine } from './document';
import { automaticTitle } from './title';

export interface ProtocolProblem {
  /** JSON pointer of the field, e.g. "/drug_list/2/unit". */
  path: string;
  key: Exclude<StatusKey, 'ok'>;
  params?: Record<string, string | number>;
}

/** A problem's message in a language. */
export const protocolProblemMessage = (problem: ProtocolProblem, lang: Lang): string => statusMessage(problem.key, lang, problem.params);

const problem = (path: DocPath, key: ProtocolProblem['key'], params?: ProtocolProblem['params']): ProtocolProblem => ({
  path: pointer(path),
  key,
  ...(params ? { params } : {}),
});

const blank = (text: string | undefined) => !text?.trim();

type Band = { from: number; to: number; dose: number };
const bandText = (b: Band) => `${numberText(b.from)}–${numberText(b.to)}`;

/**
 * Dose bands read as [from, to): a value falls in the band from `from` up to, not including, `to`. Sorted by
 * `from`, each band must start where the one before ends: earlier is an overlap, later leaves a gap.
 */
function bandProblems(bands: readonly Band[], at: DocPath): ProtocolProblem[] {
  const order = bands.map((b, i) => ({ b, i })).sort((x, y) => x.b.from - y.b.from || x.b.to - y.b.to);
  const problems: ProtocolProblem[] = [];
  for (let n = 1; n < order.length; n++) {
    const before = order[n - 1].b;
    const { b, i } = order[n];
    if (b.from < before.to) problems.push(problem([...at, i], 'protocol_dose_bands_overlap', { band: bandText(b), other: bandText(before) }));
    else if (b.from > before.to) problems.push(problem([...at, i, 'from'], 'protocol_dose_bands_gap', { from: numberText(before.to), to: numberText(b.from) }));
  }
  return problems;
}

function lineProblems(line: ProtocolLine, i: number, protocol: ProtocolDraft): ProtocolProblem[] {
  const at: DocPath = ['drug_list', i];
  const problems: ProtocolProblem[] = [];
  const chosen = (field: keyof ProtocolLine) => {
    if (line[field] === undefined) problems.push(problem([...at, field], 'protocol_item_fields_required'));
  };
  const written = (field: 'drug_name' | 'lab_test' | 'text') => {
    if (blank(line[field])) problems.push(problem([...at, field], 'field_required'));
  };
  chosen('starting_date_type');
  if (!line.day_list?.length) problems.push(problem([...at, 'day_list'], 'protocol_item_fields_required'));
  if (isMedicine(line)) {
    written('drug_name');
    if (line.dosage === undefined) problems.push(problem([...at, 'dosage'], 'field_required'));
    chosen('unit');
    chosen('administration_type');
    chosen('frequency');
  } else if (line.item_type === 'laboratory') written('lab_test');
  else if (line.item_type === 'note' || line.item_type === 'message') written('text');
  else chosen('item_type');

  // Days counted from the cycle's first day lie within the cycle; those from the treatment's start may run longer.
  const length = protocol.cycle_length_days;
  if (length && line.starting_date_type !== 'treatment_start')
    (line.day_list ?? []).forEach((day, d) => {
      if (day > length) problems.push(problem([...at, 'day_list', d], 'protocol_day_outside_cycle', { day, cycle_length_days: length }));
    });

  const rounding = line.dose_rounding;
  if (rounding && 'bands' in rounding) problems.push(...bandProblems(rounding.bands, [...at, 'dose_rounding', 'bands']));
  if (line.lifetime_limit && !(line.unit && MASS_UNITS.has(line.unit))) problems.push(problem([...at, 'lifetime_limit'], 'protocol_lifetime_limit_unit'));
  return problems;
}

/** Every problem of the protocol, in document order. */
export function checkProtocol(protocol: ProtocolDraft): ProtocolProblem[] {
  const problems: ProtocolProblem[] = [];
  if (blank(protocol.name) && !automaticTitle(protocol)) problems.push(problem(['name'], 'protocol_name_required'));
  if (blank(protocol.protocol_group)) problems.push(problem(['protocol_group'], 'protocol_group_required'));
  if (!protocol.visibility) problems.push(problem(['visibility'], 'protocol_visibility_required'));
  if (!protocol.protocol_type) problems.push(problem(['protocol_type'], 'protocol_type_required'));
  if (protocol.cycle_count === undefined) problems.push(problem(['cycle_count'], 'protocol_cycle_count_required'));
  if (protocol.cycle_length_days === undefined) problems.push(problem(['cycle_length_days'], 'protocol_cycle_length_required'));
  if (protocol.visibility === 'shared' && !protocol.shared_user_list?.length) problems.push(problem(['shared_user_list'], 'protocol_shared_users_required'));
  protocol.drug_list.forEach((line, i) => {
    problems.push(...lineProblems(line, i, protocol));
  });
  return problems;
}

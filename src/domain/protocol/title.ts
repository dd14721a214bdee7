// The automatic title of a protocol (spec section 5: the name is written or the automatic title copied): its
// drugs with their doses, then the cycle, e.g. "Carboplatin AUC 5 + Paclitaxel 175 mg/m² q21d ×6".
// Premedication, laboratory, note and message lines are not part of a regimen's name.
import type { Lang } from '../language';
import { numberText, unitText, type ProtocolDraft, type ProtocolLine } from './document';

/** The longest name a protocol has (schemas/entities/protocol.json). */
const NAME_MAX = 200;

function drugText(line: ProtocolLine, lang: Lang): string {
  const name = line.drug_name?.trim() ?? '';
  if (line.dosage === undefined) return name;
  const dose = numberText(line.dosage);
  // AUC reads before its number ("AUC 5"); every other unit after it ("175 mg/m²").
  const amount = line.unit === 'auc' ? `AUC ${dose}` : line.unit ? `${dose} ${unitText(line.unit, lang)}` : dose;
  return `${name} ${amount}`.trim();
}

/** The automatic title, '' when the protocol has no named drug yet. */
export function automaticTitle(protocol: ProtocolDraft, lang: Lang = 'en'): string {
  const drugs = protocol.drug_list.filter((l) => l.item_type === 'drug' && l.drug_name?.trim()).map((l) => drugText(l, lang));
  if (!drugs.length) return '';
  const cycle = [protocol.cycle_length_days ? `q${protocol.cycle_length_days}d` : '', protocol.cycle_count ? `×${protocol.cycle_count}` : ''].filter(Boolean).join(' ');
  const title = [drugs.join(' + '), cycle].filter(Boolean).join(' ');
  return title.length > NAME_MAX ? `${title.slice(0, NAME_MAX - 1)}…` : title;
}

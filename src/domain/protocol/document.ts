// A protocol as the editor holds it (schemas/entities/protocol.json): the stored fields may be missing in a
// draft and a line may be half filled while it is edited; the section 5 rules (check.ts) say what is missing.
import type { Protocol, ProtocolDrug } from '../../generated/types/entities';
import { doseUnit } from '../../generated/enums/doseUnit';
import { enumEntryLabel, type Lang } from '../language';

/** One line of a protocol, possibly half filled. */
export type ProtocolLine = Partial<ProtocolDrug>;

/** A protocol, possibly a draft: every field but its lines may be missing. A stored Protocol is one. */
export type ProtocolDraft = Partial<Omit<Protocol, 'drug_list'>> & { drug_list: ProtocolLine[] };

/** Lines that give a medicine (a drug or its premedication): they have a dose, unit, route and frequency. */
export const isMedicine = (line: ProtocolLine): boolean => line.item_type === 'drug' || line.item_type === 'premedication';

/** The change-warning percent when the protocol does not set one (spec section 5; schemas' default). */
export const DEFAULT_CHANGE_WARNING_PERCENT = 20;

/**
 * Dose units that are an amount of substance by mass, convertible to mg: the only ones a lifetime limit (in mg)
 * can add up. AUC, international units and millilitres are not.
 */
export const MASS_UNITS: ReadonlySet<NonNullable<ProtocolDrug['unit']>> = new Set(['mg_m2', 'mg_kg', 'mg', 'g_m2', 'g', 'mcg_m2', 'mcg']);

/** A dose unit as people read it (mg/m², AUC …). */
export const unitText = (unit: ProtocolDrug['unit'], lang: Lang): string => (unit === 'auc' ? 'AUC' : enumEntryLabel(doseUnit, unit, lang));

/** A number as a dose reads: no trailing zeros, at most three decimals. */
export const numberText = (n: number): string => String(Math.round(n * 1000) / 1000);

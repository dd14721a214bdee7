// How far a number moved, in percent of where it was: the measure of spec section 5's change warning, for a
// protocol's new version (src/domain/protocol/changes.ts) and a patient's treatment (src/domain/treatment/changes.ts).

/** The percent a change warning is raised above when the protocol sets none (docs/decisions.md). */
export const DEFAULT_CHANGE_WARNING_PERCENT = 20;

const rawPercent = (before: number, after: number) => (before > 0 && Number.isFinite(after) ? (Math.abs(after - before) / before) * 100 : undefined);
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** |after − before| in percent of before, to one decimal; undefined when before is not above zero (no base). */
export function percentChange(before: number, after: number): number | undefined {
  const percent = rawPercent(before, after);
  return percent === undefined ? undefined : oneDecimal(percent);
}

/**
 * The change in percent (to one decimal) when it is strictly beyond `limit`, else undefined. Weighed before
 * rounding: 20.04 % is beyond 20 %.
 */
export function changeBeyond(before: number, after: number, limit: number): number | undefined {
  const percent = rawPercent(before, after);
  return percent !== undefined && percent > limit ? oneDecimal(percent) : undefined;
}

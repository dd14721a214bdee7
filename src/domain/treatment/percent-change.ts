// How far a number moved, in percent of where it was: the measure of spec section 5's change warning for a
// treatment (and the same idea as a protocol version's, src/domain/protocol/changes.ts; one helper may serve both).

/** |after − before| in percent of before, to one decimal; undefined when before is not above zero (no base). */
export function percentChange(before: number, after: number): number | undefined {
  if (!(before > 0) || !Number.isFinite(after)) return undefined;
  return Math.round((Math.abs(after - before) / before) * 1000) / 10;
}

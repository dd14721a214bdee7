// Distribution functions for p-values and intervals, all from jstat (never hand-rolled series). Tails are taken
// from the incomplete beta directly where jstat allows it, so that small p-values keep their digits instead of
// being 1 − cdf.
import jStat from 'jstat';

/** Two-sided p of Student's t: I_{df/(df+t²)}(df/2, 1/2). */
export const tTwoSidedP = (t: number, df: number): number => jStat.ibeta(df / (df + t * t), df / 2, 0.5);

/** The t quantile for a two-sided interval of the given level (0.95 → qt(0.975, df)). */
export const tCritical = (df: number, level = 0.95): number => jStat.studentt.inv(1 - (1 - level) / 2, df);

/** Upper tail of F(d1, d2): I_{d2/(d2+d1·f)}(d2/2, d1/2). */
export const fUpperP = (f: number, d1: number, d2: number): number => jStat.ibeta(d2 / (d2 + d1 * f), d2 / 2, d1 / 2);

/** Upper tail of χ²(df) (jstat has no upper incomplete gamma: below ~1e-16 it reads 0, which pages print as "< .001"). */
export const chiSquareUpperP = (x: number, df: number): number => 1 - jStat.chisquare.cdf(x, df);

/** Two-sided p of a standard normal z. */
export const normalTwoSidedP = (z: number): number => 2 * jStat.normal.cdf(-Math.abs(z), 0, 1);

/** The standard normal quantile for a two-sided interval (0.95 → 1.959964). */
export const zCritical = (level = 0.95): number => jStat.normal.inv(1 - (1 - level) / 2, 0, 1);

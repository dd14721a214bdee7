// jstat 1.9.6 ships no types: the few functions the statistics engine calls.
declare module 'jstat' {
  interface JStat {
    /** Regularised incomplete beta I_x(a, b). */
    ibeta(x: number, a: number, b: number): number;
    studentt: { inv(p: number, df: number): number };
    chisquare: { cdf(x: number, df: number): number };
    normal: { cdf(x: number, mean: number, sd: number): number; inv(p: number, mean: number, sd: number): number };
  }
  const jStat: JStat;
  export default jStat;
}

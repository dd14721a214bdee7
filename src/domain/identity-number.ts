// The Turkish national id (T.C. kimlik numarası): 11 digits, the first not 0, the last two check digits. Shared
// by the server (which refuses a wrong one) and the patient form (which says so at the field before sending).

const digitsOf = (id: string) => [...id].map(Number);

/**
 * Whether the check digits match: the 10th is (7 × the sum of the odd-placed first nine − the sum of the
 * even-placed ones) mod 10, the 11th the sum of the first ten mod 10.
 */
export function isValidIdentityNumber(id: string): boolean {
  // The digits' shape (11, the first not 0) is the contract's pattern; this checks what a pattern cannot.
  const d = digitsOf(id);
  if (d.length !== 11 || d.some(Number.isNaN)) return false;
  const odd = d[0] + d[2] + d[4] + d[6] + d[8];
  const even = d[1] + d[3] + d[5] + d[7];
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  const eleventh = d.slice(0, 10).reduce((a, b) => a + b, 0) % 10;
  return d[9] === tenth && d[10] === eleventh;
}

/** The id with its middle six digits hidden (12345678901 → 123******01). */
export const maskIdentityNumber = (id: string): string => `${id.slice(0, 3)}******${id.slice(-2)}`;

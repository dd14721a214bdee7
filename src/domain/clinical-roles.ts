// The clinical roles of spec section 6 as the site's auth codes: each role is held as the auth code of the
// same name, except the administrator, who holds admin. One mapping for the server (the login check's role
// list) and the clinical pages.
import type { AuthCode, ClinicalRole } from '../generated/types/entities';

const ROLE_OF_CODE: Partial<Record<AuthCode, ClinicalRole>> = {
  admin: 'administrator',
  doctor: 'doctor',
  nurse: 'nurse',
  pharmacist: 'pharmacist',
  hospital_official: 'hospital_official',
  wisdom_administrator: 'wisdom_administrator',
};

/** The clinical roles a holder of these auth codes has, in the roles' catalogue order. */
export function clinicalRolesOf(authCodes: readonly string[]): ClinicalRole[] {
  const held = new Set(authCodes.map((c) => ROLE_OF_CODE[c as AuthCode]).filter((r): r is ClinicalRole => r !== undefined));
  return (['doctor', 'nurse', 'pharmacist', 'hospital_official', 'administrator', 'wisdom_administrator'] as const).filter((r) => held.has(r));
}

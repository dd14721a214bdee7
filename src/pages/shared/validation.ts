// The client-side checks of the account forms, mirroring spec section 5 and the User schema. Each returns
// the i18n key of its message (validation.* holds the section 5 wording in both languages) or null.
export type Check = string | null;

/** English letters, digits and dot (schemas/entities/user.json: 3 to 50 characters). */
export const USERNAME_PATTERN = /^[A-Za-z0-9.]+$/;
/** Good enough to catch typing mistakes; the server decides with its own format check. */
export const MAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Letters, digits, underscore and hyphen (schemas/entities/external_application.json). */
export const KEY_PATTERN = /^[A-Za-z0-9_-]+$/;
export const KEY_MAX = 32;

export function checkUsername(value: string): Check {
  const v = value.trim();
  if (!v) return 'validation.usernameEmpty';
  if (!USERNAME_PATTERN.test(v)) return 'validation.usernameFormat';
  if (v.length < 3 || v.length > 50) return 'validation.usernameLength';
  return null;
}

export function checkMail(value: string): Check {
  const v = value.trim();
  if (!v) return 'validation.mailRequired';
  if (!MAIL_PATTERN.test(v) || v.length > 254) return 'validation.mailFormat';
  return null;
}

/** Every password at least 8 characters; 16 where the account holds admin (the server checks that one). */
export function checkPassword(value: string, min: 8 | 16 = 8): Check {
  if (!value) return 'validation.passwordRequired';
  if (value.length < min) return min === 16 ? 'validation.passwordMin16' : 'validation.passwordMin8';
  if (value.length > 128) return 'validation.passwordMax';
  return null;
}

export const checkFirstname = (value: string): Check => (value.trim() ? null : 'validation.firstnameRequired');
export const checkLastname = (value: string): Check => (value.trim() ? null : 'validation.lastnameRequired');
export const checkGender = (value: string): Check => (value ? null : 'validation.genderRequired');
export const checkRequired = (value: string): Check => (value.trim() ? null : 'validation.fillAllInputs');
export const checkMailCode = (value: string): Check => (value.trim() ? null : 'validation.mailApproveCodeRequired');

export function checkKey(value: string): Check {
  if (!value) return 'validation.fillAllInputs';
  if (value.length > KEY_MAX) return 'validation.keyTooLong';
  if (!KEY_PATTERN.test(value)) return 'validation.keyFormat';
  return null;
}

/** Keeps only the fields that failed. */
export function failed<T extends Record<string, Check>>(checks: T): Partial<Record<keyof T, string>> {
  return Object.fromEntries(Object.entries(checks).filter(([, v]) => v !== null)) as Partial<Record<keyof T, string>>;
}

/** A same-site path to go to after login: only "/…" (never "//host" or an absolute address). */
export function safeReturnPath(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

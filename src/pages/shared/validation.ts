// The client-side checks of the account forms, with spec section 5's messages and the bounds of the User and
// External application schemas (generated field rules, never copies). Each returns the i18n key of its message
// (validation.* holds the section 5 wording in both languages) or null.
import { externalApplicationRules, userRules } from '../../generated/field-rules';

export type Check = string | null;

const { username, mail, password } = userRules;
const key = externalApplicationRules.externalapplication_key;
const USERNAME_PATTERN = new RegExp(username.pattern, 'u');
/** Good enough to catch typing mistakes (the schema says `email`); the server decides with its own format check. */
const MAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const KEY_PATTERN = new RegExp(key.pattern, 'u');

export function checkUsername(value: string): Check {
  const v = value.trim();
  if (!v) return 'validation.usernameEmpty';
  if (!USERNAME_PATTERN.test(v)) return 'validation.usernameFormat';
  if (v.length < username.minLength || v.length > username.maxLength) return 'validation.usernameLength';
  return null;
}

export function checkMail(value: string): Check {
  const v = value.trim();
  if (!v) return 'validation.mailRequired';
  if (!MAIL_PATTERN.test(v) || v.length > mail.maxLength) return 'validation.mailFormat';
  return null;
}

/** Every password at least the schema's 8 characters; 16 where the account holds admin (the server checks that one). */
export function checkPassword(value: string, min: 8 | 16 = password.minLength): Check {
  if (!value) return 'validation.passwordRequired';
  if (value.length < min) return min === 16 ? 'validation.passwordMin16' : 'validation.passwordMin8';
  if (value.length > password.maxLength) return 'validation.passwordMax';
  return null;
}

export const checkFirstname = (value: string): Check => (value.trim() ? null : 'validation.firstnameRequired');
export const checkLastname = (value: string): Check => (value.trim() ? null : 'validation.lastnameRequired');
export const checkGender = (value: string): Check => (value ? null : 'validation.genderRequired');
export const checkRequired = (value: string): Check => (value.trim() ? null : 'validation.fillAllInputs');
export const checkMailCode = (value: string): Check => (value.trim() ? null : 'validation.mailApproveCodeRequired');

export function checkKey(value: string): Check {
  if (!value) return 'validation.fillAllInputs';
  if (value.length > key.maxLength) return 'validation.keyTooLong';
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

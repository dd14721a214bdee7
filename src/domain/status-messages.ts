// The error catalogue's messages in a language, their {{parameters}} filled: one place for the server (which
// answers in the caller's language) and the browser (which shows a refusal again in the language the user
// reads now, from the answer's code and parameters).
import { statusCatalogue, type StatusKey } from '../generated/errors';
import { entityLabels } from '../generated/labels';
import type { Lang } from './language';
import { authCodeLabel } from './auth-codes';

/** A parameter as the message shows it: an `entity` given by its schema name reads as its label, in lower case mid-sentence. */
function paramText(name: string, value: unknown, lang: Lang): string {
  const label = name === 'entity' && typeof value === 'string' ? entityLabels[value]?.[lang] : undefined;
  if (label) return label.charAt(0).toLocaleLowerCase(lang) + label.slice(1);
  // Auth codes read as their names ("Shop administrator, Administrator"), never as codes.
  if (name === 'auth_codes' && typeof value === 'string') return value.split(/,\s*/).filter(Boolean).map((c) => authCodeLabel(c, lang)).join(', ');
  return value === undefined || value === null ? '' : String(value);
}

export function statusMessage(key: StatusKey, lang: Lang, params: Readonly<Record<string, unknown>> = {}): string {
  return statusCatalogue[key].message[lang].replace(/\{\{(\w+)\}\}/g, (_m, p: string) => paramText(p, params[p], lang));
}

const KEYS_BY_CODE = new Map<string, StatusKey>((Object.keys(statusCatalogue) as StatusKey[]).map((key) => [statusCatalogue[key].status_code, key]));

/** The catalogue's key of a status code (undefined for a code this build does not know). */
export const statusKeyOf = (statusCode: string): StatusKey | undefined => KEYS_BY_CODE.get(statusCode);

/** The names of a message's {{parameters}}. */
export const messageParams = (key: StatusKey): string[] => [...statusCatalogue[key].message.en.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);

/** Parameters worded in a language when the message is made (a page's caption, a reason, a field list). */
const WORDED = new Set(['details', 'reason', 'page', 'first', 'field']);

/**
 * The parameters a browser needs to word the message again in another language, or undefined when the
 * message has worded ones (it is then shown as answered) or none at all.
 */
export function rewordableParams(key: StatusKey, params: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> | undefined {
  const names = messageParams(key);
  if (!params || !names.length || names.some((n) => WORDED.has(n))) return undefined;
  return Object.fromEntries(names.filter((n) => params[n] !== undefined).map((n) => [n, params[n]]));
}

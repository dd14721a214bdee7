// Failures travel as ApiError; the envelope plugin turns them into {status_code, status_message} in the
// caller's language. Handlers throw `new ApiError('forbidden', {auth_codes})` and never build answers by hand.
import { statusCatalogue, type StatusKey } from '../../src/generated/errors.ts';

export type Lang = 'tr' | 'en';

export class ApiError extends Error {
  constructor(
    readonly key: Exclude<StatusKey, 'ok'>,
    readonly params: Record<string, string | number> = {},
    /** Extra fields of the answer, e.g. the list of invalid fields. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

export function statusMessage(key: StatusKey, lang: Lang, params: Record<string, string | number> = {}): string {
  return statusCatalogue[key].message[lang].replace(/\{\{(\w+)\}\}/g, (_m, p: string) => String(params[p] ?? ''));
}

export function envelopeOf(key: StatusKey, lang: Lang, params?: Record<string, string | number>) {
  return { status_code: statusCatalogue[key].status_code, status_message: statusMessage(key, lang, params) };
}

export const httpStatusOf = (key: StatusKey): number => statusCatalogue[key].http;

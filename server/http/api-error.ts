// Failures travel as ApiError; the envelope plugin turns them into {status_code, status_message} in the
// caller's language. Handlers throw `new ApiError('forbidden', {auth_codes})` and never build answers by hand.
import { statusCatalogue, type StatusKey } from '../../src/generated/errors.ts';
import { messageParams, rewordableParams, statusMessage } from '../../src/domain/status-messages.ts';
import type { EntityName } from '../../src/generated/labels.ts';

export { statusMessage };

export type { Lang } from '../../src/domain/language.ts';
import type { Lang } from '../../src/domain/language.ts';

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

/**
 * "There is no {{entity}} with this id" (10016): the kind of record by its schema name, worded in the caller's
 * language by the envelope and again by a browser that switches language. Also the answer for a record the
 * caller may not reach, so that ids cannot be probed.
 */
export const notFound = (entity: EntityName): ApiError => new ApiError('record_not_found', { entity });

/** What a field's problem given as a catalogue message carries so a browser can word it again (nothing when it cannot be). */
export function fieldRewording(key: StatusKey, params: Record<string, string | number>): { status_code?: string; params?: Record<string, unknown> } {
  const neutral = rewordableParams(key, params);
  if (!neutral && messageParams(key).length) return {};
  return { status_code: statusCatalogue[key].status_code, ...(neutral ? { params: neutral } : {}) };
}

export function envelopeOf(key: StatusKey, lang: Lang, params?: Record<string, string | number>) {
  const status_params = rewordableParams(key, params);
  return { status_code: statusCatalogue[key].status_code, status_message: statusMessage(key, lang, params), ...(status_params ? { status_params } : {}) };
}

export const httpStatusOf = (key: StatusKey): number => statusCatalogue[key].http;

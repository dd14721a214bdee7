// A failed call: the envelope's status_code and status_message (or the network problem of spec section 8).
import { networkProblem } from '../generated/errors';
import type { Lang } from '../domain/language';
import { messageParams, statusKeyOf, statusMessage } from '../domain/status-messages';
import { fieldMessage, fieldSummary, type FieldError } from '../domain/validation-messages';

/** A field's problem: its dotted path (`mail`, `user_data.firstname`), its message, and how to word it again. */
export type ApiFieldError = FieldError;

export class ApiError extends Error {
  readonly status_code: string;
  readonly status_message: string;
  /** The route name of the failed call. */
  readonly route: string;
  /** Per-field messages of a bad-input answer (10001/10002), in the caller's language. */
  readonly errors: readonly ApiFieldError[];
  /** The answer's HTTP status (409: a newer version was saved meanwhile), when it came over HTTP. */
  readonly httpStatus?: number;
  /** The answer's other fields (current_version of a version conflict...). */
  readonly details: Readonly<Record<string, unknown>>;
  /** The message's parameters (status_params), to word it again in another language. */
  readonly params: Readonly<Record<string, unknown>>;

  constructor(
    route: string,
    status_code: string,
    status_message: string,
    errors: readonly ApiFieldError[] = [],
    extra: { httpStatus?: number; details?: Record<string, unknown>; params?: Record<string, unknown> } = {},
  ) {
    super(`${status_code}=${status_message}`);
    this.name = 'ApiError';
    this.route = route;
    this.status_code = status_code;
    this.status_message = status_message;
    this.errors = errors;
    this.httpStatus = extra.httpStatus;
    this.details = extra.details ?? {};
    this.params = extra.params ?? {};
  }
}

export const isSuccess = (statusCode: string): boolean => statusCode.endsWith('000');
export const isSessionEnd = (statusCode: string): boolean => statusCode.endsWith('096');

/** The network problem of spec section 8, in the given language. */
export function networkError(route: string, lang: 'tr' | 'en'): ApiError {
  const { status_code, message } = networkProblem;
  return new ApiError(route, status_code, message[lang]);
}

/**
 * A refusal's message in the language the user reads now: worded again from its code and parameters (a bad
 * input from its fields' problems), or as the server worded it when this build cannot (an unknown code).
 */
export function apiErrorText(e: ApiError, lang: Lang): string {
  const key = statusKeyOf(e.status_code);
  if (!key) return e.status_message;
  const needed = messageParams(key);
  if (needed.includes('details')) return key === 'invalid_input' && e.errors.length ? statusMessage(key, lang, { details: fieldSummary(fieldMessages(e, lang), lang) }) : e.status_message;
  return needed.every((p) => e.params[p] !== undefined) ? statusMessage(key, lang, e.params) : e.status_message;
}

/** The refusal's field problems worded in the language. */
export const fieldMessages = (e: ApiError, lang: Lang): { field: string; message: string }[] => e.errors.map((f) => ({ field: f.field, message: fieldMessage(f, lang) }));

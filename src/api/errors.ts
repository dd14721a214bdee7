// A failed call: the envelope's status_code and status_message (or the network problem of spec section 8).
import { networkProblem } from '../generated/first-page-errors';
import type { Lang } from '../domain/language';
import { fieldMessage, fieldSummary, type FieldError } from '../domain/validation-messages';

type StatusMessages = typeof import('../domain/status-messages');
let catalogue: StatusMessages | undefined;
let loading: Promise<StatusMessages> | undefined;

/**
 * The error catalogue (every refusal's message in both languages) is its own chunk, out of the first page: it
 * is fetched when the first refusal arrives, so that when the user switches language the refusal on screen can
 * be worded again; until then a refusal reads as the server worded it, in the language it was asked in.
 */
export function loadStatusMessages(): Promise<StatusMessages> {
  loading ??= import('../domain/status-messages').then((m) => {
    catalogue = m;
    return m;
  });
  return loading;
}

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
    if (!isSuccess(status_code)) void loadStatusMessages().catch(() => undefined);
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
  const key = catalogue?.statusKeyOf(e.status_code);
  if (!catalogue || !key) return e.status_message;
  const needed = catalogue.messageParams(key);
  if (needed.includes('details'))
    return key === 'invalid_input' && e.errors.length ? catalogue.statusMessage(key, lang, { details: fieldSummary(fieldMessages(e, lang), lang, notListed(e)) }) : e.status_message;
  return needed.every((p) => e.params[p] !== undefined) ? catalogue.statusMessage(key, lang, e.params) : e.status_message;
}

/** How many more problems the answer had than it lists (the server lists at most 20). */
export const notListed = (e: ApiError): number => (typeof e.details.errors_not_listed === 'number' ? e.details.errors_not_listed : 0);

/** A status code's message in the language, once the catalogue is here. */
function byStatus(lang: Lang) {
  return (statusCode: string, params: Record<string, unknown> | undefined): string | undefined => {
    const key = catalogue?.statusKeyOf(statusCode);
    return key ? catalogue!.statusMessage(key, lang, params) : undefined;
  };
}

/** The refusal's field problems worded in the language. */
export const fieldMessages = (e: ApiError, lang: Lang): { field: string; message: string }[] =>
  e.errors.map((f) => ({ field: f.field, message: fieldMessage(f, lang, byStatus(lang)) }));

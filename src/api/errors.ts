// A failed call: the envelope's status_code and status_message (or the network problem of spec section 8).
import { networkProblem } from '../generated/errors';

export interface ApiFieldError {
  /** Dotted path of the field: `mail`, `user_data.firstname`. */
  field: string;
  message: string;
}

export class ApiError extends Error {
  readonly status_code: string;
  readonly status_message: string;
  /** The route name of the failed call. */
  readonly route: string;
  /** Per-field messages of a bad-input answer (10001/10002), in the caller's language. */
  readonly errors: readonly ApiFieldError[];
  /** The answer's other fields: what some refusals carry beside the message (current_version of a 409, issues). */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(route: string, status_code: string, status_message: string, errors: readonly ApiFieldError[] = [], details: Readonly<Record<string, unknown>> = {}) {
    super(`${status_code}=${status_message}`);
    this.name = 'ApiError';
    this.route = route;
    this.status_code = status_code;
    this.status_message = status_message;
    this.errors = errors;
    this.details = details;
  }
}

export const isSuccess = (statusCode: string): boolean => statusCode.endsWith('000');
export const isSessionEnd = (statusCode: string): boolean => statusCode.endsWith('096');

/** The network problem of spec section 8, in the given language. */
export function networkError(route: string, lang: 'tr' | 'en'): ApiError {
  const { status_code, message } = networkProblem;
  return new ApiError(route, status_code, message[lang]);
}

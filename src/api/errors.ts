// A failed call: the envelope's status_code and status_message (or the network problem of spec section 8).
import { networkProblem } from '../generated/errors';

export class ApiError extends Error {
  readonly status_code: string;
  readonly status_message: string;
  /** The route name of the failed call. */
  readonly route: string;

  constructor(route: string, status_code: string, status_message: string) {
    super(`${status_code}=${status_message}`);
    this.name = 'ApiError';
    this.route = route;
    this.status_code = status_code;
    this.status_message = status_message;
  }
}

export const isSuccess = (statusCode: string): boolean => statusCode.endsWith('000');
export const isSessionEnd = (statusCode: string): boolean => statusCode.endsWith('096');

/** The network problem of spec section 8, in the given language. */
export function networkError(route: string, lang: 'tr' | 'en'): ApiError {
  const { status_code, message } = networkProblem;
  return new ApiError(route, status_code, message[lang]);
}

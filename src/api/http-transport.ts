// The browser transport installed at boot (setTransport): fetch to the route's path, JSON envelopes, the
// common query parameters of spec section 7 and the status-code handling of section 8. It knows nothing of
// the app: the boot hands it the context (token, stored language, currency, product id) and the session end.
import type { CallOptions, Envelope, RouteRef, Transport } from './call';
import { ApiError, isSessionEnd, isSuccess, networkError } from './errors';

export interface TransportContext {
  accessToken: string | null;
  /** The stored currency value, if any. */
  currency: number | null;
  /** The stored language, if any. */
  language: { label: 'tr' | 'en'; value: number } | null;
  /** The front-end product id, once known. */
  productId: string | null;
  /** The host without a leading www. */
  domain: string;
}

export interface HttpTransportOptions {
  context: () => TransportContext;
  /**
   * A …096 or HTTP 401 answer to a call made with the token the app holds now: the app decides what it means
   * (any site: a …096 ends the session and goes to /logout; the clinical site: spec section 8's 401 handling).
   */
  onUnauthorized: (error: ApiError) => void;
  fetch?: typeof fetch;
}

/** `www.example.com` → `example.com`. */
export const siteDomain = (host: string): string => host.toLowerCase().replace(/^www\./, '');

/** The query parameters every call carries (spec section 7); absent values are left out. */
export function commonParams(ctx: TransportContext): URLSearchParams {
  const params = new URLSearchParams();
  if (ctx.currency !== null) params.set('__user__currency__type', String(ctx.currency));
  if (ctx.language) {
    params.set('__lang__v', String(ctx.language.value));
    params.set('__lang__l', ctx.language.label);
  }
  if (ctx.productId) params.set('__sys__pro__id', ctx.productId);
  params.set('__sys__pro__domain', ctx.domain);
  return params;
}

function appendInput(params: URLSearchParams, input: unknown): void {
  if (!input || typeof input !== 'object') return;
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
}

export function createHttpTransport(options: HttpTransportOptions): Transport {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  return async function httpTransport<Req, Res>(route: RouteRef, input: Req, callOptions?: CallOptions): Promise<Envelope<Res>> {
    const ctx = options.context();
    const lang = ctx.language?.label ?? 'tr';
    const url = new URL(route.path, window.location.origin);
    const params = commonParams(ctx);
    if (route.method === 'GET') appendInput(params, input);
    url.search = params.toString();

    const headers: Record<string, string> = { Accept: 'application/json' };
    if (ctx.accessToken) headers.Authorization = `Bearer ${ctx.accessToken}`;
    const init: RequestInit = { method: route.method, headers, signal: callOptions?.signal };
    if (route.method === 'POST') {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(input ?? {});
    }

    let response: Response;
    try {
      response = await doFetch(url.toString(), init);
    } catch (e) {
      if (callOptions?.signal?.aborted) throw e;
      const error = networkError(route.name, lang);
      console.error(`[api] ${route.name}: ${error.message}`, e);
      throw error;
    }

    // The envelope is read whatever the HTTP status: 4xx/5xx answers carry a status_code too.
    let envelope: Envelope<Res>;
    try {
      envelope = (await response.json()) as Envelope<Res>;
    } catch {
      envelope = null as unknown as Envelope<Res>;
    }
    if (typeof envelope?.status_code !== 'string') {
      console.error(`[api] ${route.name}: HTTP ${response.status} without a JSON envelope`);
      throw networkError(route.name, lang);
    }

    if (isSuccess(envelope.status_code)) return envelope;
    const { status_code: _code, status_message: _message, status_params: statusParams, errors: fieldErrors, ...details } = envelope as Record<string, unknown>;
    const error = new ApiError(route.name, envelope.status_code, envelope.status_message, Array.isArray(fieldErrors) ? fieldErrors : [], {
      httpStatus: response.status,
      details,
      params: statusParams && typeof statusParams === 'object' ? (statusParams as Record<string, unknown>) : undefined,
    });
    if (!isSessionEnd(envelope.status_code)) console.error(`[api] ${route.name}: ${error.message}`);
    // Only an answer to the token the app holds now speaks of its session: a call made without one, or with a
    // token renewed or replaced (signed out and in again) while the call was on its way, says nothing of it.
    if ((isSessionEnd(envelope.status_code) || response.status === 401) && ctx.accessToken && options.context().accessToken === ctx.accessToken)
      options.onUnauthorized(error);
    throw error;
  };
}

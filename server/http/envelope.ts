// Every failure becomes the specification's envelope, in the caller's language, with the catalogue's HTTP
// status. Nothing of the server's inside (stack, SQL) reaches the client; unknown errors are logged with a
// reference the user can quote.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, envelopeOf, httpStatusOf } from './api-error.ts';
import { languageOfRaw } from './context.ts';
import { elapsedMs } from './received-at.ts';
import { routeAtPath } from './register-routes.ts';
import { excerpt, LISTED_ERRORS } from '../../src/domain/validation-messages.ts';

const FASTIFY_CODES: Record<string, ConstructorParameters<typeof ApiError>[0]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed_body',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'malformed_body',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'malformed_body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
};

/** Any answer's lists of problems (`errors`, a sheet's `error_list`) cut at LISTED_ERRORS, `<list>_not_listed` counting the rest. */
function listedExtra(extra: Record<string, unknown>): Record<string, unknown> {
  let out = extra;
  for (const key of ['errors', 'error_list']) {
    const list = extra[key];
    if (Array.isArray(list) && list.length > LISTED_ERRORS) out = { ...out, [key]: list.slice(0, LISTED_ERRORS), [`${key}_not_listed`]: list.length - LISTED_ERRORS };
  }
  return out;
}

export interface EnvelopeOptions {
  /** Answer unknown GET paths outside /v1 with the app's index.html (history-mode routing). */
  spaFallback: boolean;
}

export function installEnvelope(app: FastifyInstance, options: EnvelopeOptions): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const lang = request.lang ?? languageOfRaw(request);
    let apiError: ApiError;
    if (error instanceof ApiError) apiError = error;
    else if (error.code && FASTIFY_CODES[error.code]) apiError = new ApiError(FASTIFY_CODES[error.code]);
    else if ((error as { type?: string }).type === 'entity.parse.failed' || error instanceof SyntaxError) apiError = new ApiError('malformed_body');
    else {
      request.log.error({ err: error }, 'unexpected error');
      apiError = new ApiError('internal_error', { ref: request.id });
    }
    request.outcome = apiError.key;
    const status = httpStatusOf(apiError.key);
    request.routeOptions.config.countAnswer?.(request.tenant?.tenant_id, status, elapsedMs(request));
    reply
      .code(status)
      .send({ ...envelopeOf(apiError.key, lang, apiError.params), ...listedExtra(apiError.extra) });
  });

  app.setNotFoundHandler((request, reply) => {
    const lang = languageOfRaw(request);
    const path = request.url.split('?')[0];
    if (options.spaFallback && (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/v1/') && path !== '/v1')
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    const other = routeAtPath(path);
    if (other) return reply.code(405).header('allow', other.method).send(envelopeOf('method_not_allowed', lang, { method: other.method }));
    return reply.code(404).send(envelopeOf('not_found', lang, { path: excerpt(path, 100) }));
  });
}

/**
 * A request Node could not read (an address or headers over its 16 KB limit, broken HTTP) never reaches Fastify:
 * answer it on the socket with the envelope, in the language the request line names if it names one.
 */
export function clientErrorAnswer(error: Error & { code?: string; rawPacket?: Buffer }): string {
  const head = error.rawPacket?.toString('latin1', 0, 65536) ?? '';
  const lang = /[?&](__lang__v=0|__lang__l=tr)\b/.test(head) ? 'tr' : 'en';
  const key = error.code === 'HPE_HEADER_OVERFLOW' ? 'request_too_long' : 'bad_request';
  const body = JSON.stringify(envelopeOf(key, lang));
  const status = httpStatusOf(key);
  const reason = status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`;
}

// Registers every route of the generated table: tenant → language → input validation → caller check →
// handler (or "not implemented") → output validation → envelope.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ValidateFunction } from 'ajv';
import { routeTable, type RouteName, type RouteTableEntry } from '../../src/generated/route-table.ts';
import { excerpt, fieldErrors, fieldSummary, type SchemaError } from '../../src/domain/validation-messages.ts';
import type { Db } from '../db/adapter.ts';
import { ApiError, envelopeOf, type Lang } from './api-error.ts';
import { domainOf, languageOf, PreparedAnswer, type AppServices, type CommonQuery, type RequestContext } from './context.ts';
import { compileValidators } from './validators.ts';
import { unstorableInput } from './input-guard.ts';
import { identifyCaller, requireAuthCodes, type Caller } from '../auth/caller.ts';
import { auditTarget, writeAudit, type AuditTarget } from './audit.ts';
import { specInputError } from './spec-errors.ts';
import { statusCatalogue } from '../../src/generated/errors.ts';
import type { HandlerSet } from '../handlers/types.ts';

const COMMON_PREFIX = '__';

function splitQuery(query: Record<string, unknown>): { common: Record<string, unknown>; own: Record<string, unknown> } {
  const common: Record<string, unknown> = {};
  const own: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query ?? {})) (k.startsWith(COMMON_PREFIX) ? common : own)[k] = v;
  return { common, own };
}

function invalid(errors: readonly SchemaError[], lang: Lang): ApiError {
  const fields = fieldErrors(errors, lang);
  const details = fieldSummary(fields, lang);
  const onlyMissing = errors.every((e) => e.keyword === 'required');
  return new ApiError(onlyMissing ? 'required_fields' : 'invalid_input', { details }, { errors: fields });
}

/** The answer with its envelope, after its schema: a contract drift never leaks unexpected fields. */
function checked(validate: ValidateFunction, output: object, route: RouteTableEntry, lang: Lang, log: FastifyBaseLogger): object {
  if (!validate(output)) {
    log.error({ route: route.name, errors: validate.errors }, 'response does not match its schema');
    throw new Error(`response of ${route.name} does not match its schema`);
  }
  return { ...envelopeOf('ok', lang), ...output };
}

export function registerRoutes(app: FastifyInstance, db: Db, handlers: HandlerSet, services: AppServices): void {
  const validators = compileValidators();
  // Made once, not per request (closures made per request cost a little on every answer).
  const transaction: RequestContext['transaction'] = db.transaction.bind(db);

  for (const route of routeTable) {
    const v = validators.routes.get(route.name)!;
    const handler = handlers[route.name as RouteName] as ((input: unknown, ctx: RequestContext) => Promise<object>) | undefined;
    const prepare = function (this: RequestContext, output: object) {
      return new PreparedAnswer(JSON.stringify(checked(v.response, output, route, this.lang, this.log)));
    };

    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        const started = performance.now();
        const { common, own } = splitQuery(request.query as Record<string, unknown>);
        const domain = domainOf(request);
        const tenant = await services.sites.tenant(domain);
        // Until the tenant is known, the language comes from the query alone.
        const queryOk = validators.commonQuery(common);
        const lang = languageOf(queryOk ? (common as CommonQuery) : {}, tenant);
        request.lang = lang;
        if (!tenant) throw new ApiError('unknown_tenant', { domain: excerpt(domain, 100) });

        // No body at all is an empty input; a body of `null` is not an object and is refused by the schema.
        const input = route.method === 'GET' ? own : request.body === undefined ? {} : request.body;
        let caller: Caller = { kind: 'anonymous' };
        const audit: AuditTarget = {};
        let output: object | undefined;
        let statusCode: string = statusCatalogue.internal_error.status_code;
        try {
          const unstorable = unstorableInput(request.query) ?? unstorableInput(input);
          if (unstorable) throw invalid([unstorable], lang);
          if (!queryOk) throw invalid(validators.commonQuery.errors ?? [], lang);
          if (!v.request(input)) throw specInputError(route, v.request.errors ?? [], input, lang) ?? invalid(v.request.errors ?? [], lang);
          caller = await identifyCaller(db, tenant, request.headers.authorization, route.caller_type);
          requireAuthCodes(caller, route.auth_codes);
          if (!handler) throw new ApiError('not_implemented', { route: route.path });
          const ctx: RequestContext = {
            db,
            tenant,
            lang,
            currency: (common as CommonQuery).__user__currency__type ?? tenant.frontend.default_currency_type ?? 0,
            caller,
            route,
            log: request.log,
            ip: request.ip,
            userAgent: request.headers['user-agent'],
            authorization: request.headers.authorization,
            audit,
            services,
            transaction,
            prepare,
          };
          output = await handler(input, ctx);
          const answer = output instanceof PreparedAnswer ? output.json : checked(v.response, output, route, lang, request.log);
          statusCode = statusCatalogue.ok.status_code;
          if (typeof answer === 'string') reply.type('application/json; charset=utf-8');
          // Returned, not sent: Fastify sends it after `finally`, so the audit record exists before the answer.
          return answer;
        } catch (e) {
          if (e instanceof ApiError) statusCode = statusCatalogue[e.key].status_code;
          throw e;
        } finally {
          if (route.effect === 'write')
            await writeAudit(
              db,
              { tenantId: tenant.tenant_id, caller, routeName: route.name, statusCode, ip: request.ip, userAgent: request.headers['user-agent'], durationMs: performance.now() - started, target: auditTarget(route.audit, audit, input, output), input },
              request.log,
            );
        }
      },
    });
  }
}

/** The catalogued route at this path answering another method, if any (for a 405 instead of a 404). */
export function routeAtPath(path: string): RouteTableEntry | undefined {
  return routeTable.find((r) => r.path === path);
}

declare module 'fastify' {
  interface FastifyRequest {
    lang?: Lang;
  }
}

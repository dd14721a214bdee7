// The /v1 API: every route of the generated table, in one encapsulated Fastify context whose hooks do, in
// order, what each call needs — tenancy (site and language: ./tenancy.ts), input checks (before any schema:
// ./input-guard.ts; then the route's request schema), the caller (../auth/caller.ts) and its rate limit
// (../monitoring/rate-limiter.ts), the handler, the answer checked against its schema, and for a write call (or
// a read that declares an audit) its audit record (./audit.ts), written before the answer leaves. Every answer
// is counted for speed monitoring (../monitoring/request-metrics.ts).
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { ValidateFunction } from 'ajv';
import { routeTable, type RouteName, type RouteTableEntry } from '../../src/generated/route-table.ts';
import { fieldSummary, listedFieldErrors, type SchemaError } from '../../src/domain/validation-messages.ts';
import type { StatusKey } from '../../src/generated/errors.ts';
import type { Db } from '../db/adapter.ts';
import { ApiError, envelopeOf, type Lang } from './api-error.ts';
import { FileAnswer, PreparedAnswer, type AppServices, type CommonQuery, type RequestContext } from './context.ts';
import { compileValidators, type RouteValidators } from './validators.ts';
import { unstorableInput } from './input-guard.ts';
import { identifyCaller, requireAuthCodes, visitor, type Caller } from '../auth/caller.ts';
import { auditHook, type AuditTarget } from './audit.ts';
import { callerChangingEntity, type CallerCache } from '../auth/caller-cache.ts';
import { specInputError } from './spec-errors.ts';
import { tenancyHook } from './tenancy.ts';
import { elapsedMs, receivedAt } from './received-at.ts';
import type { HandlerSet } from '../handlers/types.ts';

function invalid(errors: readonly SchemaError[], lang: Lang): ApiError {
  const { fields, notListed } = listedFieldErrors(errors, lang);
  const details = fieldSummary(fields, lang, notListed);
  const onlyMissing = errors.every((e) => e.keyword === 'required');
  return new ApiError(onlyMissing ? 'required_fields' : 'invalid_input', { details }, { errors: fields, ...(notListed ? { errors_not_listed: notListed } : {}) });
}

/** The answer with its envelope, after its schema: a contract drift never leaks unexpected fields. */
function checked(validate: ValidateFunction, output: object, route: RouteTableEntry, lang: Lang, log: FastifyBaseLogger): object {
  if (!validate(output)) {
    log.error({ route: route.name, errors: validate.errors }, 'response does not match its schema');
    throw new Error(`response of ${route.name} does not match its schema`);
  }
  return { ...envelopeOf('ok', lang), ...output };
}

/** Kept list items as serialized once, by the validator that checked them. */
const itemJson = new WeakMap<ValidateFunction, WeakMap<object, string>>();

/** A kept item checked against its schema and serialized, once per item object. */
function keptItemJson(validate: ValidateFunction, item: object, route: RouteTableEntry, log: FastifyBaseLogger): string {
  let byItem = itemJson.get(validate);
  if (!byItem) {
    byItem = new WeakMap();
    itemJson.set(validate, byItem);
  }
  let json = byItem.get(item);
  if (json === undefined) {
    if (!validate(item)) {
      log.error({ route: route.name, errors: validate.errors }, 'response item does not match its schema');
      throw new Error(`response item of ${route.name} does not match its schema`);
    }
    json = JSON.stringify(item);
    byItem.set(item, json);
  }
  return json;
}

/**
 * An answer whose list `key` holds kept items (see RequestContext.prepare): the rest of it is checked with the list
 * empty, each item by the list's item schema (once per item), and the serialized items are spliced in. After a
 * change of one site unit, the start-up fetch is rebuilt from the others' kept text instead of checking and
 * serializing every unit again.
 */
function splicedAnswer(v: RouteValidators, output: object, key: string, route: RouteTableEntry, lang: Lang, log: FastifyBaseLogger): string {
  const validateItem = v.listItem(key);
  const items = (output as Record<string, unknown>)[key];
  if (!validateItem || !Array.isArray(items)) throw new Error(`${route.name}: ${key} is no list of kept items`);
  const { [key]: _list, ...rest } = checked(v.response, { ...output, [key]: [] }, route, lang, log) as Record<string, unknown>;
  const head = JSON.stringify(rest);
  const list = items.map((item: object) => keptItemJson(validateItem, item, route, log)).join(',');
  return `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}${JSON.stringify(key)}:[${list}]}`;
}

/** Past this many texts, objects and lists an input is checked to its first problem (no form holds that many). */
const LARGE_INPUT_NODES = 5_000;

/**
 * A route's input checks, as a preValidation hook after tenancy: what no database may store (NUL, deep
 * nesting), the spec's query parameters, then the route's request schema (with the spec's own messages where
 * section 5 has some). Sets request.input.
 */
function inputCheck(route: RouteTableEntry, v: RouteValidators, commonQuery: ValidateFunction) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const lang = request.lang!;
    // No body at all is an empty input; a body of `null` is not an object and is refused by the schema.
    const input = route.method === 'GET' ? request.ownQuery : request.body === undefined ? {} : request.body;
    request.input = input;
    const size = { nodes: 0 };
    const unstorable = unstorableInput(request.query) ?? unstorableInput(input, size);
    // A form's every problem is listed; a large input's first only (see RouteValidators.firstProblem).
    const validate = size.nodes > LARGE_INPUT_NODES && route.method === 'POST' ? v.firstProblem() : v.request;
    if (unstorable) done(invalid([unstorable], lang));
    else if (!request.commonOk) done(invalid(commonQuery.errors ?? [], lang));
    else if (!validate(input)) done(specInputError(route, validate.errors ?? [], input, lang) ?? invalid(validate.errors ?? [], lang));
    else done();
  };
}

/**
 * Who is calling (a route's preHandler hook): its caller type and auth codes, checked on the server, then the
 * caller's rate limit on the route. A call without credentials is settled at once; credentials are looked up.
 */
function callerCheck(db: Db, callers: CallerCache, route: RouteTableEntry, rateLimit: (request: FastifyRequest, reply: FastifyReply) => void) {
  const settle = (request: FastifyRequest, reply: FastifyReply, caller: Caller, done: HookHandlerDoneFunction) => {
    request.caller = caller;
    requireAuthCodes(caller, route.auth_codes, route.fkey_scope);
    rateLimit(request, reply);
    done();
  };
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const header = request.headers.authorization;
    try {
      if (header === undefined) settle(request, reply, visitor(route.caller_type), done);
      else
        identifyCaller(db, callers, request.tenant!, header, route.caller_type).then(
          (caller) => {
            try {
              settle(request, reply, caller, done);
            } catch (e) {
              done(e as Error);
            }
          },
          (e: Error) => done(e),
        );
    } catch (e) {
      done(e as Error);
    }
  };
}

/**
 * After a call that may end logins or change what users hold (an onSend hook: before its answer leaves), this
 * process's kept callers of the site are dropped, so the caller's next call is checked against what it did.
 */
function forgetSiteCallers(callers: CallerCache) {
  return (request: FastifyRequest, _reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void): void => {
    if (request.tenant) callers.forgetSite(request.tenant.tenant_id);
    done(null, payload);
  };
}

export function registerRoutes(app: FastifyInstance, db: Db, handlers: HandlerSet, services: AppServices): void {
  const validators = compileValidators();
  // Made once, not per request (closures made per request cost a little on every answer).
  const transaction: RequestContext['transaction'] = db.transaction.bind(db);
  const tenancy = tenancyHook(services.sites, validators.commonQuery);

  app.register(async (api) => {
    // Declared up front (set per request below), so every request object has one shape.
    api.decorateRequest('caller', null as never);
    api.decorateRequest('input', null);
    api.decorateRequest('audit', null as never);
    api.decorateRequest('answer', null);
    api.decorateRequest('outcome', null);
    api.addHook('preValidation', tenancy);

    for (const route of routeTable) {
      const v = validators.routes.get(route.name)!;
      const handler = handlers[route.name as RouteName] as ((input: unknown, ctx: RequestContext) => Promise<object>) | undefined;
      const countAnswer = services.metrics.counter(route);
      const prepare = function (this: RequestContext, output: object, keptList?: string) {
        return new PreparedAnswer(keptList ? splicedAnswer(v, output, keptList, route, this.lang, this.log) : JSON.stringify(checked(v.response, output, route, this.lang, this.log)));
      };
      api.route({
        method: route.method,
        url: route.path,
        bodyLimit: route.body_limit,
        preValidation: inputCheck(route, v, validators.commonQuery),
        preHandler: callerCheck(db, services.callers, route, services.rateLimiter.check(route)),
        // Refusals and failures are counted by the error handler (../http/envelope.ts), answers below.
        config: { countAnswer },
        ...(route.effect === 'write' || route.audit ? { onSend: callerChangingEntity(route.audit?.entity) ? [forgetSiteCallers(services.callers), auditHook(db, route)] : auditHook(db, route) } : {}),
        handler: async (request, reply) => {
          if (!handler) throw new ApiError('not_implemented', { route: route.path });
          const { tenant, lang } = request as Required<Pick<FastifyRequest, 'tenant' | 'lang'>>;
          const ctx: RequestContext = {
            db,
            tenant,
            lang,
            currency: (request.common as CommonQuery).__user__currency__type ?? tenant.frontend.default_currency_type ?? 0,
            caller: request.caller,
            route,
            log: request.log,
            ip: request.ip,
            userAgent: request.headers['user-agent'],
            authorization: request.headers.authorization,
            audit: request.audit,
            receivedAt: receivedAt(request.raw) ?? performance.now(),
            services,
            transaction,
            prepare,
          };
          const output = await handler(request.input, ctx);
          if (output instanceof FileAnswer) {
            request.outcome = 'ok';
            countAnswer(request.tenant?.tenant_id, reply.statusCode, elapsedMs(request));
            reply.headers(output.headers);
            return output.body;
          }
          request.answer = output;
          const answer = output instanceof PreparedAnswer ? output.json : checked(v.response, output, route, lang, request.log);
          request.outcome = 'ok';
          countAnswer(request.tenant?.tenant_id, reply.statusCode, elapsedMs(request));
          if (typeof answer === 'string' || Buffer.isBuffer(answer)) reply.type('application/json; charset=utf-8');
          return answer;
        },
      });
    }
  });
}

/** The catalogued route at this path answering another method, if any (for a 405 instead of a 404). */
export function routeAtPath(path: string): RouteTableEntry | undefined {
  return routeTable.find((r) => r.path === path);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Counts the route's answer for speed monitoring (../monitoring/request-metrics.ts). */
    countAnswer?: (tenantId: string | undefined, httpStatus: number, ms: number) => void;
  }
  interface FastifyRequest {
    lang?: Lang;
    /** Who is calling (anonymous until the caller hook knows). */
    caller: Caller;
    /** The route's input: the JSON body, or a GET call's own query parameters. */
    input: unknown;
    /** What a write call touched, for its audit record (handlers may name it). */
    audit: AuditTarget;
    /** The handler's answer, before the envelope. */
    answer: unknown;
    /** How the call ended (ok, or the refusal's catalogue key); unset = an unexpected failure. */
    outcome: StatusKey | null;
  }
}

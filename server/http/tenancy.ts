// Which site a call is for and which language it is answered in: the first step of every /v1 call. The site
// comes from the host (kept in the site cache), the language from the spec's query parameters or the site's
// default. An unknown host is refused once the language is known.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { excerpt } from '../../src/domain/validation-messages.ts';
import { ApiError } from './api-error.ts';
import { domainOf, languageOf, type CommonQuery, type Tenant } from './context.ts';
import type { SiteCache } from '../services/site-cache.ts';
import type { ValidateFunction } from 'ajv';
import { ANONYMOUS } from '../auth/caller.ts';

const COMMON_PREFIX = '__';

/** The query's spec parameters (`__lang__v`, `__sys__pro__id`…) apart from the route's own. */
function splitQuery(query: Record<string, unknown>): { common: Record<string, unknown>; own: Record<string, unknown> } {
  const common: Record<string, unknown> = {};
  const own: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query ?? {})) (k.startsWith(COMMON_PREFIX) ? common : own)[k] = v;
  return { common, own };
}

/** A preValidation hook: sets request.tenant, request.lang, request.common (when valid) and request.ownQuery. */
export function tenancyHook(sites: SiteCache, commonQuery: ValidateFunction) {
  const settle = (request: FastifyRequest, tenant: Tenant | undefined, done: HookHandlerDoneFunction) => {
    // Until the tenant is known, the language comes from the query alone.
    request.lang = languageOf(request.commonOk ? (request.common as CommonQuery) : {}, tenant);
    if (!tenant) done(new ApiError('unknown_tenant', { domain: excerpt(domainOf(request), 100) }));
    else {
      request.tenant = tenant;
      done();
    }
  };
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    // Nobody known and nothing touched yet: the caller check and the handler say more.
    request.caller = ANONYMOUS;
    request.audit = {};
    const { common, own } = splitQuery(request.query as Record<string, unknown>);
    request.common = common;
    request.ownQuery = own;
    request.commonOk = commonQuery(common);
    const domain = domainOf(request);
    // A kept site answers at once; the first call of a host waits for its row.
    const kept = sites.keptTenant(domain);
    if (kept) settle(request, kept, done);
    else sites.tenant(domain).then((tenant) => settle(request, tenant, done), done);
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The site of this call (set by the tenancy hook of /v1 calls). */
    tenant?: Tenant;
    common?: Record<string, unknown>;
    commonOk?: boolean;
    ownQuery?: Record<string, unknown>;
  }
}

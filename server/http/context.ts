// What every handler knows about its request: the tenant (from the host), the caller's language and
// currency (from the spec's query parameters), and who is calling.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/adapter.ts';
import type { Lang } from './api-error.ts';
import type { Caller } from '../auth/caller.ts';
import type { RouteTableEntry } from '../../src/generated/route-table.ts';
import type { FrontendConfiguration } from '../../src/generated/types/entities.ts';
import type { AuditTarget } from './audit.ts';
import type { AccountRuntime } from '../auth/account-options.ts';
import type { RuleGraphCache } from '../services/decision-packages.ts';
import type { RecordModelCache } from '../services/data-model-records.ts';
import type { SiteCache } from '../services/site-cache.ts';
import type { KeyedQueue } from '../services/keyed-queue.ts';
import type { CallerCache } from '../auth/caller-cache.ts';
import type { PaymentProvider } from '../services/payment-provider.ts';
import type { DocumentStore } from '../services/document-files.ts';
import type { RequestMetrics } from '../monitoring/request-metrics.ts';
import type { RateLimiter } from '../monitoring/rate-limiter.ts';
import type { Jobs } from '../jobs/job-kind.ts';
import type { ProcessQueue } from '../jobs/queue.ts';

export interface AppServices {
  accounts: AccountRuntime;
  /** Compiled decision graphs of published package versions (bounded, least recently used dropped). */
  ruleGraphs: RuleGraphCache;
  /** Published data-model versions compiled for checking records (bounded, least recently used dropped). */
  recordModels: RecordModelCache;
  /** Each site's row, configuration, website units and prepared answers, kept until the site changes. */
  sites: SiteCache;
  /** Signed-in callers as last confirmed, kept a few seconds until a change to logins or holdings. */
  callers: CallerCache;
  /** Where card payments go (the built-in test provider unless configured). */
  payments: PaymentProvider;
  /** A site's unit writes, one at a time in this process (by tenant id). */
  unitWrites: KeyedQueue;
  /** Where documents' files live: the database, or an S3-compatible bucket when configured. */
  documents: DocumentStore;
  /** Per-route speed: Prometheus metrics and each site's per-minute counts (written to the database every ~15 s). */
  metrics: RequestMetrics;
  /** The per-route rate limits of the catalogue, counted across processes. */
  rateLimiter: RateLimiter;
  /** Background processes: a handler starts one in its transaction (server/jobs/queue.ts). */
  jobs: Jobs;
  /** The same queue as /process/start sees it: a stopped or failed process queued again. */
  processQueue: ProcessQueue;
}

/**
 * A successful answer checked against its route's response schema and serialized (envelope included) once; kept
 * answers are kept as UTF-8 bytes, so answering them again encodes nothing.
 */
export class PreparedAnswer {
  constructor(readonly json: string | Buffer) {}
}

/**
 * A file answered as itself instead of the JSON envelope (a document's download): its bytes and the headers
 * that say what it is and keep a browser from running it.
 */
export class FileAnswer {
  constructor(
    readonly body: Buffer,
    readonly headers: Readonly<Record<string, string>>,
  ) {}
}

export interface Tenant {
  tenant_id: string;
  domain: string;
  frontend_client_id: string;
  frontend_product_id: string;
  frontend: FrontendConfiguration;
  session_idle_seconds: number;
}

export interface RequestContext {
  db: Db;
  tenant: Tenant;
  lang: Lang;
  currency: 0 | 1;
  caller: Caller;
  route: RouteTableEntry;
  log: FastifyBaseLogger;
  /** The caller's address (X-Forwarded-For only when TRUST_PROXY is set). */
  ip: string;
  userAgent?: string;
  /** The raw Authorization header (a secret: never log it). logout revokes the login it names even when it has expired. */
  authorization?: string;
  /** What a write call touched, for its audit record: handlers fill it in. */
  audit: AuditTarget;
  /** When the call was taken (performance.now()): the duration in an audit record a handler stores itself. */
  receivedAt: number;
  /** The app's services, built once at start from its options. */
  services: AppServices;
  /** Runs `work` in one transaction (money, orders, stock: all or nothing). */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Checks an answer of this route against its response schema and serializes it with the envelope, to keep and
   * answer again. With `keptList`, the items of that list are kept objects, replaced when they change and never
   * changed in place (the site cache's units): each is checked and serialized once, however many answers hold it.
   */
  prepare(output: object, keptList?: string): PreparedAnswer;
}

export interface CommonQuery {
  __lang__v?: 0 | 1;
  __lang__l?: Lang;
  __user__currency__type?: 0 | 1;
  __sys__pro__id?: string;
  __sys__pro__domain?: string;
}

const LABELS: Lang[] = ['tr', 'en'];

/** The caller's language: __lang__v, else __lang__l, else the site's default. */
export function languageOf(query: CommonQuery, tenant?: Pick<Tenant, 'frontend'>): Lang {
  if (query.__lang__v === 0 || query.__lang__v === 1) return LABELS[query.__lang__v];
  if (query.__lang__l === 'tr' || query.__lang__l === 'en') return query.__lang__l;
  return LABELS[tenant?.frontend.default_language ?? 1];
}

/** A loose reading of the language for answers given before the query is validated (e.g. malformed JSON). */
export function languageOfRaw(request: FastifyRequest): Lang {
  const q = request.query as Record<string, string | undefined>;
  if (q?.__lang__v === '0' || q?.__lang__l === 'tr') return 'tr';
  if (q?.__lang__v === '1' || q?.__lang__l === 'en') return 'en';
  return /^tr\b/i.test(request.headers['accept-language'] ?? '') ? 'tr' : 'en';
}

const domainsByHost = new Map<string, string>();

/** The host without port and leading www, lower case: the tenant's key (worked out once per host name). */
export function domainOf(request: FastifyRequest): string {
  const host = request.hostname;
  let domain = domainsByHost.get(host);
  if (domain === undefined) {
    domain = host.toLowerCase().replace(/:\d+$/, '').replace(/^www\./, '');
    if (domainsByHost.size >= 10_000) domainsByHost.clear();
    domainsByHost.set(host, domain);
  }
  return domain;
}

// The Fastify application: the envelope, every catalogued route, and (when built) the front end.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Db } from './db/adapter.ts';
import { clientErrorAnswer, installEnvelope } from './http/envelope.ts';
import { registerRoutes } from './http/register-routes.ts';
import { handlers as allHandlers } from './handlers/index.ts';
import type { HandlerSet } from './handlers/types.ts';
import { createAccountServices } from './auth/account-options.ts';
import type { Mailer } from './mail/mailer.ts';
import { RuleGraphCache } from './services/decision-packages.ts';
import { RecordModelCache } from './services/data-model-records.ts';
import { SiteCache } from './services/site-cache.ts';
import { CallerCache } from './auth/caller-cache.ts';
import { testPaymentProvider, type PaymentProvider } from './services/payment-provider.ts';
import { KeyedQueue } from './services/keyed-queue.ts';
import { databaseDocumentStore, type DocumentStore } from './services/document-files.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { stampReceived } from './http/received-at.ts';
import { RequestMetrics } from './monitoring/request-metrics.ts';
import { RateLimiter, type RateLimit } from './monitoring/rate-limiter.ts';
import { installMetricsEndpoint } from './monitoring/metrics-endpoint.ts';
import type { RouteTableEntry } from '../src/generated/route-table.ts';
import { installTracing, type Tracing } from './monitoring/tracing.ts';
import { JobQueue, type JobKinds, type QueueOptions } from './jobs/queue.ts';
import { jobKinds } from './jobs/kinds.ts';

export interface AppOptions {
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** The built front end to serve (dist/); absent or missing = API only. */
  staticDir?: string;
  /** Replaces the handler set (tests of the not-implemented path). */
  handlers?: HandlerSet;
  trustProxy?: boolean;
  /** The login captcha: required unless `required: false` (SEMA_CAPTCHA=off); tests inject `newCode` to know the answer. */
  captcha?: { required?: boolean; newCode?: () => string };
  /** Where mail goes after the outbox table: SMTP (SMTP_URL) or, by default, the console. */
  mailer?: Mailer;
  /** The start of links in mails for a site's domain (default http://<domain>:8080). */
  linkOrigin?: (domain: string) => string;
  /** Where card payments go (default: the built-in test provider, server/services/payment-provider.ts). */
  payments?: PaymentProvider;
  /** How many compiled decision graphs the app keeps in memory (default 500). */
  ruleGraphCacheSize?: number;
  /** Where documents' files live (default: the database; main.ts picks an S3 bucket when S3_BUCKET is set). */
  documents?: DocumentStore;
  /** OpenTelemetry, when the environment switched it on (./monitoring/tracing.ts): a span per request. */
  tracing?: Tracing;
  /** The bearer token of GET /metrics (METRICS_TOKEN); absent = the path answers as an unknown one. */
  metricsToken?: string;
  /** Speed monitoring: how often the per-minute counts and the rate-limit counts go to the database, and the limits. */
  monitoring?: {
    /** Milliseconds between writes of the per-minute counts (default 15 s; 0 = only on flush and close). */
    flushMs?: number;
    /** Milliseconds between syncs of the rate-limit counts (default 1 s; 0 = only on sync and close). */
    syncMs?: number;
    /** A route's rate limit (default: the route table's, from the catalogue). */
    rateLimitOf?: (route: RouteTableEntry) => RateLimit;
  };
  /** The kinds of background work (default server/jobs/kinds.ts; tests register their own). */
  jobKinds?: JobKinds;
  /** Processes this app runs at once as a worker (default 0: it only queues them; `npm start` runs 2). */
  workers?: number;
  /** Worker timings (tests shorten them). */
  workerTimings?: Pick<QueueOptions, 'pollingIntervalSeconds' | 'heartbeatMs' | 'staleAfterMs' | 'sweepEveryMs'>;
}

export const BODY_LIMIT = 15 * 1024 * 1024; // the largest upload (10 MB) as base64 (×4/3) plus JSON overhead

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: (raw) => {
      stampReceived(raw);
      return randomUUID();
    },
    bodyLimit: BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler: (error, socket) => {
      if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || !socket.writable) return socket.destroy();
      socket.end(clientErrorAnswer(error as unknown as Error & { code?: string; rawPacket?: Buffer }));
    },
  });
  if (options.tracing) installTracing(app, options.tracing);
  const serveApp = !!options.staticDir && existsSync(join(options.staticDir, 'index.html'));
  installEnvelope(app, { spaFallback: serveApp });
  const sites = new SiteCache(options.db);
  await sites.listen();
  const callers = new CallerCache(options.db);
  await callers.listen();
  app.addHook('onClose', async () => {
    await sites.close();
    await callers.close();
  });
  installSecurityHeaders(app, sites);
  if (serveApp) {
    await app.register(fastifyStatic, {
      root: options.staticDir!,
      wildcard: false,
      index: false,
      // Hashed chunks never change; index.html is answered by the fallback with no-cache.
      setHeaders: (res, path) => res.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  const accounts = createAccountServices({
    captchaRequired: options.captcha?.required,
    newCaptchaCode: options.captcha?.newCode,
    mailer: options.mailer,
    linkOrigin: options.linkOrigin,
  });
  app.addHook('onClose', () => accounts.drain());
  const metrics = new RequestMetrics(options.db, { flushMs: options.monitoring?.flushMs, log: app.log });
  const rateLimiter = new RateLimiter(options.db, { syncMs: options.monitoring?.syncMs, limitOf: options.monitoring?.rateLimitOf, log: app.log });
  // The last calls' counts go to the database before it closes.
  app.addHook('onClose', async () => {
    await metrics.close();
    await rateLimiter.close();
  });
  const jobs = await JobQueue.open({
    db: options.db,
    kinds: options.jobKinds ?? jobKinds({ mailer: accounts.mailer }),
    concurrency: options.workers ?? 0,
    ...options.workerTimings,
    onError: (err) => app.log.error({ err }, 'background process worker'),
  });
  app.addHook('onClose', () => jobs.close());
  installMetricsEndpoint(app, metrics.registry, options.metricsToken);
  registerRoutes(app, options.db, options.handlers ?? allHandlers, {
    accounts,
    ruleGraphs: new RuleGraphCache(options.ruleGraphCacheSize),
    recordModels: new RecordModelCache(),
    sites,
    callers,
    payments: options.payments ?? testPaymentProvider(),
    unitWrites: new KeyedQueue(),
    documents: options.documents ?? databaseDocumentStore,
    metrics,
    rateLimiter,
    jobs,
    processQueue: jobs,
  });
  return app;
}

export const STATIC_DIR = join(import.meta.dirname, '..', 'dist');

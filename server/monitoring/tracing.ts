// OpenTelemetry tracing, switched on by the environment (OTEL_EXPORTER_OTLP_ENDPOINT, or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or OTEL_TRACES_EXPORTER=otlp|console; OTEL_TRACES_EXPORTER=none keeps it
// off): the SDK is imported only then, so a server without it loads none of it. A span per HTTP request, named
// by the route (the catalogue's name for a /v1 call), and a child span per database statement, made by the
// database adapter's wrapper below (our adapter speaks to pg and PGlite alike; pg's auto-instrumentation would
// see only the first and needs a require hook that ESM does not give). Trace context comes in through
// `traceparent`. Standard OTEL_* variables (service name, headers, sampling) are read by the SDK.
import type { Context, Span, Tracer } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Queryable, Row } from '../db/adapter.ts';
import { routeTable } from '../../src/generated/route-table.ts';

type OtelApi = typeof import('@opentelemetry/api');

export interface Tracing {
  api: OtelApi;
  tracer: Tracer;
  /** Sends what is buffered (tests; the batch processor sends every few seconds on its own). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

/** Whether the environment asks for traces. */
export function tracingWanted(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_TRACES_EXPORTER === 'none' || env.OTEL_SDK_DISABLED === 'true') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_TRACES_EXPORTER);
}

/** Starts the SDK when the environment asks for it (or a test gives an exporter); otherwise loads nothing. */
export async function startTracing(env: NodeJS.ProcessEnv = process.env, exporter?: SpanExporter): Promise<Tracing | undefined> {
  if (!exporter && !tracingWanted(env)) return undefined;
  const api = await import('@opentelemetry/api');
  const { NodeTracerProvider, BatchSpanProcessor, ConsoleSpanExporter } = await import('@opentelemetry/sdk-trace-node');
  const { resourceFromAttributes } = await import('@opentelemetry/resources');
  let spans = exporter;
  if (!spans) spans = env.OTEL_TRACES_EXPORTER === 'console' ? new ConsoleSpanExporter() : new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || 'sema' }),
    spanProcessors: [new BatchSpanProcessor(spans)],
  });
  // The global provider, the AsyncLocalStorage context (a statement's span finds its request's) and W3C propagation.
  provider.register();
  return { api, tracer: provider.getTracer('sema'), flush: () => provider.forceFlush(), shutdown: () => provider.shutdown() };
}

const ROUTE_NAMES = new Map(routeTable.map((r) => [`${r.method} ${r.path}`, r.name as string]));

/** A server span per request, active while it runs (so its statements are its children), ended with its answer. */
export function installTracing(app: FastifyInstance, { api, tracer }: Tracing): void {
  const spans = new WeakMap<FastifyRequest, Span>();
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    const name = (route && ROUTE_NAMES.get(`${request.method} ${route}`)) ?? `${request.method} ${route ?? 'unknown route'}`;
    const parent: Context = api.propagation.extract(api.context.active(), request.headers);
    const span = tracer.startSpan(
      name,
      { kind: api.SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'url.path': request.url.split('?')[0], ...(route ? { 'http.route': route } : {}) } },
      parent,
    );
    spans.set(request, span);
    api.context.with(api.trace.setSpan(parent, span), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (request.outcome) span.setAttribute('sema.outcome', request.outcome);
      if (reply.statusCode >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}

/** The database with a client span per statement, a child of the request's span (or of none). */
export function tracedDb(db: Db, { api, tracer }: Tracing): Db {
  const traced = <T>(sql: string, run: () => Promise<T>): Promise<T> => {
    // The statement's text (parameters never: they carry personal data and secrets), cut to a readable length.
    const span = tracer.startSpan('db.query', { kind: api.SpanKind.CLIENT, attributes: { 'db.system.name': 'postgresql', 'db.query.text': sql.slice(0, 1000) } });
    return run().then(
      (result) => {
        span.end();
        return result;
      },
      (error: unknown) => {
        span.setStatus({ code: api.SpanStatusCode.ERROR, message: (error as Error).message });
        span.end();
        throw error;
      },
    );
  };
  const query = (q: Queryable) => (<T extends Row>(sql: string, params?: unknown[]) => traced(sql, () => q.query<T>(sql, params))) as Queryable['query'];
  return {
    kind: db.kind,
    query: query(db),
    exec: (sql) => traced(sql, () => db.exec(sql)),
    transaction: (work) => db.transaction((tx) => work({ query: query(tx), exec: (sql) => traced(sql, () => tx.exec(sql)) })),
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    close: () => db.close(),
  };
}

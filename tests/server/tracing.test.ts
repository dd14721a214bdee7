// OpenTelemetry tracing (issue 13), switched on by the environment: a span per request named by its route,
// continuing the caller's trace, with a child span per database statement, exported over OTLP/HTTP to a
// receiver in the test; and with the environment silent, not one module of the SDK is loaded.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { startTracing, tracedDb, tracingWanted } from '../../server/monitoring/tracing.ts';
import { databaseKinds, openTestDb } from './harness.ts';

interface OtlpSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
}

/** An OTLP/HTTP receiver: the spans of every JSON export it is sent. */
async function otlpReceiver(): Promise<{ url: string; spans: OtlpSpan[]; server: Server }> {
  const spans: OtlpSpan[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const batch = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
        for (const r of batch.resourceSpans) for (const s of r.scopeSpans) spans.push(...s.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, spans, server };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

describe.each(databaseKinds('depends-on-database'))('tracing on %s', (kind) => {
  it('exports a span per request, named by its route, in the caller’s trace, with its statements as children', async () => {
    const receiver = await otlpReceiver();
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
    const tracing = (await startTracing(process.env))!;
    const db = await openTestDb(kind);
    const app = await buildApp({ db: tracedDb(db, tracing), tracing, monitoring: { flushMs: 0, syncMs: 0 } });
    try {
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      const res = await app.inject({
        method: 'GET',
        url: '/v1/layer/wdm/get?layer_code_list=frd',
        headers: { host: 'localhost', traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      });
      expect(res.statusCode).toBe(200);
      await tracing.flush();
      const request = receiver.spans.find((s) => s.name === 'layer_wdm_get');
      expect(request).toBeDefined();
      expect(request!.traceId).toBe(traceId);
      expect(request!.parentSpanId).toBe('00f067aa0ba902b7');
      expect(attribute(request!, 'http.route')).toBe('/v1/layer/wdm/get');
      expect(attribute(request!, 'http.response.status_code')).toBe(200);
      const statements = receiver.spans.filter((s) => s.name === 'db.query' && s.parentSpanId === request!.spanId);
      expect(statements.length).toBeGreaterThan(0);
      expect(statements.some((s) => String(attribute(s, 'db.query.text')).includes('layer'))).toBe(true);
    } finally {
      delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
      await app.close();
      await db.close();
      await tracing.shutdown();
      receiver.server.close();
    }
  });
});

describe('tracing switched off', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sema-otel-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // A module hook that names every module of the SDK or the exporter that the process resolves.
  const hooks = join(dir, 'log-otel.mjs');
  writeFileSync(
    hooks,
    `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent('export async function resolve(s, c, next) { const r = await next(s, c); if (/@opentelemetry[\\\\/](sdk|exporter|resources)/.test(r.url)) process.stderr.write("OTEL " + r.url + "\\\\n"); return r; }'));
`,
  );
  const script = `const { startTracing } = await import(${JSON.stringify(join(import.meta.dirname, '..', '..', 'server', 'monitoring', 'tracing.ts'))});
const tracing = await startTracing(process.env);
console.log(tracing ? 'on' : 'off');
await tracing?.shutdown();`;
  const run = (env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['--import', hooks, '--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: join(import.meta.dirname, '..', '..'),
      env: { PATH: process.env.PATH ?? '', ...env },
    });

  it('is asked for by the OTLP endpoint or an exporter, and never by "none"', () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingWanted({ OTEL_TRACES_EXPORTER: 'console' })).toBe(true);
    expect(tracingWanted({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(false);
  });

  it('loads nothing of the SDK unless the environment asks for it', async () => {
    const off = await run({});
    expect(off.stdout.trim()).toBe('off');
    expect(off.stderr).not.toContain('OTEL ');
    const on = await run({ OTEL_TRACES_EXPORTER: 'console' });
    expect(on.stdout.trim()).toBe('on');
    expect(on.stderr).toContain('OTEL ');
  });
});

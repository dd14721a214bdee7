// GET /metrics: the Prometheus text of this process (per-route counts and latency histogram, the process's
// default metrics) for the operator's scraper, outside /v1 and its envelope. Protected by a bearer token
// (METRICS_TOKEN); without one configured the path answers as any unknown path does, so nobody can tell it
// exists. Never cached.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';

const digest = (s: string) => createHash('sha256').update(s).digest();

export function installMetricsEndpoint(app: FastifyInstance, registry: Registry, token: string | undefined): void {
  const expected = token ? digest(`Bearer ${token}`) : undefined;
  app.get('/metrics', async (request, reply) => {
    if (!expected) return reply.callNotFound();
    // Compared as digests of equal length, in constant time: the answer's timing tells nothing of the token.
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected))
      return reply.code(401).header('www-authenticate', 'Bearer').header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Unauthorized\n');
    const text = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}

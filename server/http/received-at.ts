// When Fastify took a request: stamped as its id is made (the first thing Fastify does with a request), because
// reply.elapsedTime is only kept when a logger or an onResponse hook is installed — and the API has neither on
// its hot path (speed monitoring and the audit trail read the time from here).
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';

const RECEIVED = Symbol('receivedAt');
type Stamped = IncomingMessage & { [RECEIVED]?: number };

export function stampReceived(raw: IncomingMessage): void {
  (raw as Stamped)[RECEIVED] = performance.now();
}

/** When the request was taken (performance.now()), undefined for one that was never stamped. */
export const receivedAt = (raw: IncomingMessage): number | undefined => (raw as Stamped)[RECEIVED];

/** Milliseconds since the request was taken (0 for one that was never stamped). */
export function elapsedMs(request: FastifyRequest): number {
  const at = receivedAt(request.raw);
  return at === undefined ? 0 : performance.now() - at;
}

// The Fastify application: the envelope, every catalogued route, and (when built) the front end.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Db } from './db/adapter.ts';
import { installEnvelope } from './http/envelope.ts';
import { registerRoutes } from './http/register-routes.ts';
import { handlers as allHandlers } from './handlers/index.ts';
import type { HandlerSet } from './handlers/types.ts';

export interface AppOptions {
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** The built front end to serve (dist/); absent or missing = API only. */
  staticDir?: string;
  /** Replaces the handler set (tests of the not-implemented path). */
  handlers?: HandlerSet;
  trustProxy?: boolean;
}

export const BODY_LIMIT = 12 * 1024 * 1024; // the largest upload (10 MB) plus JSON overhead

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const serveApp = !!options.staticDir && existsSync(join(options.staticDir, 'index.html'));
  installEnvelope(app, { spaFallback: serveApp });
  if (serveApp) {
    await app.register(fastifyStatic, {
      root: options.staticDir!,
      wildcard: false,
      index: false,
      // Hashed chunks never change; index.html is answered by the fallback with no-cache.
      setHeaders: (res, path) => res.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  registerRoutes(app, options.db, options.handlers ?? allHandlers);
  return app;
}

export const STATIC_DIR = join(import.meta.dirname, '..', 'dist');

// Security headers on every answer — the app's HTML, its assets, the API, 404s — through @fastify/helmet: a
// strict Content-Security-Policy (scripts and styles from this site only: no inline script, no eval — the rule
// engine compiles to closures), frames of the site's frame allow-list only, and the page framed only where the
// specification allows it: the frame-mode pages (spec section 2, iframe_mode) by the allow-listed origins,
// everything else by nobody. Also nosniff, a referrer policy, a Permissions-Policy, COOP, HSTS over HTTPS, and
// no caching of API answers (they carry tokens, keys and personal data).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import type { IncomingMessage } from 'node:http';
import staticCatalogue from '../../schemas/screens/pages.json' with { type: 'json' };
import type { SiteCache } from '../services/site-cache.ts';
import { domainOf } from './context.ts';

/** What the policy of one answer depends on, worked out before helmet writes it. */
interface FramePolicy {
  /** Origins this site may frame (its frame allow-list). */
  origins: string[];
  /** Whether this answer is a frame-mode page (framed by those origins). */
  framed: boolean;
}

declare module 'node:http' {
  interface IncomingMessage {
    semaFrames?: FramePolicy;
  }
}

const STATIC_FRAMED_PATHS = new Set(
  (staticCatalogue as { pages: { iframe_mode?: boolean; path: Record<string, string | undefined> }[] }).pages
    .filter((p) => p.iframe_mode)
    .flatMap((p) => Object.values(p.path).filter((x): x is string => Boolean(x))),
);

/** Browser features the app never uses, switched off for it and for anything it frames. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
].join(', ');

const pathOf = (url: string) => {
  const path = url.split('?')[0].toLowerCase();
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
};

/** The API and the assets are never pages: nobody frames them, and they need no site lookup. */
const isApiOrAsset = (url: string) => url.startsWith('/v1/') || url.startsWith('/assets/');

async function framePolicy(request: FastifyRequest, sites: SiteCache): Promise<FramePolicy> {
  const path = pathOf(request.url);
  const tenant = await sites.tenant(domainOf(request)).catch(() => undefined);
  if (!tenant) return { origins: [], framed: false };
  const origins = tenant.frontend.frame_allowlist ?? [];
  let framed = STATIC_FRAMED_PATHS.has(path);
  if (!framed && request.method === 'GET')
    framed = (await sites.units(tenant).catch(() => [])).some((u) => u.iframe_mode && Object.values(u.path).includes(path));
  return { origins, framed };
}

const frames = (req: IncomingMessage): FramePolicy => req.semaFrames ?? { origins: [], framed: false };

export async function installSecurityHeaders(app: FastifyInstance, sites: SiteCache): Promise<void> {
  // Synchronous hooks where nothing is awaited: the API's answers are the most frequent and need no lookup.
  app.addHook('onRequest', (request, _reply, done) => {
    if (isApiOrAsset(request.url)) return done();
    framePolicy(request, sites).then((policy) => {
      request.raw.semaFrames = policy;
      done();
    }, done);
  });
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // Logos and favicons may be data: URLs; rich-text pages show https images.
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        frameSrc: [(req) => ["'self'", ...frames(req as IncomingMessage).origins].join(' ')],
        frameAncestors: [(req) => (frames(req as IncomingMessage).framed ? ["'self'", ...frames(req as IncomingMessage).origins].join(' ') : "'none'")],
      },
    },
    // Frame-mode pages are framed by other origins: their framing is the CSP's frame-ancestors alone.
    frameguard: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    // Sent only when the request came over HTTPS (directly, or behind a proxy with TRUST_PROXY): see below.
    strictTransportSecurity: false,
    xContentTypeOptions: true,
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // Old browsers without frame-ancestors: pages nobody may frame are refused by X-Frame-Options too.
    if (!frames(request.raw).framed) reply.header('x-frame-options', 'DENY');
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/v1/')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

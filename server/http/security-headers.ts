// Security headers on every answer — the app's HTML, its assets, the API, 404s — written by helmet: a strict
// Content-Security-Policy (scripts and styles from this site only: no inline script, no eval — the rule engine
// compiles to closures), frames of the site's frame allow-list only, and the page framed only where the
// specification allows it: the frame-mode pages (spec section 2, iframe_mode) by the allow-listed origins,
// everything else by nobody. Also nosniff, a referrer policy, a Permissions-Policy, COOP, HSTS over HTTPS, and
// no caching of API answers (they carry tokens, keys and personal data).
//
// helmet builds each policy's headers once (see headerSet); @fastify/helmet would rebuild its middleware, parsing
// every directive, on every answer — a third of the configuration fetch's time (docs/decisions.md).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { ServerResponse } from 'node:http';
import staticCatalogue from '../../schemas/screens/pages.json' with { type: 'json' };
import type { SiteCache } from '../services/site-cache.ts';
import { domainOf } from './context.ts';

/** What the headers of a page or an asset depend on. */
interface Policy {
  /** Origins this site may frame (its frame allow-list). */
  origins: readonly string[];
  /** Whether this answer is a frame-mode page (framed by those origins). */
  framed: boolean;
}

type Headers = readonly (readonly [string, string])[];

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
].join(', ');

const HSTS = 'max-age=31536000; includeSubDomains';

/** Shared by every answer: helmet's defaults, with the choices the specification and docs/decisions.md make. */
const COMMON = {
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  crossOriginOpenerPolicy: { policy: 'same-origin' as const },
  crossOriginResourcePolicy: { policy: 'same-origin' as const },
  crossOriginEmbedderPolicy: false,
  // Sent only when the request came over HTTPS (directly, or behind a proxy with TRUST_PROXY): see apply.
  strictTransportSecurity: false,
  xContentTypeOptions: true,
};

/** The app's pages (and the scripts and styles they load). */
const pageOptions = ({ origins, framed }: Policy): HelmetOptions => ({
  ...COMMON,
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
      frameSrc: ["'self'", ...origins],
      frameAncestors: framed ? ["'self'", ...origins] : ["'none'"],
    },
  },
  // Frame-mode pages are framed by other origins: their framing is the CSP's frame-ancestors alone; old
  // browsers without frame-ancestors refuse every other answer through X-Frame-Options.
  xFrameOptions: framed ? false : { action: 'deny' },
});

/**
 * API answers are JSON, never a document that loads anything: the policy is `default-src 'none'` and nobody may
 * frame them (OWASP's REST set). Headers that only concern documents or browsers that cannot run this app
 * (IE's download prompt and XSS auditor, Flash's cross-domain policy, DNS prefetching, origin-keyed agent
 * clusters) are left off: every API answer carries its headers, and each costs (docs/decisions.md).
 */
const API_OPTIONS: HelmetOptions = {
  ...COMMON,
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  xFrameOptions: { action: 'deny' },
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** The headers helmet writes with these options, recorded once by running its middleware against a stand-in answer. */
function helmetHeaders(options: HelmetOptions, noStore = false): Headers {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => void headers.push([name.toLowerCase(), String(value)]),
    removeHeader: () => undefined,
  };
  helmet(options)({} as never, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  headers.push(['permissions-policy', PERMISSIONS_POLICY]);
  if (noStore) headers.push(['cache-control', 'no-store']);
  return headers;
}

const STRICT: Policy = { origins: [], framed: false };
const API_HEADERS = helmetHeaders(API_OPTIONS, true);
const ASSET_HEADERS = helmetHeaders(pageOptions(STRICT));

/**
 * Page policies differ by site (its allow-list) and by frame mode: each is built on first use and kept. An
 * allow-list helmet refuses (a value it cannot quote safely) gives the strict policy: no frames either way.
 */
const pageHeaders = new Map<string, Headers>();
function headerSet(policy: Policy): Headers {
  const key = `${policy.framed ? 1 : 0} ${policy.origins.join(' ')}`;
  let headers = pageHeaders.get(key);
  if (!headers) {
    try {
      headers = helmetHeaders(pageOptions(policy));
    } catch {
      headers = ASSET_HEADERS;
    }
    if (pageHeaders.size >= 1000) pageHeaders.clear();
    pageHeaders.set(key, headers);
  }
  return headers;
}

const pathOf = (url: string) => {
  const path = url.split('?')[0].toLowerCase();
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
};

async function pagePolicy(request: FastifyRequest, sites: SiteCache): Promise<Policy> {
  const path = pathOf(request.url);
  const tenant = await sites.tenant(domainOf(request)).catch(() => undefined);
  if (!tenant) return STRICT;
  const origins = tenant.frontend.frame_allowlist ?? [];
  let framed = STATIC_FRAMED_PATHS.has(path);
  if (!framed && request.method === 'GET')
    framed = (await sites.units(tenant).catch(() => [])).some((u) => u.iframe_mode && Object.values(u.path).includes(path));
  return { origins, framed };
}

/**
 * Through Fastify's reply headers, not the raw answer's: Node then writes all headers in one pass (a header set
 * on the raw answer sends every header down its slower merging path, a quarter of a small answer's time).
 */
function apply(request: FastifyRequest, reply: FastifyReply, headers: Headers) {
  for (const [name, value] of headers) reply.header(name, value);
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
}

export function installSecurityHeaders(app: FastifyInstance, sites: SiteCache): void {
  // The API and the assets are never pages: nobody frames them, and they need no site lookup (the API's
  // answers are the most frequent, so their hook stays synchronous).
  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request;
    if (url.startsWith('/v1/') || url.startsWith('/assets/')) {
      apply(request, reply, url.startsWith('/v1/') ? API_HEADERS : ASSET_HEADERS);
      return done();
    }
    pagePolicy(request, sites).then((policy) => {
      apply(request, reply, headerSet(policy));
      done();
    }, done);
  });
}

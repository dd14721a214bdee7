// Spec section 9: every catalogued route is speed-controlled. A route's catalogue entry may name its own limit
// (login-like and mail routes do: tighter); otherwise its effect and caller type give it one of these defaults,
// generous enough that a person using the shop, the clinical pages or the test suites never meets them: they
// stop a runaway script or a flood, not a user. Per caller (user, else front-end key, else address) and route.
import type { RouteDefinition } from './contract.ts';

export interface RateLimit {
  max: number;
  per_seconds: number;
}

export const DEFAULT_RATE_LIMITS = {
  /** Reads: a page may make a dozen at once, and the shop window pages through bundles. */
  read: { max: 1200, per_seconds: 60 },
  /** Writes by a signed-in user or a front-end key. */
  write: { max: 300, per_seconds: 60 },
  /** Writes anyone may make without signing in (counted by address). */
  open_write: { max: 120, per_seconds: 60 },
} satisfies Record<string, RateLimit>;

export function rateLimitOf(route: Pick<RouteDefinition, 'effect' | 'caller_type' | 'rate_limit'>): RateLimit {
  if (route.rate_limit) return route.rate_limit;
  if (route.effect === 'read') return DEFAULT_RATE_LIMITS.read;
  return route.caller_type === 'none' || route.caller_type === 'token_or_fkey_or_none' ? DEFAULT_RATE_LIMITS.open_write : DEFAULT_RATE_LIMITS.write;
}

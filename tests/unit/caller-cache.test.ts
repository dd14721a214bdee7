// The in-memory cache of signed-in callers (server/auth/caller-cache.ts): what a lookup finds is kept only if
// nothing was dropped while it ran, never past its time, and a site's drop leaves other sites' callers kept.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallerCache, callerChangingEntity } from '../../server/auth/caller-cache.ts';
import type { Db } from '../../server/db/adapter.ts';

const caller = (userId: string) => ({ kind: 'user' as const, userId, username: userId, authCodes: [] });
const cache = () => new CallerCache({} as Db);

describe('the caller cache', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps what a lookup found, for its time only', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const c = cache();
    c.keep(c.mark(), 'site', 'hash', caller('u1'), Date.now() + 30_000);
    expect(c.get('site', 'hash')?.userId).toBe('u1');
    vi.setSystemTime(Date.now() + 30_001);
    expect(c.get('site', 'hash')).toBeUndefined();
  });

  it('does not keep a lookup that began before a drop (it may have read the state before the change)', () => {
    const c = cache();
    const before = c.mark();
    c.forgetSite('other site');
    c.keep(before, 'site', 'hash', caller('u1'), Date.now() + 30_000);
    expect(c.get('site', 'hash')).toBeUndefined();
  });

  it("drops one site's callers and keeps the others'; forgetAll drops everyone", () => {
    const c = cache();
    c.keep(c.mark(), 'a', 'h1', caller('u1'), Date.now() + 30_000);
    c.keep(c.mark(), 'b', 'h2', caller('u2'), Date.now() + 30_000);
    c.forgetSite('a');
    expect(c.get('a', 'h1')).toBeUndefined();
    expect(c.get('b', 'h2')?.userId).toBe('u2');
    c.forgetAll();
    expect(c.get('b', 'h2')).toBeUndefined();
  });

  it('names the write calls after which callers are checked again', () => {
    for (const entity of ['user', 'token', 'authorization', 'user_authorization', 'access_key', 'frontend_configuration']) expect(callerChangingEntity(entity)).toBe(true);
    for (const entity of ['website_unit', 'decision_package', 'bundle', undefined]) expect(callerChangingEntity(entity)).toBe(false);
  });
});

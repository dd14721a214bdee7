// The server signs a login out after the site's idle time without a call (tenant session settings: 60 minutes
// unless the site's administrators or the hospital changed it). The page keeps when the last call was made —
// in browser storage, so every tab of the site shares it — and a minute before that time runs out it warns
// (src/app/layout/IdleWarning.tsx): "stay signed in" makes a call, which is activity for the server too.
import type { CallOptions, RouteRef, Transport } from '../api/call';
import { tenantSessionSettingsGet } from '../generated/client';
import { isLoggedIn, useAppStore } from './store';

const LAST_CALL_KEY = 'sema_last_call';
/** How long before the sign-out the warning shows. */
export const WARNING_MS = 60_000;
/** Calls that are not activity for the server: a renewal does not keep a login alive. */
const NOT_ACTIVITY = new Set(['oauth_token', 'logout']);

const listeners = new Set<() => void>();

/** When the last call with the session's token was made (now, if none is known). */
export function lastCallAt(): number {
  const stored = Number(localStorage.getItem(LAST_CALL_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : Date.now();
}

/** Notes a call made now; the warning, in this tab and (by the storage event) the others, starts over. */
export function noteCall(now = Date.now()): void {
  localStorage.setItem(LAST_CALL_KEY, String(now));
  for (const l of listeners) l();
}

/** Calls `listener` when a call is noted here or in another tab; answers the unsubscribe. */
export function onCall(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === LAST_CALL_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The transport, noting each answered call made with the session's token. */
export function withActivity(transport: Transport): Transport {
  return <Req, Res>(route: RouteRef, input: Req, options?: CallOptions) => {
    const signedIn = isLoggedIn(useAppStore.getState().session);
    return transport<Req, Res>(route, input, options).then((answer) => {
      if (signedIn && !NOT_ACTIVITY.has(route.name)) noteCall();
      return answer;
    });
  };
}

let idle: { session: string; ms: Promise<number> } | null = null;

/** The site's idle time in milliseconds, asked once per session (`session` names it: a user and their token). */
export function idleTimeMs(session: string): Promise<number> {
  if (idle?.session !== session) {
    idle = { session, ms: tenantSessionSettingsGet({}).then((a) => a.session_settings.idle_session_minutes * 60_000) };
    idle.ms.catch(() => {
      idle = null;
    });
  }
  return idle.ms;
}

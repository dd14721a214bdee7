// When the idle warning is due: a minute before the site's idle time has passed since the last call (any tab),
// and whether the time has run out. Timers are set for those moments only (no ticking while nothing is due).
import { useEffect, useState } from 'react';
import { idleTimeMs, lastCallAt, onCall, WARNING_MS } from '../idle';
import { isLoggedIn, useAppStore } from '../store';

export type IdleState = { phase: 'active' } | { phase: 'warning'; endsAt: number } | { phase: 'ended' };

export function useIdleWarning(): IdleState {
  // The session as the idle time's key: the user and their login's refresh token (a new login asks again).
  const session = useAppStore((s) => (isLoggedIn(s.session) ? `${s.session.user?.username}:${s.session.token?.refresh_token ?? s.session.token?.access_token}` : null));
  const [state, setState] = useState<IdleState>({ phase: 'active' });

  useEffect(() => {
    setState({ phase: 'active' });
    if (!session) return undefined;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idleMs = 0;
    const plan = () => {
      clearTimeout(timer);
      if (!live || !idleMs) return;
      const endsAt = lastCallAt() + idleMs;
      const left = endsAt - Date.now();
      if (left <= 0) setState({ phase: 'ended' });
      else if (left <= WARNING_MS) {
        setState({ phase: 'warning', endsAt });
        timer = setTimeout(plan, left);
      } else {
        setState({ phase: 'active' });
        timer = setTimeout(plan, left - WARNING_MS);
      }
    };
    const stop = onCall(plan);
    idleTimeMs(session).then(
      (ms) => {
        idleMs = ms;
        plan();
      },
      () => undefined,
    );
    return () => {
      live = false;
      clearTimeout(timer);
      stop();
    };
  }, [session]);

  return state;
}

// Hooks for the two effect shapes that complete dependency lists make awkward: a value rebuilt on every render
// used as a dependency, and work that runs again on demand (Retry, a reload after a write).
import { useCallback, useEffect, useState } from 'react';

/**
 * `value` as first seen with its content (JSON): an object or array rebuilt on every render (parameters, a
 * picker's configuration, a computed order) can be a dependency without running its effect on every render.
 */
export function useStableValue<T>(value: T): T {
  const key = JSON.stringify(value);
  const [kept, setKept] = useState({ key, value });
  if (kept.key === key) return kept.value;
  setKept({ key, value });
  return value;
}

/**
 * An effect that can also be run again on demand. `run` starts the work and returns its cleanup; it runs when
 * `run` changes (make it with useCallback over what it reads) and once more on each call of the returned
 * function (stable), which it gets as its attempt number. The previous run is cleaned up first, as usual.
 */
export function useRepeatableEffect(run: (attempt: number) => undefined | (() => void)): () => void {
  const [attempt, setAttempt] = useState(0);
  useEffect(() => run(attempt), [run, attempt]);
  return useCallback(() => setAttempt((n) => n + 1), []);
}

export interface LoadState<T> {
  data: T | null;
  loading: boolean;
  error: unknown;
  retry: () => void;
}

/**
 * The answer of a call, made again whenever `load` changes (make it with useCallback over what it reads) and on
 * retry; an earlier answer stays shown while the next call runs, and a superseded call is aborted. `load` null:
 * nothing to call (the data is null, nothing loads).
 */
export function useLoad<T>(load: ((signal: AbortSignal) => Promise<T>) | null): LoadState<T> {
  const [state, setState] = useState<Omit<LoadState<T>, 'retry'>>({ data: null, loading: Boolean(load), error: null });
  const run = useCallback(() => {
    if (!load) {
      setState({ data: null, loading: false, error: null });
      return;
    }
    const controller = new AbortController();
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    load(controller.signal).then(
      (data) => live && setState({ data, loading: false, error: null }),
      (error: unknown) => live && setState((s) => ({ data: s.data, loading: false, error })),
    );
    return () => {
      live = false;
      controller.abort();
    };
  }, [load]);
  const retry = useRepeatableEffect(run);
  return { ...state, retry };
}

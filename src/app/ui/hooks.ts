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

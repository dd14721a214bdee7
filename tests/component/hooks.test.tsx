import { act, render } from '@testing-library/react';
import { useCallback, useEffect } from 'react';
import { vi } from 'vitest';
import { useRepeatableEffect, useStableValue } from '../../src/app/ui/hooks';

/** Builds a new object on every render and hands what its effect sees to `onRun`. */
function StableProbe({ n, onRun }: { n: number; onRun: (value: unknown) => void }) {
  const value = useStableValue({ n, list: [n] });
  useEffect(() => onRun(value), [value, onRun]);
  return null;
}

/** Logs each run of its work and each cleanup; hands out the function that runs it again. */
function RepeatProbe({ id, log, expose }: { id: string; log: string[]; expose: (again: () => void) => void }) {
  const run = useCallback(
    (attempt: number) => {
      log.push(`start ${id} ${attempt}`);
      return () => {
        log.push(`stop ${id} ${attempt}`);
      };
    },
    [id, log],
  );
  expose(useRepeatableEffect(run));
  return null;
}

describe('useStableValue', () => {
  it('keeps the first object of a content, so an effect over it runs once per content', () => {
    const onRun = vi.fn();
    const { rerender } = render(<StableProbe n={1} onRun={onRun} />);
    const first = onRun.mock.calls[0][0];
    rerender(<StableProbe n={1} onRun={onRun} />);
    rerender(<StableProbe n={1} onRun={onRun} />);
    expect(onRun).toHaveBeenCalledTimes(1);
    rerender(<StableProbe n={2} onRun={onRun} />);
    expect(onRun).toHaveBeenCalledTimes(2);
    expect(onRun.mock.calls[1][0]).toEqual({ n: 2, list: [2] });
    expect(onRun.mock.calls[1][0]).not.toBe(first);
  });
});

describe('useRepeatableEffect', () => {
  it('runs when its work changes and again on demand, cleaning up the run before', () => {
    const log: string[] = [];
    const handed: (() => void)[] = [];
    const expose = (again: () => void) => handed.push(again);
    const { rerender, unmount } = render(<RepeatProbe id="a" log={log} expose={expose} />);
    rerender(<RepeatProbe id="a" log={log} expose={expose} />);
    act(() => handed.at(-1)!());
    rerender(<RepeatProbe id="b" log={log} expose={expose} />);
    unmount();
    expect(new Set(handed).size).toBe(1);
    expect(log).toEqual(['start a 0', 'stop a 0', 'start a 1', 'stop a 1', 'start b 1', 'stop b 1']);
  });
});

// One site's unit writes run one at a time in a process (server/services/keyed-queue.ts), other sites' beside them.
import { KeyedQueue } from '../../server/services/keyed-queue';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the keyed queue', () => {
  it('runs the work of one key one at a time in arrival order, other keys alongside, and goes on after a failure', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const job = (key: string, name: string, ms: number, fail = false) =>
      queue.run(key, async () => {
        log.push(`${name} start`);
        await pause(ms);
        log.push(`${name} end`);
        if (fail) throw new Error(name);
        return name;
      });
    let results: PromiseSettledResult<string>[];
    // The work takes (fake) time: a1 is the longest, so b1 starts and ends while a1 runs.
    vi.useFakeTimers();
    try {
      const all = Promise.allSettled([job('a', 'a1', 30, true), job('a', 'a2', 5), job('b', 'b1', 10)]);
      await vi.runAllTimersAsync();
      results = await all;
    } finally {
      vi.useRealTimers();
    }
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(log.indexOf('a1 end')).toBeLessThan(log.indexOf('a2 start'));
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'));
  });
});

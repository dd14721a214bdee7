// The pool that reads uploaded workbooks: a few at once, a bounded queue, a share per caller, and turns taken
// fairly — one caller flooding cannot keep another's upload waiting behind all of its own.
import { describe, expect, it } from 'vitest';
import { FairPool, PoolRefusal } from '../../server/services/fair-pool.ts';

/** A job that runs until `finish` is called, noting when it started. */
function gate(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<string>((resolve) => {
    finish = () => resolve(name);
  });
  return {
    work: () => {
      started.push(name);
      return done;
    },
    finish,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('FairPool', () => {
  it('runs as many jobs at once as allowed, and the rest when one ends', async () => {
    const pool = new FairPool({ running: 2, waiting: 10, perCaller: 10 });
    const started: string[] = [];
    const jobs = ['a', 'b', 'c'].map((n) => gate(started, n));
    const answers = jobs.map((j, i) => pool.run(`caller-${i}`, j.work));
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect(pool.size).toEqual({ running: 2, waiting: 1 });
    jobs[0].finish();
    expect(await answers[0]).toBe('a');
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    jobs[1].finish();
    jobs[2].finish();
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c']);
    expect(pool.size).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses a caller's job beyond its share, while another caller's goes in", async () => {
    const pool = new FairPool({ running: 1, waiting: 10, perCaller: 2 });
    const started: string[] = [];
    const flood = ['f1', 'f2', 'f3'].map((n) => gate(started, n));
    const [first, second] = [pool.run('flooder', flood[0].work), pool.run('flooder', flood[1].work)];
    await expect(pool.run('flooder', flood[2].work)).rejects.toEqual(new PoolRefusal('caller_share', 2));
    const other = gate(started, 'other');
    const theirs = pool.run('someone else', other.work);
    expect(pool.size).toEqual({ running: 1, waiting: 2 });
    // The other caller was never served: its job goes before the flooder's second.
    flood[0].finish();
    await first;
    await settle();
    expect(started).toEqual(['f1', 'other']);
    other.finish();
    await theirs;
    await settle();
    expect(started).toEqual(['f1', 'other', 'f2']);
    flood[1].finish();
    await second;
    // Its share is free again.
    const again = gate(started, 'f4');
    const fourth = pool.run('flooder', again.work);
    again.finish();
    expect(await fourth).toBe('f4');
  });

  it('refuses every new job while the queue is full, and takes them again once it has room', async () => {
    const pool = new FairPool({ running: 1, waiting: 1, perCaller: 5 });
    const started: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((n) => gate(started, n));
    const first = pool.run('x', a.work);
    const second = pool.run('y', b.work);
    await expect(pool.run('z', c.work)).rejects.toEqual(new PoolRefusal('busy', 0));
    a.finish();
    await first;
    const third = pool.run('z', c.work);
    b.finish();
    c.finish();
    expect(await Promise.all([second, third])).toEqual(['b', 'c']);
  });

  it('frees the place of a job that fails', async () => {
    const pool = new FairPool({ running: 1, waiting: 0, perCaller: 1 });
    await expect(pool.run('x', () => Promise.reject(new Error('unreadable')))).rejects.toThrow('unreadable');
    await expect(pool.run('x', async () => 'read')).resolves.toBe('read');
  });
});

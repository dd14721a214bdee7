// Heavy work that many callers can ask for at once (reading an uploaded workbook) runs a few jobs at a time, with
// a bounded queue and a fair share per caller: one caller flooding gets refused at its share while everyone
// else's jobs still go in and take turns with it (the next job is the one of the caller served longest ago).

/** Why a job was refused without running: the whole queue is full, or this caller's share is. */
export class PoolRefusal extends Error {
  constructor(
    readonly reason: 'busy' | 'caller_share',
    readonly share: number,
  ) {
    super(reason === 'busy' ? 'the pool is full' : `the caller already has ${share} jobs`);
  }
}

export interface FairPoolLimits {
  /** Jobs running at once. */
  running: number;
  /** Jobs waiting, all callers together. */
  waiting: number;
  /** One caller's jobs, running and waiting. */
  perCaller: number;
}

interface Job {
  start: () => void;
}

export class FairPool {
  private active = 0;
  private queued = 0;
  /** Jobs, running and waiting, by caller. */
  private readonly held = new Map<string, number>();
  /** Waiting jobs by caller. */
  private readonly waitingBy = new Map<string, Job[]>();
  /** When each caller holding jobs last had one started (a count of starts). */
  private readonly servedAt = new Map<string, number>();
  private starts = 0;

  constructor(private readonly limits: FairPoolLimits) {}

  /** Runs `work` when its turn comes; refuses at once (PoolRefusal) when the queue or the caller's share is full. */
  run<T>(caller: string, work: () => Promise<T>): Promise<T> {
    const mine = this.held.get(caller) ?? 0;
    if (mine >= this.limits.perCaller) return Promise.reject(new PoolRefusal('caller_share', mine));
    const mustWait = this.active >= this.limits.running;
    if (mustWait && this.queued >= this.limits.waiting) return Promise.reject(new PoolRefusal('busy', mine));
    this.held.set(caller, mine + 1);
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.active++;
        this.servedAt.set(caller, ++this.starts);
        // The place is free again before the caller hears the answer.
        Promise.resolve()
          .then(work)
          .finally(() => this.finish(caller))
          .then(resolve, reject);
      };
      if (!mustWait) return start();
      this.queued++;
      const line = this.waitingBy.get(caller);
      if (line) line.push({ start });
      else this.waitingBy.set(caller, [{ start }]);
    });
  }

  /** Jobs running and waiting (for the bench and the tests). */
  get size(): { running: number; waiting: number } {
    return { running: this.active, waiting: this.queued };
  }

  private finish(caller: string): void {
    this.active--;
    const left = (this.held.get(caller) ?? 1) - 1;
    if (left > 0) this.held.set(caller, left);
    else {
      this.held.delete(caller);
      this.servedAt.delete(caller);
    }
    this.next();
  }

  /** Starts the first waiting job of the caller served longest ago (one never served first). */
  private next(): void {
    if (this.active >= this.limits.running) return;
    let chosen: string | undefined;
    for (const caller of this.waitingBy.keys())
      if (chosen === undefined || (this.servedAt.get(caller) ?? 0) < (this.servedAt.get(chosen) ?? 0)) chosen = caller;
    if (chosen === undefined) return;
    const line = this.waitingBy.get(chosen)!;
    const job = line.shift()!;
    if (!line.length) this.waitingBy.delete(chosen);
    this.queued--;
    job.start();
  }
}

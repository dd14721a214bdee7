// Work that must not overlap for one key (a site's unit writes) runs one at a time, in arrival order, in this
// process. The database lock still guards across processes; waiting here keeps the waiting writers from
// holding pooled connections that every other request needs.
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const done = before.then(work, work);
    const tail = done.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return done;
  }
}

// What a process keeps compiled from immutable inputs (a published version never changes, so its compiled form
// needs no invalidation): a bounded map that drops the least recently used entry past its limit.
export class LruCache<T> {
  private readonly entries = new Map<string, T>();
  constructor(readonly limit = 500) {}
  get size(): number {
    return this.entries.size;
  }
  get(key: string): T | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Map keeps insertion order: moving the key to the end marks it as the most recently used.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }
  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }
  /** The cached value, or `make()`'s, kept. */
  async getOr(key: string, make: () => Promise<T>): Promise<T> {
    const found = this.get(key);
    if (found !== undefined) return found;
    const made = await make();
    this.set(key, made);
    return made;
  }
}

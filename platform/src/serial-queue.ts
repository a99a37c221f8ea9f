/**
 * Work run one at a time, in the order it was queued: the one promise queue of the code base (a
 * stream's commands, a billing reader's use cases, the billing worker, checkpoint writes, PGlite's
 * connection). A failure belongs to the caller that queued it, never to the work after it.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work, work);
    this.tail = result.catch(() => {});
    return result;
  }

  /** Settles once everything queued so far has settled. */
  async idle(): Promise<void> {
    await this.tail;
  }
}

/** A SerialQueue per key, forgotten once its last work settles (a key never seen again costs nothing). */
export class KeyedSerialQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(work, work);
    const settled = result.catch(() => {});
    this.tails.set(key, settled);
    void settled.then(() => {
      if (this.tails.get(key) === settled) this.tails.delete(key);
    });
    return result;
  }

  /** How many keys have work queued or running. */
  get size(): number {
    return this.tails.size;
  }
}

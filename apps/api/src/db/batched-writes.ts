/**
 * Writes in batches as a group commit does: while one batch is being written, the items that
 * arrive meanwhile wait and go together in the next, in one statement and one commit. An item
 * that arrives while nothing is being written goes on the next turn of the event loop, so a quiet
 * server adds next to no delay; a
 * busy one pays one statement per batch instead of one per item, which is what limits how many
 * writes a second one database connection takes.
 *
 * `write` answers each batch with one result per item, in the items' order; if it throws, every
 * item of that batch fails with its error.
 */
export function batchedWrites<Item, Result>(
  write: (items: readonly Item[]) => Promise<readonly Result[]>,
  options: { maxBatch: number },
): (item: Item) => Promise<Result> {
  let queue: { item: Item; done: (result: Result) => void; failed: (error: unknown) => void }[] =
    [];
  let flushing = false;

  async function flush() {
    while (queue.length > 0) {
      const batch = queue.slice(0, options.maxBatch);
      queue = queue.slice(batch.length);
      try {
        const results = await write(batch.map((entry) => entry.item));
        batch.forEach((entry, index) => entry.done(results[index]!));
      } catch (error) {
        for (const entry of batch) entry.failed(error);
      }
    }
    flushing = false;
  }

  return (item) =>
    new Promise<Result>((done, failed) => {
      queue.push({ item, done, failed });
      if (flushing) return;
      flushing = true;
      // The first write waits for the rest of this turn of the event loop, so that requests
      // already received join it. On the embedded database a statement runs on this thread and
      // nothing else is read while it does: started at once, every batch would hold one item.
      setImmediate(() => void flush());
    });
}

import { histogramMetric, sampledGauge } from '@questa/http-kit';

/**
 * Writes in batches as a group commit does: while one batch is being written, the items that
 * arrive meanwhile wait and go together in the next, in one statement and one commit. An item
 * that arrives while nothing is being written goes on the next turn of the event loop, so a quiet
 * server adds next to no delay; a
 * busy one pays one statement per batch instead of one per item, which is what limits how many
 * writes a second one database connection takes. Reads that nearly every request makes (its
 * session, a live player's token) are batched the same way, one statement for many.
 *
 * `write` answers each batch with one result per item, in the items' order; if it throws, every
 * item of that batch fails with its error.
 */
export function batchedWrites<Item, Result>(
  write: (items: readonly Item[]) => Promise<readonly Result[]>,
  options: { maxBatch: number; /** Names the batches in the metrics. */ name: string },
): (item: Item) => Promise<Result> {
  let queue: { item: Item; done: (result: Result) => void; failed: (error: unknown) => void }[] =
    [];
  let flushing = false;
  const metrics = batchMetrics(options.name);

  async function flush() {
    while (queue.length > 0) {
      const batch = queue.slice(0, options.maxBatch);
      queue = queue.slice(batch.length);
      const started = performance.now();
      try {
        const results = await write(batch.map((entry) => entry.item));
        metrics.written(batch.length, performance.now() - started);
        batch.forEach((entry, index) => entry.done(results[index]!));
      } catch (error) {
        for (const entry of batch) entry.failed(error);
      }
    }
    flushing = false;
  }

  const enqueue = (item: Item) =>
    new Promise<Result>((done, failed) => {
      queue.push({ item, done, failed });
      if (flushing) return;
      flushing = true;
      // The first write waits for the rest of this turn of the event loop, so that requests
      // already received join it. On the embedded database a statement runs on this thread and
      // nothing else is read while it does: started at once, every batch would hold one item.
      setImmediate(() => void flush());
    });
  // Sampled through a weak reference: a writer nobody holds any more (its app closed, as tests
  // do many times a process) is dropped with what it holds, not kept alive by its metric.
  metrics.watchQueue(new WeakRef(Object.assign(enqueue, { queued: () => queue.length })));
  return enqueue;
}

function batchMetrics(batch: string) {
  const size = histogramMetric({
    name: 'questa_write_batch_size',
    help: 'Items written together in one statement and commit, by kind of batch.',
    labelNames: ['batch'],
    buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500],
  }).labels({ batch });
  const seconds = histogramMetric({
    name: 'questa_write_batch_seconds',
    help: 'How long one batch took to write and commit, by kind of batch.',
    labelNames: ['batch'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  }).labels({ batch });
  const depth = sampledGauge({
    name: 'questa_write_queue_depth',
    help: 'Items waiting for the next batch, by kind of batch.',
    labelNames: ['batch'],
  });
  return {
    written(items: number, ms: number) {
      size.observe(items);
      seconds.observe(ms / 1000);
    },
    watchQueue(writer: WeakRef<{ queued(): number }>) {
      const remove = depth.addSource(() => {
        const alive = writer.deref();
        if (!alive) {
          remove();
          return [];
        }
        return [[{ batch }, alive.queued()]];
      });
    },
  };
}

import type { UnitOfWork, WorkRepositories } from '../../db/unit-of-work';

type Job<T> = (work: WorkRepositories) => Promise<T>;

interface Waiting {
  job: Job<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Runs small pieces of database work in shared transactions: pieces that arrive while earlier
 * ones are committing wait and then commit together, one transaction for many. A burst of the
 * partner's webhooks then pays for one BEGIN and one COMMIT (one flush to disk on PostgreSQL) per
 * batch rather than per event, and on the embedded database the one connection is taken once.
 *
 * Each piece must be database work only, as any unit of work's. A batch that fails is run again
 * piece by piece, each in a transaction of its own, so one piece's failure (or a deadlock with
 * another process) fails only that piece. Pieces are therefore written to be safe to run twice
 * after a rollback, which a transaction gives them.
 */
export function createBatchedWork(
  unitOfWork: UnitOfWork,
  options: { maxBatch?: number; parallel?: number } = {},
) {
  const maxBatch = options.maxBatch ?? 64;
  const parallel = options.parallel ?? 1;
  const waiting: Waiting[] = [];
  let running = 0;

  async function runAlone(piece: Waiting) {
    try {
      piece.resolve(await unitOfWork(piece.job));
    } catch (error) {
      piece.reject(error);
    }
  }

  async function drain() {
    running++;
    try {
      for (let batch = waiting.splice(0, maxBatch); batch.length > 0;) {
        if (batch.length === 1) {
          await runAlone(batch[0]!);
        } else {
          let results: unknown[] | undefined;
          try {
            results = await unitOfWork(async (work) => {
              const out: unknown[] = [];
              for (const piece of batch) out.push(await piece.job(work));
              return out;
            });
          } catch {
            for (const piece of batch) await runAlone(piece);
          }
          if (results) batch.forEach((piece, index) => piece.resolve(results[index]));
        }
        batch = waiting.splice(0, maxBatch);
      }
    } finally {
      running--;
    }
  }

  return <T>(job: Job<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ job, resolve: resolve as (value: unknown) => void, reject });
      if (running < parallel) void drain();
    });
}

export type BatchedWork = ReturnType<typeof createBatchedWork>;

import { describe, expect, it } from 'vitest';
import type { UnitOfWork, WorkRepositories } from '../../db/unit-of-work';
import { createBatchedWork } from './batched-work';

/**
 * A stand-in transaction runner that records each transaction's pieces and can fail one: only
 * the batching is under test here; the webhook tests run it against PGlite and PostgreSQL.
 */
function transactions(options: { failWhen?: (tag: string) => boolean } = {}) {
  const committed: string[][] = [];
  let release: () => void = () => {};
  let held: Promise<void> | undefined = new Promise<void>((resolve) => (release = resolve));
  const unitOfWork = (async (work: (repositories: WorkRepositories) => Promise<unknown>) => {
    const tags: string[] = [];
    const repositories = {
      tag: (value: string) => tags.push(value),
    } as unknown as WorkRepositories;
    // The first transaction waits until the test lets it go, so the others queue behind it.
    if (held) {
      const wait = held;
      held = undefined;
      await wait;
    }
    const result = await work(repositories);
    if (tags.some((tag) => options.failWhen?.(tag))) throw new Error('rolled back');
    committed.push(tags);
    return result;
  }) as UnitOfWork;
  return { unitOfWork, committed, release: () => release() };
}

const piece = (tag: string) => async (work: WorkRepositories) => {
  (work as unknown as { tag: (value: string) => void }).tag(tag);
  return `done ${tag}`;
};

describe('work batched into shared transactions', () => {
  it('runs pieces that arrive while one commits together, in arrival order, each with its answer', async () => {
    const { unitOfWork, committed, release } = transactions();
    const run = createBatchedWork(unitOfWork);
    const answers = ['a', 'b', 'c', 'd'].map((tag) => run(piece(tag)));
    release();
    expect(await Promise.all(answers)).toEqual(['done a', 'done b', 'done c', 'done d']);
    expect(committed).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('runs a failed batch again piece by piece, so only the failing piece fails', async () => {
    const { unitOfWork, committed, release } = transactions({ failWhen: (tag) => tag === 'c' });
    const run = createBatchedWork(unitOfWork);
    const answers = ['a', 'b', 'c', 'd'].map((tag) =>
      run(piece(tag)).catch((error: Error) => error.message),
    );
    release();
    expect(await Promise.all(answers)).toEqual(['done a', 'done b', 'rolled back', 'done d']);
    expect(committed).toEqual([['a'], ['b'], ['d']]);
  });

  it('keeps batches to their largest size', async () => {
    const { unitOfWork, committed, release } = transactions();
    const run = createBatchedWork(unitOfWork, { maxBatch: 2 });
    const answers = ['a', 'b', 'c', 'd', 'e'].map((tag) => run(piece(tag)));
    release();
    await Promise.all(answers);
    expect(committed).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
  });
});

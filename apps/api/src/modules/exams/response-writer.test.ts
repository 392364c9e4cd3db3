import { describe, expect, it, vi } from 'vitest';
import { createResponseWriter } from './response-writer';

type Save = { attemptId: string; userId: string; position: number };

/** A repository whose commits the test releases by hand, recording every batch. */
function fakeRepository(refuse = new Set<string>()) {
  const batches: Save[][] = [];
  const pending: (() => void)[] = [];
  return {
    batches,
    release: () => pending.shift()?.(),
    saveResponses: (saves: readonly Save[]) =>
      new Promise<Map<string, string>>((resolve) => {
        batches.push([...saves]);
        pending.push(() =>
          resolve(
            new Map(
              saves
                .filter((save) => !refuse.has(save.attemptId))
                .map((save) => [`${save.attemptId}:${save.position}`, `t${batches.length}`]),
            ),
          ),
        );
      }),
  };
}

const answer = { type: 'true_false', value: true } as const;
const save = (attemptId: string, position: number) => ({
  attemptId,
  userId: 'u',
  position,
  answer,
});
// Lets every pending promise settle (nothing here waits on I/O), so a test can say that something
// did not happen; what should happen is awaited with `vi.waitFor`.
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('response writer', () => {
  it('sends what arrives together in one commit, and what arrives meanwhile in the next', async () => {
    const repository = fakeRepository();
    const writer = createResponseWriter(repository, { graceSeconds: 60 });
    const first = [writer.save(save('a', 1)), writer.save(save('z', 1))];
    await vi.waitFor(() => expect(repository.batches).toHaveLength(1));
    expect(repository.batches[0]).toHaveLength(2);
    const more = [writer.save(save('a', 2)), writer.save(save('b', 1)), writer.save(save('c', 3))];
    await settled();
    // The first commit is still open: nothing else is sent until it ends.
    expect(repository.batches).toHaveLength(1);
    repository.release();
    expect(await Promise.all(first)).toEqual(['t1', 't1']);
    await vi.waitFor(() => expect(repository.batches[1]).toHaveLength(3));
    repository.release();
    expect(await Promise.all(more)).toEqual(['t2', 't2', 't2']);
  });

  it('keeps the later of two answers to one question in a batch, and acknowledges both', async () => {
    const repository = fakeRepository();
    const writer = createResponseWriter(repository, { graceSeconds: 60 });
    const blocker = writer.save(save('x', 1));
    await vi.waitFor(() => expect(repository.batches).toHaveLength(1));
    const earlier = writer.save({ ...save('a', 1), answer: { type: 'true_false', value: false } });
    const later = writer.save(save('a', 1));
    repository.release();
    await blocker;
    await vi.waitFor(() =>
      expect(repository.batches[1]).toEqual([expect.objectContaining({ answer })]),
    );
    repository.release();
    expect(await Promise.all([earlier, later])).toEqual(['t2', 't2']);
  });

  it('answers undefined for an attempt that no longer takes answers', async () => {
    const repository = fakeRepository(new Set(['closed']));
    const writer = createResponseWriter(repository, { graceSeconds: 60 });
    const refused = writer.save(save('closed', 1));
    await vi.waitFor(() => expect(repository.batches).toHaveLength(1));
    repository.release();
    expect(await refused).toBeUndefined();
  });

  it('fails every answer of a batch whose commit fails, and goes on with the next', async () => {
    let calls = 0;
    const writer = createResponseWriter(
      {
        saveResponses: async () => {
          calls += 1;
          if (calls === 1) throw new Error('connection lost');
          return new Map([['a:2', 'later']]);
        },
      },
      { graceSeconds: 60 },
    );
    await expect(writer.save(save('a', 1))).rejects.toThrow('connection lost');
    expect(await writer.save(save('a', 2))).toBe('later');
  });
});

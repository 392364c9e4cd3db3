import { describe, expect, it } from 'vitest';
import type { PartnerSubscription, PaymentPartner } from '../../adapters/payment-partner';
import { createPartnerReader, EVENT_CLOCK_MARGIN_MS } from './partner-reader';

/** A partner whose subscription reads wait until the test lets each one answer. */
function slowPartner() {
  const pending: { resolve: (value: PartnerSubscription) => void; version: number }[] = [];
  let version = 0;
  const partner = {
    getSubscription: () =>
      new Promise<PartnerSubscription>((resolve) => pending.push({ resolve, version: ++version })),
  } as unknown as PaymentPartner;
  const answer = () => {
    const next = pending.shift()!;
    next.resolve({ id: 'sub_1', status: `v${next.version}` } as PartnerSubscription);
  };
  return { partner, pending, answer };
}

describe('partner reader', () => {
  it('shares reads of one object: a burst costs the read under way and one more', async () => {
    const { partner, pending, answer } = slowPartner();
    const reader = createPartnerReader(partner);
    const first = reader.subscription('sub_1');
    const burst = [1, 2, 3, 4].map(() => reader.subscription('sub_1'));
    expect(pending).toHaveLength(1);
    answer();
    expect((await first)!.value.status).toBe('v1');
    await expect.poll(() => pending.length).toBe(1);
    answer();
    const results = await Promise.all(burst);
    // Those who asked during the first read get the one that began after they asked.
    expect(results.map((result) => result!.value.status)).toEqual(['v2', 'v2', 'v2', 'v2']);
    expect(results[0]!.readAt.getTime()).toBeGreaterThanOrEqual((await first)!.readAt.getTime());
  });

  it('reads different objects independently, and starts afresh once a read is done', async () => {
    const { partner, pending, answer } = slowPartner();
    const reader = createPartnerReader(partner);
    const a = reader.subscription('sub_a');
    const b = reader.subscription('sub_b');
    expect(pending).toHaveLength(2);
    answer();
    answer();
    await Promise.all([a, b]);
    const later = reader.subscription('sub_a');
    expect(pending).toHaveLength(1);
    answer();
    expect((await later)!.value.status).toBe('v3');
  });

  it('answers an event from a kept read that began after the event was created, else reads again', async () => {
    const { partner, pending, answer } = slowPartner();
    const reader = createPartnerReader(partner);
    const first = reader.subscription('sub_1');
    answer();
    const read = (await first)!;

    // Created well before that read began: the read shows it, and the partner is not asked.
    const older = new Date(read.readAt.getTime() - EVENT_CLOCK_MARGIN_MS - 1000);
    const kept = await reader.snapshot('subscription', 'sub_1', older);
    expect(pending).toHaveLength(0);
    expect(kept).toMatchObject({ kind: 'subscription', subscription: { readAt: read.readAt } });

    // Created within the clock margin of the read, or after it: only a new read is sure to show it.
    for (const createdAt of [new Date(read.readAt.getTime() - 500), new Date()]) {
      const fresh = reader.snapshot('subscription', 'sub_1', createdAt);
      await expect.poll(() => pending.length).toBe(1);
      answer();
      expect(await fresh).toMatchObject({
        subscription: { value: { status: expect.any(String) } },
      });
    }
    // Without the event's time nothing kept is trusted.
    const unknown = reader.snapshot('subscription', 'sub_1');
    await expect.poll(() => pending.length).toBe(1);
    answer();
    await unknown;
  });
});

import type { PaymentPartner } from '../../adapters/payment-partner';
import type { ReadObject, Snapshot } from './billing-sync.service';

/** The partner objects a webhook may be about, by the `object` field of its payload. */
export const readableObjects = {
  subscription: 'subscription',
  'checkout.session': 'checkout',
  invoice: 'invoice',
  refund: 'refund',
} as const;
export type ReadableObject = keyof typeof readableObjects;
export const isReadable = (objectType: string | null): objectType is ReadableObject =>
  objectType !== null && objectType in readableObjects;

interface Slot {
  running: Promise<ReadObject<unknown>>;
  queued?: Promise<ReadObject<unknown>>;
}

/**
 * How far the partner's clock may run ahead of ours, plus the second an event's `created` is
 * rounded down by: a read that began this long after an event was created shows that event.
 */
export const EVENT_CLOCK_MARGIN_MS = 2000;
/** Reads kept to answer later events with; each is kept as long as it may still serve one. */
const KEPT_READS = 5000;
const KEPT_FOR_MS = 60_000;

/**
 * Reads partner objects for webhooks, sharing reads of the same object. A caller gets a read that
 * shows at least the state its event announced: one that began after the event was created at
 * the partner (a kept read, when one is that recent), else one that begins after it asked.
 * Callers who ask while a read is under way share the next one. A burst of events about one
 * invoice — created, finalised, paid — then costs one read, not one per event, and this process
 * applies its reads of an object in the order they began.
 */
export function createPartnerReader(partner: PaymentPartner) {
  const slots = new Map<string, Slot>();
  const kept = new Map<string, ReadObject<unknown>>();

  function keep(key: string, read: ReadObject<unknown>) {
    const held = kept.get(key);
    if (held && held.readAt >= read.readAt) return;
    kept.delete(key);
    kept.set(key, read);
    // Oldest first in insertion order: dropping from the front bounds the memory.
    for (const [oldest, value] of kept) {
      if (kept.size <= KEPT_READS && Date.now() - value.readAt.getTime() < KEPT_FOR_MS) break;
      kept.delete(oldest);
    }
  }

  /** A kept read that began late enough to show an event created at `createdAt`. */
  function recentEnough(key: string, createdAt: Date | undefined) {
    if (!createdAt) return undefined;
    const held = kept.get(key);
    return held && held.readAt.getTime() >= createdAt.getTime() + EVENT_CLOCK_MARGIN_MS
      ? held
      : undefined;
  }

  function begin(key: string, slot: Slot, read: () => Promise<unknown>) {
    const readAt = new Date();
    const promise: Promise<ReadObject<unknown>> = read()
      .then((value) => {
        const result = { value, readAt };
        keep(key, result);
        return result;
      })
      .finally(() => {
        if (slot.running === promise && !slot.queued) slots.delete(key);
      });
    return promise;
  }

  function shared<T>(
    key: string,
    read: () => Promise<T>,
    createdAt?: Date,
  ): Promise<ReadObject<T>> {
    const recent = recentEnough(key, createdAt);
    if (recent) return Promise.resolve(recent as ReadObject<T>);
    const slot = slots.get(key);
    if (!slot) {
      const fresh = {} as Slot;
      fresh.running = begin(key, fresh, read);
      slots.set(key, fresh);
      return fresh.running as Promise<ReadObject<T>>;
    }
    slot.queued ??= slot.running
      .catch(() => undefined)
      .then(() => {
        const next = begin(key, slot, read);
        slot.running = next;
        slot.queued = undefined;
        return next;
      });
    return slot.queued as Promise<ReadObject<T>>;
  }

  /** An object that is gone at the partner answers undefined; the event is then ignored. */
  async function present<T>(key: string, read: () => Promise<T | undefined>, createdAt?: Date) {
    const result = await shared(key, read, createdAt);
    return result.value === undefined ? undefined : (result as ReadObject<T>);
  }

  const subscription = (id: string, createdAt?: Date) =>
    present(`subscription:${id}`, () => partner.getSubscription(id), createdAt);

  return {
    subscription,

    /**
     * The state of what an event is about, read from the partner: at least as recent as the event
     * when `createdAt` (the partner's time of the event) is given, else read afresh.
     */
    async snapshot(
      objectType: ReadableObject,
      id: string,
      createdAt?: Date,
    ): Promise<Snapshot | undefined> {
      switch (readableObjects[objectType]) {
        case 'subscription': {
          const read = await subscription(id, createdAt);
          return read && { kind: 'subscription', subscription: read };
        }
        case 'invoice': {
          const read = await present(`invoice:${id}`, () => partner.getInvoice(id), createdAt);
          return read && { kind: 'invoice', invoice: read };
        }
        case 'refund': {
          const read = await present(`refund:${id}`, () => partner.getRefund(id), createdAt);
          return read && { kind: 'refund', refund: read };
        }
        case 'checkout': {
          const read = await present(`checkout:${id}`, () => partner.getCheckout(id), createdAt);
          if (!read) return undefined;
          // A completed checkout carries the subscription it began; apply both together. The
          // partner sends it along with the session, read at the same moment, which saves a read.
          const started = read.value.subscriptionId;
          const along = read.value.subscription;
          if (along) keep(`subscription:${along.id}`, { value: along, readAt: read.readAt });
          return {
            kind: 'checkout',
            checkout: read,
            subscription: along
              ? { value: along, readAt: read.readAt }
              : started
                ? await subscription(started, createdAt)
                : undefined,
          };
        }
      }
    },
  };
}

export type PartnerReader = ReturnType<typeof createPartnerReader>;

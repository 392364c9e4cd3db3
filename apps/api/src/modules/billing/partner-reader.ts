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
 * Reads partner objects for webhooks, sharing reads of the same object. A caller gets a read that
 * began after it asked, so it sees at least the state its event announced; callers who ask while a
 * read is under way share the next one. A burst of events about one subscription costs two reads,
 * not one per event, and this process applies its reads of an object in the order they began.
 */
export function createPartnerReader(partner: PaymentPartner) {
  const slots = new Map<string, Slot>();

  function begin(key: string, slot: Slot, read: () => Promise<unknown>) {
    const readAt = new Date();
    const promise: Promise<ReadObject<unknown>> = read()
      .then((value) => ({ value, readAt }))
      .finally(() => {
        if (slot.running === promise && !slot.queued) slots.delete(key);
      });
    return promise;
  }

  function shared<T>(key: string, read: () => Promise<T>): Promise<ReadObject<T>> {
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
  async function present<T>(key: string, read: () => Promise<T | undefined>) {
    const result = await shared(key, read);
    return result.value === undefined ? undefined : (result as ReadObject<T>);
  }

  const subscription = (id: string) =>
    present(`subscription:${id}`, () => partner.getSubscription(id));

  return {
    subscription,

    /** The current state of what an event is about, read from the partner. */
    async snapshot(objectType: ReadableObject, id: string): Promise<Snapshot | undefined> {
      switch (readableObjects[objectType]) {
        case 'subscription': {
          const read = await subscription(id);
          return read && { kind: 'subscription', subscription: read };
        }
        case 'invoice': {
          const read = await present(`invoice:${id}`, () => partner.getInvoice(id));
          return read && { kind: 'invoice', invoice: read };
        }
        case 'refund': {
          const read = await present(`refund:${id}`, () => partner.getRefund(id));
          return read && { kind: 'refund', refund: read };
        }
        case 'checkout': {
          const read = await present(`checkout:${id}`, () => partner.getCheckout(id));
          if (!read) return undefined;
          // A completed checkout carries the subscription it began; apply both together.
          const started = read.value.subscriptionId;
          return {
            kind: 'checkout',
            checkout: read,
            subscription: started ? await subscription(started) : undefined,
          };
        }
      }
    },
  };
}

export type PartnerReader = ReturnType<typeof createPartnerReader>;

import { HttpProblem } from '@questa/http-kit';
import { WebhookSignatureError, type PaymentPartner } from '../../adapters/payment-partner';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { ApplyResult, BillingSync } from './billing-sync.service';
import { isReadable, type PartnerReader } from './partner-reader';
import type { SubscriptionRepository } from './subscription.repository';

export type WebhookOutcome = 'applied' | 'ignored' | 'unknown_customer' | 'duplicate';

/**
 * The partner's webhooks. A delivery is believed only when its signature and timestamp hold.
 * Each event names an object; the object is read again from the partner (no transaction open),
 * or taken from a read that began after the event was created, and applied whole, in the same
 * transaction that records the event's id, so an event is applied once however often it is
 * delivered, and in whatever order events arrive the rows end as the partner's latest state.
 * Mail it causes is sent after commit.
 */
export function createWebhookService(deps: {
  partner: PaymentPartner;
  /**
   * Where events are written: in a burst, events arriving together share a transaction
   * (batched-work.ts), so each costs its statements, not a transaction of its own.
   */
  unitOfWork: UnitOfWork;
  subscriptions: Pick<SubscriptionRepository, 'eventSeen'>;
  sync: BillingSync;
  reader: PartnerReader;
  /** Called after commit with the learners whose premium may have changed, and whether mail waits. */
  changed: (userIds: string[], mailQueued: boolean) => void;
  /** Called after commit with the in-app notices the events wrote, whose mail is due. */
  noticed: (notices: NonNullable<ApplyResult['notices']>) => void;
}) {
  return {
    async receive(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
      let event;
      try {
        event = deps.partner.verifyEvent(rawBody, signature);
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        throw new HttpProblem('validation.failed', {
          detail: `This webhook is not from the payment partner: ${error.message}`,
          errors: [{ field: 'stripe-signature', message: 'does not verify' }],
        });
      }
      const objectId = event.objectId;
      if (!isReadable(event.objectType) || !objectId) {
        // Nothing to read or apply: recording the event is all there is, in one statement.
        const recorded = await deps.unitOfWork((work) =>
          work.subscriptions.claimEvent({
            id: event.id,
            type: event.type,
            objectId,
            createdAt: event.createdAt,
            outcome: 'ignored',
          }),
        );
        return recorded ? 'ignored' : 'duplicate';
      }
      // A read kept from an earlier event serves when it began after this event was created;
      // then a replay costs nothing more than its claim, which finds the event recorded.
      const kept = deps.reader.kept(event.objectType, objectId, event.createdAt);
      // Otherwise a replay costs one lookup: no read from the partner, no transaction.
      if (!kept && (await deps.subscriptions.eventSeen(event.id))) return 'duplicate';
      const snapshot =
        kept ?? (await deps.reader.snapshot(event.objectType, objectId, event.createdAt));

      const result = await deps.unitOfWork(async (work) => {
        const claimed = await work.subscriptions.claimEvent({
          id: event.id,
          type: event.type,
          objectId,
          createdAt: event.createdAt,
          outcome: snapshot ? 'applied' : 'ignored',
        });
        if (!claimed) return { outcome: 'duplicate' as const, userIds: [], mailQueued: false };
        if (!snapshot) return { outcome: 'ignored' as const, userIds: [], mailQueued: false };
        const applied = await deps.sync.apply(work, snapshot, 'webhook');
        if (applied.outcome !== 'applied') {
          await work.subscriptions.setEventOutcome(event.id, applied.outcome);
        }
        return applied;
      });
      deps.changed(result.userIds, result.mailQueued ?? false);
      if ('notices' in result && result.notices?.length) deps.noticed(result.notices);
      return result.outcome;
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;

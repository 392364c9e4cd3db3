import { HttpProblem } from '@questa/http-kit';
import { WebhookSignatureError, type PaymentPartner } from '../../adapters/payment-partner';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { EventApplier } from './event-applier';
import { isReadable } from './partner-reader';

export type WebhookOutcome = 'queued' | 'ignored' | 'duplicate';

/**
 * The partner's webhooks. A delivery is believed only when its signature and timestamp hold.
 * It is answered once its event is recorded: the partner waits for one insert, not for a read
 * from its own API and our writes. The event's object is then read from the partner and applied
 * whole (event-applier.ts), so an event is applied once however often it is delivered, and in
 * whatever order events arrive the rows end as the partner's latest state.
 */
export function createWebhookService(deps: {
  partner: PaymentPartner;
  /**
   * Where events are recorded: in a burst, events arriving together share a transaction
   * (batched-work.ts), so each costs one insert, not a transaction of its own.
   */
  unitOfWork: UnitOfWork;
  applier: Pick<EventApplier, 'kick'>;
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
      // Events about objects Questa does not read (payments, charges…) are recorded and left.
      const readable = isReadable(event.objectType) && event.objectId !== null;
      const recorded = await deps.unitOfWork((work) =>
        work.paymentEvents.claim({
          id: event.id,
          type: event.type,
          objectType: event.objectType,
          objectId: event.objectId,
          createdAt: event.createdAt,
          outcome: readable ? 'pending' : 'ignored',
        }),
      );
      if (!recorded) return 'duplicate';
      if (!readable) return 'ignored';
      deps.applier.kick();
      return 'queued';
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;

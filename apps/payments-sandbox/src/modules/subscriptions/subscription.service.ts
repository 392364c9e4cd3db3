import { mergeMetadata } from '../../model/metadata';
import type {
  Metadata,
  PaymentMethodObject,
  PriceObject,
  SubscriptionObject,
  SubscriptionStatus,
} from '../../model/objects';
import type { RequestInfo } from '../../store/ledger';
import type { FieldFilter } from '../../store/object.repository';
import { invalidRequest } from '../../wire/errors';
import type { PageParams } from '../../wire/list';
import type { SubscriptionInternal } from '../billing/billing-context';
import { changePrice } from '../billing/plan-change';
import {
  cancelNow,
  processDue,
  reschedule,
  setCancelAtPeriodEnd,
} from '../billing/subscription-lifecycle';
import { retrieveData, type ServiceKit } from '../service-kit';

export interface SubscriptionUpdate {
  cancelAtPeriodEnd?: boolean | undefined;
  items?:
    | { id?: string | undefined; price?: string | undefined; quantity?: number | undefined }[]
    | undefined;
  prorationBehavior?: 'create_prorations' | 'always_invoice' | 'none' | undefined;
  prorationDate?: number | undefined;
  billingCycleAnchor?: 'now' | 'unchanged' | undefined;
  trialEnd?: number | 'now' | undefined;
  metadata?: Metadata | null | undefined;
  defaultPaymentMethod?: string | undefined;
  description?: string | undefined;
  cancellationDetails?: { comment?: string | undefined; feedback?: string | undefined } | undefined;
}

/** Statuses `subscriptions.list` shows when no status is asked for: every one not ended. */
const NOT_ENDED: SubscriptionStatus[] = [
  'active',
  'past_due',
  'trialing',
  'incomplete',
  'unpaid',
  'paused',
];

export function createSubscriptionService({ work, objects, context }: ServiceKit) {
  return {
    retrieve: (id: string) =>
      retrieveData<SubscriptionObject>(objects, id, 'subscription', 'subscription'),

    list(
      filter: {
        customer?: string | undefined;
        status?: string | undefined;
        price?: string | undefined;
        testClock?: string | undefined;
      },
      page: PageParams,
    ) {
      const where: FieldFilter = {};
      if (filter.status === undefined) where.status = NOT_ENDED;
      else if (filter.status === 'ended') where.status = ['canceled', 'incomplete_expired'];
      else if (filter.status !== 'all') where.status = filter.status;
      if (filter.testClock) where.test_clock = filter.testClock;
      if (filter.price) where['items.data.0.price.id'] = filter.price;
      return objects.list<SubscriptionObject>('subscription', {
        ...page,
        customer: filter.customer,
        where,
      });
    },

    update(id: string, input: SubscriptionUpdate, request: RequestInfo) {
      return work(request, async (ledger) => {
        const subscription = await ledger.require<SubscriptionObject, SubscriptionInternal>(
          id,
          'subscription',
          'subscription',
        );
        const { data } = subscription;
        const before = structuredClone(data);
        const at = await ledger.now(subscription.clock);
        if (data.status === 'canceled' || data.status === 'incomplete_expired') {
          const others = Object.entries(input).filter(
            ([key, value]) =>
              value !== undefined && !['metadata', 'cancellationDetails'].includes(key),
          );
          if (others.length > 0) {
            throw invalidRequest(
              'A canceled subscription can only update its cancellation_details and metadata.',
            );
          }
        }

        data.metadata = mergeMetadata(data.metadata, input.metadata);
        if (input.description !== undefined) data.description = input.description || null;
        if (input.cancellationDetails) {
          data.cancellation_details.comment =
            input.cancellationDetails.comment ?? data.cancellation_details.comment;
          data.cancellation_details.feedback =
            input.cancellationDetails.feedback ?? data.cancellation_details.feedback;
        }
        if (input.defaultPaymentMethod !== undefined) {
          if (input.defaultPaymentMethod) {
            const method = await ledger.get<PaymentMethodObject>(
              input.defaultPaymentMethod,
              'payment_method',
            );
            if (method?.data.customer !== data.customer) {
              throw invalidRequest(
                `The customer does not have a payment method with the ID ${input.defaultPaymentMethod}.`,
                { param: 'default_payment_method' },
              );
            }
          }
          data.default_payment_method = input.defaultPaymentMethod || null;
        }

        let emitted = false;
        if (input.trialEnd !== undefined) {
          if (data.status !== 'trialing') {
            throw invalidRequest('Only a subscription in a trial can change its trial’s end.', {
              param: 'trial_end',
            });
          }
          const end = input.trialEnd === 'now' ? at : input.trialEnd;
          if (end < at) {
            throw invalidRequest('`trial_end` must be in the future, or `now`.', {
              param: 'trial_end',
            });
          }
          data.trial_end = end;
          for (const item of data.items.data) item.current_period_end = end;
          data.billing_cycle_anchor = end;
          if (end === at) {
            // Ending the trial now bills the first period at once, as the clock would at its end.
            await ledger.save(subscription);
            ledger.emitChange('customer.subscription.updated', before, data);
            await processDue(ledger, context, subscription, at);
            return subscription.data;
          }
        }

        const item = input.items?.[0];
        if (input.items && input.items.length > 1) {
          throw invalidRequest('The sandbox changes one item at a time.', { param: 'items' });
        }
        if (item) {
          if (!item.id) {
            throw invalidRequest(
              'Name the item to change with items[0][id]; the sandbox moves an existing item to another price.',
              { param: 'items[0][id]' },
            );
          }
          const current = data.items.data.find((candidate) => candidate.id === item.id);
          const priceId = item.price ?? current?.price.id;
          const price = priceId
            ? await ledger.require<PriceObject>(priceId, 'price', 'price', 'items[0][price]')
            : undefined;
          if (price && !price.data.recurring) {
            throw invalidRequest('The price must be recurring.', { param: 'items[0][price]' });
          }
          if (price && !price.data.active && price.id !== current?.price.id) {
            throw invalidRequest('The price specified is inactive.', { param: 'items[0][price]' });
          }
          await changePrice(ledger, context, subscription, {
            itemId: item.id,
            price: price!.data,
            quantity: item.quantity ?? current?.quantity ?? 1,
            prorationBehavior: input.prorationBehavior ?? 'create_prorations',
            anchorNow: input.billingCycleAnchor === 'now',
            prorationDate: input.prorationDate ?? at,
            at,
            before,
          });
          emitted = true;
        }
        if (
          input.cancelAtPeriodEnd !== undefined &&
          input.cancelAtPeriodEnd !== data.cancel_at_period_end
        ) {
          await setCancelAtPeriodEnd(ledger, context, subscription, {
            cancel: input.cancelAtPeriodEnd,
            at,
            comment: input.cancellationDetails?.comment,
            feedback: input.cancellationDetails?.feedback,
            before: emitted ? structuredClone(data) : before,
          });
          emitted = true;
        }
        if (!emitted) {
          reschedule(context, subscription);
          await ledger.save(subscription);
          ledger.emitChange('customer.subscription.updated', before, data);
        }
        return subscription.data;
      });
    },

    cancel(
      id: string,
      input: {
        prorate?: boolean | undefined;
        comment?: string | undefined;
        feedback?: string | undefined;
      },
      request: RequestInfo,
    ) {
      return work(request, async (ledger) => {
        const subscription = await ledger.require<SubscriptionObject, SubscriptionInternal>(
          id,
          'subscription',
          'subscription',
        );
        await cancelNow(ledger, subscription, {
          at: await ledger.now(subscription.clock),
          reason: 'cancellation_requested',
          prorate: input.prorate,
          comment: input.comment,
          feedback: input.feedback,
        });
        return subscription.data;
      });
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;

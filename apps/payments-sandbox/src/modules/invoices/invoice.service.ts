import type {
  ChargeObject,
  CustomerObject,
  InvoiceObject,
  InvoicePaymentObject,
  RefundObject,
  SubscriptionObject,
} from '../../model/objects';
import type { Ledger, RequestInfo } from '../../store/ledger';
import type { FieldFilter } from '../../store/object.repository';
import { StripeApiError, invalidRequest, resourceMissing } from '../../wire/errors';
import type { PageParams } from '../../wire/list';
import type { InvoiceInternal, SubscriptionInternal } from '../billing/billing-context';
import type { Invoice } from '../billing/invoices';
import { collect, previewRenewal } from '../billing/subscription-lifecycle';
import { attachTypedCard, type CardForm } from '../billing/cards';
import { retrieveData, type ServiceKit } from '../service-kit';

/** What an invoice's hosted page shows. */
export interface InvoicePage {
  invoice: InvoiceObject;
  charges: ChargeObject[];
  refunds: RefundObject[];
  customer: CustomerObject | undefined;
}

export function createInvoiceService({ work, objects, context }: ServiceKit) {
  async function subscriptionOf(ledger: Ledger, invoice: Invoice) {
    return ledger.require<SubscriptionObject, SubscriptionInternal>(
      invoice.data.parent.subscription_details.subscription,
      'subscription',
      'subscription',
    );
  }

  return {
    retrieve: (id: string) => retrieveData<InvoiceObject>(objects, id, 'invoice', 'invoice'),

    list(
      filter: {
        customer?: string | undefined;
        subscription?: string | undefined;
        status?: string | undefined;
      },
      page: PageParams,
    ) {
      const where: FieldFilter = {};
      if (filter.subscription)
        where['parent.subscription_details.subscription'] = filter.subscription;
      if (filter.status) where.status = filter.status;
      return objects.list<InvoiceObject>('invoice', { ...page, customer: filter.customer, where });
    },

    async lines(id: string) {
      return (await retrieveData<InvoiceObject>(objects, id, 'invoice', 'invoice')).lines;
    },

    /** The renewal invoice a subscription will make next, as `invoices.createPreview` shows it. */
    preview(input: { customer?: string | undefined; subscription: string }) {
      return work(null, async (ledger) => {
        const subscription = await ledger.require<SubscriptionObject, SubscriptionInternal>(
          input.subscription,
          'subscription',
          'subscription',
          'subscription',
        );
        if (input.customer && input.customer !== subscription.data.customer) {
          throw invalidRequest('The subscription belongs to another customer.', {
            param: 'customer',
          });
        }
        if (!['active', 'trialing', 'past_due'].includes(subscription.data.status)) {
          throw invalidRequest(
            `The subscription is ${subscription.data.status}; it will not renew.`,
            {
              code: 'invoice_upcoming_none',
            },
          );
        }
        return previewRenewal(ledger, context, subscription, await ledger.now(subscription.clock));
      });
    },

    /**
     * `invoices.pay`: charges an open invoice to the customer's card, without the customer. A
     * decline is recorded (the charge, the attempt, their events) before it is answered with
     * Stripe's 402 card error, so the error is raised after the unit of work commits.
     */
    async pay(id: string, request: RequestInfo) {
      const { invoice, outcome } = await work(request, async (ledger) => {
        const found = await ledger.require<InvoiceObject, InvoiceInternal>(
          id,
          'invoice',
          'invoice',
        );
        if (found.data.status !== 'open') {
          throw invalidRequest(`Invoice is already ${found.data.status}.`, {
            code: 'invoice_not_open',
          });
        }
        const subscription = await subscriptionOf(ledger, found);
        const result = await collect(ledger, context, subscription, found, {
          at: await ledger.now(found.clock),
          onSession: false,
        });
        return { invoice: found.data, outcome: result };
      });
      if (!outcome.paid) {
        throw new StripeApiError(402, {
          type: 'card_error',
          code: 'card_declined',
          decline_code: outcome.declineCode,
          message: outcome.message,
          ...(outcome.charge && { charge: outcome.charge }),
        });
      }
      return invoice;
    },

    listPayments(filter: { invoice?: string | undefined }, page: PageParams) {
      return objects.list<InvoicePaymentObject>('invoice_payment', {
        ...page,
        where: filter.invoice ? { invoice: filter.invoice } : {},
      });
    },

    retrievePayment: (id: string) =>
      retrieveData<InvoicePaymentObject>(objects, id, 'invoice_payment', 'invoice payment'),

    async page(id: string): Promise<InvoicePage | undefined> {
      const invoice = await objects.find<InvoiceObject, InvoiceInternal>(id);
      if (!invoice || invoice.type !== 'invoice') return undefined;
      const intent = invoice.internal.paymentIntent;
      const charges = intent
        ? (
            await objects.list<ChargeObject>('charge', {
              customer: invoice.data.customer,
              where: { payment_intent: intent },
              limit: 100,
            })
          ).data
        : [];
      const refunds = intent
        ? (
            await objects.list<RefundObject>('refund', {
              where: { payment_intent: intent },
              limit: 100,
            })
          ).data
        : [];
      const customer = (await objects.find<CustomerObject>(invoice.data.customer))?.data;
      return { invoice: invoice.data, charges, refunds, customer };
    },

    /** Pays an open invoice from its hosted page with a card the customer types, present. */
    payWithCard(id: string, form: CardForm) {
      return work(null, async (ledger) => {
        const invoice = await ledger.get<InvoiceObject, InvoiceInternal>(id, 'invoice');
        if (!invoice) throw resourceMissing('invoice', id);
        if (invoice.data.status !== 'open')
          return { errors: {}, paid: invoice.data.status === 'paid' };
        const customer = await ledger.require<CustomerObject>(
          invoice.data.customer,
          'customer',
          'customer',
        );
        const attached = await attachTypedCard(ledger, customer, form);
        if (!attached.paymentMethod) return { ...attached, paid: false };
        const subscription = await subscriptionOf(ledger, invoice);
        subscription.data.default_payment_method = attached.paymentMethod.id;
        const outcome = await collect(ledger, context, subscription, invoice, {
          at: await ledger.now(invoice.clock),
          onSession: true,
          paymentMethod: attached.paymentMethod,
        });
        return outcome.paid
          ? { errors: {}, paid: true }
          : { errors: {}, paid: false, declined: outcome.message };
      });
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;

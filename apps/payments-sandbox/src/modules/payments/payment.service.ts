import { formatAmount } from '../../model/money';
import { initialMetadata } from '../../model/metadata';
import type {
  ChargeObject,
  Metadata,
  PaymentIntentObject,
  PaymentMethodObject,
  RefundObject,
} from '../../model/objects';
import type { RequestInfo } from '../../store/ledger';
import type { FieldFilter } from '../../store/object.repository';
import { invalidRequest } from '../../wire/errors';
import { ID_PREFIX, newId } from '../../wire/ids';
import type { PageParams } from '../../wire/list';
import { retrieveData, type ServiceKit } from '../service-kit';

export interface RefundInput {
  charge?: string | undefined;
  paymentIntent?: string | undefined;
  amount?: number | undefined;
  reason?: RefundObject['reason'] | undefined;
  metadata?: Metadata | null | undefined;
}

/** Refunds of charges, and the payment objects a subscription business reads. */
export function createPaymentService({ work, objects }: ServiceKit) {
  return {
    /** Refunds all of a charge, or part of it, named by itself or by its payment intent. */
    refund(input: RefundInput, request: RequestInfo) {
      if ((input.charge === undefined) === (input.paymentIntent === undefined)) {
        throw invalidRequest('You must pass either a charge or a payment_intent, and not both.', {
          code: input.charge ? 'parameters_exclusive' : 'parameter_missing',
          param: 'charge',
        });
      }
      return work(request, async (ledger) => {
        let chargeId = input.charge;
        if (input.paymentIntent) {
          const intent = await ledger.require<PaymentIntentObject>(
            input.paymentIntent,
            'payment_intent',
            'payment_intent',
            'payment_intent',
          );
          if (intent.data.status !== 'succeeded' || !intent.data.latest_charge) {
            throw invalidRequest(
              `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
              { code: 'charge_not_refundable', param: 'payment_intent' },
            );
          }
          chargeId = intent.data.latest_charge;
        }
        const charge = await ledger.require<ChargeObject>(chargeId!, 'charge', 'charge', 'charge');
        const { data } = charge;
        if (!data.paid) {
          throw invalidRequest(`Charge ${charge.id} did not succeed; there is nothing to refund.`, {
            code: 'charge_not_refundable',
            param: 'charge',
          });
        }
        const left = data.amount - data.amount_refunded;
        if (left === 0) {
          throw invalidRequest(`Charge ${charge.id} has already been refunded.`, {
            code: 'charge_already_refunded',
            param: 'charge',
          });
        }
        const amount = input.amount ?? left;
        if (amount > left) {
          throw invalidRequest(
            `Refund amount (${formatAmount(amount, data.currency)}) is greater than unrefunded amount on charge (${formatAmount(left, data.currency)})`,
            { code: 'amount_too_large', param: 'amount' },
          );
        }
        const at = await ledger.now(charge.clock);
        const id = newId(ID_PREFIX.refund);
        const refund: RefundObject = {
          id,
          object: 'refund',
          amount,
          balance_transaction: null,
          charge: charge.id,
          created: at,
          currency: data.currency,
          metadata: initialMetadata(input.metadata),
          payment_intent: data.payment_intent,
          reason: input.reason ?? null,
          receipt_number: null,
          status: 'succeeded',
        };
        await ledger.insert({
          id,
          type: 'refund',
          customer: data.customer,
          clock: charge.clock,
          data: refund,
        });
        const before = structuredClone(data);
        data.amount_refunded += amount;
        data.refunded = data.amount_refunded === data.amount;
        await ledger.save(charge);
        ledger.emit('refund.created', refund);
        ledger.emit('charge.refunded', data, {
          amount_refunded: before.amount_refunded,
          refunded: before.refunded,
        });
        return refund;
      });
    },

    retrieveRefund: (id: string) => retrieveData<RefundObject>(objects, id, 'refund', 'refund'),

    listRefunds(
      filter: { charge?: string | undefined; paymentIntent?: string | undefined },
      page: PageParams,
    ) {
      const where: FieldFilter = {};
      if (filter.charge) where.charge = filter.charge;
      if (filter.paymentIntent) where.payment_intent = filter.paymentIntent;
      return objects.list<RefundObject>('refund', { ...page, where });
    },

    retrieveCharge: (id: string) => retrieveData<ChargeObject>(objects, id, 'charge', 'charge'),

    listCharges(
      filter: { customer?: string | undefined; paymentIntent?: string | undefined },
      page: PageParams,
    ) {
      return objects.list<ChargeObject>('charge', {
        ...page,
        customer: filter.customer,
        where: filter.paymentIntent ? { payment_intent: filter.paymentIntent } : {},
      });
    },

    retrievePaymentIntent: (id: string) =>
      retrieveData<PaymentIntentObject>(objects, id, 'payment_intent', 'payment_intent'),

    retrievePaymentMethod: (id: string) =>
      retrieveData<PaymentMethodObject>(objects, id, 'payment_method', 'PaymentMethod'),

    listPaymentMethods(filter: { customer?: string | undefined }, page: PageParams) {
      return objects.list<PaymentMethodObject>('payment_method', {
        ...page,
        customer: filter.customer,
      });
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;

import { discountActive, discountAmount } from '../../model/discounts';
import type {
  ChargeObject,
  CouponObject,
  CustomerObject,
  DiscountObject,
  InvoiceLineObject,
  InvoiceObject,
  InvoicePaymentObject,
  PaymentIntentObject,
  PaymentMethodObject,
  SubscriptionObject,
  BillingReason,
} from '../../model/objects';
import { chargeOutcome } from '../../model/test-cards';
import type { Ledger } from '../../store/ledger';
import type { StoredObject } from '../../store/object.repository';
import { ID_PREFIX, newId, randomToken } from '../../wire/ids';
import type {
  BillingContext,
  InvoiceInternal,
  LineDraft,
  PaymentMethodInternal,
  SubscriptionInternal,
} from './billing-context';

type Subscription = StoredObject<SubscriptionObject, SubscriptionInternal>;
type Customer = StoredObject<CustomerObject>;
export type Invoice = StoredObject<InvoiceObject, InvoiceInternal>;
export type PaymentMethod = StoredObject<PaymentMethodObject, PaymentMethodInternal>;

const emptyList = <T>(url: string) => ({
  object: 'list' as const,
  data: [] as T[],
  has_more: false,
  url,
});

/** The subscription's discounts still in force at `at`, with their coupons. */
async function activeDiscounts(ledger: Ledger, subscription: SubscriptionObject, at: number) {
  const found: { discount: StoredObject<DiscountObject>; coupon: CouponObject }[] = [];
  for (const id of subscription.discounts) {
    const discount = await ledger.get<DiscountObject>(id, 'discount');
    if (!discount || !discountActive(discount.data, at)) continue;
    const coupon = await ledger.repositories.objects.find<CouponObject>(
      discount.data.source.coupon,
    );
    if (coupon) found.push({ discount, coupon: coupon.data });
  }
  return found;
}

/**
 * The invoice `lines` would make, with discounts and the customer's balance applied, as a
 * draft without an id: what `invoice.upcoming` shows, and what `issueInvoice` finalizes.
 */
export async function draftInvoice(
  ledger: Ledger,
  context: BillingContext,
  options: {
    customer: Customer;
    subscription: Subscription;
    lines: LineDraft[];
    reason: BillingReason;
    periodStart: number;
    periodEnd: number;
    at: number;
  },
): Promise<{ invoice: InvoiceObject; discountsUsed: StoredObject<DiscountObject>[] }> {
  const { customer, subscription, at } = options;
  const currency = subscription.data.currency;
  const subtotal = options.lines.reduce((sum, line) => sum + line.amount, 0);
  const discounts = await activeDiscounts(ledger, subscription.data, at);
  const discountsUsed: StoredObject<DiscountObject>[] = [];
  let discountTotal = 0;
  const totalDiscounts: { amount: number; discount: string }[] = [];
  for (const { discount, coupon } of discounts) {
    const amount = discountAmount(coupon, subtotal - discountTotal, currency);
    totalDiscounts.push({ amount, discount: discount.id });
    discountTotal += amount;
    if (amount > 0) discountsUsed.push(discount);
  }
  const total = subtotal - discountTotal;
  // A credit (negative balance) lowers what is due; what is left of a negative total becomes
  // credit for later invoices, as Stripe does with a downgrade's proration.
  const combined = total + customer.data.balance;
  const lines: InvoiceLineObject[] = options.lines.map((line, index) => ({
    id: newId(ID_PREFIX.invoiceLine),
    object: 'line_item',
    amount: line.amount,
    currency,
    description: line.description,
    discount_amounts:
      index === 0
        ? totalDiscounts
        : totalDiscounts.map(({ discount }) => ({ amount: 0, discount })),
    discountable: true,
    discounts: [],
    invoice: null,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: line.proration,
        proration_details: { credited_items: null },
        subscription: subscription.id,
        subscription_item: line.subscriptionItem,
      },
    },
    period: line.period,
    pretax_credit_amounts: [],
    pricing: {
      type: 'price_details',
      price_details: { price: line.price, product: line.product },
      unit_amount_decimal: String(line.unitAmount),
    },
    quantity: line.quantity,
    quantity_decimal: String(line.quantity),
    subscription: subscription.id,
    subtotal: line.amount,
    taxes: [],
  }));
  const invoice: InvoiceObject = {
    object: 'invoice',
    account_country: 'US',
    account_name: context.accountName,
    amount_due: Math.max(0, combined),
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: Math.max(0, combined),
    amount_shipping: 0,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    billing_reason: options.reason,
    collection_method: 'charge_automatically',
    created: at,
    currency,
    customer: customer.id,
    customer_email: customer.data.email,
    customer_name: customer.data.name,
    default_payment_method: null,
    description: null,
    discounts: discountsUsed.map((discount) => discount.id),
    due_date: null,
    effective_at: null,
    ending_balance: Math.min(0, combined),
    hosted_invoice_url: null,
    invoice_pdf: null,
    lines: { object: 'list', data: lines, has_more: false, url: '' },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        metadata: { ...subscription.data.metadata },
        subscription: subscription.id,
      },
    },
    payments: emptyList<InvoicePaymentObject>('/v1/invoice_payments'),
    period_end: options.periodEnd,
    period_start: options.periodStart,
    starting_balance: customer.data.balance,
    status: 'draft',
    status_transitions: {
      finalized_at: null,
      marked_uncollectible_at: null,
      paid_at: null,
      voided_at: null,
    },
    subtotal,
    subtotal_excluding_tax: subtotal,
    test_clock: subscription.clock,
    total,
    total_discount_amounts: totalDiscounts,
    total_excluding_tax: total,
    total_taxes: [],
    webhooks_delivered_at: null,
  };
  return { invoice, discountsUsed };
}

/**
 * Creates and finalizes the invoice `lines` make: numbered in the customer's sequence, with
 * its hosted page and PDF, the customer's balance moved, a `once` discount used up. An invoice
 * with nothing due is paid at once. Emits invoice.created and invoice.finalized.
 */
export async function issueInvoice(
  ledger: Ledger,
  context: BillingContext,
  options: Parameters<typeof draftInvoice>[2],
): Promise<Invoice> {
  const { customer, subscription, at } = options;
  const { invoice: draft, discountsUsed } = await draftInvoice(ledger, context, options);
  const id = newId(ID_PREFIX.invoice);
  const data: InvoiceObject = {
    ...draft,
    id,
    lines: {
      ...draft.lines,
      url: `/v1/invoices/${id}/lines`,
      data: draft.lines.data.map((line) => ({ ...line, invoice: id })),
    },
    payments: { ...draft.payments, url: `/v1/invoice_payments?invoice=${id}` },
  };
  const invoice = await ledger.insert<InvoiceObject, InvoiceInternal>({
    id,
    type: 'invoice',
    customer: customer.id,
    clock: subscription.clock,
    data,
  });
  ledger.emit('invoice.created', invoice.data);

  const sequence = customer.data.next_invoice_sequence;
  const customerBefore = structuredClone(customer.data);
  customer.data.next_invoice_sequence = sequence + 1;
  customer.data.balance = draft.ending_balance ?? 0;
  await ledger.save(customer);
  if (customerBefore.balance !== customer.data.balance) {
    ledger.emitChange('customer.updated', customerBefore, customer.data);
  }

  for (const discount of discountsUsed) {
    const coupon = await ledger.repositories.objects.find<CouponObject>(
      discount.data.source.coupon,
    );
    if (coupon?.data.duration === 'once') {
      discount.data.end = at;
      await ledger.save(discount);
      subscription.data.discounts = subscription.data.discounts.filter(
        (other) => other !== discount.id,
      );
    }
  }

  invoice.data.status = 'open';
  invoice.data.number = `${customer.data.invoice_prefix}-${String(sequence).padStart(4, '0')}`;
  invoice.data.hosted_invoice_url = `${context.publicBase}/invoices/${id}`;
  invoice.data.invoice_pdf = `${context.publicBase}/invoices/${id}/pdf`;
  invoice.data.status_transitions.finalized_at = at;
  invoice.data.effective_at = at;
  invoice.data.webhooks_delivered_at = at;
  ledger.emit('invoice.finalized', invoice.data);
  if (invoice.data.amount_due === 0) {
    invoice.data.status = 'paid';
    invoice.data.status_transitions.paid_at = at;
    ledger.emit('invoice.paid', invoice.data);
    ledger.emit('invoice.payment_succeeded', invoice.data);
  }
  await ledger.save(invoice);
  subscription.data.latest_invoice = id;
  return invoice;
}

export type PaymentOutcome =
  { paid: true } | { paid: false; declineCode: string; message: string; charge: string | null };

/**
 * Charges what is left on an open invoice to `paymentMethod`: one payment intent per invoice,
 * one charge per attempt. On failure the invoice stays open with `nextAttempt` as its next
 * payment attempt. Emits the charge's, the payment intent's and the invoice's events.
 */
export async function payInvoice(
  ledger: Ledger,
  context: BillingContext,
  invoice: Invoice,
  options: {
    paymentMethod: PaymentMethod | undefined;
    onSession: boolean;
    at: number;
    nextAttempt: number | null;
  },
): Promise<PaymentOutcome> {
  const { paymentMethod, at } = options;
  const amount = invoice.data.amount_remaining;
  const currency = invoice.data.currency;
  const customer = invoice.data.customer;

  let intent = invoice.internal.paymentIntent
    ? await ledger.get<PaymentIntentObject>(invoice.internal.paymentIntent, 'payment_intent')
    : undefined;
  if (!intent) {
    const id = newId(ID_PREFIX.paymentIntent);
    intent = await ledger.insert<PaymentIntentObject>({
      id,
      type: 'payment_intent',
      customer,
      clock: invoice.clock,
      data: {
        id,
        object: 'payment_intent',
        amount,
        amount_capturable: 0,
        amount_received: 0,
        capture_method: 'automatic_async',
        client_secret: `${id}_secret_${randomToken(24)}`,
        confirmation_method: 'automatic',
        created: at,
        currency,
        customer,
        description: `Subscription ${invoice.data.billing_reason === 'subscription_create' ? 'creation' : 'update'}`,
        last_payment_error: null,
        latest_charge: null,
        livemode: false,
        metadata: {},
        payment_method: null,
        payment_method_types: ['card'],
        status: 'requires_payment_method',
      },
    });
    ledger.emit('payment_intent.created', intent.data);
    const paymentId = newId(ID_PREFIX.invoicePayment);
    const payment = await ledger.insert<InvoicePaymentObject>({
      id: paymentId,
      type: 'invoice_payment',
      customer,
      data: {
        id: paymentId,
        object: 'invoice_payment',
        amount_paid: null,
        amount_requested: amount,
        created: at,
        currency,
        invoice: invoice.id,
        is_default: true,
        livemode: false,
        payment: { type: 'payment_intent', payment_intent: id },
        status: 'open',
        status_transitions: { canceled_at: null, paid_at: null },
      },
    });
    invoice.internal.paymentIntent = id;
    invoice.internal.invoicePayment = paymentId;
    invoice.data.payments.data = [payment.data];
  }

  const outcome = paymentMethod
    ? chargeOutcome(paymentMethod.internal.behaviour, options.onSession)
    : {
        paid: false as const,
        declineCode: 'payment_method_missing',
        message: 'The customer has no payment method to charge.',
      };
  let charge: StoredObject<ChargeObject> | undefined;
  if (paymentMethod) {
    const chargeId = newId(ID_PREFIX.charge);
    charge = await ledger.insert<ChargeObject>({
      id: chargeId,
      type: 'charge',
      customer,
      clock: invoice.clock,
      data: {
        id: chargeId,
        object: 'charge',
        amount,
        amount_captured: outcome.paid ? amount : 0,
        amount_refunded: 0,
        balance_transaction: null,
        billing_details: paymentMethod.data.billing_details,
        captured: outcome.paid,
        created: at,
        currency,
        customer,
        description: intent.data.description,
        disputed: false,
        failure_code: outcome.paid ? null : 'card_declined',
        failure_message: outcome.paid ? null : outcome.message,
        livemode: false,
        metadata: {},
        outcome: outcome.paid
          ? {
              network_status: 'approved_by_network',
              reason: null,
              risk_level: 'normal',
              seller_message: 'Payment complete.',
              type: 'authorized',
            }
          : {
              network_status: 'declined_by_network',
              reason: outcome.declineCode,
              risk_level: 'normal',
              seller_message: 'The bank did not return any further details with this decline.',
              type: 'issuer_declined',
            },
        paid: outcome.paid,
        payment_intent: intent.id,
        payment_method: paymentMethod.id,
        payment_method_details: {
          type: 'card',
          card: {
            brand: paymentMethod.data.card.brand,
            country: paymentMethod.data.card.country,
            display_brand: paymentMethod.data.card.display_brand,
            exp_month: paymentMethod.data.card.exp_month,
            exp_year: paymentMethod.data.card.exp_year,
            fingerprint: paymentMethod.data.card.fingerprint,
            funding: paymentMethod.data.card.funding,
            last4: paymentMethod.data.card.last4,
          },
        },
        receipt_email: invoice.data.customer_email,
        receipt_url: outcome.paid ? invoice.data.hosted_invoice_url : null,
        refunded: false,
        status: outcome.paid ? 'succeeded' : 'failed',
      },
    });
  }

  invoice.data.attempt_count += 1;
  invoice.data.attempted = true;
  intent.data.payment_method = paymentMethod?.id ?? null;
  intent.data.latest_charge = charge?.id ?? intent.data.latest_charge;
  invoice.data.default_payment_method = paymentMethod?.id ?? null;
  const payment = invoice.internal.invoicePayment
    ? await ledger.get<InvoicePaymentObject>(invoice.internal.invoicePayment, 'invoice_payment')
    : undefined;

  if (outcome.paid) {
    intent.data.status = 'succeeded';
    intent.data.amount_received = amount;
    intent.data.last_payment_error = null;
    invoice.data.status = 'paid';
    invoice.data.amount_paid += amount;
    invoice.data.amount_remaining = 0;
    invoice.data.next_payment_attempt = null;
    invoice.data.status_transitions.paid_at = at;
    if (payment) {
      payment.data.status = 'paid';
      payment.data.amount_paid = amount;
      payment.data.status_transitions.paid_at = at;
      await ledger.save(payment);
      invoice.data.payments.data = [payment.data];
    }
    await ledger.save(intent);
    await ledger.save(invoice);
    if (charge) ledger.emit('charge.succeeded', charge.data);
    ledger.emit('payment_intent.succeeded', intent.data);
    ledger.emit('invoice.paid', invoice.data);
    ledger.emit('invoice.payment_succeeded', invoice.data);
    return { paid: true };
  }

  intent.data.status = 'requires_payment_method';
  intent.data.last_payment_error = {
    type: 'card_error',
    code: 'card_declined',
    decline_code: outcome.declineCode,
    message: outcome.message,
    charge: charge?.id ?? '',
  };
  invoice.data.next_payment_attempt = options.nextAttempt;
  await ledger.save(intent);
  await ledger.save(invoice);
  if (charge) ledger.emit('charge.failed', charge.data);
  ledger.emit('payment_intent.payment_failed', intent.data);
  ledger.emit('invoice.payment_failed', invoice.data);
  return {
    paid: false,
    declineCode: outcome.declineCode,
    message: outcome.message,
    charge: charge?.id ?? null,
  };
}

/** The payment method a charge for `subscription` uses: its own default, else the customer's. */
export async function chargeablePaymentMethod(
  ledger: Ledger,
  subscription: SubscriptionObject,
  customer: CustomerObject,
): Promise<PaymentMethod | undefined> {
  const id =
    subscription.default_payment_method ?? customer.invoice_settings.default_payment_method;
  return id
    ? ledger.get<PaymentMethodObject, PaymentMethodInternal>(id, 'payment_method')
    : undefined;
}

import type { CardBehaviour } from '../../model/test-cards';
import type { Interval } from '../../model/objects';
import { addInterval, DAY } from '../../model/time';

/** What billing needs to know about where it runs. */
export interface BillingContext {
  /** Where the hosted pages live, e.g. http://localhost:8080/sandbox-pay. */
  publicBase: string;
  /** The merchant's name on pages and invoices. */
  accountName: string;
  /** Days before a renewal that `invoice.upcoming` is sent. */
  upcomingNoticeDays: number;
}

/**
 * Failed renewals are retried this many days after the previous attempt (days 3, 8 and 15);
 * after the last retry fails the subscription is canceled, as Stripe's default settings do.
 */
export const RETRY_DELAYS_DAYS = [3, 5, 7] as const;
export const MAX_PAYMENT_ATTEMPTS = RETRY_DELAYS_DAYS.length + 1;

/** `customer.subscription.trial_will_end` comes this long before a trial ends. */
export const TRIAL_NOTICE_SECONDS = 3 * DAY;

/** What the sandbox keeps about a payment method beside its public fields. */
export interface PaymentMethodInternal {
  behaviour: CardBehaviour;
}

/** One line to bill, before it becomes an invoice line. */
export interface LineDraft {
  description: string;
  amount: number;
  quantity: number;
  unitAmount: number;
  price: string;
  product: string;
  currency: string;
  period: { start: number; end: number };
  proration: boolean;
  subscriptionItem: string;
}

export interface SubscriptionInternal {
  /** The period end whose `invoice.upcoming` went out. */
  noticeSentFor?: number;
  trialNoticeSent?: boolean;
  /** Prorations waiting for the next invoice. */
  pendingLines?: LineDraft[];
  /** The unpaid invoice being retried while past due, and when it is tried next. */
  openInvoice?: string | null;
  retryAt?: number | null;
}

export interface InvoiceInternal {
  paymentIntent?: string;
  invoicePayment?: string;
}

export const monthsLater = (start: number) => (months: number) =>
  addInterval(start, 'month' as Interval, months);

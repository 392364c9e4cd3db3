import type { CustomerObject, PriceObject, SubscriptionObject } from '../../model/objects';
import { prorate } from '../../model/proration';
import { periodEndAfter } from '../../model/time';
import type { Ledger } from '../../store/ledger';
import { invalidRequest } from '../../wire/errors';
import type { BillingContext, LineDraft } from './billing-context';
import { issueInvoice, type Invoice } from './invoices';
import {
  collect,
  day,
  periodLine,
  periodOf,
  planOf,
  productName,
  reschedule,
  type Subscription,
} from './subscription-lifecycle';

export interface PriceChange {
  itemId: string;
  price: PriceObject;
  quantity: number;
  prorationBehavior: 'create_prorations' | 'always_invoice' | 'none';
  /** `billing_cycle_anchor=now`: start a new period now and bill it at once. */
  anchorNow: boolean;
  /** The moment prorations are counted from; now unless the caller names one. */
  prorationDate: number;
  at: number;
  /** The subscription before the request began, when it changed other fields too. */
  before?: SubscriptionObject;
}

/**
 * Moves an item to another price (or quantity). Unused time on the old price is credited and
 * the rest of the period at the new one charged: on the next invoice (`create_prorations`), on
 * an invoice now (`always_invoice`), or not at all (`none`). A change of interval starts a new
 * period now and bills it at once, as Stripe does.
 */
export async function changePrice(
  ledger: Ledger,
  context: BillingContext,
  subscription: Subscription,
  change: PriceChange,
): Promise<void> {
  const { data } = subscription;
  const item = data.items.data.find((candidate) => candidate.id === change.itemId);
  if (!item) {
    throw invalidRequest(`No such subscription item: '${change.itemId}'`, {
      code: 'resource_missing',
      param: 'items[0][id]',
    });
  }
  if (change.price.currency !== data.currency) {
    throw invalidRequest(
      `The price's currency (${change.price.currency}) differs from the subscription's (${data.currency}).`,
      { param: 'items[0][price]' },
    );
  }
  const before = change.before ?? structuredClone(data);
  const old = { price: item.price, quantity: item.quantity };
  const recurring = change.price.recurring!;
  const intervalChanged =
    old.price.recurring!.interval !== recurring.interval ||
    old.price.recurring!.interval_count !== recurring.interval_count;
  const resetAnchor = (change.anchorNow || intervalChanged) && data.status !== 'trialing';
  const { start, end } = periodOf(data);

  item.price = change.price;
  item.plan = planOf(change.price);
  item.quantity = change.quantity;

  const lines: LineDraft[] = [];
  if (change.prorationBehavior !== 'none' && data.status !== 'trialing') {
    const { credit, charge } = prorate({
      oldAmount: old.price.unit_amount * old.quantity,
      newAmount: change.price.unit_amount * change.quantity,
      start,
      end,
      at: change.prorationDate,
    });
    const oldName = await productName(ledger, old.price);
    const newName = await productName(ledger, change.price);
    const base = {
      currency: data.currency,
      period: { start: change.prorationDate, end },
      proration: true,
      subscriptionItem: item.id,
    };
    if (credit !== 0) {
      lines.push({
        ...base,
        description: `Unused time on ${old.quantity} × ${oldName} after ${day(change.prorationDate)}`,
        amount: credit,
        quantity: old.quantity,
        unitAmount: old.price.unit_amount,
        price: old.price.id,
        product: old.price.product,
      });
    }
    if (!resetAnchor && charge !== 0) {
      lines.push({
        ...base,
        description: `Remaining time on ${change.quantity} × ${newName} after ${day(change.prorationDate)}`,
        amount: charge,
        quantity: change.quantity,
        unitAmount: change.price.unit_amount,
        price: change.price.id,
        product: change.price.product,
      });
    }
  }

  let invoice: Invoice | undefined;
  if (resetAnchor) {
    const nextEnd = periodEndAfter(change.at, change.at, recurring);
    data.billing_cycle_anchor = change.at;
    for (const each of data.items.data) {
      each.current_period_start = change.at;
      each.current_period_end = nextEnd;
    }
    lines.push(await periodLine(ledger, item, { start: change.at, end: nextEnd }));
  }
  if (resetAnchor || (change.prorationBehavior === 'always_invoice' && lines.length > 0)) {
    const customer = await ledger.require<CustomerObject>(data.customer, 'customer', 'customer');
    invoice = await issueInvoice(ledger, context, {
      customer,
      subscription,
      lines: [...lines, ...(subscription.internal.pendingLines ?? [])],
      reason: 'subscription_update',
      periodStart: start,
      periodEnd: change.at,
      at: change.at,
    });
    subscription.internal.pendingLines = [];
  } else if (lines.length > 0) {
    subscription.internal.pendingLines = [...(subscription.internal.pendingLines ?? []), ...lines];
  }
  reschedule(context, subscription);
  await ledger.save(subscription);
  ledger.emitChange('customer.subscription.updated', before, data);
  if (invoice?.data.status === 'open') {
    await collect(ledger, context, subscription, invoice, { at: change.at, onSession: false });
  }
}

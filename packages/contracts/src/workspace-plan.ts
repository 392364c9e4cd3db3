import { z } from 'zod';
import { invoice, planPrice } from './billing';
import { ids } from './ids';
import { languageTag } from './language';
import { WORKSPACE_SEATS, subscriptionStatuses } from './rules/billing';

/*
 * The workspace plan: a workspace pays per seat through the payment partner. `GET
 * /workspaces/:clientId/plan` is the contract the free limits read: `kind` says whether the
 * workspace pays, `seats` how many members it pays for. Amounts are in the currency's minor unit.
 */

const isoDate = z.iso.datetime({ offset: true });

export const workspacePlanParams = z.strictObject({ clientId: ids.client });

const seatCount = z
  .number()
  .int()
  .min(WORKSPACE_SEATS.min)
  .max(WORKSPACE_SEATS.max)
  .meta({ description: 'Seats to pay for: one per member of the workspace.', example: 5 });

export const workspacePlan = z.object({
  clientId: z.uuid(),
  /**
   * `paid` while the subscription is trialing, active or past due (a failing payment keeps the
   * seats until the partner gives up); `free` otherwise, and the free limits apply.
   */
  kind: z.enum(['free', 'paid']),
  /** Seats paid for; null on the free plan. */
  seats: z.number().int().nullable(),
  /** Members of the workspace now, each of whom takes a seat. */
  seatsUsed: z.number().int().nonnegative(),
  /** The subscription's status; `none` when the workspace never paid. */
  status: z.enum(subscriptionStatuses),
  /** The price of one seat the subscription runs on; null on the free plan. */
  price: planPrice.pick({ id: true, currency: true, interval: true, amount: true }).nullable(),
  currentPeriodStart: isoDate.nullable(),
  currentPeriodEnd: isoDate.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Prices of a seat on sale, to start a paid plan with. */
  seatPrices: z.array(planPrice),
  /** A checkout an owner opened and has not finished. */
  pendingCheckout: z
    .object({ url: z.string().nullable(), seats: z.number().int(), expiresAt: isoDate })
    .nullable(),
});
export type WorkspacePlan = z.infer<typeof workspacePlan>;

export const workspaceCheckoutCreate = z
  .strictObject({
    priceId: z.uuid({ error: 'must be a price id' }),
    seats: seatCount,
    locale: languageTag.optional(),
  })
  .meta({ examples: [{ priceId: '2f3e4d5c-6b7a-4899-8a1b-2c3d4e5f6a7b', seats: 5 }] });
export type WorkspaceCheckoutCreate = z.infer<typeof workspaceCheckoutCreate>;

export const workspaceCheckout = z.object({
  /** The partner's hosted payment page: send the browser there. */
  url: z.string().nullable(),
  seats: z.number().int(),
  expiresAt: isoDate,
});
export type WorkspaceCheckout = z.infer<typeof workspaceCheckout>;

export const seatChangeQuery = z.strictObject({
  seats: z.coerce
    .number()
    .int()
    .min(WORKSPACE_SEATS.min)
    .max(WORKSPACE_SEATS.max)
    .meta({ description: 'The number of seats to price the change to.', example: 7 }),
});

/**
 * What a change of seats costs now: the new seats' share of the period left, less the old
 * seats' unused share, as the partner prorates it. Negative is a credit for the next invoice.
 */
export const seatChangePreview = z.object({
  seats: z.number().int(),
  currentSeats: z.number().int(),
  seatsUsed: z.number().int(),
  currency: z.string(),
  /** Charged at once when the change is confirmed; a credit when negative. */
  prorationAmount: z.number().int(),
  /** What each renewal costs from the next period on. */
  nextPeriodAmount: z.number().int(),
  periodEnd: isoDate,
  /** Computed from the seat's price and the share of the period left. */
  basis: z.literal('computed'),
});
export type SeatChangePreview = z.infer<typeof seatChangePreview>;

export const seatChange = z.strictObject({ seats: seatCount }).meta({ examples: [{ seats: 7 }] });
export type SeatChange = z.infer<typeof seatChange>;

export const workspaceCancel = z
  .strictObject({
    cancelAtPeriodEnd: z
      .boolean()
      .meta({ description: 'true ends the plan when the period ends; false keeps it renewing.' }),
  })
  .meta({ examples: [{ cancelAtPeriodEnd: true }] });

export const workspaceInvoiceList = z.object({ invoices: z.array(invoice) });
export type WorkspaceInvoiceList = z.infer<typeof workspaceInvoiceList>;

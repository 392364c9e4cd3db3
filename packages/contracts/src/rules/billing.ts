/** Plans, prices and subscriptions: what the billing pages show and the main API enforces. */

/** How often a price charges. */
export const billingIntervals = ['month', 'year'] as const;
export type BillingInterval = (typeof billingIntervals)[number];

/**
 * A learner's subscription, as Questa sees it: none → checkout_pending → trialing or active →
 * past_due → canceled or expired. `canceled` is an ending someone chose (the learner, an admin,
 * or payments that never recovered); `expired` is a checkout or trial that ran out unpaid.
 */
export const subscriptionStatuses = [
  'none',
  'checkout_pending',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'expired',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** The switches a plan turns on; hosting also carries how many players a room may hold. */
export const planFeatureKeys = [
  'premiumBanks',
  'unlimitedPractice',
  'exams',
  'detailedAnalytics',
  'hostLiveRooms',
] as const;
export type PlanFeatureKey = (typeof planFeatureKeys)[number];

export const promotionDurations = ['once', 'repeating', 'forever'] as const;
export type PromotionDuration = (typeof promotionDurations)[number];

export const refundReasons = ['requested_by_customer', 'duplicate', 'fraudulent'] as const;
export type RefundReason = (typeof refundReasons)[number];

export const BILLING_LIMITS = {
  planNameMax: 60,
  planDescriptionMax: 500,
  trialDaysMax: 365,
  pricesPerPlanMax: 20,
  /** Amounts are in the currency's minor unit (cents); this caps a typo, not a business rule. */
  amountMax: 99_999_999,
  /** Promotion codes as a learner types them: letters, digits and dashes. */
  promotionCodePattern: /^[A-Za-z0-9-]{3,40}$/,
  promotionMonthsMax: 36,
  /** A plan's live rooms hold at most this many players; LIVE_LIMITS.maxPlayers is the ceiling. */
  livePlayersMin: 2,
  /** Months of revenue figures an admin may ask for at once. */
  revenueMonthsMax: 36,
} as const;

/**
 * Where the partner's hosted pages send the learner back to, under the client's `/billing`. The
 * partner writes the paid session's id in place of `{CHECKOUT_SESSION_ID}`, so the page that
 * comes back can have that session applied without waiting for the partner's webhooks.
 */
export const BILLING_RETURN = {
  success: '/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}',
  canceled: '/billing?checkout=canceled',
  portal: '/billing',
} as const;

/** The query parameter of the success address that carries the partner's checkout session. */
export const CHECKOUT_SESSION_PARAM = 'session_id';

/** What a subscription's history names as the origin of a change. */
export const subscriptionChangeSources = ['webhook', 'reconcile', 'checkout_return'] as const;
export type SubscriptionChangeSource = (typeof subscriptionChangeSources)[number];

/**
 * The workspace plan: a workspace (a tenant) pays per seat, one seat for each member. A paid
 * plan can never have fewer seats than the workspace has members.
 */
export const WORKSPACE_SEATS = { min: 1, max: 1000 } as const;

/** Where the partner's checkout sends a workspace owner back to, under the plan's page. */
export const workspacePlanReturn = (clientId: string) => ({
  success: `/workspaces/${clientId}/plan?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
  canceled: `/workspaces/${clientId}/plan?checkout=canceled`,
});

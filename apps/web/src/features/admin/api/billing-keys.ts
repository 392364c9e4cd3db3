/** Cache keys of the billing tabs; all sit under one prefix, so a change can refetch them together. */
export const billingQueryKey = 'admin/billing';
export const plansQueryKey = `${billingQueryKey}/plans`;
export const promotionCodesQueryKey = `${billingQueryKey}/promotion-codes`;
export const subscribersQueryKey = `${billingQueryKey}/subscribers`;
export const revenueQueryKey = `${billingQueryKey}/revenue`;
export const learnerBillingQueryKey = (userId: string) =>
  `${billingQueryKey}/users/${encodeURIComponent(userId)}`;

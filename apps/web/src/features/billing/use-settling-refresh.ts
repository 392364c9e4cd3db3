import { useEffect } from 'react';
import { invalidateQueries } from '../../lib/use-query';
import { billingOverviewQueryKey } from './api/get-billing-overview';
import { invoicesQueryKey } from './api/list-invoices';

/** After the page opens, when to ask again: the partner's word on a change may trail the learner. */
const SETTLING_MS = [2_000, 5_000, 10_000, 20_000];

/**
 * Keeps the billing page current while a change made at the partner (in its portal, a moment
 * ago) is still on its way here by webhook, and whenever the learner comes back to the tab.
 */
export function useSettlingRefresh() {
  useEffect(() => {
    const refresh = () => {
      void invalidateQueries(billingOverviewQueryKey);
      void invalidateQueries(invoicesQueryKey);
    };
    const timers = SETTLING_MS.map((ms) => setTimeout(refresh, ms));
    const visible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', visible);
    return () => {
      timers.forEach(clearTimeout);
      document.removeEventListener('visibilitychange', visible);
    };
  }, []);
}

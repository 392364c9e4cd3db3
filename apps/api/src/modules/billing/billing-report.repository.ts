import type { RevenueReport, Subscriber, SubscriptionStatus } from '@questa/contracts';
import { sql } from '@questa/db';
import { table } from '../../db/json';
import type { ApiDb } from '../../db/tables';
import { subscriptionColumns, toSubscription } from './subscription-view';

/** Which subscriptions an admin asked for: a page of them, in one state or of matching learners. */
export interface SubscriberFilter {
  status?: SubscriptionStatus | undefined;
  /** Part of the learner's email or name, any case. */
  q?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What admins read about billing: subscribers, and revenue figures computed in the database. */
export function createBillingReportRepository(db: ApiDb) {
  return {
    /** Newest first; the cursor is the last subscription id of the previous page. */
    async subscribers({ status, q, cursor, limit }: SubscriberFilter) {
      let query = db
        .selectFrom('billing_subscriptions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .leftJoin('billing_plans as p', 'p.id', 's.plan_id')
        .leftJoin('billing_prices as pr', 'pr.id', 's.price_id')
        .select([
          ...subscriptionColumns,
          'u.id as userId',
          'u.email',
          'u.display_name as displayName',
        ])
        .orderBy('s.created_at', 'desc')
        .orderBy('s.id', 'desc');
      if (status) query = query.where('s.status', '=', status);
      if (q) {
        const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((row) =>
          row.or([row('u.email', 'ilike', pattern), row('u.display_name', 'ilike', pattern)]),
        );
      }
      if (cursor && uuidPattern.test(cursor)) {
        query = query.where(
          sql<boolean>`(s.created_at, s.id) < (select c.created_at, c.id from ${table('billing_subscriptions')} c where c.id = ${cursor})`,
        );
      }
      const rows = await query.limit(limit + 1).execute();
      const subscribers = rows.slice(0, limit).map((row): Subscriber => ({
        ...toSubscription(row),
        user: { id: row.userId, email: row.email, displayName: row.displayName },
      }));
      return { subscribers, nextCursor: rows.length > limit ? rows[limit - 1]!.id : null };
    },

    /**
     * Monthly recurring revenue (paying subscriptions, yearly prices at a twelfth, discounts not
     * subtracted), counts by state, and per calendar month (UTC) the active subscribers and MRR
     * at its end, the subscriptions that began and paid or trialled, those that ended, and money
     * collected less refunds.
     */
    async revenue(months: number): Promise<RevenueReport> {
      const mrr = await db
        .selectFrom('billing_subscriptions as s')
        .innerJoin('billing_prices as pr', 'pr.id', 's.price_id')
        .select([
          'pr.currency',
          sql<number>`round(sum(case when pr.interval = 'year' then pr.amount / 12.0 else pr.amount end))`.as(
            'amount',
          ),
        ])
        .where('s.status', 'in', ['active', 'past_due'])
        .groupBy('pr.currency')
        .orderBy('pr.currency')
        .execute();
      const counts = await db
        .selectFrom('billing_subscriptions')
        .select([
          sql<number>`count(*) filter (where status = 'active')`.as('active'),
          sql<number>`count(*) filter (where status = 'trialing')`.as('trialing'),
          sql<number>`count(*) filter (where status = 'past_due')`.as('pastDue'),
        ])
        .executeTakeFirstOrThrow();
      const series = await sql<{
        month: string;
        activeSubscribers: number;
        mrr: { currency: string; amount: number }[] | null;
        newSubscribers: number;
        churned: number;
        collected: { currency: string; amount: number }[] | null;
      }>`
        with months as (
          select generate_series(
            date_trunc('month', now() at time zone 'utc') - make_interval(months => ${months - 1}),
            date_trunc('month', now() at time zone 'utc'),
            interval '1 month') as start
        ),
        -- Each subscription as its latest recorded change before the month's end left it.
        standing as (
          select m.start, c.status, pr.currency, pr.interval, pr.amount
          from months m
          cross join lateral (
            select distinct on (c.subscription_id) c.status, c.after->>'priceId' as price_id
            from ${table('billing_subscription_changes')} c
            where c.at < m.start + interval '1 month'
            order by c.subscription_id, c.id desc
          ) c
          left join ${table('billing_prices')} pr on pr.id::text = c.price_id
        ),
        money as (
          select date_trunc('month', paid_at at time zone 'utc') as start, currency, amount_paid as amount
          from ${table('billing_invoices')} where paid_at is not null
          union all
          select date_trunc('month', r.created_at at time zone 'utc'), r.currency, -r.amount
          from ${table('billing_refunds')} r where r.status in ('pending', 'succeeded')
        )
        select to_char(m.start, 'YYYY-MM') as month,
          (select count(*) from standing st
            where st.start = m.start and st.status = 'active') as "activeSubscribers",
          (select json_agg(json_build_object('currency', t.currency, 'amount', t.amount) order by t.currency)
            from (select currency,
                round(sum(case when interval = 'year' then amount / 12.0 else amount end)) as amount
              from standing st
              where st.start = m.start and st.status in ('active', 'past_due') and st.currency is not null
              group by currency) t) as mrr,
          (select count(*) from ${table('billing_subscriptions')} s
            where date_trunc('month', s.started_at at time zone 'utc') = m.start
              and exists (select 1 from ${table('billing_subscription_changes')} c
                where c.subscription_id = s.id and c.status in ('trialing', 'active'))) as "newSubscribers",
          (select count(*) from ${table('billing_subscriptions')} s
            where s.ended_at is not null and date_trunc('month', s.ended_at at time zone 'utc') = m.start
              and exists (select 1 from ${table('billing_subscription_changes')} c
                where c.subscription_id = s.id and c.status in ('trialing', 'active'))) as churned,
          (select json_agg(json_build_object('currency', t.currency, 'amount', t.amount) order by t.currency)
            from (select currency, sum(amount) as amount from money where money.start = m.start
              group by currency) t) as collected
        from months m
        order by m.start`.execute(db);
      return {
        mrr: mrr.map((row) => ({ currency: row.currency, amount: Number(row.amount) })),
        activeSubscribers: Number(counts.active),
        trialing: Number(counts.trialing),
        pastDue: Number(counts.pastDue),
        months: series.rows.map((row) => ({
          month: row.month,
          activeSubscribers: Number(row.activeSubscribers),
          mrr: (row.mrr ?? []).map((entry) => ({
            currency: entry.currency,
            amount: Number(entry.amount),
          })),
          newSubscribers: Number(row.newSubscribers),
          churned: Number(row.churned),
          collected: (row.collected ?? []).map((entry) => ({
            currency: entry.currency,
            amount: Number(entry.amount),
          })),
        })),
      };
    },
  };
}

export type BillingReportRepository = ReturnType<typeof createBillingReportRepository>;

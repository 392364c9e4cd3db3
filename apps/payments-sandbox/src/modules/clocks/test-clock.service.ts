import type { FastifyBaseLogger } from 'fastify';
import type { SubscriptionObject, TestClockObject } from '../../model/objects';
import { DAY } from '../../model/time';
import type { RequestInfo } from '../../store/ledger';
import { invalidRequest, resourceMissing } from '../../wire/errors';
import { ID_PREFIX, newId } from '../../wire/ids';
import type { PageParams } from '../../wire/list';
import type { BillingClock } from '../billing/billing-clock';
import type { SubscriptionInternal } from '../billing/billing-context';
import { cancelNow } from '../billing/subscription-lifecycle';
import { retrieveData, type ServiceKit } from '../service-kit';

/**
 * Stripe's test clocks: customers made on a clock live in its frozen time, and advancing it
 * does everything that falls due on the way (renewals, retries, trial ends, cancellations), in
 * the background, as Stripe does: the clock reads `advancing` until it is `ready` again.
 */
export function createTestClockService(
  { work, objects }: ServiceKit,
  options: { billingClock: BillingClock; log: FastifyBaseLogger },
) {
  const advances = new Set<Promise<void>>();

  async function finishAdvance(id: string, target: number) {
    try {
      await options.billingClock.runUntil(id, target);
      await work(null, async (ledger) => {
        const clock = await ledger.require<TestClockObject>(
          id,
          'test_helpers.test_clock',
          'test clock',
        );
        clock.data.frozen_time = target;
        clock.data.status = 'ready';
        await ledger.save(clock);
        ledger.emit('test_helpers.test_clock.ready', clock.data);
      });
    } catch (error) {
      options.log.error({ err: error, clock: id }, 'payments sandbox: test clock advance failed');
      await work(null, async (ledger) => {
        const clock = await ledger.get<TestClockObject>(id, 'test_helpers.test_clock');
        if (!clock) return;
        clock.data.status = 'internal_failure';
        await ledger.save(clock);
        ledger.emit('test_helpers.test_clock.internal_failure', clock.data);
      }).catch(() => undefined);
    }
  }

  return {
    create(input: { frozenTime: number; name?: string | undefined }, request: RequestInfo) {
      return work(request, async (ledger) => {
        const id = newId(ID_PREFIX.testClock);
        const created = Math.floor(Date.now() / 1000);
        const data: TestClockObject = {
          id,
          object: 'test_helpers.test_clock',
          created,
          deletes_after: created + 30 * DAY,
          frozen_time: input.frozenTime,
          livemode: false,
          name: input.name || null,
          status: 'ready',
          status_details: {},
        };
        await ledger.insert({ id, type: 'test_helpers.test_clock', data });
        ledger.emit('test_helpers.test_clock.created', data);
        return data;
      });
    },

    retrieve: (id: string) =>
      retrieveData<TestClockObject>(objects, id, 'test_helpers.test_clock', 'test clock'),

    list(page: PageParams) {
      return objects.list<TestClockObject>('test_helpers.test_clock', {
        ...page,
        where: { deleted: null },
      });
    },

    async advance(id: string, frozenTime: number, request: RequestInfo) {
      const clock = await work(request, async (ledger) => {
        const found = await ledger.require<TestClockObject>(
          id,
          'test_helpers.test_clock',
          'test clock',
        );
        if (found.data.deleted) throw resourceMissing('test clock', id);
        if (found.data.status !== 'ready') {
          throw invalidRequest('The test clock is already advancing; wait until it is ready.', {
            code: 'test_clock_not_ready',
          });
        }
        if (frozenTime <= found.data.frozen_time) {
          throw invalidRequest(
            'The frozen time must be later than the test clock’s current time.',
            {
              param: 'frozen_time',
            },
          );
        }
        found.data.status = 'advancing';
        await ledger.save(found);
        ledger.emit('test_helpers.test_clock.advancing', found.data);
        return found.data;
      });
      const running = finishAdvance(id, frozenTime);
      advances.add(running);
      void running.finally(() => advances.delete(running));
      return clock;
    },

    /** Deleting a clock ends the subscriptions of its customers at once. */
    del(id: string, request: RequestInfo) {
      return work(request, async (ledger) => {
        const clock = await ledger.require<TestClockObject>(
          id,
          'test_helpers.test_clock',
          'test clock',
        );
        if (clock.data.deleted) throw resourceMissing('test clock', id);
        for (const subscriptionId of await ledger.repositories.objects.idsOnClock(
          id,
          'subscription',
        )) {
          const subscription = await ledger.get<SubscriptionObject, SubscriptionInternal>(
            subscriptionId,
            'subscription',
          );
          if (
            subscription &&
            !['canceled', 'incomplete_expired'].includes(subscription.data.status)
          ) {
            await cancelNow(ledger, subscription, {
              at: clock.data.frozen_time,
              reason: 'cancellation_requested',
            });
          }
        }
        clock.data.deleted = true;
        await ledger.save(clock);
        ledger.emit('test_helpers.test_clock.deleted', clock.data);
        return { id, object: 'test_helpers.test_clock' as const, deleted: true as const };
      });
    },

    /** Resolves when every advance started in this process has finished. */
    async settled() {
      await Promise.allSettled([...advances]);
    },
  };
}

export type TestClockService = ReturnType<typeof createTestClockService>;

import type { FastifyInstance } from 'fastify';
import type { DeliveryRepository } from '../../store/delivery.repository';
import { paramsOf } from '../../wire/api-edge';
import { invalidRequest } from '../../wire/errors';
import type { BillingClock } from '../billing/billing-clock';
import type { AdvanceableClock } from '../clocks/sandbox-clock';

/** How events are delivered now; starts from PAYMENTS_SANDBOX_DELIVERY. */
export interface DeliveryMode {
  duplicate: boolean;
  late: boolean;
  reorder: boolean;
  lateMs: number;
}

const clockView = (clock: AdvanceableClock) => ({
  object: 'sandbox.clock',
  now: clock.now(),
  offset_seconds: clock.offsetSeconds(),
});

/**
 * The sandbox's own controls, which Stripe has no equivalent of (it has test clocks, also
 * served): move the sandbox's clock forward for objects on no test clock, and make deliveries
 * misbehave. Same secret key, same error envelope, form-encoded parameters.
 */
export function controlRoutes(options: {
  clock: AdvanceableClock;
  billingClock: BillingClock;
  delivery: DeliveryMode;
  deliveries: DeliveryRepository;
}) {
  return async (app: FastifyInstance) => {
    app.get('/clock', async () => clockView(options.clock));

    /** Advances by `seconds` (or to `to`, a Unix time) and returns once everything due is done. */
    app.post('/clock/advance', async (request) => {
      const params = paramsOf(request);
      const seconds = params.int('seconds', { min: 1 });
      const to = params.int('to', { min: 0 });
      params.done();
      if ((seconds === undefined) === (to === undefined)) {
        throw invalidRequest('Pass either seconds or to.', { param: 'seconds' });
      }
      const step = seconds ?? to! - options.clock.now();
      if (step <= 0) throw invalidRequest('The sandbox clock only moves forward.', { param: 'to' });
      await options.clock.advance(step);
      await options.billingClock.runUntil(null, options.clock.now());
      return clockView(options.clock);
    });

    app.get('/delivery', async () => ({
      object: 'sandbox.delivery',
      ...deliveryView(options.delivery),
    }));

    app.post('/delivery', async (request) => {
      const params = paramsOf(request);
      const duplicate = params.bool('duplicate');
      const late = params.bool('late');
      const reorder = params.bool('reorder');
      const lateMs = params.int('late_ms', { min: 0, max: 600_000 });
      params.done();
      if (duplicate !== undefined) options.delivery.duplicate = duplicate;
      if (late !== undefined) options.delivery.late = late;
      if (reorder !== undefined) options.delivery.reorder = reorder;
      if (lateMs !== undefined) options.delivery.lateMs = lateMs;
      return { object: 'sandbox.delivery', ...deliveryView(options.delivery) };
    });

    /** Recent delivery attempts, newest first; `event` narrows them to one event. */
    app.get('/deliveries', async (request) => {
      const params = paramsOf(request);
      const eventId = params.string('event');
      const limit = params.int('limit', { min: 1, max: 100 }) ?? 20;
      params.done();
      return {
        object: 'list',
        data: await options.deliveries.list({ eventId, limit }),
        has_more: false,
        url: '/sandbox-pay/control/deliveries',
      };
    });
  };
}

const deliveryView = (mode: DeliveryMode) => ({
  duplicate: mode.duplicate,
  late: mode.late,
  reorder: mode.reorder,
  late_ms: mode.lateMs,
});

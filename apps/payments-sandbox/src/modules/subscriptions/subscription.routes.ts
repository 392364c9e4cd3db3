import type { FastifyInstance } from 'fastify';
import { requestInfo } from '../../wire/api-edge';
import { invalidRequest } from '../../wire/errors';
import { idParam, type RouteKit } from '../route-kit';
import type { SubscriptionService } from './subscription.service';

const PRORATIONS = ['create_prorations', 'always_invoice', 'none'] as const;
const FEEDBACK = [
  'customer_service',
  'low_quality',
  'missing_features',
  'other',
  'switched_service',
  'too_complex',
  'too_expensive',
  'unused',
] as const;
const STATUSES = [
  'active',
  'all',
  'canceled',
  'ended',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
] as const;

/** Subscriptions: retrieve, list by customer, update (cancel at period end, change price), cancel. */
export function subscriptionRoutes(subscriptions: SubscriptionService, kit: RouteKit) {
  return async (app: FastifyInstance) => {
    app.get('/subscriptions/:id', async (request) => {
      const { params, expand } = kit.read(request);
      params.done();
      return kit.respond(await subscriptions.retrieve(idParam(request)), expand);
    });

    app.get('/subscriptions', async (request) => {
      const { params, expand } = kit.read(request);
      const page = kit.page(params);
      const filter = {
        customer: params.string('customer'),
        status: params.enum('status', STATUSES),
        price: params.string('price'),
        testClock: params.string('test_clock'),
      };
      params.done();
      return kit.list('/v1/subscriptions', await subscriptions.list(filter, page), expand);
    });

    app.post('/subscriptions/:id', async (request) => {
      const { params, expand } = kit.read(request);
      const details = params.object('cancellation_details');
      const anchor = params.enum('billing_cycle_anchor', ['now', 'unchanged'] as const);
      params.enum('payment_behavior', [
        'allow_incomplete',
        'default_incomplete',
        'error_if_incomplete',
        'pending_if_incomplete',
      ] as const);
      const trialEnd = params.timestamp('trial_end', { allowNow: true });
      const input = {
        cancelAtPeriodEnd: params.bool('cancel_at_period_end'),
        items: params.list('items')?.map((item) => ({
          id: item.string('id'),
          price: item.string('price'),
          quantity: item.int('quantity', { min: 1 }),
        })),
        prorationBehavior: params.enum('proration_behavior', PRORATIONS),
        prorationDate: params.int('proration_date', { min: 0 }),
        billingCycleAnchor: anchor,
        trialEnd,
        metadata: params.metadata(),
        defaultPaymentMethod: params.string('default_payment_method'),
        description: params.string('description', { maxLength: 500 }),
        cancellationDetails: details && {
          comment: details.string('comment', { maxLength: 5000 }),
          feedback: details.enum('feedback', FEEDBACK),
        },
      };
      if (input.items?.some((item) => item.id === undefined)) {
        throw invalidRequest(
          'Name the item to change with items[0][id]; the sandbox moves an existing item to another price.',
          { param: 'items[0][id]' },
        );
      }
      params.done();
      return kit.respond(
        await subscriptions.update(idParam(request), input, requestInfo(request)),
        expand,
      );
    });

    app.delete('/subscriptions/:id', async (request) => {
      const { params, expand } = kit.read(request);
      const details = params.object('cancellation_details');
      params.bool('invoice_now');
      const input = {
        prorate: params.bool('prorate'),
        comment: details?.string('comment', { maxLength: 5000 }),
        feedback: details?.enum('feedback', FEEDBACK),
      };
      params.done();
      return kit.respond(
        await subscriptions.cancel(idParam(request), input, requestInfo(request)),
        expand,
      );
    });
  };
}

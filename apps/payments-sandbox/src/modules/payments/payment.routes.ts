import type { FastifyInstance } from 'fastify';
import { requestInfo } from '../../wire/api-edge';
import { idParam, type RouteKit } from '../route-kit';
import type { PaymentService } from './payment.service';

const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

/** Refunds, charges, payment intents and payment methods. */
export function paymentRoutes(payments: PaymentService, kit: RouteKit) {
  return async (app: FastifyInstance) => {
    app.post('/refunds', async (request) => {
      const { params, expand } = kit.read(request);
      const input = {
        charge: params.string('charge') || undefined,
        paymentIntent: params.string('payment_intent') || undefined,
        amount: params.int('amount', { min: 1 }),
        reason: params.enum('reason', REASONS),
        metadata: params.metadata(),
      };
      params.done();
      return kit.respond(await payments.refund(input, requestInfo(request)), expand);
    });

    app.get('/refunds/:id', async (request) => {
      const { params, expand } = kit.read(request);
      params.done();
      return kit.respond(await payments.retrieveRefund(idParam(request)), expand);
    });

    app.get('/refunds', async (request) => {
      const { params, expand } = kit.read(request);
      const page = kit.page(params);
      const filter = {
        charge: params.string('charge'),
        paymentIntent: params.string('payment_intent'),
      };
      params.done();
      return kit.list('/v1/refunds', await payments.listRefunds(filter, page), expand);
    });

    app.get('/charges/:id', async (request) => {
      const { params, expand } = kit.read(request);
      params.done();
      return kit.respond(await payments.retrieveCharge(idParam(request)), expand);
    });

    app.get('/charges', async (request) => {
      const { params, expand } = kit.read(request);
      const page = kit.page(params);
      const filter = {
        customer: params.string('customer'),
        paymentIntent: params.string('payment_intent'),
      };
      params.done();
      return kit.list('/v1/charges', await payments.listCharges(filter, page), expand);
    });

    app.get('/payment_intents/:id', async (request) => {
      const { params, expand } = kit.read(request);
      params.done();
      return kit.respond(await payments.retrievePaymentIntent(idParam(request)), expand);
    });

    app.get('/payment_methods/:id', async (request) => {
      const { params, expand } = kit.read(request);
      params.done();
      return kit.respond(await payments.retrievePaymentMethod(idParam(request)), expand);
    });

    app.get('/payment_methods', async (request) => {
      const { params, expand } = kit.read(request);
      const page = kit.page(params);
      const filter = { customer: params.string('customer') };
      params.enum('type', ['card'] as const);
      params.done();
      return kit.list(
        '/v1/payment_methods',
        await payments.listPaymentMethods(filter, page),
        expand,
      );
    });
  };
}

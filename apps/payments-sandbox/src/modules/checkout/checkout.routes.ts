import type { FastifyInstance } from 'fastify';
import { requestInfo } from '../../wire/api-edge';
import { invalidRequest } from '../../wire/errors';
import type { Params } from '../../wire/params';
import { idParam, type RouteKit } from '../route-kit';
import type { CheckoutInput, CheckoutService } from './checkout.service';

const url = (params: Params, key: string, required: boolean) => {
  const value = params.string(key, { required, maxLength: 5000 });
  if (value !== undefined && !/^https?:\/\/\S+$/.test(value)) {
    throw invalidRequest(`Not a valid URL`, { param: key, code: 'url_invalid' });
  }
  return value;
};

function checkoutInput(params: Params): CheckoutInput {
  params.enum('mode', ['subscription'] as const, { required: true });
  params.enum('ui_mode', ['hosted'] as const);
  params.strings('payment_method_types')?.forEach((type, index) => {
    if (type !== 'card') {
      throw invalidRequest('The sandbox takes cards only.', {
        param: `payment_method_types[${index}]`,
      });
    }
  });
  params.enum('billing_address_collection', ['auto', 'required'] as const);
  const lineItems = params.list('line_items', { required: true })!;
  if (lineItems.length !== 1) {
    throw invalidRequest('The sandbox sells one price per subscription checkout.', {
      param: 'line_items',
    });
  }
  const line = lineItems[0]!;
  const discounts = params.list('discounts');
  if (discounts && discounts.length > 1) {
    throw invalidRequest('You may only specify one discount.', { param: 'discounts' });
  }
  const discount = discounts?.[0];
  const subscriptionData = params.object('subscription_data');
  return {
    price: line.string('price', { required: true })!,
    quantity: line.int('quantity', { min: 1, max: 999_999 }) ?? 1,
    customer: params.string('customer') || undefined,
    customerEmail: params.string('customer_email', { maxLength: 512 }) || undefined,
    clientReferenceId: params.string('client_reference_id', { maxLength: 200 }) || undefined,
    successUrl: url(params, 'success_url', true)!,
    cancelUrl: url(params, 'cancel_url', false),
    allowPromotionCodes: params.bool('allow_promotion_codes'),
    discount: discount && {
      coupon: discount.string('coupon') || undefined,
      promotionCode: discount.string('promotion_code') || undefined,
    },
    trialPeriodDays: subscriptionData?.int('trial_period_days', { min: 1, max: 730 }),
    trialEnd: subscriptionData?.int('trial_end', { min: 0 }),
    subscriptionMetadata: subscriptionData?.metadata(),
    subscriptionDescription: subscriptionData?.string('description', { maxLength: 500 }),
    metadata: params.metadata(),
    expiresAt: params.int('expires_at', { min: 0 }),
    locale: params.string('locale'),
  };
}

/** Checkout sessions in subscription mode: create, retrieve, list, expire, line items. */
export function checkoutRoutes(checkout: CheckoutService, kit: RouteKit) {
  return async (app: FastifyInstance) => {
    app.post('/checkout/sessions', async (request) => {
      const { params, expand } = kit.read(request);
      const input = checkoutInput(params);
      params.done();
      return kit.respond(await checkout.create(input, requestInfo(request)), expand);
    });

    app.get('/checkout/sessions/:id', async (request) => {
      const { params, expand } = kit.read(request);
      params.done();
      return kit.respond(await checkout.retrieve(idParam(request)), expand);
    });

    app.post('/checkout/sessions/:id/expire', async (request) => {
      const { params, expand } = kit.read(request);
      params.done();
      return kit.respond(await checkout.expire(idParam(request), requestInfo(request)), expand);
    });

    app.get('/checkout/sessions/:id/line_items', async (request) => {
      const { params, expand } = kit.read(request);
      kit.page(params);
      params.done();
      return kit.respond(await checkout.lineItems(idParam(request)), expand);
    });

    app.get('/checkout/sessions', async (request) => {
      const { params, expand } = kit.read(request);
      const page = kit.page(params);
      const filter = {
        customer: params.string('customer'),
        subscription: params.string('subscription'),
        status: params.enum('status', ['open', 'complete', 'expired'] as const),
      };
      params.done();
      return kit.list('/v1/checkout/sessions', await checkout.list(filter, page), expand);
    });
  };
}

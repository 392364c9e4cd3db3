import type { FastifyInstance } from 'fastify';
import { requestInfo } from '../../wire/api-edge';
import { idParam, type RouteKit } from '../route-kit';
import type { DiscountService } from './discount.service';

const DURATIONS = ['once', 'repeating', 'forever'] as const;

/** Coupons and promotion codes. */
export function discountRoutes(discounts: DiscountService, kit: RouteKit) {
  return async (app: FastifyInstance) => {
    app.post('/coupons', async (request) => {
      const { params, expand } = kit.read(request);
      const input = {
        id: params.string('id', { maxLength: 100 }),
        percentOff: params.number('percent_off', { min: 0.01, max: 100 }),
        amountOff: params.int('amount_off', { min: 1 }),
        currency: params.string('currency'),
        duration: params.enum('duration', DURATIONS) ?? 'once',
        durationInMonths: params.int('duration_in_months', { min: 1 }),
        name: params.string('name', { maxLength: 40 }),
        maxRedemptions: params.int('max_redemptions', { min: 1 }),
        redeemBy: params.int('redeem_by', { min: 0 }),
        metadata: params.metadata(),
      };
      params.done();
      return kit.respond(await discounts.createCoupon(input, requestInfo(request)), expand);
    });

    app.get('/coupons/:id', async (request) => {
      const { params, expand } = kit.read(request);
      params.done();
      return kit.respond(await discounts.retrieveCoupon(idParam(request)), expand);
    });

    app.post('/coupons/:id', async (request) => {
      const { params, expand } = kit.read(request);
      const input = { name: params.string('name', { maxLength: 40 }), metadata: params.metadata() };
      params.done();
      return kit.respond(
        await discounts.updateCoupon(idParam(request), input, requestInfo(request)),
        expand,
      );
    });

    app.delete('/coupons/:id', async (request) => {
      const { params } = kit.read(request);
      params.done();
      return discounts.deleteCoupon(idParam(request), requestInfo(request));
    });

    app.get('/coupons', async (request) => {
      const { params, expand } = kit.read(request);
      const page = kit.page(params);
      params.done();
      return kit.list('/v1/coupons', await discounts.listCoupons(page), expand);
    });

    app.post('/promotion_codes', async (request) => {
      const { params, expand } = kit.read(request);
      const promotion = params.object('promotion', { required: true })!;
      promotion.enum('type', ['coupon'] as const, { required: true });
      const restrictions = params.object('restrictions');
      const input = {
        coupon: promotion.string('coupon', { required: true })!,
        code: params.string('code', { maxLength: 500 }),
        active: params.bool('active'),
        customer: params.string('customer'),
        expiresAt: params.int('expires_at', { min: 0 }),
        maxRedemptions: params.int('max_redemptions', { min: 1 }),
        metadata: params.metadata(),
        firstTimeTransaction: restrictions?.bool('first_time_transaction'),
        minimumAmount: restrictions?.int('minimum_amount', { min: 0 }),
        minimumAmountCurrency: restrictions?.string('minimum_amount_currency'),
      };
      params.done();
      return kit.respond(await discounts.createPromotionCode(input, requestInfo(request)), expand);
    });

    app.get('/promotion_codes/:id', async (request) => {
      const { params, expand } = kit.read(request);
      params.done();
      return kit.respond(await discounts.retrievePromotionCode(idParam(request)), expand);
    });

    app.post('/promotion_codes/:id', async (request) => {
      const { params, expand } = kit.read(request);
      const input = { active: params.bool('active'), metadata: params.metadata() };
      params.done();
      return kit.respond(
        await discounts.updatePromotionCode(idParam(request), input, requestInfo(request)),
        expand,
      );
    });

    app.get('/promotion_codes', async (request) => {
      const { params, expand } = kit.read(request);
      const page = kit.page(params);
      const filter = {
        code: params.string('code'),
        active: params.bool('active'),
        coupon: params.string('coupon'),
        customer: params.string('customer'),
      };
      params.done();
      return kit.list(
        '/v1/promotion_codes',
        await discounts.listPromotionCodes(filter, page),
        expand,
      );
    });
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  invoiceParams,
  lastReconcile,
  learnerBilling,
  plan,
  planCreate,
  planList,
  planParams,
  planUpdate,
  promotionCode,
  promotionCodeCreate,
  promotionCodeList,
  promotionCodeParams,
  promotionCodeUpdate,
  reconcileReport,
  refund,
  refundCreate,
  revenueQuery,
  revenueReport,
  subscriberDetail,
  subscriberList,
  subscriberQuery,
  subscriptionParams,
  userIdParams,
  webhookBacklog,
} from '@questa/contracts';
import type { BillingAdminService } from './billing-admin.service';
import type { BillingJobs } from './billing-jobs.service';
import type { PaymentEventRepository } from './payment-event.repository';
import type { PlanService } from './plan.service';

const tags = ['admin billing'];
const actor = (request: FastifyRequest) => ({ sub: request.auth!.user.sub, ip: request.ip });
const partnerDown = 'the payment partner is not answering; nothing was changed.';

/** The admin's billing pages: plans, promotion codes, subscribers, refunds, revenue, reconciling. */
export const billingAdminRoutes: FastifyPluginAsyncZod<{
  plans: PlanService;
  admin: BillingAdminService;
  jobs: BillingJobs;
  events: Pick<PaymentEventRepository, 'backlog'>;
}> = async (app, { plans, admin, jobs, events }) => {
  app.get(
    '/admin/billing/plans',
    {
      config: { permission: 'plan:manage' },
      schema: {
        summary: 'Every plan, withdrawn ones too, with every price ever sold',
        tags,
        response: { 200: planList },
      },
    },
    async () => ({ plans: await plans.list() }),
  );

  app.post(
    '/admin/billing/plans',
    {
      config: { permission: 'plan:manage' },
      schema: {
        summary: 'Create a paid plan with its prices',
        description:
          'The partner’s product and prices are created when a price is first sold. Audited.',
        tags,
        body: planCreate,
        response: { 201: plan },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await plans.create(actor(request), request.body)),
  );

  app.patch(
    '/admin/billing/plans/:planId',
    {
      config: { permission: 'plan:manage', problems: { unavailable: partnerDown } },
      schema: {
        summary: 'Change a plan: name, trial, features, prices, or withdraw it from sale',
        description:
          'Prices never change once written: a new amount creates a new price and archives the ' +
          'old one, here and at the payment partner, where existing subscribers keep it. ' +
          'Withdrawing a plan archives its prices. Audited.',
        tags,
        params: planParams,
        body: planUpdate,
        response: { 200: plan },
      },
    },
    (request) => plans.update(actor(request), request.params.planId, request.body),
  );

  app.get(
    '/admin/billing/promotion-codes',
    {
      config: { permission: 'plan:manage' },
      schema: {
        summary: 'Promotion codes, newest first',
        tags,
        response: { 200: promotionCodeList },
      },
    },
    async () => ({ promotionCodes: await plans.listPromotionCodes() }),
  );

  app.post(
    '/admin/billing/promotion-codes',
    {
      config: { permission: 'plan:manage', problems: { unavailable: partnerDown } },
      schema: {
        summary: 'Create a promotion code: a percentage or an amount off',
        description:
          'Created at the payment partner at once, so learners can also type it on the hosted checkout page. Audited.',
        tags,
        body: promotionCodeCreate,
        response: { 201: promotionCode },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await plans.createPromotionCode(actor(request), request.body)),
  );

  app.patch(
    '/admin/billing/promotion-codes/:promotionCodeId',
    {
      config: { permission: 'plan:manage', problems: { unavailable: partnerDown } },
      schema: {
        summary: 'Withdraw a promotion code',
        description: 'Checkouts already begun with it keep their discount. Audited.',
        tags,
        params: promotionCodeParams,
        body: promotionCodeUpdate,
        response: { 200: promotionCode },
      },
    },
    (request) => plans.withdrawPromotionCode(actor(request), request.params.promotionCodeId),
  );

  app.get(
    '/admin/billing/subscribers',
    {
      config: { permission: 'billing:read' },
      schema: {
        summary: 'Subscriptions, newest first, optionally in one state or of matching learners',
        tags,
        querystring: subscriberQuery,
        response: { 200: subscriberList },
      },
    },
    (request) => admin.subscribers(request.query),
  );

  app.get(
    '/admin/billing/subscribers/:subscriptionId',
    {
      config: { permission: 'billing:read' },
      schema: {
        summary: 'One subscription with every change the partner reported',
        tags,
        params: subscriptionParams,
        response: { 200: subscriberDetail },
      },
    },
    (request) => admin.subscriber(request.params.subscriptionId),
  );

  app.get(
    '/admin/billing/users/:userId',
    {
      config: { permission: 'billing:read' },
      schema: {
        summary: 'A learner’s billing history: subscriptions, invoices, refunds, checkouts',
        tags,
        params: userIdParams,
        response: { 200: learnerBilling },
      },
    },
    (request) => admin.learner(request.params.userId),
  );

  app.post(
    '/admin/billing/invoices/:invoiceId/refunds',
    {
      config: {
        permission: 'billing:refund',
        problems: {
          'validation.failed':
            'the invoice is not paid, or the amount is more than is left to refund on it.',
          unavailable: partnerDown,
        },
      },
      schema: {
        summary: 'Refund a paid invoice in full or in part',
        description:
          'Leave out `amount` to refund all that is not refunded yet. Refunding does not end ' +
          'the subscription; the learner (or the portal) cancels it. Audited.',
        tags,
        params: invoiceParams,
        body: refundCreate,
        response: { 201: refund },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await admin.refund(actor(request), request.params.invoiceId, request.body)),
  );

  app.get(
    '/admin/billing/revenue',
    {
      config: { permission: 'billing:read' },
      schema: {
        summary: 'Revenue figures: MRR, subscribers, and new and churned per month',
        description:
          'Monthly recurring revenue counts active and past-due subscriptions at their price ' +
          '(yearly at a twelfth), per currency, discounts not subtracted: now, and for each ' +
          'month at its end, as the subscriptions’ recorded changes left them. Months are UTC.',
        tags,
        querystring: revenueQuery,
        response: { 200: revenueReport },
      },
    },
    (request) => admin.revenue(request.query.months),
  );

  app.get(
    '/admin/billing/reconcile',
    {
      config: { permission: 'billing:reconcile' },
      schema: {
        summary: 'What the latest comparison with the partner corrected',
        tags,
        response: { 200: lastReconcile },
      },
    },
    async () => ({ report: await jobs.lastReport() }),
  );

  app.post(
    '/admin/billing/reconcile',
    {
      config: { permission: 'billing:reconcile' },
      schema: {
        summary: 'Compare every subscription with the partner’s now, and correct what differs',
        description:
          'Runs at once (it also runs on a schedule) and answers with what it corrected. ' +
          'Customers the partner could not be asked about are counted in `failed`. Audited.',
        tags,
        response: { 200: reconcileReport },
      },
    },
    (request) => jobs.reconcileNow(request.auth!.user.sub),
  );

  app.get(
    '/admin/billing/webhook-events',
    {
      config: { permission: 'billing:reconcile' },
      schema: {
        summary: 'The partner’s events recorded and not yet applied',
        description:
          'Webhooks are answered once recorded and applied just after. Events that wait longer ' +
          'than a few seconds mean the partner cannot be read; `lastError` says why.',
        tags,
        response: { 200: webhookBacklog },
      },
    },
    () => events.backlog(),
  );
};

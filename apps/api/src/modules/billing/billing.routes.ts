import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billingOverview,
  checkout,
  checkoutCreate,
  checkoutReturn as checkoutReturnBody,
  invoice,
  invoiceList,
  invoiceParams,
  planList,
  portalCreate,
  redirectUrl,
  subscriptionParams,
  webhookHeaders,
  webhookReceipt,
} from '@questa/contracts';
import type { CheckoutReturnService } from './checkout-return.service';
import type { CheckoutService } from './checkout.service';
import type { PlanService } from './plan.service';
import type { WebhookService } from './webhook.service';

const tags = ['billing'];

/** What learners see and do on `/billing`: plans, checkout, their subscription and invoices. */
export const billingRoutes: FastifyPluginAsyncZod<{
  plans: PlanService;
  checkouts: CheckoutService;
  checkoutReturn: CheckoutReturnService;
}> = async (app, { plans, checkouts, checkoutReturn }) => {
  app.get(
    '/billing/plans',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Plans on sale, with their prices and what each unlocks',
        description:
          'Only plans and prices on sale are listed; the free tier has no prices. Amounts are in the currency’s minor unit.',
        tags,
        response: { 200: planList },
      },
    },
    async () => ({ plans: await plans.onSale() }),
  );

  app.get(
    '/billing/subscription',
    {
      config: { permission: 'billing:use' },
      schema: {
        summary: 'My premium: plan, status, renewal, and a checkout under way',
        description:
          'Read afresh, not from the session’s cache: the page to come back to after paying.',
        tags,
        response: { 200: billingOverview },
      },
    },
    (request) => checkouts.overview(request.auth!.user),
  );

  app.post(
    '/billing/checkout',
    {
      config: {
        permission: 'billing:use',
        problems: {
          'validation.failed':
            'the price is not on sale, the promotion code is not valid, or the learner already subscribes.',
          unavailable: 'the payment partner is not answering; nothing was created.',
        },
      },
      schema: {
        summary: 'Start a checkout at the payment partner’s hosted page',
        description:
          'Answers with the partner’s page to send the browser to. A learner has one checkout ' +
          'per plan at a time: asking again (a double click) answers with the same one, and ' +
          'asking for another price of the plan closes the first. An unfinished checkout expires.',
        tags,
        body: checkoutCreate,
        response: { 201: checkout },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await checkouts.start(request.auth!.user, request.body, request.ip)),
  );

  app.post(
    '/billing/checkout/return',
    {
      config: {
        permission: 'billing:use',
        problems: {
          not_found: 'the learner has no checkout under that session id.',
          unavailable:
            'the payment partner is not answering; its webhooks will still bring the payment.',
        },
      },
      schema: {
        summary: 'Apply the checkout I just paid, on my return from the partner’s page',
        description:
          'The partner’s success address carries the session id. Questa reads that session and ' +
          'the subscription it began from the partner and applies them at once, as the ' +
          'partner’s webhooks would when they arrive; asking again, or the webhooks arriving ' +
          'before or after, changes nothing more. Answers with the learner’s premium, read afresh.',
        tags,
        body: checkoutReturnBody,
        response: { 200: billingOverview },
      },
    },
    (request) => checkoutReturn.apply(request.auth!.user, request.body.sessionId),
  );

  app.post(
    '/billing/subscriptions/:subscriptionId/portal',
    {
      config: {
        permission: 'billing:use',
        problems: { unavailable: 'the payment partner is not answering.' },
      },
      schema: {
        summary: 'Open the payment partner’s portal for my subscription',
        description:
          'The portal changes the card, the plan or cancels; the page returns to `/billing`. ' +
          'Only the learner’s own subscription: any other answers `not_found`.',
        tags,
        params: subscriptionParams,
        body: portalCreate.nullish(),
        response: { 200: redirectUrl },
      },
    },
    (request) =>
      checkouts.portal(request.auth!.user, request.params.subscriptionId, request.body?.locale),
  );

  app.get(
    '/billing/invoices',
    {
      config: { permission: 'billing:use' },
      schema: {
        summary: 'My invoices and receipts, newest first',
        tags,
        response: { 200: invoiceList },
      },
    },
    (request) => checkouts.invoices(request.auth!.user),
  );

  app.get(
    '/billing/invoices/:invoiceId',
    {
      config: { permission: 'billing:use' },
      schema: {
        summary: 'One of my invoices, with its page and PDF at the partner',
        description: 'Only the learner’s own: any other answers `not_found`.',
        tags,
        params: invoiceParams,
        response: { 200: invoice },
      },
    },
    (request) => checkouts.invoice(request.auth!.user, request.params.invoiceId),
  );
};

/** The payment partner's webhooks, in a scope of their own that keeps the body as it was sent. */
export const webhookRoutes: FastifyPluginAsyncZod<{ webhooks: WebhookService }> = async (
  app,
  { webhooks },
) => {
  // The signature covers the exact bytes the partner sent, so they are not parsed before checking.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/billing/webhook',
    {
      config: {
        permission: 'public',
        signedByCaller: true,
        problems: {
          'validation.failed':
            'the signature does not verify, or its timestamp is more than 300 seconds old.',
          unavailable:
            'the event could not be recorded (the database is not answering); the partner delivers it again later.',
        },
      },
      schema: {
        summary: 'Receive an event from the payment partner',
        description:
          'Called by the payment partner, never by a browser: a Stripe event, signed in the ' +
          '`Stripe-Signature` header with the webhook secret. It is answered once the event is ' +
          'recorded; just after, Questa reads the object the event names from the partner and ' +
          'keeps that, so each event is applied once and in any order. While the partner cannot ' +
          'be read, recorded events wait and are tried again. Events of other types, and about ' +
          'customers Questa does not know, are acknowledged and left.',
        tags,
        headers: webhookHeaders,
        response: { 200: webhookReceipt },
      },
    },
    async (request) => {
      await webhooks.receive(request.body as Buffer, request.headers['stripe-signature']);
      return { received: true as const };
    },
  );
};

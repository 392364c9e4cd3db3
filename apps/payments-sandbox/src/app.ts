import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Database } from '@questa/db';
import { createRootServer } from '@questa/http-kit';
import { createBillingClock } from './modules/billing/billing-clock';
import type { BillingContext } from './modules/billing/billing-context';
import { processDue, type Subscription } from './modules/billing/subscription-lifecycle';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { createCatalogService } from './modules/catalog/catalog.service';
import { checkoutPages } from './modules/checkout/checkout.pages';
import { checkoutRoutes } from './modules/checkout/checkout.routes';
import { createCheckoutService, type SessionInternal } from './modules/checkout/checkout.service';
import { createHostedCheckoutService } from './modules/checkout/hosted-checkout.service';
import { loadSandboxClock } from './modules/clocks/sandbox-clock';
import { testClockRoutes } from './modules/clocks/test-clock.routes';
import { createTestClockService } from './modules/clocks/test-clock.service';
import { controlRoutes, type DeliveryMode } from './modules/control/control.routes';
import { customerRoutes } from './modules/customers/customer.routes';
import { createCustomerService } from './modules/customers/customer.service';
import { discountRoutes } from './modules/discounts/discount.routes';
import { createDiscountService } from './modules/discounts/discount.service';
import { eventRoutes } from './modules/events/event.routes';
import { invoicePages } from './modules/invoices/invoice.pages';
import { invoiceRoutes } from './modules/invoices/invoice.routes';
import { createInvoiceService } from './modules/invoices/invoice.service';
import { paymentRoutes } from './modules/payments/payment.routes';
import { createPaymentService } from './modules/payments/payment.service';
import { portalPages } from './modules/portal/portal.pages';
import { portalRoutes } from './modules/portal/portal.routes';
import { createPortalService } from './modules/portal/portal.service';
import { createRouteKit } from './modules/route-kit';
import { subscriptionRoutes } from './modules/subscriptions/subscription.routes';
import { createSubscriptionService } from './modules/subscriptions/subscription.service';
import { DEFAULT_RETRY_DELAYS_MS, startWebhookSender } from './modules/webhooks/webhook-sender';
import { loadStylesheet } from './pages/assets';
import { acceptFormPosts, healthRoute, httpKit } from '@questa/http-kit';
import { messagePage, sendPage, type PageContext } from './pages/layout';
import { pageErrorHandler } from './pages/page-errors';
import { sandboxDb } from './sandbox-db';
import { createDeliveryRepository } from './store/delivery.repository';
import { createEventRepository } from './store/event.repository';
import { createIdempotencyRepository } from './store/idempotency.repository';
import { createObjectRepository } from './store/object.repository';
import { createSettingsRepository } from './store/settings.repository';
import { createUnitOfWork } from './store/unit-of-work';
import { stripeApiEdge } from './wire/api-edge';

export { PAYMENTS_SANDBOX_SCHEMA } from './sandbox-db';
/** The hosted pages, assets, health and controls. */
export const PAYMENTS_SANDBOX_PREFIX = '/sandbox-pay';
/**
 * Stripe's API. The stripe SDK takes a host, a port and a protocol but no path, so the API must
 * answer at `/v1` of whatever origin the SDK is pointed at.
 */
export const STRIPE_API_PREFIX = '/v1';
export const paymentsSandboxMigrations = new URL('./migrations/', import.meta.url);

export interface PaymentsSandboxDeps {
  database: Database;
  /** The key API callers must present (`Authorization: Bearer sk_…`). */
  secretKey: string;
  /** Signs every webhook event (`whsec_…`). */
  webhookSecret: string;
  /** Where events are delivered. */
  webhookUrls: string[];
  /** The origin browsers reach the hosted pages at, e.g. http://localhost:8080. */
  publicUrl: string;
  /** The merchant named on the pages and invoices. */
  accountName?: string;
  /** How deliveries misbehave at start; the control API changes it at run time. */
  delivery?: Partial<DeliveryMode>;
  /** How often renewals and expired checkouts on the sandbox's own clock are looked for; 0: never. */
  sweepIntervalMs?: number;
  /** Waits before each delivery retry; the last one gives up. */
  retryDelaysMs?: readonly number[];
  deliveryTimeoutMs?: number;
  deliveryPollMs?: number;
  /** Days before a renewal that `invoice.upcoming` is sent. */
  upcomingNoticeDays?: number;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Questa's built-in sandbox payment partner: Stripe's wire protocol at `/v1` for the calls a
 * subscription business makes, hosted checkout, portal and invoice pages at `/sandbox-pay`,
 * and signed webhooks. Register it without a prefix; it claims both paths itself.
 */
export const paymentsSandboxApp: FastifyPluginAsync<PaymentsSandboxDeps> = async (app, deps) => {
  const db = sandboxDb(deps.database);
  const objects = createObjectRepository(db);
  const deliveries = createDeliveryRepository(db);
  const idempotency = createIdempotencyRepository(db);
  const clock = await loadSandboxClock(createSettingsRepository(db));
  const delivery: DeliveryMode = {
    duplicate: false,
    late: false,
    reorder: false,
    lateMs: 3000,
    ...deps.delivery,
  };
  const sender = startWebhookSender({
    deliveries,
    signingSecret: deps.webhookSecret,
    retryDelaysMs: deps.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    timeoutMs: deps.deliveryTimeoutMs ?? 10_000,
    pollMs: deps.deliveryPollMs ?? 1000,
    log: app.log,
  });
  const work = createUnitOfWork(db, {
    clock,
    onEvents: () => sender.wake(),
    delivery: () => ({
      urls: deps.webhookUrls,
      duplicate: delivery.duplicate,
      reorder: delivery.reorder,
      lateMs: delivery.late ? delivery.lateMs : 0,
    }),
  });
  const accountName = deps.accountName ?? 'Questa';
  const context: BillingContext = {
    publicBase: `${deps.publicUrl.replace(/\/+$/, '')}${PAYMENTS_SANDBOX_PREFIX}`,
    accountName,
    upcomingNoticeDays: deps.upcomingNoticeDays ?? 7,
  };
  const kit = { work, objects, context };

  const customers = createCustomerService(kit);
  const catalog = createCatalogService(kit);
  const discounts = createDiscountService(kit);
  const checkout = createCheckoutService(kit);
  const hostedCheckout = createHostedCheckoutService(kit);
  const subscriptions = createSubscriptionService(kit);
  const invoices = createInvoiceService(kit);
  const payments = createPaymentService(kit);
  const portal = createPortalService(kit);
  const billingClock = createBillingClock({
    work,
    log: app.log,
    handlers: {
      subscription: (ledger, object, at) => processDue(ledger, context, object as Subscription, at),
      'checkout.session': checkout.expireDue,
    },
  });
  const testClocks = createTestClockService(kit, { billingClock, log: app.log });
  const routes = createRouteKit(objects, async (object, field) => {
    if (object.object !== 'checkout.session' || field !== 'line_items') return undefined;
    const found = await objects.find<unknown, SessionInternal>(String(object.id));
    return found?.internal.lineItems;
  });
  const stylesheet = await loadStylesheet(PAYMENTS_SANDBOX_PREFIX);
  const pageContext: PageContext = { stylesheetUrl: stylesheet.url, accountName };

  await app.register(
    async (api) => {
      stripeApiEdge(api, { secretKey: deps.secretKey, idempotency });
      await api.register(customerRoutes(customers, routes));
      await api.register(catalogRoutes(catalog, routes));
      await api.register(discountRoutes(discounts, routes));
      await api.register(checkoutRoutes(checkout, routes));
      await api.register(portalRoutes(portal, routes));
      await api.register(subscriptionRoutes(subscriptions, routes));
      await api.register(invoiceRoutes(invoices, routes));
      await api.register(paymentRoutes(payments, routes));
      await api.register(testClockRoutes(testClocks, routes));
      await api.register(eventRoutes(createEventRepository(db), deliveries, routes));
    },
    { prefix: STRIPE_API_PREFIX },
  );

  // The pages parse flat HTML forms and answer errors with pages; the controls, a program's
  // interface, keep Stripe's edge (secret key, error envelope) in a scope of their own.
  await app.register(
    async (pages) => {
      // Questa's health routes, answered as every other service answers them; the hosted pages
      // keep answering addresses nobody serves under the prefix.
      await pages.register(async (health) => {
        await health.register(httpKit, { notFound: false });
        healthRoute(health, 'payments-sandbox', deps.database);
      });
      await pages.register(
        async (control) => {
          stripeApiEdge(control, { secretKey: deps.secretKey, idempotency });
          await control.register(controlRoutes({ clock, billingClock, delivery, deliveries }));
        },
        { prefix: '/control' },
      );
      await pages.register(async (hosted) => {
        acceptFormPosts(hosted);
        hosted.setErrorHandler(pageErrorHandler(pageContext));
        hosted.setNotFoundHandler((_request, reply) =>
          sendPage(
            reply,
            pageContext,
            404,
            messagePage({
              title: 'Page not found',
              lead: 'There is no payment page at this address.',
            }),
          ),
        );
        stylesheet.routes(hosted);
        await hosted.register(checkoutPages(hostedCheckout, pageContext, PAYMENTS_SANDBOX_PREFIX));
        await hosted.register(portalPages(portal, pageContext, PAYMENTS_SANDBOX_PREFIX));
        await hosted.register(invoicePages(invoices, pageContext, PAYMENTS_SANDBOX_PREFIX));
      });
    },
    { prefix: PAYMENTS_SANDBOX_PREFIX },
  );

  const timers: NodeJS.Timeout[] = [];
  const sweepMs = deps.sweepIntervalMs ?? 5000;
  if (sweepMs > 0) {
    const sweep = setInterval(() => {
      billingClock.runUntil(null, clock.now()).catch((error: unknown) => {
        app.log.error({ err: error }, 'payments sandbox: billing sweep failed');
      });
    }, sweepMs);
    sweep.unref();
    timers.push(sweep);
  }
  const purge = setInterval(() => {
    idempotency.purgeOlderThan(24).catch((error: unknown) => {
      app.log.warn({ err: error }, 'payments sandbox: could not purge idempotency keys');
    });
  }, HOUR_MS);
  purge.unref();
  timers.push(purge);

  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
    await testClocks.settled();
    await sender.stop();
  });
};

/** The sandbox on a root server of its own, for tests; `listen` it to reach it over HTTP. */
export async function buildApp(deps: PaymentsSandboxDeps): Promise<FastifyInstance> {
  const root = createRootServer({ logLevel: 'silent' });
  await root.register(paymentsSandboxApp, deps);
  await root.ready();
  return root;
}

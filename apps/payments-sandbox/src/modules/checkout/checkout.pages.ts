import type { FastifyInstance } from 'fastify';
import { formValue } from '@questa/http-kit';
import { messagePage, sendPage, type PageContext } from '../../pages/layout';
import { pageMessages } from '../../pages/locale';
import type { Messages } from '../../pages/messages';
import type { HostedCheckoutService } from './hosted-checkout.service';
import { checkoutPage } from './checkout.views';

const sessionId = /^cs_test_[A-Za-z0-9]{1,80}$/;

/**
 * The hosted checkout page. A session's unguessable id in the path is what lets a browser in,
 * as with Stripe's own pages, so another site cannot post to it without knowing the id.
 */
export function checkoutPages(
  checkout: HostedCheckoutService,
  context: PageContext,
  mountPath: string,
) {
  const notFound = (t: Messages) =>
    messagePage({ title: t.checkout.notFoundTitle, lead: t.checkout.notFoundLead, t });

  return async (app: FastifyInstance) => {
    app.get<{ Params: { id: string }; Querystring: { promotion_code?: string } }>(
      '/checkout/:id',
      async (request, reply) => {
        const { id } = request.params;
        const found = sessionId.test(id)
          ? await checkout.page(id, request.query.promotion_code)
          : undefined;
        if (!found) return sendPage(reply, context, 404, notFound(pageMessages(request)));
        const { view, now } = found;
        const t = pageMessages(request, view.session.locale);
        if (view.session.status === 'complete') {
          return sendPage(
            reply,
            context,
            200,
            messagePage({
              title: t.checkout.completeTitle,
              lead: t.checkout.completeLead,
              t,
              action: {
                label: t.checkout.continue,
                href: view.session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', id),
              },
            }),
          );
        }
        if (view.session.status === 'expired' || view.internal.expiresAtSandbox <= now) {
          return sendPage(
            reply,
            context,
            410,
            messagePage({
              title: t.checkout.expiredTitle,
              lead: t.checkout.expiredLead,
              t,
              action: view.session.cancel_url
                ? { label: t.checkout.goBack, href: view.session.cancel_url }
                : undefined,
            }),
          );
        }
        return sendPage(
          reply,
          context,
          found.codeError ? 400 : 200,
          checkoutPage({
            view,
            now,
            action: `${mountPath}/checkout/${id}`,
            values: { promotionCode: request.query.promotion_code },
            errors: {},
            codeError: found.codeError,
            t,
          }),
        );
      },
    );

    app.post<{ Params: { id: string } }>('/checkout/:id', async (request, reply) => {
      const { id } = request.params;
      if (!sessionId.test(id)) {
        return sendPage(reply, context, 404, notFound(pageMessages(request)));
      }
      const body = request.body;
      const form = {
        email: formValue(body, 'email'),
        name: formValue(body, 'name'),
        cardNumber: formValue(body, 'cardNumber'),
        expiry: formValue(body, 'expiry'),
        cvc: formValue(body, 'cvc'),
        promotionCode: formValue(body, 'promotionCode'),
      };
      const result = await checkout.complete(id, form);
      if (result.state === 'complete') return reply.redirect(result.redirect, 303);
      if (result.state === 'closed') return reply.redirect(`${mountPath}/checkout/${id}`, 303);
      const found = await checkout.page(id);
      if (!found) return sendPage(reply, context, 404, notFound(pageMessages(request)));
      return sendPage(
        reply,
        context,
        result.declined ? 402 : 400,
        checkoutPage({
          view: found.view,
          now: found.now,
          action: `${mountPath}/checkout/${id}`,
          values: {
            email: form.email,
            name: form.name,
            expiry: form.expiry,
            promotionCode: form.promotionCode,
          },
          errors: result.errors,
          declined: result.declined,
          t: pageMessages(request, found.view.session.locale),
        }),
      );
    });
  };
}

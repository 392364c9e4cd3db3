import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formValue } from '@questa/http-kit';
import { messagePage, sendPage, type PageContext } from '../../pages/layout';
import { pageMessages } from '../../pages/locale';
import type { PortalService } from './portal.service';
import { cardPage, confirmCancelPage, confirmPlanPage, portalPage } from './portal.views';

const portalId = /^bps_[A-Za-z0-9]{1,40}$/;

/**
 * The hosted customer portal: the plan and its renewal, cancel at period end and resume, change
 * plan, update the card, invoices. The portal session's unguessable id in the path is the key.
 */
export function portalPages(portal: PortalService, context: PageContext, mountPath: string) {
  // A link that no longer opens has no session to take a language from: the browser's decides.
  const closed = (request: FastifyRequest, reply: FastifyReply, state: 'expired' | undefined) => {
    const t = pageMessages(request);
    return sendPage(
      reply,
      context,
      state === 'expired' ? 410 : 404,
      state === 'expired'
        ? messagePage({ title: t.portal.expiredTitle, lead: t.portal.expiredLead, t })
        : messagePage({ title: t.portal.notFoundTitle, lead: t.portal.notFoundLead, t }),
    );
  };
  const wordsOf = (request: FastifyRequest, view: { session: { locale: string | null } }) =>
    pageMessages(request, view.session.locale);

  return async (app: FastifyInstance) => {
    app.get<{ Params: { id: string }; Querystring: { done?: string } }>(
      '/portal/:id',
      async (request, reply) => {
        const { id } = request.params;
        const view = portalId.test(id) ? await portal.page(id) : undefined;
        if (!view || view === 'expired') return closed(request, reply, view);
        return sendPage(
          reply,
          context,
          200,
          portalPage(view, `${mountPath}/portal/${id}`, request.query.done, wordsOf(request, view)),
        );
      },
    );

    app.post<{ Params: { id: string; subscription: string; action: string } }>(
      '/portal/:id/subscriptions/:subscription/:action',
      async (request, reply) => {
        const { id, subscription: subscriptionId, action } = request.params;
        const base = `${mountPath}/portal/${id}`;
        if (!portalId.test(id) || !['cancel', 'resume', 'plan'].includes(action)) {
          return closed(request, reply, undefined);
        }
        const confirmed = formValue(request.body, 'confirm') === 'yes';
        const priceId = formValue(request.body, 'price');
        if ((action === 'cancel' || action === 'plan') && !confirmed) {
          const view = await portal.page(id);
          if (!view || view === 'expired') return closed(request, reply, view);
          const subscription = view.subscriptions.find((each) => each.id === subscriptionId);
          if (!subscription) return closed(request, reply, undefined);
          const t = wordsOf(request, view);
          if (action === 'cancel') {
            return sendPage(reply, context, 200, confirmCancelPage(view, subscription, base, t));
          }
          const plan = view.plans.find((each) => each.price.id === priceId);
          if (!plan) return reply.redirect(base, 303);
          return sendPage(
            reply,
            context,
            200,
            confirmPlanPage(subscription, plan.price, plan.product.name, base, t),
          );
        }
        const result = await portal.act(
          id,
          subscriptionId,
          action as 'cancel' | 'resume' | 'plan',
          priceId || undefined,
        );
        if (result !== 'done') return closed(request, reply, result);
        const done = action === 'cancel' ? 'canceled' : action === 'resume' ? 'resumed' : 'plan';
        return reply.redirect(`${base}?done=${done}`, 303);
      },
    );

    app.get<{ Params: { id: string } }>('/portal/:id/card', async (request, reply) => {
      const { id } = request.params;
      const view = portalId.test(id) ? await portal.page(id) : undefined;
      if (!view || view === 'expired') return closed(request, reply, view);
      return sendPage(
        reply,
        context,
        200,
        cardPage(`${mountPath}/portal/${id}`, { values: {}, errors: {} }, wordsOf(request, view)),
      );
    });

    app.post<{ Params: { id: string } }>('/portal/:id/card', async (request, reply) => {
      const { id } = request.params;
      if (!portalId.test(id)) return closed(request, reply, undefined);
      const body = request.body;
      const form = {
        name: formValue(body, 'name'),
        cardNumber: formValue(body, 'cardNumber'),
        expiry: formValue(body, 'expiry'),
        cvc: formValue(body, 'cvc'),
      };
      const result = await portal.updateCard(id, form);
      if (!result || result === 'expired') return closed(request, reply, result);
      const base = `${mountPath}/portal/${id}`;
      if (result.done) return reply.redirect(`${base}?done=card`, 303);
      // A refused card is the rare path: the session is read again for its language.
      const view = await portal.page(id);
      const t = view && view !== 'expired' ? wordsOf(request, view) : pageMessages(request);
      return sendPage(
        reply,
        context,
        result.declined ? 402 : 400,
        cardPage(
          base,
          {
            values: { name: form.name, expiry: form.expiry },
            errors: result.errors,
            declined: result.declined,
          },
          t,
        ),
      );
    });
  };
}

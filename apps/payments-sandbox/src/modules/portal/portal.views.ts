import { formatAmount } from '../../model/money';
import type { PriceObject, SubscriptionObject } from '../../model/objects';
import { html, type SafeHtml } from '@questa/http-kit';
import { errorSummary, formatDate, notice, type Page } from '../../pages/layout';
import type { CardFormErrors } from '../billing/cards';
import type { Messages } from '../../pages/messages';
import { cardFields, intervalText, testCardList } from '../checkout/checkout.views';
import type { PortalView } from './portal.service';

const TONE: Record<string, 'ok' | 'warn'> = {
  active: 'ok',
  trialing: 'ok',
  past_due: 'warn',
  incomplete: 'warn',
};

const badge = (status: string, t: Messages) => {
  const tone = TONE[status];
  const label = t.portal.status[status] ?? status;
  return html`<span class="badge${tone ? ` badge--${tone}` : ''}">${label}</span>`;
};

/** "€9.00 per month", "9,00 € pro Monat". */
const priceText = (price: PriceObject, t: Messages) =>
  `${formatAmount(price.unit_amount, price.currency, t.lang)} ${intervalText(price.recurring!, t)}`;

function subscriptionSection(
  view: PortalView,
  subscription: SubscriptionObject,
  base: string,
  t: Messages,
): SafeHtml {
  const date = (at: number) => formatDate(at, t);
  const item = subscription.items.data[0]!;
  const product = view.products[item.price.product];
  const end = item.current_period_end;
  const live = ['active', 'trialing', 'past_due'].includes(subscription.status);
  const action = `${base}/subscriptions/${subscription.id}`;
  const others = view.plans.filter((plan) => plan.price.id !== item.price.id);
  return html`<section class="card-box" aria-labelledby="plan-${subscription.id}">
    <h2 id="plan-${subscription.id}">
      ${product?.name ?? t.portal.subscription} ${badge(subscription.status, t)}
    </h2>
    <p>${priceText(item.price, t)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}</p>
    ${
      live &&
      (subscription.cancel_at_period_end
        ? html`<p><strong>${t.portal.endsOn(date(end))}</strong> ${t.portal.willNotRenew}</p>`
        : subscription.status === 'past_due'
          ? html`<p><strong>${t.portal.lastPaymentFailed}</strong> ${t.portal.updateToPay}</p>`
          : subscription.status === 'trialing'
            ? html`<p>${t.portal.trialEnds(date(end), priceText(item.price, t))}</p>`
            : html`<p>${t.portal.renewsOn(date(end))}</p>`)
    }
    ${!live && subscription.ended_at && html`<p>${t.portal.endedOn(date(subscription.ended_at))}</p>`}
    ${
      live &&
      html`<div class="actions">
        ${
          subscription.cancel_at_period_end
            ? html`<form method="post" action="${action}/resume">
                <button class="button button--primary" type="submit">${t.portal.resume}</button>
              </form>`
            : html`<form method="post" action="${action}/cancel">
                <button class="button button--danger" type="submit">${t.portal.cancel}</button>
              </form>`
        }
      </div>`
    }
    ${
      live &&
      !subscription.cancel_at_period_end &&
      others.length > 0 &&
      html`<form method="post" action="${action}/plan">
        <fieldset>
          <legend>${t.portal.changePlan}</legend>
          ${others.map(
            (plan, index) =>
              html`<div class="choice">
                <input
                  type="radio"
                  id="price-${plan.price.id}"
                  name="price"
                  value="${plan.price.id}"
                  ${index === 0 ? html`checked` : ''}
                />
                <label for="price-${plan.price.id}"
                  >${plan.product.name} —
                  ${priceText(plan.price, t)}${
                    plan.price.nickname ? ` (${plan.price.nickname})` : ''
                  }</label
                >
              </div>`,
          )}
        </fieldset>
        <div class="actions">
          <button class="button" type="submit">${t.portal.reviewChange}</button>
        </div>
      </form>`
    }
  </section>`;
}

export function portalPage(
  view: PortalView,
  base: string,
  done: string | undefined,
  t: Messages,
): Page {
  const card = view.paymentMethod?.card;
  const doneText = done ? t.portal.done[done] : undefined;
  return {
    title: t.portal.title,
    t,
    body: html`<h1>${t.portal.title}</h1>
      <p class="lead">${view.customer.email ?? view.customer.name ?? view.customer.id}</p>
      ${doneText && notice(doneText)}
      ${
        view.subscriptions.length === 0
          ? html`<p>${t.portal.noSubscription}</p>`
          : view.subscriptions.map((subscription) =>
              subscriptionSection(view, subscription, base, t),
            )
      }
      <h2>${t.portal.paymentMethod}</h2>
      ${
        card
          ? html`<p>
              ${t.portal.cardOnFile(
                card.brand.toUpperCase(),
                card.last4,
                `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`,
              )}
            </p>`
          : html`<p>${t.portal.noCard}</p>`
      }
      <p><a class="button" href="${base}/card">${t.portal.updateCard}</a></p>
      <h2>${t.portal.invoices}</h2>
      ${
        view.invoices.length === 0
          ? html`<p>${t.portal.noInvoices}</p>`
          : html`<div class="table-wrap">
              <table class="table">
                <thead>
                  <tr>
                    <th scope="col">${t.portal.date}</th>
                    <th scope="col" class="num">${t.portal.amount}</th>
                    <th scope="col">${t.portal.invoiceStatus}</th>
                    <th scope="col"><span class="visually-hidden">${t.portal.invoice}</span></th>
                  </tr>
                </thead>
                <tbody>
                  ${view.invoices.map(
                    (invoice) =>
                      html`<tr>
                        <td>${formatDate(invoice.created, t)}</td>
                        <td class="num">
                          ${formatAmount(invoice.total, invoice.currency, t.lang)}
                        </td>
                        <td>
                          ${(invoice.status && t.portal.invoiceState[invoice.status]) ?? invoice.status}
                        </td>
                        <td>
                          ${
                            invoice.hosted_invoice_url &&
                            html`<a href="${invoice.hosted_invoice_url}"
                              >${t.portal.view}<span class="visually-hidden">
                                ${t.portal.viewInvoice(invoice.number ?? '')}</span
                              ></a
                            >`
                          }
                        </td>
                      </tr>`,
                  )}
                </tbody>
              </table>
            </div>`
      }
      ${
        view.session.return_url &&
        html`<p class="actions">
          <a class="button button--primary" href="${view.session.return_url}"
            >${t.portal.returnToSite}</a
          >
        </p>`
      }`,
  };
}

export function confirmCancelPage(
  view: PortalView,
  subscription: SubscriptionObject,
  base: string,
  t: Messages,
): Page {
  const end = subscription.items.data[0]!.current_period_end;
  return {
    title: t.portal.cancelTitle,
    t,
    body: html`<h1>${t.portal.cancelHeading}</h1>
      <p class="lead">${t.portal.cancelLead(formatDate(end, t))}</p>
      <form method="post" action="${base}/subscriptions/${subscription.id}/cancel">
        <input type="hidden" name="confirm" value="yes" />
        <div class="actions">
          <button class="button button--danger" type="submit">${t.portal.cancelAtPeriodEnd}</button>
          <a href="${base}">${t.portal.keepSubscription}</a>
        </div>
      </form>`,
  };
}

export function confirmPlanPage(
  subscription: SubscriptionObject,
  price: PriceObject,
  productName: string,
  base: string,
  t: Messages,
): Page {
  return {
    title: t.portal.changePlan,
    t,
    body: html`<h1>${t.portal.changeHeading(productName)}</h1>
      <p class="lead">${t.portal.changeLead(priceText(price, t))}</p>
      <form method="post" action="${base}/subscriptions/${subscription.id}/plan">
        <input type="hidden" name="price" value="${price.id}" />
        <input type="hidden" name="confirm" value="yes" />
        <div class="actions">
          <button class="button button--primary" type="submit">${t.portal.changePlan}</button>
          <a href="${base}">${t.portal.keepPlan}</a>
        </div>
      </form>`,
  };
}

export function cardPage(
  base: string,
  state: {
    values: { name?: string; expiry?: string };
    errors: CardFormErrors;
    declined?: string | undefined;
  },
  t: Messages,
): Page {
  return {
    title: t.portal.cardTitle,
    t,
    body: html`<h1>${t.portal.cardHeading}</h1>
      <p class="lead">${t.portal.cardLead}</p>
      ${
        state.declined
          ? errorSummary({}, state.declined, t)
          : errorSummary(state.errors as Record<string, string | undefined>, undefined, t)
      }
      <form method="post" action="${base}/card" novalidate>
        ${cardFields(state.values, state.errors, t)}
        <div class="actions">
          <button class="button button--primary" type="submit">${t.portal.saveCard}</button>
          <a href="${base}">${t.portal.back}</a>
        </div>
      </form>
      ${testCardList(t)}`,
  };
}

import { formatAmount, formatInterval } from '../../model/money';
import type { PriceObject, SubscriptionObject } from '../../model/objects';
import { html, type SafeHtml } from '@questa/http-kit';
import { errorSummary, formatDate, notice, type Page } from '../../pages/layout';
import type { CardFormErrors } from '../billing/cards';
import { cardFields, testCardList } from '../checkout/checkout.views';
import type { PortalView } from './portal.service';

const DONE: Record<string, string> = {
  canceled: 'Your subscription will end at the end of the current period.',
  resumed: 'Your subscription will renew as before.',
  plan: 'Your plan has changed. The difference is settled on your next invoice.',
  card: 'Your card has been updated.',
};

const STATUS: Record<string, { label: string; tone: 'ok' | 'warn' | '' }> = {
  active: { label: 'Active', tone: 'ok' },
  trialing: { label: 'Trial', tone: 'ok' },
  past_due: { label: 'Payment failed', tone: 'warn' },
  canceled: { label: 'Canceled', tone: '' },
  incomplete: { label: 'Incomplete', tone: 'warn' },
};

const badge = (status: string) => {
  const { label, tone } = STATUS[status] ?? { label: status, tone: '' };
  return html`<span class="badge${tone ? ` badge--${tone}` : ''}">${label}</span>`;
};

const priceText = (price: PriceObject) =>
  `${formatAmount(price.unit_amount, price.currency)} ${formatInterval(price.recurring!)}`;

function subscriptionSection(
  view: PortalView,
  subscription: SubscriptionObject,
  base: string,
): SafeHtml {
  const item = subscription.items.data[0]!;
  const product = view.products[item.price.product];
  const end = item.current_period_end;
  const live = ['active', 'trialing', 'past_due'].includes(subscription.status);
  const action = `${base}/subscriptions/${subscription.id}`;
  const others = view.plans.filter((plan) => plan.price.id !== item.price.id);
  return html`<section class="card-box" aria-labelledby="plan-${subscription.id}">
    <h2 id="plan-${subscription.id}">
      ${product?.name ?? 'Subscription'} ${badge(subscription.status)}
    </h2>
    <p>${priceText(item.price)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}</p>
    ${
      live &&
      (subscription.cancel_at_period_end
        ? html`<p><strong>Ends on ${formatDate(end)}.</strong> It will not renew.</p>`
        : subscription.status === 'past_due'
          ? html`<p>
              <strong>The last payment failed.</strong> Update your card to pay the open invoice.
            </p>`
          : subscription.status === 'trialing'
            ? html`<p>Your trial ends on ${formatDate(end)}; then ${priceText(item.price)}.</p>`
            : html`<p>Renews on ${formatDate(end)}.</p>`)
    }
    ${!live && subscription.ended_at && html`<p>Ended on ${formatDate(subscription.ended_at)}.</p>`}
    ${
      live &&
      html`<div class="actions">
        ${
          subscription.cancel_at_period_end
            ? html`<form method="post" action="${action}/resume">
                <button class="button button--primary" type="submit">Resume subscription</button>
              </form>`
            : html`<form method="post" action="${action}/cancel">
                <button class="button button--danger" type="submit">Cancel subscription</button>
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
          <legend>Change plan</legend>
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
                  ${priceText(plan.price)}${
                    plan.price.nickname ? ` (${plan.price.nickname})` : ''
                  }</label
                >
              </div>`,
          )}
        </fieldset>
        <div class="actions"><button class="button" type="submit">Review change</button></div>
      </form>`
    }
  </section>`;
}

export function portalPage(view: PortalView, base: string, done: string | undefined): Page {
  const card = view.paymentMethod?.card;
  return {
    title: 'Manage your subscription',
    body: html`<h1>Manage your subscription</h1>
      <p class="lead">${view.customer.email ?? view.customer.name ?? view.customer.id}</p>
      ${done && DONE[done] && notice(DONE[done])}
      ${
        view.subscriptions.length === 0
          ? html`<p>You have no subscription.</p>`
          : view.subscriptions.map((subscription) => subscriptionSection(view, subscription, base))
      }
      <h2>Payment method</h2>
      ${
        card
          ? html`<p>
              ${card.brand.toUpperCase()} ending in ${card.last4}, expires
              ${String(card.exp_month).padStart(2, '0')}/${card.exp_year}
            </p>`
          : html`<p>No card on file.</p>`
      }
      <p><a class="button" href="${base}/card">Update card</a></p>
      <h2>Invoices</h2>
      ${
        view.invoices.length === 0
          ? html`<p>No invoices yet.</p>`
          : html`<div class="table-wrap">
              <table class="table">
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col" class="num">Amount</th>
                    <th scope="col">Status</th>
                    <th scope="col"><span class="visually-hidden">Invoice</span></th>
                  </tr>
                </thead>
                <tbody>
                  ${view.invoices.map(
                    (invoice) =>
                      html`<tr>
                        <td>${formatDate(invoice.created)}</td>
                        <td class="num">${formatAmount(invoice.total, invoice.currency)}</td>
                        <td>${invoice.status}</td>
                        <td>
                          ${
                            invoice.hosted_invoice_url &&
                            html`<a href="${invoice.hosted_invoice_url}"
                              >View<span class="visually-hidden">
                                invoice ${invoice.number}</span
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
          <a class="button button--primary" href="${view.session.return_url}">Return to the site</a>
        </p>`
      }`,
  };
}

export function confirmCancelPage(
  view: PortalView,
  subscription: SubscriptionObject,
  base: string,
): Page {
  const end = subscription.items.data[0]!.current_period_end;
  return {
    title: 'Cancel subscription',
    body: html`<h1>Cancel your subscription?</h1>
      <p class="lead">
        You keep everything you pay for until ${formatDate(end)}; after that the subscription ends
        and you are not charged again. You can resume it until then.
      </p>
      <form method="post" action="${base}/subscriptions/${subscription.id}/cancel">
        <input type="hidden" name="confirm" value="yes" />
        <div class="actions">
          <button class="button button--danger" type="submit">Cancel at period end</button>
          <a href="${base}">Keep my subscription</a>
        </div>
      </form>`,
  };
}

export function confirmPlanPage(
  subscription: SubscriptionObject,
  price: PriceObject,
  productName: string,
  base: string,
): Page {
  return {
    title: 'Change plan',
    body: html`<h1>Change to ${productName}?</h1>
      <p class="lead">
        You move to ${priceText(price)} now. Unused time on your current plan is credited and the
        rest of this period at the new price is charged, both on your next invoice.
      </p>
      <form method="post" action="${base}/subscriptions/${subscription.id}/plan">
        <input type="hidden" name="price" value="${price.id}" />
        <input type="hidden" name="confirm" value="yes" />
        <div class="actions">
          <button class="button button--primary" type="submit">Change plan</button>
          <a href="${base}">Keep my plan</a>
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
): Page {
  return {
    title: 'Update card',
    body: html`<h1>Update your card</h1>
      <p class="lead">The new card is used for your next payments and for any unpaid invoice.</p>
      ${
        state.declined
          ? errorSummary({}, state.declined)
          : errorSummary(state.errors as Record<string, string | undefined>)
      }
      <form method="post" action="${base}/card" novalidate>
        ${cardFields(state.values, state.errors)}
        <div class="actions">
          <button class="button button--primary" type="submit">Save card</button>
          <a href="${base}">Back</a>
        </div>
      </form>
      ${testCardList()}`,
  };
}

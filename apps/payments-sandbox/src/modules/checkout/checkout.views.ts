import { discountAmount } from '../../model/discounts';
import { formatAmount } from '../../model/money';
import { TEST_CARDS } from '../../model/test-cards';
import { DAY } from '../../model/time';
import { html, type SafeHtml } from '@questa/http-kit';
import { errorSummary, field, formatDate, type Page } from '../../pages/layout';
import { said, type Messages } from '../../pages/messages';
import type { CouponObject } from '../../model/objects';
import type { CheckoutSummary, FieldErrors } from './hosted-checkout.service';

export interface CheckoutPageState {
  view: CheckoutSummary;
  now: number;
  action: string;
  values: { email?: string; name?: string; expiry?: string; promotionCode?: string };
  errors: FieldErrors;
  codeError?: string | undefined;
  declined?: string | undefined;
  t: Messages;
}

const groupDigits = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

/** "20% off the first payment", "€5.00 off for 3 months", "10% off". */
function couponTerms(coupon: CouponObject, t: Messages): string {
  const off =
    coupon.percent_off !== null
      ? t.plan.percentOff(coupon.percent_off)
      : t.plan.amountOff(formatAmount(coupon.amount_off ?? 0, coupon.currency ?? 'eur', t.lang));
  if (coupon.duration === 'once') return t.plan.firstPayment(off);
  if (coupon.duration === 'repeating') return t.plan.forMonths(off, coupon.duration_in_months ?? 1);
  return off;
}

/** "per month", "every 3 months", in the page's language. */
export const intervalText = (
  recurring: { interval: string; interval_count: number },
  t: Messages,
) => t.plan.interval(recurring.interval as 'month', recurring.interval_count);

export function testCardList(t: Messages): SafeHtml {
  return html`<details class="test-cards">
    <summary>${t.cards.testCards}</summary>
    <p>${t.cards.testCardsLead}</p>
    <div class="table-wrap">
      <table class="table">
        <thead>
          <tr>
            <th scope="col">${t.cards.numberColumn}</th>
            <th scope="col">${t.cards.whatHappens}</th>
          </tr>
        </thead>
        <tbody>
          ${TEST_CARDS.map(
            (card) =>
              html`<tr>
                <td><code>${groupDigits(card.number)}</code></td>
                <td>${t.cards.behaviour[card.number] ?? card.description}</td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
  </details>`;
}

/** The card fields every payment form on these pages shares. */
export function cardFields(
  values: { name?: string | undefined; expiry?: string | undefined },
  errors: Partial<Record<'cardNumber' | 'expiry' | 'cvc' | 'name', string>>,
  t: Messages,
): SafeHtml {
  const error = (message: string | undefined) => message && said(t, message);
  return html`<fieldset>
      <legend>${t.cards.legend}</legend>
      ${field({
        name: 'cardNumber',
        label: t.cards.number,
        error: error(errors.cardNumber),
        autocomplete: 'cc-number',
        inputmode: 'numeric',
        placeholder: '4242 4242 4242 4242',
        maxlength: 23,
      })}
      <div class="field-row">
        ${field({
          name: 'expiry',
          label: t.cards.expiry,
          value: values.expiry,
          error: error(errors.expiry),
          autocomplete: 'cc-exp',
          inputmode: 'numeric',
          placeholder: '12 / 34',
          maxlength: 9,
        })}
        ${field({
          name: 'cvc',
          label: t.cards.cvc,
          error: error(errors.cvc),
          autocomplete: 'cc-csc',
          inputmode: 'numeric',
          maxlength: 4,
        })}
      </div>
    </fieldset>
    ${field({
      name: 'name',
      label: t.cards.name,
      value: values.name,
      error: error(errors.name),
      autocomplete: 'cc-name',
    })}`;
}

export function checkoutPage(state: CheckoutPageState): Page {
  const { view, values, errors, t } = state;
  const { session, price, product, coupon, promotionCode, internal } = view;
  const recurring = price.recurring!;
  const each = formatAmount(price.unit_amount, price.currency, t.lang);
  const interval = intervalText(recurring, t);
  const money = (amount: number) => formatAmount(amount, price.currency, t.lang);
  const subtotal = price.unit_amount * internal.quantity;
  const trialDays =
    internal.trialDays ??
    (internal.trialEnd !== null ? Math.ceil((internal.trialEnd - state.now) / DAY) : null);
  const firstSubtotal = trialDays !== null ? 0 : subtotal;
  const discount = coupon ? discountAmount(coupon, firstSubtotal, price.currency) : 0;
  const dueToday = firstSubtotal - discount;
  const payLabel = trialDays !== null ? t.checkout.startTrial : t.checkout.subscribe;

  const summary = html`<section aria-labelledby="summary-title">
    <h1 id="summary-title">${t.checkout.title(product.name)}</h1>
    ${product.description && html`<p class="lead">${product.description}</p>`}
    <p class="amount">${each} <span class="muted">${interval}</span></p>
    ${
      trialDays !== null &&
      html`<p>
        <strong>${t.plan.freeDays(trialDays)}</strong>,
        ${t.plan.thenFrom(each, interval, formatDate(state.now + trialDays * DAY, t))}
      </p>`
    }
    <table class="summary-table">
      <caption class="muted">
        ${t.checkout.dueToday}
      </caption>
      <tbody>
        <tr>
          <th scope="row">${internal.quantity} × ${product.name}</th>
          <td>${money(firstSubtotal)}</td>
        </tr>
        ${
          coupon &&
          html`<tr>
            <th scope="row">
              ${promotionCode ? html`<code>${promotionCode.code}</code>` : (coupon.name ?? t.plan.discount)}:
              ${couponTerms(coupon, t)}
            </th>
            <td>${discount > 0 ? `−${money(discount)}` : ''}</td>
          </tr>`
        }
        <tr class="total">
          <th scope="row">${t.checkout.totalDueToday}</th>
          <td>${money(dueToday)}</td>
        </tr>
      </tbody>
    </table>
    ${
      session.allow_promotion_codes &&
      html`<form
        method="get"
        action="${state.action}"
        class="inline-form"
        aria-label="${t.checkout.promotionCode}"
      >
        ${field({
          name: 'promotion_code',
          label: t.checkout.promotionCode,
          value: values.promotionCode,
          error: state.codeError && said(t, state.codeError),
          required: false,
          autocomplete: 'off',
        })}
        <button class="button" type="submit">${t.checkout.apply}</button>
      </form>`
    }
  </section>`;

  const form = html`<section aria-labelledby="pay-title">
    <h2 id="pay-title">${t.checkout.payWithCard}</h2>
    ${
      state.declined
        ? errorSummary({}, state.declined, t)
        : errorSummary(errors as Record<string, string | undefined>, undefined, t)
    }
    <form method="post" action="${state.action}" novalidate>
      ${
        session.allow_promotion_codes &&
        promotionCode &&
        html`<input type="hidden" name="promotionCode" value="${promotionCode.code}" />`
      }
      ${
        view.knownEmail
          ? html`<p>${t.checkout.receiptsTo(view.knownEmail)}</p>`
          : field({
              name: 'email',
              label: t.checkout.email,
              type: 'email',
              value: values.email,
              error: errors.email && said(t, errors.email),
              autocomplete: 'email',
              inputmode: 'email',
            })
      }
      ${cardFields(values, errors, t)}
      ${
        errors.promotionCode &&
        html`<p class="field-error" id="field-promotionCode">${said(t, errors.promotionCode)}</p>`
      }
      <button class="button button--primary button--block" type="submit">${payLabel}</button>
    </form>
    <p class="muted">
      ${
        trialDays !== null
          ? t.checkout.chargedAfterTrial(each, interval)
          : t.checkout.chargedNow(each, interval)
      }
    </p>
    ${session.cancel_url && html`<p><a href="${session.cancel_url}">${t.checkout.cancel}</a></p>`}
    ${testCardList(t)}
  </section>`;

  return {
    title: t.checkout.title(product.name),
    wide: true,
    t,
    body: html`<div class="columns">${summary}${form}</div>`,
  };
}

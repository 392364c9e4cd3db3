import { discountAmount } from '../../model/discounts';
import { formatAmount, formatInterval } from '../../model/money';
import { TEST_CARDS } from '../../model/test-cards';
import { DAY } from '../../model/time';
import { html, type SafeHtml } from '@questa/http-kit';
import { errorSummary, field, formatDate, type Page } from '../../pages/layout';
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
}

const groupDigits = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

/** "20% off the first payment", "€5.00 off for 3 months", "10% off". */
function couponTerms(coupon: CouponObject): string {
  const off =
    coupon.percent_off !== null
      ? `${coupon.percent_off}% off`
      : `${formatAmount(coupon.amount_off ?? 0, coupon.currency ?? 'eur')} off`;
  if (coupon.duration === 'once') return `${off} the first payment`;
  if (coupon.duration === 'repeating') return `${off} for ${coupon.duration_in_months} months`;
  return off;
}

export function testCardList(): SafeHtml {
  return html`<details class="test-cards">
    <summary>Test cards</summary>
    <p>Use any future expiry date and any three digits as the CVC.</p>
    <div class="table-wrap">
      <table class="table">
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">What happens</th>
          </tr>
        </thead>
        <tbody>
          ${TEST_CARDS.map(
            (card) =>
              html`<tr>
                <td><code>${groupDigits(card.number)}</code></td>
                <td>${card.description}</td>
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
): SafeHtml {
  return html`<fieldset>
      <legend>Card</legend>
      ${field({
        name: 'cardNumber',
        label: 'Card number',
        error: errors.cardNumber,
        autocomplete: 'cc-number',
        inputmode: 'numeric',
        placeholder: '4242 4242 4242 4242',
        maxlength: 23,
      })}
      <div class="field-row">
        ${field({
          name: 'expiry',
          label: 'Expiry (MM / YY)',
          value: values.expiry,
          error: errors.expiry,
          autocomplete: 'cc-exp',
          inputmode: 'numeric',
          placeholder: '12 / 34',
          maxlength: 9,
        })}
        ${field({
          name: 'cvc',
          label: 'CVC',
          error: errors.cvc,
          autocomplete: 'cc-csc',
          inputmode: 'numeric',
          maxlength: 4,
        })}
      </div>
    </fieldset>
    ${field({
      name: 'name',
      label: 'Name on card',
      value: values.name,
      error: errors.name,
      autocomplete: 'cc-name',
    })}`;
}

export function checkoutPage(state: CheckoutPageState): Page {
  const { view, values, errors } = state;
  const { session, price, product, coupon, promotionCode, internal } = view;
  const recurring = price.recurring!;
  const each = formatAmount(price.unit_amount, price.currency);
  const subtotal = price.unit_amount * internal.quantity;
  const trialDays =
    internal.trialDays ??
    (internal.trialEnd !== null ? Math.ceil((internal.trialEnd - state.now) / DAY) : null);
  const firstSubtotal = trialDays !== null ? 0 : subtotal;
  const discount = coupon ? discountAmount(coupon, firstSubtotal, price.currency) : 0;
  const dueToday = firstSubtotal - discount;
  const payLabel = trialDays !== null ? 'Start trial' : 'Subscribe';

  const summary = html`<section aria-labelledby="summary-title">
    <h1 id="summary-title">Subscribe to ${product.name}</h1>
    ${product.description && html`<p class="lead">${product.description}</p>`}
    <p class="amount">${each} <span class="muted">${formatInterval(recurring)}</span></p>
    ${
      trialDays !== null &&
      html`<p>
        <strong>${trialDays} ${trialDays === 1 ? 'day' : 'days'} free</strong>, then ${each}
        ${formatInterval(recurring)} from ${formatDate(state.now + trialDays * DAY)}.
      </p>`
    }
    <table class="summary-table">
      <caption class="muted">
        Due today
      </caption>
      <tbody>
        <tr>
          <th scope="row">${internal.quantity} × ${product.name}</th>
          <td>${formatAmount(firstSubtotal, price.currency)}</td>
        </tr>
        ${
          coupon &&
          html`<tr>
            <th scope="row">
              ${promotionCode ? html`<code>${promotionCode.code}</code>` : (coupon.name ?? 'Discount')}:
              ${couponTerms(coupon)}
            </th>
            <td>${discount > 0 ? `−${formatAmount(discount, price.currency)}` : ''}</td>
          </tr>`
        }
        <tr class="total">
          <th scope="row">Total due today</th>
          <td>${formatAmount(dueToday, price.currency)}</td>
        </tr>
      </tbody>
    </table>
    ${
      session.allow_promotion_codes &&
      html`<form
        method="get"
        action="${state.action}"
        class="inline-form"
        aria-label="Promotion code"
      >
        ${field({
          name: 'promotion_code',
          label: 'Promotion code',
          value: values.promotionCode,
          error: state.codeError,
          required: false,
          autocomplete: 'off',
        })}
        <button class="button" type="submit">Apply</button>
      </form>`
    }
  </section>`;

  const form = html`<section aria-labelledby="pay-title">
    <h2 id="pay-title">Pay with card</h2>
    ${
      state.declined
        ? errorSummary({}, state.declined)
        : errorSummary(errors as Record<string, string | undefined>)
    }
    <form method="post" action="${state.action}" novalidate>
      ${
        session.allow_promotion_codes &&
        promotionCode &&
        html`<input type="hidden" name="promotionCode" value="${promotionCode.code}" />`
      }
      ${
        view.knownEmail
          ? html`<p>Receipts go to <strong>${view.knownEmail}</strong>.</p>`
          : field({
              name: 'email',
              label: 'Email',
              type: 'email',
              value: values.email,
              error: errors.email,
              autocomplete: 'email',
              inputmode: 'email',
            })
      }
      ${cardFields(values, errors)}
      ${
        errors.promotionCode &&
        html`<p class="field-error" id="field-promotionCode">${errors.promotionCode}</p>`
      }
      <button class="button button--primary button--block" type="submit">${payLabel}</button>
    </form>
    <p class="muted">
      ${
        trialDays !== null
          ? `Your card is charged ${each} when the trial ends, then ${formatInterval(recurring)} until you cancel.`
          : `Your card is charged ${each} now and ${formatInterval(recurring)} until you cancel.`
      }
    </p>
    ${session.cancel_url && html`<p><a href="${session.cancel_url}">Cancel and go back</a></p>`}
    ${testCardList()}
  </section>`;

  return {
    title: `Subscribe to ${product.name}`,
    wide: true,
    body: html`<div class="columns">${summary}${form}</div>`,
  };
}

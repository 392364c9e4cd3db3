import type { CustomerObject, PaymentMethodObject } from '../../model/objects';
import { checkCardNumber, parseExpiry } from '../../model/test-cards';
import type { Ledger } from '../../store/ledger';
import type { StoredObject } from '../../store/object.repository';
import { ID_PREFIX, newId } from '../../wire/ids';
import type { PaymentMethodInternal } from './billing-context';
import type { PaymentMethod } from './invoices';

export interface CardForm {
  name: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type CardFormErrors = Partial<Record<keyof CardForm, string>>;

/** Reads a card typed on a hosted page; what is wrong, field by field, or the card. */
export function readCardForm(form: CardForm, now: number) {
  // In the order the fields appear, so the summary at the top of the form reads the same way.
  const errors: CardFormErrors = {};
  const card = checkCardNumber(form.cardNumber);
  if (!form.cardNumber.trim()) errors.cardNumber = 'Enter the card number.';
  else if (!card.ok && card.code === 'incorrect_number') errors.cardNumber = card.message;
  const expiry = parseExpiry(form.expiry);
  const today = new Date(now * 1000);
  if (!expiry) errors.expiry = 'Enter the expiry date as MM / YY.';
  else if (
    expiry.year < today.getUTCFullYear() ||
    (expiry.year === today.getUTCFullYear() && expiry.month < today.getUTCMonth() + 1)
  ) {
    errors.expiry = 'Your card’s expiry date is in the past.';
  }
  if (!/^\d{3,4}$/.test(form.cvc.trim())) {
    errors.cvc = 'Enter the 3 or 4 digits on the back of the card.';
  }
  if (!form.name.trim()) errors.name = 'Enter the name on the card.';
  return { errors, card, expiry };
}

/** Attaches the typed card to the customer (the new default) when it is valid. */
export async function attachTypedCard(
  ledger: Ledger,
  customer: StoredObject<CustomerObject>,
  form: CardForm,
): Promise<{ errors: CardFormErrors; declined?: string; paymentMethod?: PaymentMethod }> {
  const at = await ledger.now(customer.clock);
  const { errors, card, expiry } = readCardForm(form, at);
  if (Object.keys(errors).length > 0) return { errors };
  if (!card.ok) return { errors, declined: card.message };
  // A card that declines every charge fails the check made when it is saved, as at Stripe.
  if (card.card.behaviour.kind === 'declines')
    return { errors, declined: card.card.behaviour.message };
  const paymentMethod = await attachCard(ledger, customer, {
    card: card.card,
    last4: card.last4,
    fingerprint: card.fingerprint,
    expiry: expiry!,
    name: form.name.trim(),
    email: customer.data.email,
    at,
  });
  return { errors, paymentMethod };
}

/** Attaches a test card to the customer and makes it the customer's default for invoices. */
export async function attachCard(
  ledger: Ledger,
  customer: StoredObject<CustomerObject>,
  options: {
    card: { brand: string; behaviour: PaymentMethodInternal['behaviour'] };
    last4: string;
    fingerprint: string;
    expiry: { month: number; year: number };
    name: string;
    email: string | null;
    at: number;
  },
): Promise<StoredObject<PaymentMethodObject, PaymentMethodInternal>> {
  const id = newId(ID_PREFIX.paymentMethod);
  const paymentMethod = await ledger.insert<PaymentMethodObject, PaymentMethodInternal>({
    id,
    type: 'payment_method',
    customer: customer.id,
    clock: customer.clock,
    data: {
      id,
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: { address: null, email: options.email, name: options.name, phone: null },
      card: {
        brand: options.card.brand,
        checks: { cvc_check: 'pass' },
        country: 'US',
        display_brand: options.card.brand,
        exp_month: options.expiry.month,
        exp_year: options.expiry.year,
        fingerprint: options.fingerprint,
        funding: 'credit',
        last4: options.last4,
        wallet: null,
      },
      created: options.at,
      customer: customer.id,
      livemode: false,
      metadata: {},
      type: 'card',
    },
    internal: { behaviour: options.card.behaviour },
  });
  ledger.emit('payment_method.attached', paymentMethod.data);
  const before = structuredClone(customer.data);
  customer.data.invoice_settings.default_payment_method = id;
  await ledger.save(customer);
  ledger.emitChange('customer.updated', before, customer.data);
  return paymentMethod;
}

import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchLocale } from './pages/locale';
import { catalogue, LOCALES } from './pages/messages';
import { TEST_CARDS } from './model/test-cards';
import { payCheckout } from './testing/hosted-pages';
import { startSandbox, type RunningSandbox } from './testing/sandbox-fixture';
import { stripeFor } from './testing/stripe-client';

const SUCCESS = 'https://questa.test/billing?checkout=success&session={CHECKOUT_SESSION_ID}';
const langOf = (page: string) => /<html lang="([^"]+)"/.exec(page)?.[1];

describe(
  'the hosted pages speak the language the session was opened in',
  { timeout: 120_000 },
  () => {
    let sandbox: RunningSandbox;
    let stripe: Stripe;
    let price: Stripe.Price;

    beforeAll(async () => {
      sandbox = await startSandbox();
      stripe = stripeFor(sandbox);
      price = await stripe.prices.create({
        currency: 'eur',
        unit_amount: 900,
        recurring: { interval: 'month' },
        product_data: { name: 'Premium' },
      });
    });
    afterAll(async () => {
      await sandbox?.close();
    });

    const checkout = (locale?: Stripe.Checkout.SessionCreateParams.Locale) =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: price.id, quantity: 1 }],
        success_url: SUCCESS,
        cancel_url: 'https://questa.test/billing?checkout=canceled',
        subscription_data: { trial_period_days: 7 },
        ...(locale && { locale }),
      });

    const page = async (url: string, acceptLanguage?: string) =>
      (
        await fetch(url, { headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} })
      ).text();

    it('shows checkout, its plan and its errors in German when the session asks for `de`', async () => {
      const session = await checkout('de');
      expect(session.locale).toBe('de');
      // The session's language wins over the browser's.
      const shown = await page(session.url!, 'en-US,en;q=0.9');
      expect(langOf(shown)).toBe('de');
      expect(shown).toContain('Premium abonnieren');
      expect(shown).toMatch(/9,00\s€/);
      expect(shown).toContain('pro Monat');
      expect(shown).toContain('7 Tage kostenlos');
      expect(shown).toContain('Testzeitraum beginnen');
      expect(shown).toContain('Sandbox – keine echte Zahlung.');
      expect(shown).toContain('Wird mangels Deckung abgelehnt.');
      expect(shown).not.toContain('Subscribe to');

      const refused = await payCheckout(session.url!, { cardNumber: '4000 0000 0000 0002' });
      expect(refused.status).toBe(402);
      expect(refused.body).toContain('Ihre Karte wurde abgelehnt.');
      const incomplete = await payCheckout(session.url!, { cardNumber: '', cvc: '1' });
      expect(incomplete.status).toBe(400);
      expect(incomplete.body).toContain('Geben Sie die Kartennummer ein.');
      expect(incomplete.body).toContain('Bitte prüfen Sie das Formular');

      const paid = await payCheckout(session.url!, { cardNumber: '4242 4242 4242 4242' });
      expect(paid.status).toBe(303);
      expect(await page(session.url!)).toContain('Zahlung abgeschlossen');
    });

    it('follows the browser for `auto` or no locale, and English by default', async () => {
      const auto = await checkout('auto');
      expect(langOf(await page(auto.url!, 'de-AT,de;q=0.9,en;q=0.5'))).toBe('de');
      const none = await checkout();
      expect(langOf(await page(none.url!, 'fr-FR,de;q=0.8'))).toBe('de');
      const english = await page(none.url!, 'fr-FR');
      expect(langOf(english)).toBe('en');
      expect(english).toContain('Subscribe to Premium');
      expect(english).toContain('€9.00');
      expect(english).toContain('per month');
    });

    it('shows the portal, its plan, its confirmations and its card form in German for `de`', async () => {
      const session = await checkout('de');
      await payCheckout(session.url!, { cardNumber: '4242 4242 4242 4242' });
      const paid = await stripe.checkout.sessions.retrieve(session.id);
      const portal = await stripe.billingPortal.sessions.create({
        customer: paid.customer as string,
        return_url: 'https://questa.test/billing',
        locale: 'de',
      });
      expect(portal.locale).toBe('de');
      const shown = await page(portal.url, 'en');
      expect(langOf(shown)).toBe('de');
      expect(shown).toContain('Abonnement verwalten');
      expect(shown).toContain('Testzeitraum');
      expect(shown).toMatch(/9,00\s€ pro Monat/);
      expect(shown).toContain('Zahlungsmittel');
      expect(shown).toContain('Abonnement kündigen');

      const confirm = await fetch(`${portal.url}/subscriptions/${paid.subscription}/cancel`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      expect(await confirm.text()).toContain('Abonnement kündigen?');

      const card = await fetch(`${portal.url}/card`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ name: '', cardNumber: '1234', expiry: '', cvc: '' }).toString(),
      });
      expect(card.status).toBe(400);
      const refused = await card.text();
      expect(refused).toContain('Ihre Kartennummer ist nicht korrekt.');
      expect(refused).toContain('Geben Sie den Namen auf der Karte ein.');

      // A link that no longer opens has no session: the browser's language decides.
      const missing = await fetch(`${sandbox.origin}/sandbox-pay/portal/bps_nothere`, {
        headers: { 'accept-language': 'de' },
      });
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain('Link nicht gültig');
    });

    it('has every test card and language in the catalogue, and matches tags by language', () => {
      for (const locale of LOCALES) {
        for (const card of TEST_CARDS)
          expect(catalogue[locale].cards.behaviour[card.number]).toBeTruthy();
      }
      expect(matchLocale(['de-CH'])).toBe('de');
      expect(matchLocale(['pt-BR', 'en-GB'])).toBe('en');
      expect(matchLocale(['fr'])).toBeUndefined();
    });
  },
);

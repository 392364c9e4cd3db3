import { html, type SafeHtml } from '@questa/http-kit';
import { TEST_CARDS } from '../model/test-cards';

/** The languages of the hosted pages: those of Questa's app. */
export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

type Interval = 'day' | 'week' | 'month' | 'year';

/**
 * Every word of the hosted checkout and portal pages, in each language Questa's app offers. The
 * English texts are the reference; German must say the same things, which the type enforces key
 * by key. Amounts and dates are written by `Intl` in the page's language.
 */
const en = {
  lang: 'en' as Locale,
  layout: {
    banner: 'Sandbox — no real payment.',
    bannerRest: 'Test cards only; nothing here moves money.',
    footer:
      'Payment pages of Questa’s built-in sandbox partner. They behave like a real partner’s and charge nothing.',
    checkForm: 'Please check the form',
    titleSuffix: 'Sandbox',
  },
  plan: {
    /** "per month", "every 3 months". */
    interval: (interval: Interval, count: number) =>
      count === 1 ? `per ${interval}` : `every ${count} ${interval}s`,
    freeDays: (days: number) => `${days} ${days === 1 ? 'day' : 'days'} free`,
    thenFrom: (price: string, interval: string, date: string) =>
      `then ${price} ${interval} from ${date}.`,
    percentOff: (percent: number) => `${percent}% off`,
    amountOff: (amount: string) => `${amount} off`,
    firstPayment: (off: string) => `${off} the first payment`,
    forMonths: (off: string, months: number) => `${off} for ${months} months`,
    discount: 'Discount',
  },
  cards: {
    legend: 'Card',
    number: 'Card number',
    expiry: 'Expiry (MM / YY)',
    cvc: 'CVC',
    name: 'Name on card',
    testCards: 'Test cards',
    testCardsLead: 'Use any future expiry date and any three digits as the CVC.',
    numberColumn: 'Number',
    whatHappens: 'What happens',
    /** What each test card does, by its number; English is the cards' own description. */
    behaviour: Object.fromEntries(
      TEST_CARDS.map((card) => [card.number, card.description]),
    ) as Record<string, string>,
  },
  checkout: {
    title: (product: string) => `Subscribe to ${product}`,
    dueToday: 'Due today',
    totalDueToday: 'Total due today',
    promotionCode: 'Promotion code',
    apply: 'Apply',
    payWithCard: 'Pay with card',
    receiptsTo: (email: string): SafeHtml => html`Receipts go to <strong>${email}</strong>.`,
    email: 'Email',
    startTrial: 'Start trial',
    subscribe: 'Subscribe',
    chargedAfterTrial: (price: string, interval: string) =>
      `Your card is charged ${price} when the trial ends, then ${interval} until you cancel.`,
    chargedNow: (price: string, interval: string) =>
      `Your card is charged ${price} now and ${interval} until you cancel.`,
    cancel: 'Cancel and go back',
    notFoundTitle: 'Checkout not found',
    notFoundLead:
      'This checkout link is not valid. Go back to the site you came from and start again.',
    completeTitle: 'Payment complete',
    completeLead: 'This checkout is already paid. You can close this page.',
    continue: 'Continue',
    expiredTitle: 'This checkout has expired',
    expiredLead: 'Nothing was charged. Go back and start the checkout again.',
    goBack: 'Go back',
  },
  portal: {
    title: 'Manage your subscription',
    done: {
      canceled: 'Your subscription will end at the end of the current period.',
      resumed: 'Your subscription will renew as before.',
      plan: 'Your plan has changed. The difference is settled on your next invoice.',
      card: 'Your card has been updated.',
    } as Record<string, string>,
    status: {
      active: 'Active',
      trialing: 'Trial',
      past_due: 'Payment failed',
      canceled: 'Canceled',
      incomplete: 'Incomplete',
    } as Record<string, string>,
    subscription: 'Subscription',
    endsOn: (date: string) => `Ends on ${date}.`,
    willNotRenew: 'It will not renew.',
    lastPaymentFailed: 'The last payment failed.',
    updateToPay: 'Update your card to pay the open invoice.',
    trialEnds: (date: string, price: string) => `Your trial ends on ${date}; then ${price}.`,
    renewsOn: (date: string) => `Renews on ${date}.`,
    endedOn: (date: string) => `Ended on ${date}.`,
    resume: 'Resume subscription',
    cancel: 'Cancel subscription',
    changePlan: 'Change plan',
    reviewChange: 'Review change',
    noSubscription: 'You have no subscription.',
    paymentMethod: 'Payment method',
    cardOnFile: (brand: string, last4: string, expires: string) =>
      `${brand} ending in ${last4}, expires ${expires}`,
    noCard: 'No card on file.',
    updateCard: 'Update card',
    invoices: 'Invoices',
    noInvoices: 'No invoices yet.',
    date: 'Date',
    amount: 'Amount',
    invoiceStatus: 'Status',
    invoice: 'Invoice',
    invoiceState: { draft: 'Draft', open: 'Open', paid: 'Paid', void: 'Void' } as Record<
      string,
      string
    >,
    view: 'View',
    viewInvoice: (number: string) => `invoice ${number}`,
    returnToSite: 'Return to the site',
    cancelTitle: 'Cancel subscription',
    cancelHeading: 'Cancel your subscription?',
    cancelLead: (date: string) =>
      `You keep everything you pay for until ${date}; after that the subscription ends and you are not charged again. You can resume it until then.`,
    cancelAtPeriodEnd: 'Cancel at period end',
    keepSubscription: 'Keep my subscription',
    changeHeading: (product: string) => `Change to ${product}?`,
    changeLead: (price: string) =>
      `You move to ${price} now. Unused time on your current plan is credited and the rest of this period at the new price is charged, both on your next invoice.`,
    keepPlan: 'Keep my plan',
    cardTitle: 'Update card',
    cardHeading: 'Update your card',
    cardLead: 'The new card is used for your next payments and for any unpaid invoice.',
    saveCard: 'Save card',
    back: 'Back',
    notFoundTitle: 'Link not valid',
    notFoundLead:
      'This link to manage a subscription is not valid. Go back to the site and open it again.',
    expiredTitle: 'This link has expired',
    expiredLead:
      'For your security, links to manage a subscription work for an hour. Go back to the site and open it again.',
  },
  /**
   * The sandbox's services say what is wrong with a form in English, the reference language, as
   * its API does; a page in another language shows each known sentence in that language.
   */
  problems: {} as Record<string, string>,
};

export type Messages = typeof en;

type Problems = Record<string, string>;

const de: Messages = {
  lang: 'de',
  layout: {
    banner: 'Sandbox – keine echte Zahlung.',
    bannerRest: 'Nur Testkarten; hier wird kein Geld bewegt.',
    footer:
      'Zahlungsseiten des eingebauten Sandbox-Partners von Questa. Sie verhalten sich wie die eines echten Partners und belasten nichts.',
    checkForm: 'Bitte prüfen Sie das Formular',
    titleSuffix: 'Sandbox',
  },
  plan: {
    interval: (interval, count) => {
      const one = { day: 'Tag', week: 'Woche', month: 'Monat', year: 'Jahr' }[interval];
      const many = { day: 'Tage', week: 'Wochen', month: 'Monate', year: 'Jahre' }[interval];
      return count === 1 ? `pro ${one}` : `alle ${count} ${many}`;
    },
    freeDays: (days) => `${days} ${days === 1 ? 'Tag' : 'Tage'} kostenlos`,
    thenFrom: (price, interval, date) => `danach ${price} ${interval} ab dem ${date}.`,
    percentOff: (percent) => `${percent} % Rabatt`,
    amountOff: (amount) => `${amount} Rabatt`,
    firstPayment: (off) => `${off} auf die erste Zahlung`,
    forMonths: (off, months) => `${off} für ${months} Monate`,
    discount: 'Rabatt',
  },
  cards: {
    legend: 'Karte',
    number: 'Kartennummer',
    expiry: 'Gültig bis (MM / JJ)',
    cvc: 'Prüfnummer (CVC)',
    name: 'Name auf der Karte',
    testCards: 'Testkarten',
    testCardsLead:
      'Verwenden Sie ein beliebiges künftiges Ablaufdatum und drei beliebige Ziffern als Prüfnummer.',
    numberColumn: 'Nummer',
    whatHappens: 'Was passiert',
    behaviour: {
      '4242424242424242': 'Zahlt.',
      '5555555555554444': 'Zahlt (Mastercard).',
      '4000000000000002': 'Wird abgelehnt.',
      '4000000000009995': 'Wird mangels Deckung abgelehnt.',
      '4000000000000341': 'Zahlt jetzt; Verlängerungen werden abgelehnt.',
    },
  },
  checkout: {
    title: (product) => `${product} abonnieren`,
    dueToday: 'Heute fällig',
    totalDueToday: 'Heute fällig insgesamt',
    promotionCode: 'Aktionscode',
    apply: 'Einlösen',
    payWithCard: 'Mit Karte bezahlen',
    receiptsTo: (email) => html`Belege gehen an <strong>${email}</strong>.`,
    email: 'E-Mail',
    startTrial: 'Testzeitraum beginnen',
    subscribe: 'Abonnieren',
    chargedAfterTrial: (price, interval) =>
      `Ihre Karte wird nach dem Testzeitraum mit ${price} belastet, danach ${interval}, bis Sie kündigen.`,
    chargedNow: (price, interval) =>
      `Ihre Karte wird jetzt mit ${price} belastet, danach ${interval}, bis Sie kündigen.`,
    cancel: 'Abbrechen und zurück',
    notFoundTitle: 'Bezahlvorgang nicht gefunden',
    notFoundLead:
      'Dieser Link zum Bezahlen ist nicht gültig. Gehen Sie zurück zur Seite, von der Sie kamen, und beginnen Sie neu.',
    completeTitle: 'Zahlung abgeschlossen',
    completeLead: 'Dieser Bezahlvorgang ist schon bezahlt. Sie können diese Seite schließen.',
    continue: 'Weiter',
    expiredTitle: 'Dieser Bezahlvorgang ist abgelaufen',
    expiredLead:
      'Es wurde nichts belastet. Gehen Sie zurück und beginnen Sie den Bezahlvorgang neu.',
    goBack: 'Zurück',
  },
  portal: {
    title: 'Abonnement verwalten',
    done: {
      canceled: 'Ihr Abonnement endet mit dem Ende des laufenden Zeitraums.',
      resumed: 'Ihr Abonnement verlängert sich wie bisher.',
      plan: 'Ihr Tarif wurde geändert. Der Unterschied wird mit der nächsten Rechnung verrechnet.',
      card: 'Ihre Karte wurde aktualisiert.',
    },
    status: {
      active: 'Aktiv',
      trialing: 'Testzeitraum',
      past_due: 'Zahlung fehlgeschlagen',
      canceled: 'Gekündigt',
      incomplete: 'Unvollständig',
    },
    subscription: 'Abonnement',
    endsOn: (date) => `Endet am ${date}.`,
    willNotRenew: 'Es verlängert sich nicht.',
    lastPaymentFailed: 'Die letzte Zahlung ist fehlgeschlagen.',
    updateToPay: 'Aktualisieren Sie Ihre Karte, um die offene Rechnung zu bezahlen.',
    trialEnds: (date, price) => `Ihr Testzeitraum endet am ${date}; danach ${price}.`,
    renewsOn: (date) => `Verlängert sich am ${date}.`,
    endedOn: (date) => `Beendet am ${date}.`,
    resume: 'Abonnement fortsetzen',
    cancel: 'Abonnement kündigen',
    changePlan: 'Tarif wechseln',
    reviewChange: 'Wechsel prüfen',
    noSubscription: 'Sie haben kein Abonnement.',
    paymentMethod: 'Zahlungsmittel',
    cardOnFile: (brand, last4, expires) =>
      `${brand} mit Endziffern ${last4}, gültig bis ${expires}`,
    noCard: 'Keine Karte hinterlegt.',
    updateCard: 'Karte ändern',
    invoices: 'Rechnungen',
    noInvoices: 'Noch keine Rechnungen.',
    date: 'Datum',
    amount: 'Betrag',
    invoiceStatus: 'Status',
    invoice: 'Rechnung',
    invoiceState: { draft: 'Entwurf', open: 'Offen', paid: 'Bezahlt', void: 'Storniert' },
    view: 'Ansehen',
    viewInvoice: (number) => `Rechnung ${number}`,
    returnToSite: 'Zurück zur Website',
    cancelTitle: 'Abonnement kündigen',
    cancelHeading: 'Abonnement kündigen?',
    cancelLead: (date) =>
      `Sie behalten alles, wofür Sie bezahlt haben, bis zum ${date}; danach endet das Abonnement und Sie werden nicht mehr belastet. Bis dahin können Sie es fortsetzen.`,
    cancelAtPeriodEnd: 'Zum Ende des Zeitraums kündigen',
    keepSubscription: 'Abonnement behalten',
    changeHeading: (product) => `Zu ${product} wechseln?`,
    changeLead: (price) =>
      `Sie wechseln jetzt zu ${price}. Ungenutzte Zeit Ihres bisherigen Tarifs wird gutgeschrieben und der Rest dieses Zeitraums zum neuen Preis berechnet, beides mit Ihrer nächsten Rechnung.`,
    keepPlan: 'Tarif behalten',
    cardTitle: 'Karte ändern',
    cardHeading: 'Ihre Karte ändern',
    cardLead:
      'Die neue Karte wird für Ihre nächsten Zahlungen und für jede offene Rechnung verwendet.',
    saveCard: 'Karte speichern',
    back: 'Zurück',
    notFoundTitle: 'Link nicht gültig',
    notFoundLead:
      'Dieser Link zum Verwalten eines Abonnements ist nicht gültig. Gehen Sie zurück zur Website und öffnen Sie ihn erneut.',
    expiredTitle: 'Dieser Link ist abgelaufen',
    expiredLead:
      'Zu Ihrer Sicherheit gelten Links zum Verwalten eines Abonnements eine Stunde lang. Gehen Sie zurück zur Website und öffnen Sie ihn erneut.',
  },
  problems: {
    'Enter the card number.': 'Geben Sie die Kartennummer ein.',
    'Your card number is incorrect.': 'Ihre Kartennummer ist nicht korrekt.',
    'Enter the expiry date as MM / YY.': 'Geben Sie das Ablaufdatum als MM / JJ ein.',
    'Your card’s expiry date is in the past.':
      'Das Ablaufdatum Ihrer Karte liegt in der Vergangenheit.',
    'Enter the 3 or 4 digits on the back of the card.':
      'Geben Sie die 3 oder 4 Ziffern auf der Rückseite der Karte ein.',
    'Enter the name on the card.': 'Geben Sie den Namen auf der Karte ein.',
    'Enter an email address such as name@example.com.':
      'Geben Sie eine E-Mail-Adresse wie name@example.com ein.',
    'Your card was declined.': 'Ihre Karte wurde abgelehnt.',
    'Your card has insufficient funds.': 'Ihre Karte ist nicht ausreichend gedeckt.',
    'Your card was declined. This is a sandbox: use one of the test cards listed on this page.':
      'Ihre Karte wurde abgelehnt. Dies ist eine Sandbox: Verwenden Sie eine der auf dieser Seite genannten Testkarten.',
    'This checkout takes no promotion codes.': 'Dieser Bezahlvorgang nimmt keine Aktionscodes an.',
    'This code is invalid.': 'Dieser Code ist ungültig.',
    'This code is no longer valid.': 'Dieser Code ist nicht mehr gültig.',
    'This code has expired.': 'Dieser Code ist abgelaufen.',
    'This code has been used as many times as it may be.':
      'Dieser Code wurde so oft eingelöst, wie er darf.',
    'This code is not valid for this customer.': 'Dieser Code gilt nicht für diesen Kunden.',
  } satisfies Problems,
};

export const catalogue: Record<Locale, Messages> = { en, de };

/** A sentence a service said, in the page's language when the catalogue has it. */
export const said = (t: Messages, sentence: string): string => t.problems[sentence] ?? sentence;

import { html, type SafeHtml } from '@questa/http-kit';

/** The languages of the hosted pages: those of Questa's app. */
export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * Every word of the hosted pages, in each language Questa's app offers. The English texts are the
 * reference; German must say the same things, which the type enforces key by key.
 */
const en = {
  lang: 'en' as Locale,
  tooManyAttempts: {
    title: 'Too many attempts',
    lead: (limit: number, seconds: number) =>
      `There were more than ${limit} attempts from your network within a minute. For your safety, please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before you try again.`,
    action: 'Try again',
  },
  accountThrottled: {
    title: 'Please wait a moment',
    lead: (seconds: number) =>
      `There were several failed sign-ins with this email address. For the account's safety, please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before you try again, or reset the password.`,
    action: 'Try again',
    reset: 'Reset the password',
  },
  formExpired: {
    title: 'This form has expired',
    lead: 'For your security, forms work only for a while after they were opened. Open it again and resend it.',
    action: 'Open the form again',
  },
  rules: {
    atLeast: (min: number) => `At least ${min} characters.`,
    tooShort: (min: number) => `Use at least ${min} characters.`,
    tooLong: (max: number) => `Use at most ${max} characters.`,
  },
  password: {
    show: 'Show password',
    /** Live feedback while typing; `{count}` and `{min}` are filled in by the page's script. */
    typing: 'Use at least {min} characters. {count} so far.',
    longEnough: 'Long enough.',
  },
  signIn: {
    title: 'Sign in',
    heading: 'Sign in to Questa',
    lead: 'Welcome back. Your practice is waiting.',
    wrongCredentials: 'Email or password is wrong.',
    unverified: (email: string): SafeHtml =>
      html`<p>
        Please confirm your email address first: open the link we sent to
        <strong>${email}</strong>.
      </p>`,
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    forgot: 'Forgot your password?',
    newHere: 'New to Questa?',
    createAccount: 'Create an account',
    expiredTitle: 'This sign-in page has expired',
    expiredLead:
      'Sign-in pages stay valid for an hour, in the browser they were opened in. Please start again.',
    startAgain: 'Start again',
  },
  signUp: {
    title: 'Create your account',
    heading: 'Create your Questa account',
    lead: 'Practise with instant feedback and pick up where you left off on any device.',
    correctFields: 'Please correct the fields marked below.',
    displayName: 'Display name',
    email: 'Email',
    password: 'Password',
    submit: 'Create account',
    haveAccount: 'Already have an account?',
    signIn: 'Sign in',
    nameMissing: 'Enter the name other people will see.',
    emailMissing: 'Enter your email address.',
    emailInvalid: 'Enter an email address like name@example.com.',
  },
  checkEmail: {
    title: 'Check your email',
    lead: (email: string): SafeHtml =>
      html`We sent a link to <strong>${email}</strong>. Open it to confirm your address, then sign
        in.`,
    nothingArrived: 'Nothing arrived after a few minutes? Look in your spam folder, or:',
    resend: 'Send the link again',
  },
  verified: {
    title: 'Your email is confirmed',
    lead: 'Thank you. Your Questa account is ready.',
    failedTitle: 'This link no longer works',
    failedLead:
      'Confirmation links work once and expire after 24 hours. Sign in with your email and password to get a new one.',
    continue: 'Continue to sign in',
  },
  reset: {
    title: 'Reset your password',
    lead: 'Enter the email address of your account and we will send you a link to choose a new password.',
    email: 'Email',
    submit: 'Send reset link',
    remembered: 'Remembered it?',
    signIn: 'Sign in',
    sentTitle: 'Check your email',
    sentLead: (email: string): SafeHtml =>
      html`If <strong>${email}</strong> belongs to a Questa account, we sent it a link to choose a
        new password. The link works once and expires in 1 hour.`,
    newTitle: 'Choose a new password',
    newLead: 'After this, you are signed out everywhere and sign in with the new password.',
    correctField: 'Please correct the field marked below.',
    newPassword: 'New password',
    setPassword: 'Set new password',
    changedTitle: 'Your password is changed',
    changedLead: 'Sign in with your new password to continue.',
    continue: 'Continue to sign in',
    invalidTitle: 'This link no longer works',
    invalidLead: 'Password reset links work once and expire after 1 hour. Ask for a new one.',
    requestNew: 'Request a new link',
  },
  changePassword: {
    title: 'Change your password',
    lead: 'Enter your current password and choose a new one. After this, you are signed out everywhere and sign in with the new password.',
    correctFields: 'Please correct the fields marked below.',
    email: 'Email',
    currentPassword: 'Current password',
    newPassword: 'New password',
    submit: 'Change password',
    wrongCredentials: 'The email or current password is wrong.',
    changedTitle: 'Your password is changed',
    changedLead: 'You are signed out everywhere. Sign in with your new password to continue.',
    continue: 'Continue to sign in',
    backToAccount: 'Back to your account',
  },
  signedOut: {
    confirmTitle: 'Sign out',
    confirmHeading: 'Sign out of Questa?',
    confirmLead: 'This ends your Questa session on this device.',
    submit: 'Sign out',
    doneTitle: 'You are signed out',
    doneLead: 'Your Questa session on this device has ended.',
    back: 'Back to Questa',
  },
};

export type Messages = typeof en;

const de: Messages = {
  lang: 'de',
  tooManyAttempts: {
    title: 'Zu viele Versuche',
    lead: (limit, seconds) =>
      `Aus Ihrem Netzwerk kamen innerhalb einer Minute mehr als ${limit} Versuche. Zu Ihrer Sicherheit warten Sie bitte ${seconds} ${seconds === 1 ? 'Sekunde' : 'Sekunden'}, bevor Sie es erneut versuchen.`,
    action: 'Erneut versuchen',
  },
  accountThrottled: {
    title: 'Bitte warten Sie einen Moment',
    lead: (seconds) =>
      `Mit dieser E-Mail-Adresse gab es mehrere fehlgeschlagene Anmeldungen. Zum Schutz des Kontos warten Sie bitte ${seconds} ${seconds === 1 ? 'Sekunde' : 'Sekunden'}, bevor Sie es erneut versuchen, oder setzen Sie das Passwort zurück.`,
    action: 'Erneut versuchen',
    reset: 'Passwort zurücksetzen',
  },
  formExpired: {
    title: 'Dieses Formular ist abgelaufen',
    lead: 'Zu Ihrer Sicherheit gelten Formulare nur eine Weile nach dem Öffnen. Öffnen Sie es erneut und senden Sie es noch einmal.',
    action: 'Formular erneut öffnen',
  },
  rules: {
    atLeast: (min) => `Mindestens ${min} Zeichen.`,
    tooShort: (min) => `Verwenden Sie mindestens ${min} Zeichen.`,
    tooLong: (max) => `Verwenden Sie höchstens ${max} Zeichen.`,
  },
  password: {
    show: 'Passwort anzeigen',
    typing: 'Verwenden Sie mindestens {min} Zeichen. Bisher {count}.',
    longEnough: 'Lang genug.',
  },
  signIn: {
    title: 'Anmelden',
    heading: 'Bei Questa anmelden',
    lead: 'Willkommen zurück. Ihre Übungen warten auf Sie.',
    wrongCredentials: 'E-Mail-Adresse oder Passwort ist falsch.',
    unverified: (email) =>
      html`<p>
        Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse: Öffnen Sie den Link, den wir an
        <strong>${email}</strong> geschickt haben.
      </p>`,
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    submit: 'Anmelden',
    forgot: 'Passwort vergessen?',
    newHere: 'Neu bei Questa?',
    createAccount: 'Konto erstellen',
    expiredTitle: 'Diese Anmeldeseite ist abgelaufen',
    expiredLead:
      'Anmeldeseiten gelten eine Stunde lang in dem Browser, in dem sie geöffnet wurden. Bitte beginnen Sie erneut.',
    startAgain: 'Erneut beginnen',
  },
  signUp: {
    title: 'Konto erstellen',
    heading: 'Ihr Questa-Konto erstellen',
    lead: 'Üben Sie mit sofortiger Rückmeldung und machen Sie auf jedem Gerät dort weiter, wo Sie aufgehört haben.',
    correctFields: 'Bitte korrigieren Sie die markierten Felder.',
    displayName: 'Anzeigename',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    submit: 'Konto erstellen',
    haveAccount: 'Sie haben schon ein Konto?',
    signIn: 'Anmelden',
    nameMissing: 'Geben Sie den Namen ein, den andere sehen.',
    emailMissing: 'Geben Sie Ihre E-Mail-Adresse ein.',
    emailInvalid: 'Geben Sie eine E-Mail-Adresse wie name@example.com ein.',
  },
  checkEmail: {
    title: 'Prüfen Sie Ihre E-Mails',
    lead: (email) =>
      html`Wir haben einen Link an <strong>${email}</strong> geschickt. Öffnen Sie ihn, um Ihre
        Adresse zu bestätigen, und melden Sie sich dann an.`,
    nothingArrived:
      'Nach ein paar Minuten ist nichts angekommen? Sehen Sie im Spam-Ordner nach, oder:',
    resend: 'Link erneut senden',
  },
  verified: {
    title: 'Ihre E-Mail-Adresse ist bestätigt',
    lead: 'Vielen Dank. Ihr Questa-Konto ist bereit.',
    failedTitle: 'Dieser Link funktioniert nicht mehr',
    failedLead:
      'Bestätigungslinks funktionieren einmal und laufen nach 24 Stunden ab. Melden Sie sich mit E-Mail-Adresse und Passwort an, um einen neuen zu erhalten.',
    continue: 'Weiter zur Anmeldung',
  },
  reset: {
    title: 'Passwort zurücksetzen',
    lead: 'Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir schicken Ihnen einen Link, mit dem Sie ein neues Passwort wählen.',
    email: 'E-Mail-Adresse',
    submit: 'Link zum Zurücksetzen senden',
    remembered: 'Doch wieder eingefallen?',
    signIn: 'Anmelden',
    sentTitle: 'Prüfen Sie Ihre E-Mails',
    sentLead: (email) =>
      html`Wenn <strong>${email}</strong> zu einem Questa-Konto gehört, haben wir dorthin einen Link
        zum Wählen eines neuen Passworts geschickt. Der Link funktioniert einmal und läuft nach 1
        Stunde ab.`,
    newTitle: 'Neues Passwort wählen',
    newLead: 'Danach sind Sie überall abgemeldet und melden sich mit dem neuen Passwort an.',
    correctField: 'Bitte korrigieren Sie das markierte Feld.',
    newPassword: 'Neues Passwort',
    setPassword: 'Neues Passwort speichern',
    changedTitle: 'Ihr Passwort ist geändert',
    changedLead: 'Melden Sie sich mit Ihrem neuen Passwort an, um fortzufahren.',
    continue: 'Weiter zur Anmeldung',
    invalidTitle: 'Dieser Link funktioniert nicht mehr',
    invalidLead:
      'Links zum Zurücksetzen funktionieren einmal und laufen nach 1 Stunde ab. Fordern Sie einen neuen an.',
    requestNew: 'Neuen Link anfordern',
  },
  changePassword: {
    title: 'Passwort ändern',
    lead: 'Geben Sie Ihr aktuelles Passwort ein und wählen Sie ein neues. Danach sind Sie überall abgemeldet und melden sich mit dem neuen Passwort an.',
    correctFields: 'Bitte korrigieren Sie die markierten Felder.',
    email: 'E-Mail-Adresse',
    currentPassword: 'Aktuelles Passwort',
    newPassword: 'Neues Passwort',
    submit: 'Passwort ändern',
    wrongCredentials: 'E-Mail-Adresse oder aktuelles Passwort ist falsch.',
    changedTitle: 'Ihr Passwort ist geändert',
    changedLead:
      'Sie sind überall abgemeldet. Melden Sie sich mit Ihrem neuen Passwort an, um fortzufahren.',
    continue: 'Weiter zur Anmeldung',
    backToAccount: 'Zurück zu Ihrem Konto',
  },
  signedOut: {
    confirmTitle: 'Abmelden',
    confirmHeading: 'Von Questa abmelden?',
    confirmLead: 'Damit endet Ihre Questa-Sitzung auf diesem Gerät.',
    submit: 'Abmelden',
    doneTitle: 'Sie sind abgemeldet',
    doneLead: 'Ihre Questa-Sitzung auf diesem Gerät ist beendet.',
    back: 'Zurück zu Questa',
  },
};

export const catalogue: Record<Locale, Messages> = { en, de };

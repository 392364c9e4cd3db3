import { html } from '@questa/http-kit';
import { alert, field, hidden, type Page } from '../../pages/layout';
import { LOCALE_PARAM, withLocale } from '../../pages/locale';
import { messagePage } from '../../pages/message-page';
import type { Messages } from '../../pages/messages';
import { passwordField } from './password-field';
import {
  DISPLAY_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type FieldErrors,
  type InputProblem,
  type SignUpField,
} from './account-input';

/** A problem with a field, in words. */
export function problemText(t: Messages, field: SignUpField, problem: InputProblem): string {
  switch (field) {
    case 'displayName':
      return problem === 'missing'
        ? t.signUp.nameMissing
        : t.rules.tooLong(DISPLAY_NAME_MAX_LENGTH);
    case 'email':
      return problem === 'missing' ? t.signUp.emailMissing : t.signUp.emailInvalid;
    case 'password':
      return problem === 'too_long'
        ? t.rules.tooLong(PASSWORD_MAX_LENGTH)
        : t.rules.tooShort(PASSWORD_MIN_LENGTH);
  }
}

/** Forms carry the page language, so the answer to a post speaks it too. */
export const localeField = (t: Messages) => t.lang !== 'en' && hidden(LOCALE_PARAM, t.lang);

export function signUpPage(
  t: Messages,
  props: {
    mountPath: string;
    csrf: string;
    values: { displayName?: string; email?: string };
    errors: FieldErrors<SignUpField>;
    /** The interaction the form was opened from, to come back to it for signing in. */
    interaction?: string | undefined;
    signInHref: string;
  },
): Page {
  const { errors } = props;
  const failed = Object.keys(errors).length > 0;
  const error = (name: SignUpField) => {
    const problem = errors[name];
    return problem && problemText(t, name, problem);
  };
  return {
    title: t.signUp.title,
    lang: t.lang,
    script: 'password.js',
    body: html`<h1>${t.signUp.heading}</h1>
      <p class="lead">${t.signUp.lead}</p>
      ${failed && alert(t.signUp.correctFields)}
      <form method="post" action="${props.mountPath}/signup">
        ${hidden('csrf', props.csrf)} ${localeField(t)}
        ${props.interaction && hidden('interaction', props.interaction)}
        ${field({
          name: 'displayName',
          label: t.signUp.displayName,
          type: 'text',
          value: props.values.displayName,
          autocomplete: 'name',
          error: error('displayName'),
          autofocus: !failed || errors.displayName !== undefined,
        })}
        ${field({
          name: 'email',
          label: t.signUp.email,
          type: 'email',
          value: props.values.email,
          autocomplete: 'email',
          error: error('email'),
          autofocus: failed && errors.displayName === undefined && errors.email !== undefined,
        })}
        ${passwordField(t, {
          label: t.signUp.password,
          autocomplete: 'new-password',
          error: error('password'),
          autofocus:
            failed &&
            errors.displayName === undefined &&
            errors.email === undefined &&
            errors.password !== undefined,
        })}
        <button type="submit" class="button button--primary">${t.signUp.submit}</button>
      </form>
      <ul class="links">
        <li>${t.signUp.haveAccount} <a href="${props.signInHref}">${t.signUp.signIn}</a></li>
      </ul>`,
  };
}

export function resendForm(t: Messages, props: { mountPath: string; csrf: string; email: string }) {
  return html`<form method="post" action="${props.mountPath}/verify/resend">
    ${hidden('csrf', props.csrf)} ${hidden('email', props.email)} ${localeField(t)}
    <button type="submit" class="button button--secondary">${t.checkEmail.resend}</button>
  </form>`;
}

export function checkEmailPage(
  t: Messages,
  props: { mountPath: string; csrf: string; email: string },
): Page {
  return messagePage({
    lang: t.lang,
    title: t.checkEmail.title,
    lead: t.checkEmail.lead(props.email),
    details: html`<p>${t.checkEmail.nothingArrived}</p>
      ${resendForm(t, props)}`,
  });
}

export function emailVerifiedPage(t: Messages, signInUrl: string): Page {
  return messagePage({
    lang: t.lang,
    title: t.verified.title,
    lead: t.verified.lead,
    action: { label: t.verified.continue, href: withLocale(signInUrl, t, 'locale') },
  });
}

export function verificationFailedPage(t: Messages, signInUrl: string): Page {
  return messagePage({
    lang: t.lang,
    title: t.verified.failedTitle,
    lead: t.verified.failedLead,
    action: { label: t.verified.continue, href: withLocale(signInUrl, t, 'locale') },
  });
}

export function resetRequestPage(
  t: Messages,
  props: {
    mountPath: string;
    csrf: string;
    email?: string;
    error?: string | undefined;
    signInUrl: string;
  },
): Page {
  return {
    title: t.reset.title,
    lang: t.lang,
    body: html`<h1>${t.reset.title}</h1>
      <p class="lead">${t.reset.lead}</p>
      <form method="post" action="${props.mountPath}/reset">
        ${hidden('csrf', props.csrf)} ${localeField(t)}
        ${field({
          name: 'email',
          label: t.reset.email,
          type: 'email',
          value: props.email,
          autocomplete: 'email',
          error: props.error,
          autofocus: true,
        })}
        <button type="submit" class="button button--primary">${t.reset.submit}</button>
      </form>
      <ul class="links">
        <li>
          ${t.reset.remembered}
          <a href="${withLocale(props.signInUrl, t, 'locale')}">${t.reset.signIn}</a>
        </li>
      </ul>`,
  };
}

export function resetSentPage(t: Messages, email: string): Page {
  return messagePage({ lang: t.lang, title: t.reset.sentTitle, lead: t.reset.sentLead(email) });
}

export function newPasswordPage(
  t: Messages,
  props: {
    mountPath: string;
    csrf: string;
    token: string;
    error?: InputProblem | undefined;
  },
): Page {
  return {
    title: t.reset.newTitle,
    lang: t.lang,
    script: 'password.js',
    body: html`<h1>${t.reset.newTitle}</h1>
      <p class="lead">${t.reset.newLead}</p>
      ${props.error && alert(t.reset.correctField)}
      <form method="post" action="${props.mountPath}/reset/password">
        ${hidden('csrf', props.csrf)} ${hidden('token', props.token)} ${localeField(t)}
        ${passwordField(t, {
          label: t.reset.newPassword,
          autocomplete: 'new-password',
          error: props.error && problemText(t, 'password', props.error),
          autofocus: true,
        })}
        <button type="submit" class="button button--primary">${t.reset.setPassword}</button>
      </form>`,
  };
}

export function passwordChangedPage(t: Messages, signInUrl: string): Page {
  return messagePage({
    lang: t.lang,
    title: t.reset.changedTitle,
    lead: t.reset.changedLead,
    action: { label: t.reset.continue, href: withLocale(signInUrl, t, 'locale') },
  });
}

export function resetLinkInvalidPage(t: Messages, mountPath: string): Page {
  return messagePage({
    lang: t.lang,
    title: t.reset.invalidTitle,
    lead: t.reset.invalidLead,
    action: { label: t.reset.requestNew, href: withLocale(`${mountPath}/reset`, t) },
  });
}

export function changePasswordPage(
  t: Messages,
  props: {
    mountPath: string;
    csrf: string;
    email?: string | undefined;
    accountHref: string;
    wrongCredentials?: boolean;
    error?: InputProblem | undefined;
  },
): Page {
  return {
    title: t.changePassword.title,
    lang: t.lang,
    script: 'password.js',
    body: html`<h1>${t.changePassword.title}</h1>
      <p class="lead">${t.changePassword.lead}</p>
      ${props.wrongCredentials && alert(t.changePassword.wrongCredentials)}
      ${props.error && alert(t.changePassword.correctFields)}
      <form method="post" action="${props.mountPath}/password">
        ${hidden('csrf', props.csrf)} ${localeField(t)}
        ${field({
          name: 'email',
          label: t.changePassword.email,
          type: 'email',
          value: props.email,
          autocomplete: 'username',
          autofocus: !props.email,
        })}
        ${passwordField(t, {
          name: 'currentPassword',
          label: t.changePassword.currentPassword,
          autocomplete: 'current-password',
          autofocus: Boolean(props.email) && props.error === undefined,
        })}
        ${passwordField(t, {
          label: t.changePassword.newPassword,
          autocomplete: 'new-password',
          error: props.error && problemText(t, 'password', props.error),
          autofocus: props.error !== undefined,
        })}
        <button type="submit" class="button button--primary">${t.changePassword.submit}</button>
      </form>
      <ul class="links">
        <li><a href="${props.accountHref}">${t.changePassword.backToAccount}</a></li>
      </ul>`,
  };
}

export function passwordChangedByOwnerPage(t: Messages, signInHref: string): Page {
  return messagePage({
    lang: t.lang,
    title: t.changePassword.changedTitle,
    lead: t.changePassword.changedLead,
    action: { label: t.changePassword.continue, href: signInHref },
  });
}

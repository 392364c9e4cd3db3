import { html } from '@questa/http-kit';
import { alert, field, type Page } from '../../pages/layout';
import { withLocale } from '../../pages/locale';
import { messagePage } from '../../pages/message-page';
import type { Messages } from '../../pages/messages';
import { passwordField } from '../accounts/password-field';
import { localeField, resendForm } from '../accounts/account.views';

export function signInPage(
  t: Messages,
  props: {
    mountPath: string;
    uid: string;
    csrf: string;
    email?: string | undefined;
    problem?: 'wrong_credentials' | 'unverified';
  },
): Page {
  const { mountPath, uid, problem } = props;
  const email = props.email ?? '';
  return {
    title: t.signIn.title,
    lang: t.lang,
    script: 'password.js',
    body: html`<h1>${t.signIn.heading}</h1>
      <p class="lead">${t.signIn.lead}</p>
      ${problem === 'wrong_credentials' && alert(t.signIn.wrongCredentials)}
      ${
        problem === 'unverified' &&
        alert(
          html`${t.signIn.unverified(email)}
          ${resendForm(t, { mountPath, csrf: props.csrf, email })}`,
        )
      }
      <form method="post" action="${mountPath}/interaction/${uid}/login">
        ${localeField(t)}
        ${field({
          name: 'email',
          label: t.signIn.email,
          type: 'email',
          value: email,
          autocomplete: 'email',
          autofocus: email === '',
        })}
        ${passwordField(t, {
          label: t.signIn.password,
          autocomplete: 'current-password',
          autofocus: email !== '',
        })}
        <button type="submit" class="button button--primary">${t.signIn.submit}</button>
      </form>
      <ul class="links">
        <li><a href="${withLocale(`${mountPath}/reset`, t)}">${t.signIn.forgot}</a></li>
        <li>
          ${t.signIn.newHere}
          <a href="${mountPath}/interaction/${uid}?screen=signup">${t.signIn.createAccount}</a>
        </li>
      </ul>`,
  };
}

export function interactionExpiredPage(t: Messages, signInUrl: string): Page {
  return messagePage({
    lang: t.lang,
    title: t.signIn.expiredTitle,
    lead: t.signIn.expiredLead,
    action: { label: t.signIn.startAgain, href: withLocale(signInUrl, t, 'locale') },
  });
}

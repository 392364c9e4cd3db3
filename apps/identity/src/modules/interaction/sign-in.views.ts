import { html } from '@questa/http-kit';
import { alert, field, type Page } from '../../pages/layout';
import { messagePage } from '../../pages/message-page';
import { resendForm } from '../accounts/account.views';

export function signInPage(props: {
  mountPath: string;
  uid: string;
  csrf: string;
  email?: string | undefined;
  problem?: 'wrong_credentials' | 'unverified';
}): Page {
  const { mountPath, uid, problem } = props;
  const email = props.email ?? '';
  return {
    title: 'Sign in',
    body: html`<h1>Sign in to Questa</h1>
      <p class="lead">Welcome back. Your practice is waiting.</p>
      ${problem === 'wrong_credentials' && alert('Email or password is wrong.')}
      ${
        problem === 'unverified' &&
        alert(
          html`<p>
              Please confirm your email address first: open the link we sent to
              <strong>${email}</strong>.
            </p>
            ${resendForm({ mountPath, csrf: props.csrf, email })}`,
        )
      }
      <form method="post" action="${mountPath}/interaction/${uid}/login">
        ${field({
          name: 'email',
          label: 'Email',
          type: 'email',
          value: email,
          autocomplete: 'email',
          autofocus: email === '',
        })}
        ${field({
          name: 'password',
          label: 'Password',
          type: 'password',
          autocomplete: 'current-password',
          autofocus: email !== '',
        })}
        <button type="submit" class="button button--primary">Sign in</button>
      </form>
      <ul class="links">
        <li><a href="${mountPath}/reset">Forgot your password?</a></li>
        <li>
          New to Questa?
          <a href="${mountPath}/interaction/${uid}?screen=signup">Create an account</a>
        </li>
      </ul>`,
  };
}

export function interactionExpiredPage(signInUrl: string): Page {
  return messagePage({
    title: 'This sign-in page has expired',
    lead: 'Sign-in pages stay valid for an hour, in the browser they were opened in. Please start again.',
    action: { label: 'Start again', href: signInUrl },
  });
}

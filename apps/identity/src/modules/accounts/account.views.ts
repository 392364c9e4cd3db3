import { html } from '@questa/http-kit';
import { alert, field, hidden, type Page } from '../../pages/layout';
import { messagePage } from '../../pages/message-page';
import { PASSWORD_MIN_LENGTH, type FieldErrors, type SignUpField } from './account-input';

export function signUpPage(props: {
  mountPath: string;
  csrf: string;
  values: { displayName?: string; email?: string };
  errors: FieldErrors<SignUpField>;
  /** The interaction the form was opened from, to come back to it for signing in. */
  interaction?: string | undefined;
  signInHref: string;
}): Page {
  const { errors } = props;
  const failed = Object.keys(errors).length > 0;
  return {
    title: 'Create your account',
    body: html`<h1>Create your Questa account</h1>
      <p class="lead">
        Practise with instant feedback and pick up where you left off on any device.
      </p>
      ${failed && alert('Please correct the fields marked below.')}
      <form method="post" action="${props.mountPath}/signup">
        ${hidden('csrf', props.csrf)}
        ${props.interaction && hidden('interaction', props.interaction)}
        ${field({
          name: 'displayName',
          label: 'Display name',
          type: 'text',
          value: props.values.displayName,
          autocomplete: 'name',
          error: errors.displayName,
          autofocus: !failed || errors.displayName !== undefined,
        })}
        ${field({
          name: 'email',
          label: 'Email',
          type: 'email',
          value: props.values.email,
          autocomplete: 'email',
          error: errors.email,
          autofocus: failed && errors.displayName === undefined && errors.email !== undefined,
        })}
        ${field({
          name: 'password',
          label: 'Password',
          type: 'password',
          autocomplete: 'new-password',
          hint: `At least ${PASSWORD_MIN_LENGTH} characters.`,
          error: errors.password,
          autofocus:
            failed &&
            errors.displayName === undefined &&
            errors.email === undefined &&
            errors.password !== undefined,
        })}
        <button type="submit" class="button button--primary">Create account</button>
      </form>
      <ul class="links">
        <li>Already have an account? <a href="${props.signInHref}">Sign in</a></li>
      </ul>`,
  };
}

export function resendForm(props: { mountPath: string; csrf: string; email: string }) {
  return html`<form method="post" action="${props.mountPath}/verify/resend">
    ${hidden('csrf', props.csrf)} ${hidden('email', props.email)}
    <button type="submit" class="button button--secondary">Send the link again</button>
  </form>`;
}

export function checkEmailPage(props: { mountPath: string; csrf: string; email: string }): Page {
  return messagePage({
    title: 'Check your email',
    lead: html`We sent a link to <strong>${props.email}</strong>. Open it to confirm your address,
      then sign in.`,
    details: html`<p>Nothing arrived after a few minutes? Look in your spam folder, or:</p>
      ${resendForm(props)}`,
  });
}

export function emailVerifiedPage(signInUrl: string): Page {
  return messagePage({
    title: 'Your email is confirmed',
    lead: 'Thank you. Your Questa account is ready.',
    action: { label: 'Continue to sign in', href: signInUrl },
  });
}

export function verificationFailedPage(signInUrl: string): Page {
  return messagePage({
    title: 'This link no longer works',
    lead: 'Confirmation links work once and expire after 24 hours. Sign in with your email and password to get a new one.',
    action: { label: 'Continue to sign in', href: signInUrl },
  });
}

export function resetRequestPage(props: {
  mountPath: string;
  csrf: string;
  email?: string;
  error?: string | undefined;
  signInUrl: string;
}): Page {
  return {
    title: 'Reset your password',
    body: html`<h1>Reset your password</h1>
      <p class="lead">
        Enter the email address of your account and we will send you a link to choose a new
        password.
      </p>
      <form method="post" action="${props.mountPath}/reset">
        ${hidden('csrf', props.csrf)}
        ${field({
          name: 'email',
          label: 'Email',
          type: 'email',
          value: props.email,
          autocomplete: 'email',
          error: props.error,
          autofocus: true,
        })}
        <button type="submit" class="button button--primary">Send reset link</button>
      </form>
      <ul class="links">
        <li>Remembered it? <a href="${props.signInUrl}">Sign in</a></li>
      </ul>`,
  };
}

export function resetSentPage(email: string): Page {
  return messagePage({
    title: 'Check your email',
    lead: html`If <strong>${email}</strong> belongs to a Questa account, we sent it a link to choose
      a new password. The link works once and expires in 1 hour.`,
  });
}

export function newPasswordPage(props: {
  mountPath: string;
  csrf: string;
  token: string;
  error?: string | undefined;
}): Page {
  return {
    title: 'Choose a new password',
    body: html`<h1>Choose a new password</h1>
      <p class="lead">
        After this, you are signed out everywhere and sign in with the new password.
      </p>
      ${props.error && alert('Please correct the field marked below.')}
      <form method="post" action="${props.mountPath}/reset/password">
        ${hidden('csrf', props.csrf)} ${hidden('token', props.token)}
        ${field({
          name: 'password',
          label: 'New password',
          type: 'password',
          autocomplete: 'new-password',
          hint: `At least ${PASSWORD_MIN_LENGTH} characters.`,
          error: props.error,
          autofocus: true,
        })}
        <button type="submit" class="button button--primary">Set new password</button>
      </form>`,
  };
}

export function passwordChangedPage(signInUrl: string): Page {
  return messagePage({
    title: 'Your password is changed',
    lead: 'Sign in with your new password to continue.',
    action: { label: 'Continue to sign in', href: signInUrl },
  });
}

export function resetLinkInvalidPage(mountPath: string): Page {
  return messagePage({
    title: 'This link no longer works',
    lead: 'Password reset links work once and expire after 1 hour. Ask for a new one.',
    action: { label: 'Request a new link', href: `${mountPath}/reset` },
  });
}

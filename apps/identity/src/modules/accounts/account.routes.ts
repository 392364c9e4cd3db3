import type { FastifyInstance } from 'fastify';
import { formValue } from '@questa/http-kit';
import { sendPage } from '../../pages/layout';
import { messagesOf, withLocale } from '../../pages/locale';
import {
  csrfChecked,
  MAIL_LIMIT,
  SIGN_IN_LIMIT,
  sendAccountThrottled,
  withinLimit,
  type PageKit,
} from '../../pages/page-kit';
import { normalizeEmail } from './account-input';
import type { AccountService } from './account.service';
import type { AccountThrottle } from '../rate-limit/account-throttle';
import {
  changePasswordPage,
  checkEmailPage,
  passwordChangedByOwnerPage,
  emailVerifiedPage,
  newPasswordPage,
  passwordChangedPage,
  resetLinkInvalidPage,
  resetRequestPage,
  resetSentPage,
  signUpPage,
  verificationFailedPage,
} from './account.views';

const publicRoute = { config: { permission: 'public' as const } };
const interactionUid = /^[A-Za-z0-9_-]{1,64}$/;

/** Sign-up, email confirmation and password reset: the forms that live outside an interaction. */
export function accountRoutes(kit: PageKit, accounts: AccountService, throttle: AccountThrottle) {
  const { context, mountPath, signInUrl } = kit;
  const appOrigin = new URL(signInUrl).origin;
  const accountHref = `${appOrigin}/account`;
  // After a change every session has ended, so the way back to the account leads through sign-in.
  const signInToAccount = `${signInUrl}?returnTo=${encodeURIComponent('/account?notice=password-changed')}`;

  return async (app: FastifyInstance) => {
    app.get('/signup', publicRoute, async (request, reply) => {
      const t = messagesOf(request);
      return sendPage(
        reply,
        context,
        200,
        signUpPage(t, {
          mountPath,
          csrf: kit.csrf.token(request, reply),
          values: {},
          errors: {},
          signInHref: withLocale(signInUrl, t, 'locale'),
        }),
      );
    });

    app.post('/signup', publicRoute, async (request, reply) => {
      const body = request.body;
      const interaction = formValue(body, 'interaction');
      const fromInteraction = interactionUid.test(interaction) ? interaction : undefined;
      const formHref = fromInteraction
        ? `${mountPath}/interaction/${fromInteraction}?screen=signup`
        : `${mountPath}/signup`;
      if (!(await csrfChecked(kit, request, reply, formValue(body, 'csrf'), formHref))) return;
      if (!(await withinLimit(kit, request, reply, 'mail', MAIL_LIMIT, formHref))) return;

      const input = {
        displayName: formValue(body, 'displayName'),
        email: formValue(body, 'email'),
        password: formValue(body, 'password'),
      };
      const t = messagesOf(request);
      // The mail speaks the language of the form it was asked for from.
      const { errors } = await accounts.signUp(input, t.lang);
      const csrf = kit.csrf.token(request, reply);
      if (Object.keys(errors).length > 0) {
        return sendPage(
          reply,
          context,
          400,
          signUpPage(t, {
            mountPath,
            csrf,
            values: { displayName: input.displayName, email: input.email },
            errors,
            interaction: fromInteraction,
            signInHref: fromInteraction
              ? `${mountPath}/interaction/${fromInteraction}?screen=signin`
              : withLocale(signInUrl, t, 'locale'),
          }),
        );
      }
      return sendPage(
        reply,
        context,
        200,
        checkEmailPage(t, { mountPath, csrf, email: normalizeEmail(input.email) }),
      );
    });

    app.post('/verify/resend', publicRoute, async (request, reply) => {
      const email = normalizeEmail(formValue(request.body, 'email'));
      if (!(await csrfChecked(kit, request, reply, formValue(request.body, 'csrf'), signInUrl))) {
        return;
      }
      if (!(await withinLimit(kit, request, reply, 'mail', MAIL_LIMIT, signInUrl))) return;
      const t = messagesOf(request);
      await accounts.resendVerification(email, t.lang);
      return sendPage(
        reply,
        context,
        200,
        checkEmailPage(t, {
          mountPath,
          csrf: kit.csrf.token(request, reply),
          email,
        }),
      );
    });

    app.get<{ Querystring: { token?: string } }>('/verify', publicRoute, async (request, reply) => {
      const verified = await accounts.verifyEmail(String(request.query.token ?? ''));
      const t = messagesOf(request);
      return verified
        ? sendPage(reply, context, 200, emailVerifiedPage(t, signInUrl))
        : sendPage(reply, context, 400, verificationFailedPage(t, signInUrl));
    });

    app.get('/reset', publicRoute, async (request, reply) =>
      sendPage(
        reply,
        context,
        200,
        resetRequestPage(messagesOf(request), {
          mountPath,
          csrf: kit.csrf.token(request, reply),
          signInUrl,
        }),
      ),
    );

    app.post('/reset', publicRoute, async (request, reply) => {
      const resetHref = `${mountPath}/reset`;
      if (!(await csrfChecked(kit, request, reply, formValue(request.body, 'csrf'), resetHref))) {
        return;
      }
      if (!(await withinLimit(kit, request, reply, 'mail', MAIL_LIMIT, resetHref))) return;
      const email = normalizeEmail(formValue(request.body, 'email'));
      const t = messagesOf(request);
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
        return sendPage(
          reply,
          context,
          400,
          resetRequestPage(t, {
            mountPath,
            csrf: kit.csrf.token(request, reply),
            email,
            error: t.signUp.emailInvalid,
            signInUrl,
          }),
        );
      }
      await accounts.requestPasswordReset(email, t.lang);
      return sendPage(reply, context, 200, resetSentPage(t, email));
    });

    app.get<{ Querystring: { token?: string } }>(
      '/reset/password',
      publicRoute,
      async (request, reply) => {
        const token = String(request.query.token ?? '');
        const t = messagesOf(request);
        if (!(await accounts.resetTokenUsable(token))) {
          return sendPage(reply, context, 400, resetLinkInvalidPage(t, mountPath));
        }
        return sendPage(
          reply,
          context,
          200,
          newPasswordPage(t, { mountPath, csrf: kit.csrf.token(request, reply), token }),
        );
      },
    );

    app.post('/reset/password', publicRoute, async (request, reply) => {
      const token = formValue(request.body, 'token');
      const formHref = `${mountPath}/reset/password?token=${encodeURIComponent(token)}`;
      if (!(await csrfChecked(kit, request, reply, formValue(request.body, 'csrf'), formHref))) {
        return;
      }
      const result = await accounts.resetPassword(token, formValue(request.body, 'password'));
      const t = messagesOf(request);
      switch (result.status) {
        case 'changed':
          return sendPage(reply, context, 200, passwordChangedPage(t, signInUrl));
        case 'invalid_token':
          return sendPage(reply, context, 400, resetLinkInvalidPage(t, mountPath));
        case 'invalid_password':
          return sendPage(
            reply,
            context,
            400,
            newPasswordPage(t, {
              mountPath,
              csrf: kit.csrf.token(request, reply),
              token,
              error: result.problem,
            }),
          );
      }
    });

    // Questa's account page links here with the address filled in (`login_hint`, as in OIDC).
    app.get<{ Querystring: { login_hint?: string } }>(
      '/password',
      publicRoute,
      async (request, reply) =>
        sendPage(
          reply,
          context,
          200,
          changePasswordPage(messagesOf(request), {
            mountPath,
            csrf: kit.csrf.token(request, reply),
            email: normalizeEmail(String(request.query.login_hint ?? '')) || undefined,
            accountHref,
          }),
        ),
    );

    app.post('/password', publicRoute, async (request, reply) => {
      const body = request.body;
      const t = messagesOf(request);
      const formHref = withLocale(`${mountPath}/password`, t);
      if (!(await csrfChecked(kit, request, reply, formValue(body, 'csrf'), formHref))) return;
      // Guessing the current password here is guessing it at sign-in: the same budget applies,
      // counted separately (as for the mail forms), so signing in again afterwards is not refused.
      if (!(await withinLimit(kit, request, reply, 'password', SIGN_IN_LIMIT, formHref))) return;
      const email = normalizeEmail(formValue(body, 'email'));
      // And per account, from whatever address: this form checks a password as sign-in does.
      const wait = await throttle.waitSeconds(request, email);
      if (wait > 0) return sendAccountThrottled(kit, reply, wait, t, formHref);
      const result = await accounts.changePassword(
        {
          email,
          currentPassword: formValue(body, 'currentPassword'),
          newPassword: formValue(body, 'password'),
        },
        request.ip,
      );
      if (result.status === 'wrong_credentials') await throttle.failed(email, t.lang);
      if (result.status === 'changed') {
        await throttle.succeeded(request, reply, email);
        return sendPage(
          reply,
          context,
          200,
          passwordChangedByOwnerPage(t, withLocale(signInToAccount, t, 'locale')),
        );
      }
      return sendPage(
        reply,
        context,
        400,
        changePasswordPage(t, {
          mountPath,
          csrf: kit.csrf.token(request, reply),
          email,
          accountHref,
          wrongCredentials: result.status === 'wrong_credentials',
          error: result.status === 'invalid_password' ? result.problem : undefined,
        }),
      );
    });
  };
}

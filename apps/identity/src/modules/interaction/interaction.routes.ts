import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type default as Provider, type InteractionResults } from 'oidc-provider';
import { formValue } from '@questa/http-kit';
import { sendPage } from '../../pages/layout';
import { messagesOf } from '../../pages/locale';
import {
  SIGN_IN_ATTEMPT_LIMIT,
  SIGN_IN_FAILURE_LIMIT,
  sendAccountThrottled,
  withinLimit,
  type PageKit,
} from '../../pages/page-kit';
import { signUpPage } from '../accounts/account.views';
import type { AccountService } from '../accounts/account.service';
import type { AccountThrottle } from '../rate-limit/account-throttle';
import { interactionExpiredPage, signInPage } from './sign-in.views';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type UidRequest = FastifyRequest<{ Params: { uid: string }; Querystring: { screen?: string } }>;

const publicRoute = { config: { permission: 'public' as const } };

const asksForSignUp = (interaction: Interaction) =>
  String(interaction.params.prompt ?? '')
    .split(' ')
    .includes('create');

/**
 * The pages oidc-provider sends people to when it needs them to sign in. The interaction cookie
 * it set (SameSite=Lax, signed) is what ties a form post to the browser that started the flow.
 */
export function interactionRoutes(
  kit: PageKit,
  provider: Provider,
  accounts: AccountService,
  throttle: AccountThrottle,
) {
  const { context, mountPath } = kit;

  /** The interaction of this browser, if it is the one in the URL and still alive. */
  const findInteraction = async (request: UidRequest, reply: FastifyReply) => {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid ? interaction : undefined;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return undefined;
      throw error;
    }
  };

  const finish = async (request: UidRequest, reply: FastifyReply, result: InteractionResults) => {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return reply.redirect(returnTo, 303);
  };

  const expired = (request: UidRequest, reply: FastifyReply) =>
    sendPage(reply, context, 400, interactionExpiredPage(messagesOf(request), kit.signInUrl));

  return async (app: FastifyInstance) => {
    app.get('/interaction/:uid', publicRoute, async (request: UidRequest, reply) => {
      const interaction = await findInteraction(request, reply);
      if (!interaction) return expired(request, reply);
      const { uid } = interaction;
      // The language the app asked for when it started signing in, else the browser's.
      const t = messagesOf(request, interaction.params.ui_locales);
      // Consent is implied for Questa's own clients; only an explicit prompt=consent lands here.
      if (interaction.prompt.name === 'consent') return finish(request, reply, { consent: {} });

      const screen = request.query.screen;
      const csrf = kit.csrf.token(request, reply);
      if (screen === 'signup' || (screen !== 'signin' && asksForSignUp(interaction))) {
        return sendPage(
          reply,
          context,
          200,
          signUpPage(t, {
            mountPath,
            csrf,
            values: {},
            errors: {},
            interaction: uid,
            signInHref: `${mountPath}/interaction/${uid}?screen=signin`,
          }),
        );
      }
      const hint = interaction.params.login_hint;
      return sendPage(
        reply,
        context,
        200,
        signInPage(t, { mountPath, uid, csrf, email: typeof hint === 'string' ? hint : undefined }),
      );
    });

    app.post('/interaction/:uid/login', publicRoute, async (request: UidRequest, reply) => {
      const retryHref = `${mountPath}/interaction/${request.params.uid}`;
      const limited = (scope: string, limit: number, count: boolean) =>
        withinLimit(kit, request, reply, scope, limit, retryHref, { count });
      if (!(await limited('sign-in', SIGN_IN_ATTEMPT_LIMIT, true))) return;
      if (!(await limited('sign-in-failed', SIGN_IN_FAILURE_LIMIT, false))) return;
      const interaction = await findInteraction(request, reply);
      if (!interaction) return expired(request, reply);
      const t = messagesOf(request, interaction.params.ui_locales);

      const email = formValue(request.body, 'email').trim();
      // Checked before the password, so an attempt made too soon learns nothing about it.
      const wait = await throttle.waitSeconds(request, email);
      if (wait > 0) return sendAccountThrottled(kit, reply, wait, t, retryHref);
      const result = await accounts.signIn(email, formValue(request.body, 'password'), request.ip);
      if (result.status === 'signed_in') {
        await throttle.succeeded(request, reply, email);
        return finish(request, reply, {
          login: { accountId: result.accountId, amr: ['pwd'] },
          // Signing in answers a sign-up request too: the person has an account.
          ...(asksForSignUp(interaction) ? { create: {} } : {}),
        });
      }
      if (result.status === 'wrong_credentials') {
        await kit.rateLimiter.take({
          key: `sign-in-failed:${request.ip}`,
          limit: SIGN_IN_FAILURE_LIMIT,
        });
        await throttle.failed(email, t.lang);
      }
      return sendPage(
        reply,
        context,
        result.status === 'unverified' ? 403 : 401,
        signInPage(t, {
          mountPath,
          uid: interaction.uid,
          csrf: kit.csrf.token(request, reply),
          email,
          problem: result.status,
        }),
      );
    });
  };
}

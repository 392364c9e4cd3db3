import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitRule, RateLimiter } from '../modules/rate-limit/rate-limiter';
import type { Csrf } from './csrf';
import { sendPage, type PageContext } from './layout';
import { messagesOf } from './locale';
import { messagePage } from './message-page';

/** What the routes of the hosted pages share. */
export interface PageKit {
  context: PageContext;
  csrf: Csrf;
  rateLimiter: RateLimiter;
  /** Where the pages live, e.g. `/idp`. */
  mountPath: string;
  /** Starts a fresh sign-in through Questa's main API. */
  signInUrl: string;
}

/** Sign-in attempts per client address, as the product defines them. */
export const SIGN_IN_RULE: RateLimitRule = { limit: 10, windowMs: 60_000 };
/** Forms that send mail: the same budget, counted separately. */
export const MAIL_RULE: RateLimitRule = { limit: 10, windowMs: 60_000 };

/**
 * Counts one attempt; when over the limit, answers 429 with Retry-After and a page saying when to
 * try again, and returns false.
 */
export async function withinLimit(
  kit: PageKit,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  rule: RateLimitRule,
  retryHref: string,
): Promise<boolean> {
  const decision = await kit.rateLimiter.hit(`${scope}:${request.ip}`, rule);
  if (decision.allowed) return true;
  const seconds = decision.retryAfterSeconds;
  const t = messagesOf(request);
  reply.header('retry-after', String(seconds));
  await sendPage(
    reply,
    kit.context,
    429,
    messagePage({
      lang: t.lang,
      title: t.tooManyAttempts.title,
      lead: t.tooManyAttempts.lead(rule.limit, seconds),
      action: { label: t.tooManyAttempts.action, href: retryHref },
    }),
  );
  return false;
}

/** Refuses a form post whose CSRF token does not match its cookie; returns false then. */
export async function csrfChecked(
  kit: PageKit,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  backHref: string,
): Promise<boolean> {
  if (kit.csrf.check(request, token)) return true;
  const t = messagesOf(request);
  await sendPage(
    reply,
    kit.context,
    403,
    messagePage({
      lang: t.lang,
      title: t.formExpired.title,
      lead: t.formExpired.lead,
      action: { label: t.formExpired.action, href: backHref },
    }),
  );
  return false;
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { html, type RequestLimiter } from '@questa/http-kit';
import type { Csrf } from './csrf';
import { sendPage, type PageContext } from './layout';
import { messagesOf } from './locale';
import type { Messages } from './messages';
import { messagePage } from './message-page';

/** What the routes of the hosted pages share. */
export interface PageKit {
  context: PageContext;
  csrf: Csrf;
  /** Counts attempts per client address in windows of ATTEMPT_WINDOW_MS (decision 0042). */
  rateLimiter: RequestLimiter;
  /** Where the pages live, e.g. `/idp`. */
  mountPath: string;
  /** Starts a fresh sign-in through Questa's main API. */
  signInUrl: string;
}

/** The window every limit below counts in: attempts per client address a minute. */
export const ATTEMPT_WINDOW_MS = 60_000;
/** Attempts at the forms that check a password (changing it). */
export const SIGN_IN_LIMIT = 10;
/**
 * The sign-in page counts per address what only guessing produces, failed attempts, so a school
 * of many learners behind one address does not shut itself out at the start of a lesson; every
 * attempt is still capped, higher, because each costs a password hash. Guessing at one account
 * from many addresses is slowed per account (ACCOUNT_THROTTLE).
 */
export const SIGN_IN_FAILURE_LIMIT = 30;
export const SIGN_IN_ATTEMPT_LIMIT = 300;
/** Forms that send mail: the same budget, counted separately. */
export const MAIL_LIMIT = 10;

/**
 * Counts one attempt (or, with `count: false`, only looks); when over the limit, answers 429 with
 * Retry-After and a page saying when to try again, and returns false. While the limits' store
 * does not answer, attempts go through uncounted, as every request limit of Questa's does.
 */
export async function withinLimit(
  kit: PageKit,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  limit: number,
  retryHref: string,
  options: { count: boolean } = { count: true },
): Promise<boolean> {
  const caller = { key: `${scope}:${request.ip}`, limit };
  const decision = options.count
    ? await kit.rateLimiter.take(caller)
    : await kit.rateLimiter.peek(caller);
  if (!decision || decision.allowed) return true;
  const seconds = decision.resetSeconds;
  const t = messagesOf(request);
  await sendTooMany(kit, reply, seconds, {
    title: t.tooManyAttempts.title,
    lead: t.tooManyAttempts.lead(limit, seconds),
    action: { label: t.tooManyAttempts.action, href: retryHref },
    lang: t.lang,
  });
  return false;
}

/** A 429 page with Retry-After, saying why and when to try again. */
export async function sendTooMany(
  kit: PageKit,
  reply: FastifyReply,
  seconds: number,
  page: Parameters<typeof messagePage>[0],
): Promise<void> {
  reply.header('retry-after', String(seconds));
  await sendPage(reply, kit.context, 429, messagePage(page));
}

/**
 * The 429 page for an account that failed to sign in too often, wherever its password is checked
 * (sign-in, changing the password): how long to wait, and the reset that needs no waiting.
 */
export async function sendAccountThrottled(
  kit: PageKit,
  reply: FastifyReply,
  seconds: number,
  t: Messages,
  retryHref: string,
): Promise<void> {
  await sendTooMany(kit, reply, seconds, {
    lang: t.lang,
    title: t.accountThrottled.title,
    lead: t.accountThrottled.lead(seconds),
    details: html`<p><a href="${kit.mountPath}/reset">${t.accountThrottled.reset}</a></p>`,
    action: { label: t.accountThrottled.action, href: retryHref },
  });
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

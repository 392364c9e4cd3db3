import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MailTransport } from '@questa/mail';
import type { Locale } from '../../pages/messages';
import { normalizeEmail } from '../accounts/account-input';
import type { AccountRepository } from '../accounts/account.repository';
import { ACCOUNT_THROTTLE, accountWaitMs } from './account-throttle-policy';
import type { AccountThrottleStore } from './account-throttle-store';
import type { KnownDevices } from './known-devices';
import { signInNoticeMail } from './sign-in-notice-mail';

export interface AccountThrottleDeps {
  store: AccountThrottleStore;
  devices: KnownDevices;
  accounts: Pick<AccountRepository, 'findByEmail'>;
  mail: MailTransport;
  /** Keys the account key is derived with, so a stored key cannot be matched to an address. */
  keys: string[];
  resetLink(locale: Locale): string;
  log: { warn(object: object, message: string): void };
  now?: () => number;
}

/**
 * Sign-in attempts per account, whatever address they come from (ACCOUNT_THROTTLE says how).
 * Any typed address is counted the same whether or not it has an account, so the delay reveals
 * nothing about who is registered.
 */
export function createAccountThrottle(deps: AccountThrottleDeps) {
  const now = deps.now ?? Date.now;
  const keyOf = (email: string) =>
    createHmac('sha256', deps.keys[0]!)
      .update(`sign-in:${normalizeEmail(email)}`)
      .digest('base64url');

  async function noticeOwner(email: string, locale: Locale) {
    const account = await deps.accounts.findByEmail(normalizeEmail(email));
    if (!account) return;
    await deps.mail.send(
      signInNoticeMail(account.email, account.displayName, deps.resetLink(locale), locale),
    );
  }

  return {
    /** Whole seconds this attempt must wait before its password is even checked; 0 to go on. */
    async waitSeconds(request: FastifyRequest, email: string): Promise<number> {
      const key = keyOf(email);
      if (deps.devices.knows(request, key)) return 0;
      return Math.ceil(accountWaitMs(await deps.store.read(key), now()) / 1000);
    },

    /** Counts a failure; the one that starts the delay mails the owner, once a day at most. */
    async failed(email: string, locale: Locale): Promise<void> {
      const key = keyOf(email);
      const at = now();
      const record = await deps.store.fail(key, at, ACCOUNT_THROTTLE.forgetAfterMs);
      if (record.failures < ACCOUNT_THROTTLE.freeFailures) return;
      if (!(await deps.store.claimNotice(key, at, ACCOUNT_THROTTLE.noticePeriodMs))) return;
      // A mail that cannot go out must not turn a wrong password into an error page.
      await noticeOwner(email, locale).catch((error: unknown) =>
        deps.log.warn({ err: error }, 'could not send the failed sign-in notice'),
      );
    },

    /** Forgets the account's failures and remembers this browser as the owner's. */
    async succeeded(request: FastifyRequest, reply: FastifyReply, email: string): Promise<void> {
      const key = keyOf(email);
      await deps.store.clear(key);
      deps.devices.remember(request, reply, key);
    },
  };
}

export type AccountThrottle = ReturnType<typeof createAccountThrottle>;

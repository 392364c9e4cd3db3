import { createHash, randomBytes } from 'node:crypto';
import type { MailTransport } from '@questa/mail';
import type { OidcPayloadRepository } from '../oidc/oidc-payload.repository';
import {
  checkPassword,
  checkSignUp,
  normalizeEmail,
  type FieldErrors,
  type PasswordProblem,
  type SignUpField,
  type SignUpInput,
} from './account-input';
import { alreadyRegisteredMail, passwordResetMail, verificationMail } from './account-mails';
import type { Account, AccountRepository } from './account.repository';
import type { EmailTokenPurpose, EmailTokenRepository } from './email-token.repository';
import type { Locale } from '../../pages/messages';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password';

const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;

export interface SignInFailedEvent {
  action: 'auth.sign_in_failed';
  actor: string | null;
  target: string | null;
  ip: string | null;
  details: Record<string, unknown>;
}

export interface AccountLinks {
  verify(token: string): string;
  reset(token: string): string;
  resetRequest: string;
  signIn: string;
}

export interface AccountServiceDeps {
  accounts: AccountRepository;
  tokens: EmailTokenRepository;
  sessions: Pick<OidcPayloadRepository, 'revokeAccount'>;
  /** Tells the clients (the main API) that every sign-in of the account is over. */
  signOutClients?: ((accountId: string) => Promise<unknown>) | undefined;
  mail: MailTransport;
  links: AccountLinks;
  onAuditEvent?: ((event: SignInFailedEvent) => Promise<void>) | undefined;
}

export type SignInResult =
  | { status: 'signed_in'; accountId: string }
  | { status: 'wrong_credentials' }
  | { status: 'unverified' };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A link in a mail opens its page in the mail's language (English is what pages fall back to). */
const inLocale = (link: string, locale: Locale, name = 'ui_locales') =>
  locale === 'en' ? link : `${link}${link.includes('?') ? '&' : '?'}${name}=${locale}`;

export function createAccountService(deps: AccountServiceDeps) {
  const { accounts, tokens, mail, links } = deps;

  const issueToken = async (accountId: string, purpose: EmailTokenPurpose, ttlMs: number) => {
    const token = randomBytes(32).toString('base64url');
    await tokens.create({ tokenHash: hashToken(token), accountId, purpose, ttlMs });
    return token;
  };

  const sendVerification = async (
    account: Pick<Account, 'id' | 'email' | 'displayName'>,
    locale: Locale,
  ) => {
    const token = await issueToken(account.id, 'verify', VERIFY_TTL_MS);
    await mail.send(
      verificationMail(
        account.email,
        account.displayName,
        inLocale(links.verify(token), locale),
        locale,
      ),
    );
  };

  /**
   * Ends every sign-in of the account: its grants and tokens here, then the clients' own sessions,
   * which would otherwise live on until their next refresh.
   */
  const endSignIns = async (accountId: string) => {
    await deps.sessions.revokeAccount(accountId);
    await deps.signOutClients?.(accountId);
  };

  const service = {
    /**
     * Creates an unverified account and mails a confirmation link. A taken email gets a mail
     * saying so instead, and the caller shows the same page either way, so the form does not
     * reveal who has an account.
     */
    async signUp(
      input: SignUpInput,
      locale: Locale = 'en',
    ): Promise<{ errors: FieldErrors<SignUpField> }> {
      const errors = checkSignUp(input);
      if (Object.keys(errors).length > 0) return { errors };
      const email = normalizeEmail(input.email);
      const displayName = input.displayName.trim();
      const id = await accounts.create({
        email,
        displayName,
        passwordHash: await hashPassword(input.password),
      });
      if (id) await sendVerification({ id, email, displayName }, locale);
      else {
        await mail.send(
          alreadyRegisteredMail(
            email,
            inLocale(links.signIn, locale, 'locale'),
            inLocale(links.resetRequest, locale),
            locale,
          ),
        );
      }
      return { errors: {} };
    },

    async signIn(email: string, password: string, ip: string | null): Promise<SignInResult> {
      const account = await accounts.findByEmail(normalizeEmail(email));
      const matches = account
        ? await verifyPassword(account.passwordHash, password)
        : await verifyAgainstDecoy(password);
      if (!account || !matches) {
        await deps.onAuditEvent?.({
          action: 'auth.sign_in_failed',
          actor: null,
          target: normalizeEmail(email) || null,
          ip,
          details: {},
        });
        return { status: 'wrong_credentials' };
      }
      if (!account.emailVerified) return { status: 'unverified' };
      return { status: 'signed_in', accountId: account.id };
    },

    /** Mails a fresh confirmation link to an unverified account; silent for anything else. */
    async resendVerification(email: string, locale: Locale = 'en'): Promise<void> {
      const account = await accounts.findByEmail(normalizeEmail(email));
      if (account && !account.emailVerified) await sendVerification(account, locale);
    },

    /** True when the link confirmed the address now, or had confirmed it before. */
    async verifyEmail(token: string): Promise<boolean> {
      const tokenHash = hashToken(token);
      const accountId = await tokens.consume(tokenHash, 'verify');
      if (accountId) {
        await accounts.markEmailVerified(accountId);
        return true;
      }
      // Mail scanners open links before people do; a used link of a confirmed account is fine.
      const usedBy = await tokens.findUsed(tokenHash, 'verify');
      return usedBy !== undefined && (await accounts.findById(usedBy))?.emailVerified === true;
    },

    async requestPasswordReset(email: string, locale: Locale = 'en'): Promise<void> {
      const account = await accounts.findByEmail(normalizeEmail(email));
      if (!account) return;
      const token = await issueToken(account.id, 'reset', RESET_TTL_MS);
      await mail.send(
        passwordResetMail(
          account.email,
          account.displayName,
          inLocale(links.reset(token), locale),
          locale,
        ),
      );
    },

    async resetTokenUsable(token: string): Promise<boolean> {
      return (await tokens.peek(hashToken(token), 'reset')) !== undefined;
    },

    /**
     * Sets a new password through a reset link, then signs the account out everywhere. The link
     * proved the person reads the mailbox, so the address counts as confirmed too.
     */
    async resetPassword(
      token: string,
      password: string,
    ): Promise<
      | { status: 'changed' }
      | { status: 'invalid_token' }
      | { status: 'invalid_password'; problem: PasswordProblem }
    > {
      const problem = checkPassword(password);
      if (problem) return { status: 'invalid_password', problem };
      const accountId = await tokens.consume(hashToken(token), 'reset');
      if (!accountId) return { status: 'invalid_token' };
      await accounts.setPassword(accountId, await hashPassword(password));
      await tokens.retireAll(accountId, 'reset');
      await accounts.markEmailVerified(accountId);
      await endSignIns(accountId);
      return { status: 'changed' };
    },

    /**
     * Sets a new password for someone who knows the current one. Every session of the account
     * ends, this browser's too: people change a password most often because they fear someone
     * else knows it, and a session that survived the change would keep that someone signed in.
     */
    async changePassword(
      input: { email: string; currentPassword: string; newPassword: string },
      ip: string | null,
    ): Promise<
      | { status: 'changed' }
      | { status: 'wrong_credentials' }
      | { status: 'invalid_password'; problem: PasswordProblem }
    > {
      const signedIn = await service.signIn(input.email, input.currentPassword, ip);
      if (signedIn.status !== 'signed_in') return { status: 'wrong_credentials' };
      const problem = checkPassword(input.newPassword);
      if (problem) return { status: 'invalid_password', problem };
      await accounts.setPassword(signedIn.accountId, await hashPassword(input.newPassword));
      await tokens.retireAll(signedIn.accountId, 'reset');
      await endSignIns(signedIn.accountId);
      return { status: 'changed' };
    },

    /**
     * Ends every sign-in of the account without changing it, when its owner asks Questa to delete
     * it: signing in again then takes the password, and that sign-in is what cancels the deletion.
     * False when there is no such account.
     */
    async endAccountSignIns(id: string): Promise<boolean> {
      if (!(await accounts.findById(id))) return false;
      await endSignIns(id);
      return true;
    },

    /** Deletes the account, its links and its sessions; false when it was already gone. */
    async deleteAccount(id: string): Promise<boolean> {
      if (!(await accounts.findById(id))) return false;
      await endSignIns(id);
      return accounts.delete(id);
    },

    findAccount: (id: string) => accounts.findById(id),
  };
  return service;
}

export type AccountService = ReturnType<typeof createAccountService>;

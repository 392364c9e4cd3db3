import {
  ACCOUNT_DELETION_GRACE_DAYS,
  ACCOUNT_DELETION_SCHEDULED_PATH,
  DELETION_CANCELLED_NOTICE,
} from '@questa/contracts/rules';
import type { AccountExport, DeletionScheduled } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import {
  deletionCancelledMail,
  deletionScheduledMail,
  type MailMessage,
  type MailTransport,
} from '@questa/mail';
import type { IdentityAccounts } from '../../adapters/identity-accounts';
import type { AuditRepository } from '../audit/audit.repository';
import type { AccountDataRepository, DeletableAccount } from './account-data.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Longer than a deletion takes (a provider call of five seconds at most, one transaction). */
const CLAIM_MS = 5 * 60_000;
/** A mail server that does not answer in this time is given up on; the deletion's state stands. */
const MAIL_TIMEOUT_MS = 10_000;

interface Log {
  warn(details: object, message: string): void;
}

export interface AccountServiceDeps {
  data: AccountDataRepository;
  audit: Pick<AuditRepository, 'record'>;
  /** Unset with an external provider, where accounts are deleted by whoever runs it. */
  identity?: IdentityAccounts | undefined;
  /** Ends every Questa session of a person, in every process (their session generation moves). */
  endSessions: (userId: string) => Promise<void>;
  /** Drops what this process remembers of a person's sessions once they are erased. */
  forgetUser?: (userId: string) => void;
  /** Unset: the deletion goes ahead unannounced (tests, a process without mail). */
  mail?: MailTransport | undefined;
  publicUrl: string;
  /** The clock the grace is counted by; tests move it rather than wait fourteen days. */
  now?: () => Date;
  log?: Log;
}

export interface AdminActor {
  sub: string;
  userId: string;
  ip: string;
}

const sameEmail = (typed: string, email: string) =>
  typed.trim().toLowerCase() === email.toLowerCase();

/**
 * A learner's own data: a copy to take away, and deleting the account, which waits fourteen
 * days for its owner to change their mind (docs/decisions/0025) unless an admin deletes it at once
 * for a legal request.
 */
export function createAccountService(deps: AccountServiceDeps) {
  const { data, identity } = deps;
  const now = deps.now ?? (() => new Date());

  async function send(message: MailMessage, userId: string) {
    if (!deps.mail) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${MAIL_TIMEOUT_MS} ms`)),
        MAIL_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([deps.mail.send(message), late]);
    } catch (error) {
      deps.log?.warn({ err: error, userId }, 'account deletion mail not sent');
    } finally {
      clearTimeout(timer);
    }
  }

  async function refuseWhileCharging(userId: string, detail: string) {
    // Deleting the account does not stop the partner charging the card: that has to end first.
    if (await data.hasChargingSubscription(userId)) {
      throw new HttpProblem('account.subscription_active', { detail });
    }
  }

  /**
   * Carries out a claimed deletion in two steps, each safe to repeat: delete the account at the
   * identity provider (a call no transaction is held across), then erase and anonymise here. The
   * provider treats an account already gone as done.
   */
  async function carryOut(account: DeletableAccount) {
    try {
      await identity?.deleteAccount(account.sub);
    } catch (error) {
      await data.releaseClaim(account.id);
      throw error;
    }
    await data.erase(account.id);
    deps.forgetUser?.(account.id);
  }

  return {
    /** Where the learner changes their password, or undefined where the provider has no page. */
    passwordPageUrl: (email: string, locale: string | undefined) =>
      identity?.passwordPageUrl({ email, locale }),

    async exportData(userId: string): Promise<AccountExport> {
      return {
        format: 'questa-account-export/1',
        exportedAt: now().toISOString(),
        ...(await data.exportOf(userId)),
      };
    },

    /**
     * The owner asks for their account's deletion: it is due in fourteen days, every sign-in ends
     * (at the provider too, so signing in again takes the password, which is what cancels), and a
     * mail says when and how to keep the account.
     */
    async requestDeletion(userId: string, confirm: string): Promise<DeletionScheduled> {
      const account = await data.find(userId);
      if (!account || account.deletedAt) throw new HttpProblem('not_found');
      if (!sameEmail(confirm, account.email)) {
        throw new HttpProblem('validation.failed', {
          errors: [{ field: 'confirm', message: 'Type the email address of your account.' }],
        });
      }
      await refuseWhileCharging(
        userId,
        'Your subscription still renews. Cancel it on the billing page first; then delete your account.',
      );
      const requestedAt = now();
      const dueAt = await data.scheduleDeletion(
        userId,
        requestedAt,
        new Date(requestedAt.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS),
      );
      if (!dueAt) throw new HttpProblem('not_found');
      await deps.audit.record({
        action: 'account.deletion_requested',
        actor: account.sub,
        target: `user/${userId}`,
        ip: null,
        details: { dueAt: new Date(dueAt).toISOString() },
      });
      await deps.endSessions(userId);
      // The provider's own sign-in would otherwise let "Sign in" through without the password,
      // cancelling the deletion on a stray click. Its failure leaves the deletion scheduled.
      await identity?.endSignIns(account.sub).catch((error: unknown) => {
        deps.log?.warn({ err: error, userId }, 'sign-ins at the provider not ended');
      });
      const due = new Date(dueAt);
      await send(
        deletionScheduledMail({
          to: account.email,
          name: account.displayName,
          dueAt: due,
          graceDays: ACCOUNT_DELETION_GRACE_DAYS,
          signInUrl: `${deps.publicUrl}/api/auth/login`,
        }),
        userId,
      );
      const query = new URLSearchParams({ due: due.toISOString() });
      return {
        redirectTo: `${ACCOUNT_DELETION_SCHEDULED_PATH}?${query}`,
        dueAt: due.toISOString(),
      };
    },

    /**
     * Called at every sign-in, before the session opens: one in the grace cancels the deletion
     * and sends the person to a notice saying so; one after it is refused, as the account is
     * being deleted. Undefined: the sign-in goes where it was going.
     */
    async signedIn(userId: string): Promise<string | undefined> {
      const outcome = await data.cancelOnSignIn(userId, now());
      if (outcome.kind === 'none') return undefined;
      if (outcome.kind === 'under_way') {
        throw new HttpProblem('auth.required', {
          detail:
            'This account is being deleted, as was asked for, so it cannot be signed in to any more.',
        });
      }
      await deps.audit.record({
        action: 'account.deletion_cancelled',
        actor: null,
        target: `user/${userId}`,
        ip: null,
      });
      await send(
        deletionCancelledMail({
          to: outcome.email,
          name: outcome.displayName,
          accountUrl: `${deps.publicUrl}/account`,
        }),
        userId,
      );
      return `/account?notice=${DELETION_CANCELLED_NOTICE}`;
    },

    /**
     * An admin deletes an account at once, for a legal request: the admin types the account's
     * email address, the deletion is audited under the admin's name, and it is carried out now.
     * If the provider is down the deletion stays due, the admin gets `unavailable`, and the sweep
     * (or the admin's retry) finishes it; the owner signing in meanwhile cannot undo it.
     */
    async deleteNow(actor: AdminActor, userId: string, confirm: string): Promise<void> {
      const account = await data.find(userId);
      if (!account || account.deletedAt) {
        throw new HttpProblem('not_found', { detail: 'There is no such user.' });
      }
      if (userId === actor.userId) {
        throw new HttpProblem('validation.failed', {
          detail: 'Delete your own account from your account page.',
          errors: [{ field: 'userId', message: 'must be someone else' }],
        });
      }
      if (!sameEmail(confirm, account.email)) {
        throw new HttpProblem('validation.failed', {
          errors: [{ field: 'confirm', message: 'Type the email address of the account.' }],
        });
      }
      await refuseWhileCharging(
        userId,
        'Their subscription still renews. Cancel it on their billing record first; then delete the account.',
      );
      // Recorded before the erasure, which rewrites the address to `user/<id>` with the rest.
      await deps.audit.record({
        action: 'account.deleted_by_admin',
        actor: actor.sub,
        target: account.email,
        ip: actor.ip,
        details: { reason: 'legal request' },
      });
      await data.makeDueNow(userId, now());
      await deps.endSessions(userId);
      const [claimed] = await data.claimDue(now(), CLAIM_MS, 1, userId);
      // Not claimed: another process's sweep took it a moment ago and is finishing it.
      if (claimed) await carryOut(claimed);
    },

    /**
     * Carries out every deletion now due, a batch at a time, in any number of API processes at
     * once. Stops at the first provider failure, to try again at the next sweep; a deletion whose
     * owner subscribed again since (possible only once it is due) is left for them to cancel.
     */
    async finishDueDeletions(limit = 50): Promise<number> {
      let finished = 0;
      for (const account of await data.claimDue(now(), CLAIM_MS, limit)) {
        if (await data.hasChargingSubscription(account.id)) {
          await data.releaseClaim(account.id);
          continue;
        }
        await carryOut(account);
        finished += 1;
      }
      return finished;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

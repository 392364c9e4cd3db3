import type { AccountExport } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { IdentityAccounts } from '../../adapters/identity-accounts';
import type { AccountDataRepository } from './account-data.repository';

export interface AccountServiceDeps {
  data: AccountDataRepository;
  /** Unset with an external provider, where accounts are deleted by whoever runs it. */
  identity?: IdentityAccounts | undefined;
  /** Drops what this process remembers of a person's sessions once they are erased. */
  forgetUser?: (userId: string) => void;
}

/** A learner's own data: a copy to take away, and deleting the account. */
export function createAccountService({ data, identity, forgetUser }: AccountServiceDeps) {
  const erase = async (userId: string) => {
    await data.erase(userId);
    forgetUser?.(userId);
  };

  return {
    /** Where the learner changes their password, or undefined where the provider has no page. */
    passwordPageUrl: (email: string, locale: string | undefined) =>
      identity?.passwordPageUrl({ email, locale }),

    async exportData(userId: string): Promise<AccountExport> {
      return {
        format: 'questa-account-export/1',
        exportedAt: new Date().toISOString(),
        ...(await data.exportOf(userId)),
      };
    },

    /**
     * Deletes the account in three steps, each safe to repeat: mark it pending, delete it at the
     * identity provider (a call no transaction is held across), then erase and anonymise here. If
     * the provider cannot be reached the caller gets `unavailable` with nothing lost, and the same
     * request later finishes the job; the provider treats an account already gone as done.
     */
    async deleteAccount(userId: string, confirm: string): Promise<void> {
      const account = await data.find(userId);
      if (!account || account.deletedAt) throw new HttpProblem('not_found');
      if (confirm.trim().toLowerCase() !== account.email.toLowerCase()) {
        throw new HttpProblem('validation.failed', {
          errors: [{ field: 'confirm', message: 'Type the email address of your account.' }],
        });
      }
      // Deleting the account does not stop the partner charging the card: that has to end first.
      if (await data.hasChargingSubscription(userId)) {
        throw new HttpProblem('account.subscription_active', {
          detail:
            'Your subscription still renews. Cancel it on the billing page first; then delete your account.',
        });
      }
      await data.markDeletionRequested(userId);
      await identity?.deleteAccount(account.sub);
      await erase(userId);
    },

    /**
     * Finishes deletions asked for more than `graceMs` ago (younger ones may still be under way):
     * the person asked, so a provider that was down, or a process that died between the steps,
     * does not leave their data behind. Stops at the first provider failure, to try next time.
     */
    async finishPendingDeletions(graceMs = 15 * 60_000): Promise<number> {
      let finished = 0;
      for (const account of await data.pendingDeletions(graceMs, 100)) {
        // Subscribed again after asking: the partner would go on charging; they have to ask anew.
        if (await data.hasChargingSubscription(account.id)) continue;
        await identity?.deleteAccount(account.sub);
        await erase(account.id);
        finished += 1;
      }
      return finished;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

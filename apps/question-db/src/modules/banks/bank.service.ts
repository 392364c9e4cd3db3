import { bankInput, type Bank, type BankInput, type TenantBankList } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { can, type Principal } from '@questa/policy';
import type { LimitService } from '../limits/limit.service';
import type { TenantRepository } from '../tenants/tenant.repository';
import { mayReadBank, noSuchBank } from './bank-access';
import { DuplicateSlugError, type BankRepository } from './bank.repository';

// Cursors are opaque to callers so the ordering behind them can change without breaking anyone.
const encodeCursor = (slug: string) => Buffer.from(slug, 'utf8').toString('base64url');

function decodeCursor(cursor: string): string {
  const slug = bankInput.shape.slug.safeParse(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!slug.success) {
    throw new HttpProblem('validation.failed', {
      detail: 'The cursor was not given out by this API.',
      errors: [{ field: 'query.cursor', message: 'is not a cursor from a previous page' }],
    });
  }
  return slug.data;
}

const slugTaken = () =>
  new HttpProblem('validation.failed', {
    detail: 'Another bank of this tenant already uses that slug.',
    errors: [{ field: 'body.slug', message: 'is already used by another bank of this tenant' }],
  });

export function createBankService(deps: {
  banks: Pick<
    BankRepository,
    'listForClient' | 'create' | 'find' | 'update' | 'setArchived' | 'publishedCount' | 'remove'
  >;
  tenants: Pick<TenantRepository, 'exists'>;
  limits: Pick<LimitService, 'room'>;
}) {
  const { banks } = deps;

  async function get(principal: Principal, clientId: string, bankId: string): Promise<Bank> {
    const bank = await banks.find(clientId, bankId);
    if (!bank || !mayReadBank(principal, clientId, bank.visibility)) throw noSuchBank();
    return bank;
  }

  return {
    get,

    async listForTenant(
      principal: Principal,
      clientId: string,
      page: { cursor?: string | undefined; limit: number },
    ): Promise<TenantBankList> {
      const afterSlug = page.cursor === undefined ? undefined : decodeCursor(page.cursor);
      if (!(await deps.tenants.exists(clientId))) {
        throw new HttpProblem('not_found', { detail: 'There is no such tenant.' });
      }
      // One row more than asked tells whether another page follows.
      const rows = await banks.listForClient(clientId, {
        afterSlug,
        limit: page.limit + 1,
        includePrivate: can(principal, 'bank:read_private', clientId),
      });
      const onPage = rows.slice(0, page.limit);
      const last = onPage.at(-1);
      return {
        banks: onPage,
        nextCursor: rows.length > page.limit && last ? encodeCursor(last.slug) : null,
      };
    },

    async create(principal: Principal, clientId: string, input: Required<BankInput>) {
      try {
        const created = await banks.create(clientId, input, deps.limits.room(clientId, 'banks'));
        return await get(principal, clientId, created.id);
      } catch (error) {
        if (error instanceof DuplicateSlugError) throw slugTaken();
        throw error;
      }
    },

    /** Changes only the fields the caller sent. */
    async update(
      principal: Principal,
      clientId: string,
      bankId: string,
      changes: Partial<Required<BankInput>>,
    ): Promise<Bank> {
      try {
        if (!(await banks.update(clientId, bankId, changes))) throw noSuchBank();
      } catch (error) {
        if (error instanceof DuplicateSlugError) throw slugTaken();
        throw error;
      }
      return get(principal, clientId, bankId);
    },

    /** Archives the bank, or restores it: nothing is lost either way. */
    async setArchived(
      principal: Principal,
      clientId: string,
      bankId: string,
      archived: boolean,
    ): Promise<Bank> {
      if (!(await banks.setArchived(clientId, bankId, archived))) throw noSuchBank();
      return get(principal, clientId, bankId);
    },

    /**
     * Deletes a bank whose questions were never published. A published question may have been
     * drawn and answered, and those answers refer to it, so such a bank can only be archived.
     */
    async remove(principal: Principal, clientId: string, bankId: string): Promise<void> {
      await get(principal, clientId, bankId);
      const published = await banks.publishedCount(bankId);
      if (published > 0) {
        throw new HttpProblem('bank.has_published', {
          detail: `${published} of the bank’s questions ${published === 1 ? 'was' : 'were'} published and may have been answered; archive the bank instead.`,
        });
      }
      if (!(await banks.remove(clientId, bankId))) throw noSuchBank();
    },
  };
}

export type BankService = ReturnType<typeof createBankService>;

import { bankInput } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { can, type Principal } from '@questa/policy';
import type { TenantRepository } from '../tenants/tenant.repository';
import type { BankRepository } from './bank.repository';
import type { TenantBankList } from '@questa/contracts';

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

export function createBankService(deps: {
  banks: Pick<BankRepository, 'listForClient'>;
  tenants: Pick<TenantRepository, 'exists'>;
}) {
  return {
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
      const rows = await deps.banks.listForClient(clientId, {
        afterSlug,
        limit: page.limit + 1,
        includePrivate: can(principal, 'bank:read_private', clientId),
      });
      const banks = rows.slice(0, page.limit);
      const last = banks.at(-1);
      return {
        banks,
        nextCursor: rows.length > page.limit && last ? encodeCursor(last.slug) : null,
      };
    },
  };
}

export type BankService = ReturnType<typeof createBankService>;

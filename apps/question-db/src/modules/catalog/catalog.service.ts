import type { CatalogBankDetail, CatalogList } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { CatalogRepository } from './catalog.repository';

/** The public face of the question database: banks anyone may discover, public or premium. */
export function createCatalogService(repository: CatalogRepository) {
  return {
    async list(): Promise<CatalogList> {
      return { banks: await repository.listBanks() };
    },

    async get(bankId: string): Promise<CatalogBankDetail> {
      const bank = await repository.findBank(bankId);
      // Private banks answer exactly like missing ones so their ids cannot be probed.
      if (!bank)
        throw new HttpProblem('not_found', { detail: 'There is no such bank in the catalog.' });
      return { ...bank, ...(await repository.publishedBreakdown(bankId)) };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

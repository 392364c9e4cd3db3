import type { CatalogBankDetail } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { CatalogService } from '../catalog/catalog.service';
import type { EntitlementService } from '../entitlements/entitlements';
import type { UserRow } from '../users/user.repository';

export const premiumRequired = (detail: string) => new HttpProblem('payment.required', { detail });

/**
 * The banks learners may draw from: those in the catalog (public and premium). Premium banks
 * need premium; the question database does not know who has it, so the main API decides.
 */
export function createLearnerBanks(
  catalog: CatalogService,
  entitlements: Pick<EntitlementService, 'mayUsePremiumBanks'>,
) {
  return {
    async open(user: UserRow, bankId: string, requestId: string): Promise<CatalogBankDetail> {
      const bank = await catalog.bank(bankId, requestId);
      if (bank.visibility === 'premium' && !entitlements.mayUsePremiumBanks(user)) {
        throw premiumRequired('This bank is part of premium. Premium unlocks it.');
      }
      return bank;
    },
  };
}

export type LearnerBanks = ReturnType<typeof createLearnerBanks>;

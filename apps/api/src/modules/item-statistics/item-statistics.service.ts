import type { ItemStatistics } from '@questa/contracts';
import { itemStatistics } from '@questa/scoring';
import type { ItemStatisticsRepository } from './item-statistics.repository';

/** Below this many learners an item's figures are shown but not judged. */
export const MIN_RESPONSES = 10;

export function createItemStatisticsService(repository: ItemStatisticsRepository) {
  return {
    async forBank(clientId: string, bankId: string): Promise<ItemStatistics> {
      const responses = await repository.firstAnswers(clientId, bankId);
      return {
        minResponses: MIN_RESPONSES,
        items: itemStatistics(responses, { minResponses: MIN_RESPONSES }),
      };
    },
  };
}

export type ItemStatisticsService = ReturnType<typeof createItemStatisticsService>;

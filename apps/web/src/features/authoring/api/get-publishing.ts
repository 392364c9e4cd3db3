import type { PublishingSettings } from '@questa/contracts';
import { useQuery } from '../../../lib/use-query';
import { publishingKey, questionDbRequest } from './question-db';

export function getPublishing(clientId: string): Promise<PublishingSettings> {
  return questionDbRequest<PublishingSettings>(clientId, '/publishing');
}

export function usePublishing(clientId: string) {
  return useQuery(publishingKey(clientId), () => getPublishing(clientId));
}

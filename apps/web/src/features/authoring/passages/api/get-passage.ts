import type { PassageDetail } from '@questa/contracts';
import { useQuery } from '../../../../lib/use-query';
import { questionDbRequest } from '../../api/question-db';
import { passagesKey } from './list-passages';

export const passageKey = (clientId: string, bankId: string, passageId: string) =>
  `${passagesKey(clientId, bankId)}/${passageId}`;

export function getPassage(clientId: string, passageId: string): Promise<PassageDetail> {
  return questionDbRequest<PassageDetail>(clientId, `/passages/${encodeURIComponent(passageId)}`);
}

export function usePassage(clientId: string, bankId: string, passageId: string) {
  return useQuery(passageKey(clientId, bankId, passageId), () => getPassage(clientId, passageId));
}

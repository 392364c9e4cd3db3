import type { PassageDetail } from '@questa/contracts';
import { useMutation } from '../../../../lib/use-mutation';
import { invalidateQueries } from '../../../../lib/use-query';
import { questionDbRequest } from '../../api/question-db';
import { passagesKey } from './list-passages';

const questionPath = (passageId: string, questionId: string) =>
  `/passages/${encodeURIComponent(passageId)}/questions/${encodeURIComponent(questionId)}`;

/** Attaches (`PUT`) or detaches (`DELETE`) one question; the answer is the passage afterwards. */
export function changeAttachment(
  clientId: string,
  passageId: string,
  questionId: string,
  attach: boolean,
): Promise<PassageDetail> {
  return questionDbRequest<PassageDetail>(clientId, questionPath(passageId, questionId), {
    method: attach ? 'PUT' : 'DELETE',
  });
}

async function changeAndRefetch(
  clientId: string,
  bankId: string,
  passageId: string,
  questionId: string,
  attach: boolean,
) {
  const passage = await changeAttachment(clientId, passageId, questionId, attach);
  // A question attached here may have left another passage of the bank.
  await invalidateQueries(passagesKey(clientId, bankId));
  return passage;
}

export function useChangeAttachment() {
  return useMutation(changeAndRefetch);
}

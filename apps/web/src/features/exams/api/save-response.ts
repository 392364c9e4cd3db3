import type { AnswerInput, SavedResponse } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { examPath } from './get-exam';

/** Saves one answer; the server acknowledges it with the time it was saved. */
export function saveResponse(
  attemptId: string,
  position: number,
  answer: AnswerInput,
): Promise<SavedResponse> {
  return apiRequest<SavedResponse>(`${examPath(attemptId)}/responses/${position}`, {
    method: 'PUT',
    body: { answer },
  });
}

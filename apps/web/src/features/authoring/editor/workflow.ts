import type { QuestionStatus } from '@questa/contracts';
import type { QuestionAction } from '../api/transition-question';

/**
 * The workflow steps to offer, as the question database allows them: writers submit drafts;
 * publishers publish what is in review; either sends it back to draft; publishers retire the
 * published version, even while a newer draft is being written. The server checks each again.
 */
export function workflowActions(
  { status, publishedVersion }: { status: QuestionStatus; publishedVersion: number | null },
  { canWrite, canPublish }: { canWrite: boolean; canPublish: boolean },
): QuestionAction[] {
  const actions: QuestionAction[] = [];
  if (status === 'draft' && canWrite) actions.push('submit');
  if (status === 'in_review' && canPublish) actions.push('publish');
  if (status === 'in_review' && (canWrite || canPublish)) actions.push('return_to_draft');
  if (publishedVersion !== null && canPublish) actions.push('retire');
  return actions;
}

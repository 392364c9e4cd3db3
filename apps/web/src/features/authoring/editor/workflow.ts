import type { QuestionStatus } from '@questa/contracts';
import {
  publishesDrafts,
  publishRefusal,
  retireRefusal,
  type PublishRefusal,
} from '@questa/contracts/rules';
import type { QuestionAction } from '../api/transition-question';

export interface OfferedAction {
  action: QuestionAction;
  /** Why the action is shown disabled; null when it may be taken. */
  refusal: PublishRefusal | null;
}

/**
 * The workflow steps to offer, under the tenant's publishing rule: writers submit drafts; whoever
 * the rule allows publishes (a draft too, where no second person is needed) and retires; writers
 * and reviewers send a version in review back to draft. Publishing and retiring are shown even
 * when refused, with the reason, so nobody is left wondering why they cannot publish. The server
 * checks each again.
 */
export function workflowActions(
  { status, publishedVersion }: { status: QuestionStatus; publishedVersion: number | null },
  { canWrite, canPublish }: { canWrite: boolean; canPublish: boolean },
  { secondPerson, wroteVersion }: { secondPerson: boolean; wroteVersion: boolean },
): OfferedAction[] {
  const ability = { secondPerson, canWrite, canPublish };
  const involved = canWrite || canPublish;
  const actions: OfferedAction[] = [];
  if (status === 'draft' && canWrite) actions.push({ action: 'submit', refusal: null });
  if (status === 'in_review' || (status === 'draft' && canWrite)) {
    const refusal = publishRefusal(ability, wroteVersion);
    // A draft goes to review first unless its writer may skip it; then publishing is one step.
    if (status === 'in_review' || refusal !== null || publishesDrafts(ability)) {
      if (involved) actions.push({ action: 'publish', refusal });
    }
  }
  if (status === 'in_review' && involved)
    actions.push({ action: 'return_to_draft', refusal: null });
  if (publishedVersion !== null && involved) {
    actions.push({ action: 'retire', refusal: retireRefusal(ability) });
  }
  return actions;
}

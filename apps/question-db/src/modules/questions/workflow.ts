import type { QuestionStatus, questionTransitions } from '@questa/contracts';
import type { Permission } from '@questa/policy';

export type QuestionTransition = (typeof questionTransitions)[number];

/**
 * Any one of these permissions allows the action. Publishing and retiring also depend on the
 * tenant's setting, which `publishRefusal` in the contracts' rules decides.
 */
export const transitionPermissions: Record<
  Exclude<QuestionTransition, 'publish' | 'retire'>,
  readonly Permission[]
> = {
  submit: ['question:write'],
  // Authors take back what they submitted; reviewers send it back with their remarks.
  return_to_draft: ['question:write', 'question:review'],
};

export interface WorkflowState {
  currentVersion: number;
  publishedVersion: number | null;
  /** The current version's status. */
  status: QuestionStatus;
}

export interface VersionMove {
  version: number;
  from: QuestionStatus;
  to: QuestionStatus;
}

export type TransitionPlan =
  | { ok: true; moves: VersionMove[]; publishedVersion: number | null }
  | { ok: false; detail: string };

const refuse = (detail: string): TransitionPlan => ({ ok: false, detail });

/** What a transition changes, or why the question's state does not allow it. */
export function planTransition(action: QuestionTransition, state: WorkflowState): TransitionPlan {
  const current = state.currentVersion;
  const isNow = `Its current version ${current} is ${state.status.replace('_', ' ')}.`;
  switch (action) {
    case 'submit':
      if (state.status !== 'draft') return refuse(`Only a draft can be submitted. ${isNow}`);
      return {
        ok: true,
        moves: [{ version: current, from: 'draft', to: 'in_review' }],
        publishedVersion: state.publishedVersion,
      };
    case 'return_to_draft':
      if (state.status !== 'in_review') {
        return refuse(`Only a version in review can go back to draft. ${isNow}`);
      }
      return {
        ok: true,
        moves: [{ version: current, from: 'in_review', to: 'draft' }],
        publishedVersion: state.publishedVersion,
      };
    case 'publish': {
      if (state.status !== 'in_review') {
        return refuse(`Only a version in review can be published. ${isNow}`);
      }
      // One published version at a time: the one learners saw so far is retired.
      const earlier: VersionMove[] =
        state.publishedVersion === null
          ? []
          : [{ version: state.publishedVersion, from: 'published', to: 'retired' }];
      return {
        ok: true,
        moves: [...earlier, { version: current, from: 'in_review', to: 'published' }],
        publishedVersion: current,
      };
    }
    case 'retire':
      // The published version may be retired while a newer draft is being written.
      if (state.publishedVersion === null) {
        return refuse('Only a published question can be retired, and this one has none.');
      }
      return {
        ok: true,
        moves: [{ version: state.publishedVersion, from: 'published', to: 'retired' }],
        publishedVersion: null,
      };
  }
}

/**
 * A plan as `planTransition` makes it, except that a draft is published in one step (submitted
 * and published, in that order) when `draftsToo` says the one asking may skip review: without it
 * they would click "submit" and then "publish" on the same question.
 */
export function planWithDrafts(
  action: QuestionTransition,
  state: WorkflowState,
  draftsToo: boolean,
): TransitionPlan {
  if (action !== 'publish' || state.status !== 'draft' || !draftsToo) {
    return planTransition(action, state);
  }
  const submitted = planTransition('submit', state);
  if (!submitted.ok) return submitted;
  const published = planTransition('publish', { ...state, status: 'in_review' });
  if (!published.ok) return published;
  return { ...published, moves: [...submitted.moves, ...published.moves] };
}

import { describe, expect, it } from 'vitest';
import { questionStatuses, questionTransitions } from '@questa/contracts';
import { planTransition, type WorkflowState } from './workflow';

const state = (status: WorkflowState['status'], publishedVersion: number | null = null) => ({
  currentVersion: 3,
  publishedVersion,
  status,
});

describe('question workflow', () => {
  it('moves the current version draft → in review → published', () => {
    expect(planTransition('submit', state('draft'))).toEqual({
      ok: true,
      moves: [{ version: 3, from: 'draft', to: 'in_review' }],
      publishedVersion: null,
    });
    expect(planTransition('return_to_draft', state('in_review', 2))).toEqual({
      ok: true,
      moves: [{ version: 3, from: 'in_review', to: 'draft' }],
      publishedVersion: 2,
    });
  });

  it('retires the version learners saw when a newer one is published', () => {
    expect(planTransition('publish', state('in_review', 2))).toEqual({
      ok: true,
      moves: [
        { version: 2, from: 'published', to: 'retired' },
        { version: 3, from: 'in_review', to: 'published' },
      ],
      publishedVersion: 3,
    });
  });

  it('retires the published version even while a newer draft is being written', () => {
    expect(planTransition('retire', state('draft', 2))).toEqual({
      ok: true,
      moves: [{ version: 2, from: 'published', to: 'retired' }],
      publishedVersion: null,
    });
  });

  it('allows each action from exactly the states it names', () => {
    const allowed = Object.fromEntries(
      questionTransitions.map((action) => [
        action,
        questionStatuses.filter(
          (status) => planTransition(action, state(status, status === 'published' ? 3 : null)).ok,
        ),
      ]),
    );
    expect(allowed).toEqual({
      submit: ['draft'],
      publish: ['in_review'],
      retire: ['published'],
      return_to_draft: ['in_review'],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { workflowActions } from './workflow';

const author = { canWrite: true, canPublish: false };
const reviewer = { canWrite: false, canPublish: true };
const owner = { canWrite: true, canPublish: true };
const viewer = { canWrite: false, canPublish: false };
const draft = { status: 'draft', publishedVersion: null } as const;
const inReview = { status: 'in_review', publishedVersion: null } as const;
const published = { status: 'published', publishedVersion: 1 } as const;

describe('workflowActions', () => {
  it('lets writers submit drafts', () => {
    expect(workflowActions(draft, author)).toEqual(['submit']);
    expect(workflowActions(draft, reviewer)).toEqual([]);
  });

  it('lets publishers publish, and either role send back, what is in review', () => {
    expect(workflowActions(inReview, reviewer)).toEqual(['publish', 'return_to_draft']);
    expect(workflowActions(inReview, author)).toEqual(['return_to_draft']);
    expect(workflowActions(inReview, owner)).toEqual(['publish', 'return_to_draft']);
  });

  it('lets publishers retire the published version, also under a newer draft', () => {
    expect(workflowActions(published, reviewer)).toEqual(['retire']);
    expect(workflowActions(published, author)).toEqual([]);
    expect(workflowActions({ status: 'draft', publishedVersion: 1 }, owner)).toEqual([
      'submit',
      'retire',
    ]);
  });

  it('offers nothing for a retired question, nor to viewers', () => {
    expect(workflowActions({ status: 'retired', publishedVersion: null }, owner)).toEqual([]);
    for (const state of [draft, inReview, published]) {
      expect(workflowActions(state, viewer)).toEqual([]);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { workflowActions } from './workflow';

const author = { canWrite: true, canPublish: false };
const reviewer = { canWrite: false, canPublish: true };
const owner = { canWrite: true, canPublish: true };
const viewer = { canWrite: false, canPublish: false };
const draft = { status: 'draft', publishedVersion: null } as const;
const inReview = { status: 'in_review', publishedVersion: null } as const;
const published = { status: 'published', publishedVersion: 1 } as const;
const team = { secondPerson: true, wroteVersion: false };
const teamOwnVersion = { secondPerson: true, wroteVersion: true };
const alone = { secondPerson: false, wroteVersion: true };

const offered = (...args: Parameters<typeof workflowActions>) =>
  workflowActions(...args).map(({ action, refusal }) =>
    refusal ? `${action}:${refusal}` : action,
  );

describe('workflowActions', () => {
  it('with a second person, lets writers submit and shows why they cannot publish', () => {
    expect(offered(draft, author, team)).toEqual(['submit', 'publish:role']);
    expect(offered(draft, reviewer, team)).toEqual([]);
    expect(offered(inReview, author, team)).toEqual(['publish:role', 'return_to_draft']);
    expect(offered(inReview, reviewer, team)).toEqual(['publish', 'return_to_draft']);
    expect(offered(inReview, owner, teamOwnVersion)).toEqual([
      'publish:own_version',
      'return_to_draft',
    ]);
    expect(offered(inReview, viewer, team)).toEqual([]);
  });

  it('lets an owner publish someone else’s draft in one step', () => {
    expect(offered(draft, owner, team)).toEqual(['submit', 'publish']);
    expect(offered(draft, owner, teamOwnVersion)).toEqual(['submit', 'publish:own_version']);
  });

  it('without a second person, lets a writer publish their own draft directly', () => {
    expect(offered(draft, owner, alone)).toEqual(['submit', 'publish']);
    expect(offered(draft, author, alone)).toEqual(['submit', 'publish']);
    expect(offered(published, author, alone)).toEqual(['retire']);
  });

  it('retires under a newer draft, and says why an author may not', () => {
    expect(offered(published, reviewer, team)).toEqual(['retire']);
    expect(offered(published, author, team)).toEqual(['retire:role']);
    expect(offered({ status: 'draft', publishedVersion: 1 }, owner, team)).toEqual([
      'submit',
      'publish',
      'retire',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { publishesDrafts, publishRefusal, retireRefusal } from './publishing';

const author = { canWrite: true, canPublish: false };
const reviewer = { canWrite: false, canPublish: true };
const owner = { canWrite: true, canPublish: true };
const viewer = { canWrite: false, canPublish: false };

describe('publishing rules', () => {
  it('with a second person, lets reviewers and owners publish what someone else wrote', () => {
    const on = { secondPerson: true };
    expect(publishRefusal({ ...on, ...reviewer }, false)).toBeNull();
    expect(publishRefusal({ ...on, ...owner }, false)).toBeNull();
    expect(publishRefusal({ ...on, ...owner }, true)).toBe('own_version');
    expect(publishRefusal({ ...on, ...author }, false)).toBe('role');
    expect(publishRefusal({ ...on, ...viewer }, false)).toBe('role');
    expect(retireRefusal({ ...on, ...author })).toBe('role');
    expect(retireRefusal({ ...on, ...owner })).toBeNull();
    // Someone else's draft: its writer and the owner who publishes it are two people.
    expect(publishesDrafts({ ...on, ...owner })).toBe(true);
    expect(publishesDrafts({ ...on, ...reviewer })).toBe(false);
  });

  it('without one, lets whoever writes publish, straight from a draft', () => {
    const off = { secondPerson: false };
    expect(publishRefusal({ ...off, ...owner }, true)).toBeNull();
    expect(publishRefusal({ ...off, ...author }, true)).toBeNull();
    expect(publishRefusal({ ...off, ...viewer }, false)).toBe('role');
    expect(retireRefusal({ ...off, ...author })).toBeNull();
    expect(publishesDrafts({ ...off, ...owner })).toBe(true);
    expect(publishesDrafts({ ...off, ...author })).toBe(true);
    expect(publishesDrafts({ ...off, ...viewer })).toBe(false);
  });
});

import type { Blueprint } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../../lib/i18n';
import { appMessages } from '../../../lib/i18n/app-messages';
import { draftFrom, toInput } from './blueprint-draft';

const t = createTranslator('en', appMessages.english, appMessages.english);

const aBlueprint = (overrides: Partial<Blueprint> = {}): Blueprint => ({
  id: '3f2e1d0c-0000-4000-8000-000000000001',
  bankId: '7d1f3c2e-7a43-4c55-9a8f-1f0a2b3c4d5e',
  title: 'Mock exam',
  rules: [{ topic: 'Europe', difficulty: 2, count: 5 }, { count: 5 }],
  questionCount: 10,
  timeLimitSeconds: 1200,
  passMark: 0.625,
  shuffle: false,
  reviewPolicy: 'responses',
  isDefault: false,
  ...overrides,
});

describe('blueprint drafts', () => {
  it('round-trips a blueprint through the form', () => {
    const draft = draftFrom(aBlueprint());
    expect(draft.minutes).toBe('20');
    expect(draft.passPercent).toBe('62.5');
    expect(toInput(t, draft)).toEqual({
      input: {
        title: 'Mock exam',
        rules: [{ topic: 'Europe', difficulty: 2, count: 5 }, { count: 5 }],
        timeLimitSeconds: 1200,
        passMark: 0.625,
        shuffle: false,
        reviewPolicy: 'responses',
      },
      errors: null,
    });
  });

  it('leaves the time empty when the blueprint uses 90 seconds per question', () => {
    const draft = draftFrom(aBlueprint({ timeLimitSeconds: 10 * 90, questionCount: 10 }));
    expect(draft.minutes).toBe('');
    expect(toInput(t, draft).input?.timeLimitSeconds).toBeNull();
  });

  it('takes as short a time as the API does', () => {
    // Ten seconds is the contract's shortest exam; half a minute is well within it.
    const result = toInput(t, { ...draftFrom(), title: 'Quick check', minutes: '0.5' });
    expect(result.errors).toBeNull();
    expect(result.input?.timeLimitSeconds).toBe(30);
  });

  it('names every invalid field as the API does', () => {
    const draft = draftFrom();
    const result = toInput(t, {
      ...draft,
      title: ' ',
      rules: [{ ...draft.rules[0]!, count: '0' }],
      minutes: '0.1',
      passPercent: '120',
    });
    expect(result.errors).toEqual({
      title: "This can't be empty.",
      'rules.0.count': 'Enter a whole number from 1 to 200.',
      timeLimitSeconds: 'Enter 0.2 to 360 minutes, or leave it empty.',
      passMark: 'Enter a percentage from 0 to 100.',
    });
  });
});

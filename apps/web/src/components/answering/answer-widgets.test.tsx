import type { LearnerQuestion } from '@questa/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(cleanup);

const matching: LearnerQuestion = {
  type: 'matching',
  stem: 'Match each country with its capital',
  topic: 'Capitals',
  difficulty: 1,
  points: 1,
  media: [],
  prompts: [{ id: 'fr', prompt: 'France' }],
  answers: ['Rome', 'Paris'],
};

describe('an answer widget loaded when its question arrives', () => {
  it('holds the place with a placeholder, then shows the widget once its chunk is here', async () => {
    // A fresh registry: the test setup has loaded every widget into the shared one.
    vi.resetModules();
    const { AnswerFields } = await import('./answer-fields');
    const { I18nProvider, inEnglish } = await import('../../lib/i18n');
    const { appMessages } = await import('../../lib/i18n/app-messages');
    const { emptyDraft } = await import('./answer-draft');
    render(
      <I18nProvider initial={inEnglish(appMessages)}>
        <AnswerFields question={matching} draft={emptyDraft(matching)} onChange={() => {}} />
      </I18nProvider>,
    );
    expect(screen.getByRole('status').textContent).toContain('Loading the answer fields…');
    expect((await screen.findByLabelText('France')).tagName).toBe('SELECT');
    expect(screen.queryByText('Loading the answer fields…')).toBeNull();
  });
});

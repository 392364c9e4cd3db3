import type { LearnerQuestion } from '@questa/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider, inEnglish } from '../../lib/i18n';
import { appMessages } from '../../lib/i18n/app-messages';
import { emptyDraft } from './answer-draft';
import { AnswerFields } from './answer-fields';
import { AnswerKeysHint } from './answer-keys-hint';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const common = {
  stem: 'Paris is the capital of France.',
  topic: 'Europe',
  difficulty: 2,
  points: 1,
  media: [],
};
const choice: LearnerQuestion = {
  ...common,
  type: 'single_choice',
  options: ['Berlin', 'Paris', 'Rome'].map((text) => ({ id: text.toLowerCase(), text })),
};
const trueFalse: LearnerQuestion = { ...common, type: 'true_false' };
const typed: LearnerQuestion = { ...common, type: 'short_text' };

function inApp(children: ReactNode) {
  return render(<I18nProvider initial={inEnglish(appMessages)}>{children}</I18nProvider>);
}

const hint = () => screen.queryByText('Keyboard:')?.parentElement?.textContent ?? null;

/** A screen whose main pointer is a finger, as a phone reports it. */
function onAPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('hover: none') && query.includes('pointer: coarse'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('keyboard hints', () => {
  it('name the number keys that pick one of the options shown, and Enter to submit', () => {
    inApp(<AnswerKeysHint question={choice} graded={false} next="question" />);
    expect(hint()).toBe('Keyboard: 1–3 choose an option · Enter submits');
  });

  it('name 1 and 2 for true or false', () => {
    inApp(<AnswerKeysHint question={trueFalse} graded={false} next="card" />);
    expect(hint()).toBe('Keyboard: 1 for true, 2 for false · Enter submits');
  });

  it('leave out the number keys where they pick nothing', () => {
    inApp(<AnswerKeysHint question={typed} graded={false} next="question" />);
    expect(hint()).toBe('Keyboard: Enter submits');
  });

  it('say only what Enter does once the answer is graded', () => {
    inApp(<AnswerKeysHint question={choice} graded next="question" />);
    expect(hint()).toBe('Keyboard: Enter goes to the next question');
    cleanup();
    inApp(<AnswerKeysHint question={choice} graded next="card" />);
    expect(hint()).toBe('Keyboard: Enter goes to the next card');
  });

  it('are not shown on a touch-only screen, neither the line nor the number badges', () => {
    onAPhone();
    const { container } = inApp(
      <>
        <AnswerKeysHint question={choice} graded={false} next="question" />
        <AnswerFields question={choice} draft={emptyDraft(choice)} onChange={() => {}} showKeys />
      </>,
    );
    expect(hint()).toBeNull();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(container.querySelector('kbd')).toBeNull();
  });

  it('show the number badges where a keyboard is likely', () => {
    const { container } = inApp(
      <AnswerFields question={choice} draft={emptyDraft(choice)} onChange={() => {}} showKeys />,
    );
    expect(container.querySelectorAll('kbd')).toHaveLength(3);
  });
});

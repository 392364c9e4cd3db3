import type { LearnerQuestion } from '@questa/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider, inEnglish } from '../../lib/i18n';
import { appMessages } from '../../lib/i18n/app-messages';
import { AnswerFields } from './answer-fields';
import { QuestionHints } from './question-hints';

afterEach(cleanup);

const inApp = (node: React.ReactNode) =>
  render(<I18nProvider initial={inEnglish(appMessages)}>{node}</I18nProvider>);

describe('QuestionHints', () => {
  it('opens the hints one at a time, moving focus to each, until none is left', () => {
    inApp(<QuestionHints hints={['Think small.', 'Closer than Earth.']} answered={false} />);
    expect(screen.queryByRole('list', { name: 'Hints' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show a hint (2 available)' }));
    expect(screen.getByRole('listitem').textContent).toContain('Think small.');
    expect(document.activeElement?.textContent).toContain('Hint 1');
    fireEvent.click(screen.getByRole('button', { name: 'Show the last hint (1 left)' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(document.activeElement?.textContent).toContain('Closer than Earth.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers no hint once the question is answered, but keeps those already opened', () => {
    const { rerender } = inApp(<QuestionHints hints={['One', 'Two']} answered={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show a hint (2 available)' }));
    rerender(
      <I18nProvider initial={inEnglish(appMessages)}>
        <QuestionHints hints={['One', 'Two']} answered />
      </I18nProvider>,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });
});

describe('option feedback after answering', () => {
  it("shows each chosen option's feedback beside it, and none for options not chosen", () => {
    const question: LearnerQuestion = {
      stem: 'Which planets are inner planets?',
      topic: 'T',
      difficulty: 1,
      points: 1,
      media: [],
      type: 'multiple_response',
      options: [
        { id: 'a', text: 'Mercury' },
        { id: 'b', text: 'Venus' },
        { id: 'c', text: 'Mars' },
      ],
    };
    inApp(
      <AnswerFields
        question={question}
        draft={{ type: 'multiple_response', optionIds: ['a', 'c'] }}
        onChange={() => {}}
        readOnly
        feedback={{
          type: 'multiple_response',
          options: [
            { optionId: 'a', chosen: true, correct: true, feedback: 'The closest.' },
            { optionId: 'b', chosen: false, correct: true },
            { optionId: 'c', chosen: true, correct: false, feedback: 'Farther out.' },
          ],
        }}
      />,
    );
    const mercury = screen.getByRole('checkbox', { name: /Mercury/ });
    expect(mercury.closest('label')?.textContent).toContain('Feedback on this answer:The closest.');
    expect(screen.getByRole('checkbox', { name: /Mars/ }).closest('label')?.textContent).toContain(
      'Farther out.',
    );
    expect(
      screen.getByRole('checkbox', { name: /Venus/ }).closest('label')?.textContent,
    ).not.toContain('Feedback');
  });
});

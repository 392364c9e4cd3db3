// @vitest-environment jsdom
import type { QuestionContent } from '@questa/contracts';
import { questionContent } from '@questa/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider, inEnglish } from '../../../lib/i18n';
import { appMessages } from '../../../lib/i18n/app-messages';
import { contents } from '../../../testing/authoring-fixtures';
import { validateQuestion } from '../validate-question';
import { NumericFields } from './numeric-fields';
import { QuestionPreview } from './question-preview';
import { ShortTextFields } from './short-text-fields';

afterEach(cleanup);

type ShortText = Extract<QuestionContent, { type: 'short_text' }>;
type Numeric = Extract<QuestionContent, { type: 'numeric' }>;

/** The editor with its check and preview, exposing the content as it stands after each change. */
function Harness<C extends ShortText | Numeric>({
  start,
  seen,
}: {
  start: C;
  seen: (content: C) => void;
}) {
  const [content, setContent] = useState(start);
  seen(content);
  const issues = validateQuestion(content);
  return (
    <>
      {content.type === 'short_text' ? (
        <ShortTextFields
          content={content}
          onChange={(next) => setContent(next as C)}
          issues={issues}
        />
      ) : (
        <NumericFields
          content={content}
          onChange={(next) => setContent(next as C)}
          issues={issues}
        />
      )}
      <QuestionPreview content={content} />
    </>
  );
}

function renderEditor<C extends ShortText | Numeric>(start: C) {
  const state = { content: start };
  render(
    <I18nProvider initial={inEnglish(appMessages)}>
      <Harness start={start} seen={(content) => (state.content = content)} />
    </I18nProvider>,
  );
  return state;
}

describe('credits of accepted answers in the editor', () => {
  it('starts every short answer at 100 % and keeps a lowered credit with its answer', () => {
    const state = renderEditor(contents.short_text as ShortText);
    const second = screen.getByLabelText<HTMLSelectElement>('Credit, answer 2');
    expect(second.value).toBe('1');
    expect(state.content).not.toHaveProperty('credits');

    fireEvent.change(second, { target: { value: '0.5' } });
    expect(state.content.credits).toEqual([1, 0.5]);
    fireEvent.click(screen.getByRole('button', { name: 'Add accepted answer' }));
    fireEvent.change(screen.getByLabelText('Accepted answer 3'), { target: { value: 'Lutetia' } });
    expect(state.content).toMatchObject({
      accepted: ['Paris', 'Paris, France', 'Lutetia'],
      credits: [1, 0.5, 1],
    });
    expect(questionContent.safeParse(state.content).success).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Show answer' }));
    expect(screen.getByText('Accepted: Paris · Paris, France (50 %) · Lutetia')).toBeTruthy();

    // Removing the answer takes its credit with it; all at 100 % again, the field goes.
    fireEvent.click(screen.getByRole('button', { name: 'Remove Accepted answer 2' }));
    expect(state.content).toMatchObject({ accepted: ['Paris', 'Lutetia'] });
    expect(state.content).not.toHaveProperty('credits');
  });

  it('says at once that the first answer, the one learners see, is worth 100 %', () => {
    renderEditor(contents.short_text as ShortText);
    fireEvent.change(screen.getByLabelText('Credit, answer 1'), { target: { value: '0.5' } });
    expect(
      screen.getByText('The first accepted answer is the one learners are shown, worth 100 %.'),
    ).toBeTruthy();
  });

  it('adds other numbers with their own tolerance and credit, and checks them', () => {
    const state = renderEditor(contents.numeric as Numeric);
    fireEvent.click(screen.getByRole('button', { name: 'Add another accepted answer' }));
    expect(screen.getByText('Enter a number.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Value, other answer 1'), { target: { value: '300' } });
    fireEvent.change(screen.getByLabelText('Tolerance, other answer 1'), {
      target: { value: '30' },
    });
    fireEvent.change(screen.getByLabelText('Credit, other answer 1'), {
      target: { value: '0.25' },
    });
    expect(state.content.alternatives).toEqual([{ value: 300, tolerance: 30, credit: 0.25 }]);
    expect(questionContent.safeParse(state.content).success).toBe(true);
    expect(screen.queryByText('Enter a number.')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Other answer 1' }));
    expect(state.content).not.toHaveProperty('alternatives');
  });
});

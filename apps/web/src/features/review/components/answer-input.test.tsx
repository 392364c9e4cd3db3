import type { AnswerFeedback, LearnerQuestion } from '@questa/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../lib/i18n';
import { fallbackMessages } from '../../../lib/i18n/messages';
import { emptyDraft, toAnswer, type AnswerDraft } from '../answer-draft';
import { AnswerInput } from './answer-input';

afterEach(cleanup);

const common = { stem: 'Q', topic: 'T', difficulty: 2, points: 1, media: [] };

/** Renders the control for `question` and shows the answer it would send. */
function renderInput(question: LearnerQuestion, feedback: AnswerFeedback | null = null) {
  function Harness() {
    const [draft, setDraft] = useState<AnswerDraft>(() => emptyDraft(question));
    return (
      <>
        <AnswerInput question={question} draft={draft} onChange={setDraft} feedback={feedback} />
        <output data-testid="answer">{JSON.stringify(toAnswer(question, draft))}</output>
      </>
    );
  }
  render(
    <I18nProvider initial={{ locale: 'en', messages: fallbackMessages }}>
      <Harness />
    </I18nProvider>,
  );
  return () => JSON.parse(screen.getByTestId('answer').textContent ?? 'null') as unknown;
}

describe('answer controls', () => {
  it('reorders items with move up and move down', () => {
    const answer = renderInput({
      ...common,
      type: 'ordering',
      items: [
        { id: 'i2', text: 'Paris' },
        { id: 'i1', text: 'Lille' },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Move Lille up' }));
    expect(answer()).toEqual({ type: 'ordering', itemIds: ['i1', 'i2'] });
    expect(
      (screen.getByRole('button', { name: 'Move Lille up' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('matches each prompt with an answer from a list', () => {
    const answer = renderInput({
      ...common,
      type: 'matching',
      prompts: [
        { id: 'p1', prompt: 'France' },
        { id: 'p2', prompt: 'Spain' },
      ],
      answers: ['Madrid', 'Paris'],
    });
    fireEvent.change(screen.getByLabelText('France'), { target: { value: 'Paris' } });
    expect(answer()).toBeNull();
    fireEvent.change(screen.getByLabelText('Spain'), { target: { value: 'Madrid' } });
    expect(answer()).toEqual({
      type: 'matching',
      pairs: [
        { pairId: 'p1', answer: 'Paris' },
        { pairId: 'p2', answer: 'Madrid' },
      ],
    });
  });

  it('fills cloze blanks by number, typed or chosen', () => {
    const answer = renderInput({
      ...common,
      type: 'cloze',
      blanks: [
        { id: 'b1', kind: 'text' },
        { id: 'b2', kind: 'choice', options: ['Madrid', 'Seville'] },
      ],
    });
    fireEvent.change(screen.getByLabelText('Blank 1'), { target: { value: 'Paris' } });
    fireEvent.change(screen.getByLabelText('Blank 2'), { target: { value: '1' } });
    expect(answer()).toEqual({
      type: 'cloze',
      blanks: [
        { blankId: 'b1', value: 'Paris' },
        { blankId: 'b2', value: 1 },
      ],
    });
  });

  it('takes a number in the question’s unit and says when the text is not one', () => {
    const answer = renderInput({ ...common, type: 'numeric', unit: 'm' });
    const field = screen.getByLabelText('Your answer');
    fireEvent.change(field, { target: { value: '330,5' } });
    expect(answer()).toEqual({ type: 'numeric', value: 330.5 });
    expect(screen.getByText('m')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'three' } });
    expect(screen.getByText('Enter a number, such as 12.5.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('marks each option after grading, in words', () => {
    renderInput(
      {
        ...common,
        type: 'multiple_response',
        options: [
          { id: 'a', text: 'Paris' },
          { id: 'b', text: 'Lyon' },
          { id: 'c', text: 'Madrid' },
        ],
      },
      {
        type: 'multiple_response',
        options: [
          { optionId: 'a', chosen: true, correct: true },
          { optionId: 'b', chosen: false, correct: true },
          { optionId: 'c', chosen: true, correct: false },
        ],
      },
    );
    const options = screen.getAllByRole('checkbox').map((box) => box.closest('label'));
    expect(within(options[0] as HTMLElement).getByText('Correct, your choice')).toBeTruthy();
    expect(within(options[1] as HTMLElement).getByText('Correct answer')).toBeTruthy();
    expect(within(options[2] as HTMLElement).getByText('Your choice, wrong')).toBeTruthy();
    expect((screen.getAllByRole('checkbox')[0] as HTMLInputElement).disabled).toBe(true);
  });
});

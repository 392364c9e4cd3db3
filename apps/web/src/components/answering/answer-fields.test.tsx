import type { AnswerFeedback, LearnerQuestion } from '@questa/contracts';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider, inEnglish } from '../../lib/i18n';
import { appMessages } from '../../lib/i18n/app-messages';
import { emptyDraft, toAnswer, type AnswerDraft } from './answer-draft';
import { AnswerFields } from './answer-fields';

afterEach(cleanup);

const common = { stem: 'Q', topic: 'T', difficulty: 1, points: 1, media: [] };

function renderFields(
  question: LearnerQuestion,
  { feedback = null, draft }: { feedback?: AnswerFeedback | null; draft?: AnswerDraft } = {},
) {
  const changes: AnswerDraft[] = [];
  function Harness() {
    const [current, setCurrent] = useState(draft ?? emptyDraft(question));
    return (
      <AnswerFields
        question={question}
        draft={current}
        feedback={feedback}
        readOnly={feedback !== null}
        onChange={(next) => {
          changes.push(next);
          setCurrent(next);
        }}
      />
    );
  }
  render(
    <I18nProvider initial={inEnglish(appMessages)}>
      <Harness />
    </I18nProvider>,
  );
  return { last: () => changes.at(-1) };
}

describe('answer widgets', () => {
  it('order items with Move up and Move down buttons, keeping focus on the moved item', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame'] });
    const question: LearnerQuestion = {
      ...common,
      type: 'ordering',
      items: [
        { id: 'b', text: 'Bronze Age' },
        { id: 'a', text: 'Stone Age' },
        { id: 'c', text: 'Iron Age' },
      ],
    };
    const { last } = renderFields(question);
    const group = screen.getByRole('group', { name: 'Put these in the right order' });
    expect(within(group).getByRole('button', { name: 'Move up: Bronze Age' })).toHaveProperty(
      'disabled',
      true,
    );

    const up = screen.getByRole('button', { name: 'Move up: Stone Age' });
    up.focus();
    fireEvent.click(up);
    act(() => void vi.advanceTimersToNextFrame());
    vi.useRealTimers();

    expect(last() && toAnswer(last() as AnswerDraft)).toEqual({
      type: 'ordering',
      itemIds: ['a', 'b', 'c'],
    });
    // At the top its Move up button is disabled, so focus goes to its Move down button.
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Move down: Stone Age' }),
    );
    expect(screen.getByText('Stone Age moved to position 1 of 3.')).toBeTruthy();
  });

  it('tick several options in a multiple response, and mark each after grading', () => {
    const question: LearnerQuestion = {
      ...common,
      type: 'multiple_response',
      options: [
        { id: 'h', text: 'Hydrogen' },
        { id: 'o', text: 'Oxygen' },
        { id: 'g', text: 'Gold' },
      ],
    };
    const { last } = renderFields(question);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hydrogen' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Gold' }));
    expect(last()).toEqual({ type: 'multiple_response', optionIds: ['h', 'g'] });
    cleanup();

    renderFields(question, {
      draft: { type: 'multiple_response', optionIds: ['h', 'g'] },
      feedback: {
        type: 'multiple_response',
        options: [
          { optionId: 'h', chosen: true, correct: true },
          { optionId: 'o', chosen: false, correct: true },
          { optionId: 'g', chosen: true, correct: false },
        ],
      },
    });
    const option = (name: RegExp) =>
      within(screen.getByRole('checkbox', { name }).closest('label') as HTMLElement);
    expect(option(/Hydrogen/).getByText('Your answer, correct')).toBeTruthy();
    expect(option(/Oxygen/).getByText('Correct answer')).toBeTruthy();
    expect(option(/Gold/).getByText('Your answer, wrong')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /Gold/ })).toHaveProperty('disabled', true);
  });

  it('match each prompt with a labelled select', () => {
    const question: LearnerQuestion = {
      ...common,
      type: 'matching',
      prompts: [
        { id: 'fr', prompt: 'France' },
        { id: 'it', prompt: 'Italy' },
      ],
      answers: ['Rome', 'Paris'],
    };
    const { last } = renderFields(question);
    fireEvent.change(screen.getByLabelText('France'), { target: { value: 'Paris' } });
    expect(toAnswer(last() as AnswerDraft)).toEqual({
      type: 'matching',
      pairs: [{ pairId: 'fr', answer: 'Paris' }],
    });
  });

  it('fill cloze blanks with a text field or a select, numbered as in the stem', () => {
    const question: LearnerQuestion = {
      ...common,
      type: 'cloze',
      stem: 'The {{a}} is {{b}}.',
      blanks: [
        { id: 'a', kind: 'text' },
        { id: 'b', kind: 'choice', options: ['blue', 'green'] },
      ],
    };
    const { last } = renderFields(question);
    fireEvent.change(screen.getByLabelText('Blank 1'), { target: { value: 'sky' } });
    fireEvent.change(screen.getByLabelText('Blank 2'), { target: { value: '0' } });
    expect(toAnswer(last() as AnswerDraft)).toEqual({
      type: 'cloze',
      blanks: [
        { blankId: 'a', value: 'sky' },
        { blankId: 'b', value: 0 },
      ],
    });
  });

  it('take a number in the question’s unit, and say when the text is not one', () => {
    const { last } = renderFields({ ...common, type: 'numeric', unit: 'm' });
    const field = screen.getByLabelText('Your answer in m');
    fireEvent.change(field, { target: { value: '330,5' } });
    expect(toAnswer(last() as AnswerDraft)).toEqual({ type: 'numeric', value: 330.5 });
    fireEvent.change(field, { target: { value: 'three' } });
    expect(screen.getByText('Enter a number, such as 12.5 or 12,5.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(toAnswer(last() as AnswerDraft)).toBeNull();
  });

  it('take a number for a calculated question, and mark it against its own numbers', () => {
    const question = {
      ...common,
      stem: 'A field is 3 m by 4 m. Its area?',
      type: 'calculated' as const,
      unit: 'm²',
      values: { a: 3, b: 4 },
    };
    const { last } = renderFields(question);
    fireEvent.change(screen.getByLabelText('Your answer in m²'), { target: { value: '12' } });
    expect(toAnswer(last() as AnswerDraft)).toEqual({ type: 'calculated', value: 12 });
    cleanup();
    renderFields(question, {
      draft: { type: 'calculated', text: '13' },
      feedback: {
        type: 'calculated',
        expected: 12,
        tolerance: 0,
        unit: 'm²',
        difference: 1,
        withinTolerance: false,
        unitAccepted: true,
        values: { a: 3, b: 4 },
      },
    });
    expect(screen.getByText('Not within the accepted range')).toBeTruthy();
  });

  it('mark short and numeric answers accepted for part of the marks as partly right', () => {
    renderFields(
      { ...common, type: 'short_text' },
      {
        draft: { type: 'short_text', text: 'river' },
        feedback: { type: 'short_text', matched: 'river', credit: 0.5 },
      },
    );
    expect(
      screen.getByText('Accepted for 50 % of the marks').closest('.practice-mark--partial'),
    ).toBeTruthy();
    cleanup();
    const numeric = {
      type: 'numeric' as const,
      expected: 3.1416,
      tolerance: 0.0001,
      unit: null,
      difference: 0.0016,
      withinTolerance: true,
      unitAccepted: true,
    };
    renderFields(
      { ...common, type: 'numeric', unit: null },
      { draft: { type: 'numeric', text: '3.14' }, feedback: { ...numeric, credit: 0.3333333 } },
    );
    expect(screen.getByText('Accepted for 33.333 % of the marks')).toBeTruthy();
    cleanup();
    renderFields(
      { ...common, type: 'numeric', unit: null },
      { draft: { type: 'numeric', text: '3.1416' }, feedback: numeric },
    );
    expect(screen.getByText('Accepted').closest('.practice-mark--ok')).toBeTruthy();
  });

  it('mark a true/false answer in words', () => {
    renderFields(
      { ...common, type: 'true_false' },
      {
        draft: { type: 'true_false', value: false },
        feedback: { type: 'true_false', given: false, expected: true },
      },
    );
    const option = (name: RegExp) =>
      within(screen.getByRole('radio', { name }).closest('label') as HTMLElement);
    expect(option(/True/).getByText('Correct answer')).toBeTruthy();
    expect(option(/False/).getByText('Your answer, wrong')).toBeTruthy();
  });
});

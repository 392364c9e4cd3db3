import { renderApp } from '../../testing/render-app';
import type { QuestionContent } from '@questa/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  aQuestionDetail,
  bankId,
  clientId,
  qdb,
  questionId,
} from '../../testing/authoring-fixtures';
import { aMembership, aSession } from '../../testing/session-fixtures';
import { calls, jsonResponse, stubApi } from '../../testing/stub-fetch';

const newPath = (type: string) =>
  `/author/questions/new?tenant=${clientId}&bank=${bankId}&type=${type}`;
const createRoute = `POST ${qdb(`/banks/${bankId}/questions`)}`;

/** Answers a create with the question as sent, and remembers what was sent. */
function stubCreate() {
  const sent: QuestionContent[] = [];
  const fetchMock = stubApi({
    [createRoute]: (_url, init) => {
      const { content } = JSON.parse(String(init?.body)) as { content: QuestionContent };
      sent.push(content);
      return jsonResponse(aQuestionDetail(content), { status: 201 });
    },
    [`GET ${qdb(`/questions/${questionId}`)}`]: () => jsonResponse(aQuestionDetail()),
  });
  return { fetchMock, sent };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });

describe('a new question', () => {
  it.each([
    ['single_choice', 'Write your question here.', ['Option 1', 'Option 2']],
    ['short_text', 'Write your question here.', ['Accepted answer 1']],
    ['numeric', 'Write your question here.', ['Correct value']],
    ['ordering', 'Write your question here.', ['Item 1', 'Item 2', 'Item 3']],
    ['matching', 'Write your question here.', ['Prompt 1', 'Matching answer 2']],
    ['cloze', 'Complete the sentence: {{b1}}', ['Accepted answer 1 for {{b1}}']],
  ] as const)(
    'starts a %s question with empty fields and placeholders',
    async (kind, hint, empty) => {
      stubCreate();
      renderApp(newPath(kind), { session: aSession({}, [aMembership()]) });

      expect(await screen.findByRole('heading', { level: 1, name: 'New question' })).toBeTruthy();
      expect(field('Question text').value).toBe('');
      expect(field('Question text').placeholder).toBe(hint);
      expect(field('Topic').value).toBe('');
      for (const label of empty) expect(field(label).value).toBe('');
      // Untouched fields are not errors yet.
      expect(document.querySelector('.field__error')).toBeNull();
      expect(screen.getByRole('status').textContent).toBe(
        'Nothing saved yet: a draft is created once the question is written',
      );
    },
  );

  it('creates nothing until the question is complete, then creates a draft of what was written', async () => {
    const { fetchMock, sent } = stubCreate();
    renderApp(newPath('single_choice'), { session: aSession({}, [aMembership()]) });
    await screen.findByRole('heading', { level: 1, name: 'New question' });

    type('Question text', 'What is the capital of France?');
    fireEvent.click(screen.getByRole('button', { name: 'Create draft' }));
    // Asking shows what is missing, and sends nothing.
    expect(screen.getAllByText("This can't be empty.").length).toBeGreaterThan(0);
    expect(screen.getByText('Mark exactly one option as correct.')).toBeTruthy();
    expect(calls(fetchMock)).not.toContain(createRoute);
    expect(screen.getByRole('status').textContent).toBe(
      'Not saved yet: a draft is created once every marked field is filled in',
    );

    type('Option 1', 'Paris');
    type('Option 2', 'Lyon');
    fireEvent.click(screen.getByLabelText('Option 1 is correct'));
    type('Topic', 'Geography');
    fireEvent.click(screen.getByRole('button', { name: 'Create draft' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit question' })).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      type: 'single_choice',
      stem: 'What is the capital of France?',
      topic: 'Geography',
      options: [
        { id: 'o1', text: 'Paris', correct: true },
        { id: 'o2', text: 'Lyon', correct: false },
      ],
    });
  });

  it('creates the draft by itself a moment after the author stops typing', async () => {
    const { sent } = stubCreate();
    renderApp(newPath('true_false'), { session: aSession({}, [aMembership()]) });
    await screen.findByRole('heading', { level: 1, name: 'New question' });

    type('Topic', 'Astronomy');
    type('Question text', 'The Sun is a star.');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit question' }, { timeout: 3000 }),
    ).toBeTruthy();
    expect(sent).toEqual([expect.objectContaining({ stem: 'The Sun is a star.', answer: true })]);
  });

  it('offers only the way back to people who may not write questions', async () => {
    stubCreate();
    renderApp(newPath('single_choice'), {
      session: aSession({}, [aMembership({ role: 'viewer' })]),
    });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create draft' })).toBeNull();
  });

  it('shows the not-found page for an unknown question type', async () => {
    stubCreate();
    renderApp(newPath('drawing'), { session: aSession({}, [aMembership()]) });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(within(document.body).getByRole('main').contains(heading)).toBe(true);
  });
});

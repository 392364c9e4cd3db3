import { renderApp } from '../../../testing/render-app';
import type { Blueprint } from '@questa/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anAuthoringBank, bankId, clientId, qdb } from '../../../testing/authoring-fixtures';
import { aMembership, aSession } from '../../../testing/session-fixtures';
import {
  calls,
  jsonResponse,
  noContent,
  problemResponse,
  stubApi,
} from '../../../testing/stub-fetch';

const blueprintsPath = `/api/authoring/clients/${clientId}/banks/${bankId}/blueprints`;
const customId = '3f2e1d0c-0000-4000-8000-000000000001';

const builtIn: Blueprint = {
  id: 'default',
  bankId,
  title: 'Whole bank',
  rules: [{ count: 20 }],
  questionCount: 20,
  timeLimitSeconds: 1800,
  passMark: 0.6,
  shuffle: true,
  reviewPolicy: 'full',
  isDefault: true,
};
const custom: Blueprint = {
  ...builtIn,
  id: customId,
  title: 'Europe sprint',
  rules: [{ topic: 'Europe', difficulty: 2, count: 5 }],
  questionCount: 5,
  timeLimitSeconds: 600,
  passMark: 0.8,
  shuffle: false,
  reviewPolicy: 'score_only',
  isDefault: false,
};

function bodyOf(fetchMock: ReturnType<typeof stubApi>, method: string, path: string): unknown {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => url === path && (init?.method ?? 'GET') === method,
  );
  if (!call) throw new Error(`No ${method} ${path}; calls: ${calls(fetchMock).join(', ')}`);
  return JSON.parse(String(call[1]?.body));
}

function stubBank(extra: Parameters<typeof stubApi>[0] = {}) {
  let blueprints = [builtIn, custom];
  const fetchMock = stubApi({
    [`GET ${qdb(`/banks/${bankId}`)}`]: () => jsonResponse(anAuthoringBank()),
    [`GET ${qdb('/questions')}`]: (url) =>
      jsonResponse({
        questions:
          url.searchParams.get('status') === 'published'
            ? [
                { topic: 'Europe', id: 'q1' },
                { topic: 'Asia', id: 'q2' },
              ]
            : [],
        nextCursor: null,
      }),
    [`GET ${blueprintsPath}`]: () => jsonResponse({ blueprints }),
    [`POST ${blueprintsPath}`]: (_url, init) => {
      const input = JSON.parse(String(init?.body)) as Blueprint;
      const created = { ...custom, ...input, id: '3f2e1d0c-0000-4000-8000-000000000002' };
      blueprints = [...blueprints, created];
      return jsonResponse(created, { status: 201 });
    },
    [`PUT ${blueprintsPath}/${customId}`]: (_url, init) => {
      const input = JSON.parse(String(init?.body)) as Blueprint;
      blueprints = blueprints.map((b) => (b.id === customId ? { ...b, ...input } : b));
      return jsonResponse(blueprints[1]);
    },
    [`DELETE ${blueprintsPath}/${customId}`]: () => {
      blueprints = [builtIn];
      return noContent();
    },
    ...extra,
  });
  renderApp(`/author/banks/${bankId}?tenant=${clientId}&view=blueprints`, {
    session: aSession({}, [aMembership()]),
  });
  return fetchMock;
}

describe('exam blueprints on the bank page', () => {
  it('lists the built-in and custom blueprints with their rules', async () => {
    stubBank();

    expect(
      (await screen.findByRole('tab', { name: 'Exam blueprints' })).getAttribute('aria-selected'),
    ).toBe('true');
    const list = await screen.findByRole('list', { name: 'Exam blueprints' });
    const whole = within(list).getByRole('heading', { name: 'Whole bank' }).closest('li')!;
    expect(within(whole).getByText('Built in')).toBeTruthy();
    expect(within(whole).getByText('30 minutes')).toBeTruthy();
    expect(within(whole).queryByRole('button', { name: /Edit/ })).toBeNull();

    const sprint = within(list).getByRole('heading', { name: 'Europe sprint' }).closest('li')!;
    expect(within(sprint).getByText('5 questions from Europe, difficulty 2')).toBeTruthy();
    expect(within(sprint).getByText('80%')).toBeTruthy();
    expect(within(sprint).getByText('Score only')).toBeTruthy();
    expect(within(sprint).getByRole('button', { name: 'Edit Europe sprint' })).toBeTruthy();
  });

  it('creates a blueprint from the bank’s topics, with rules added and removed', async () => {
    const fetchMock = stubBank();

    fireEvent.click(await screen.findByRole('button', { name: 'New blueprint' }));
    const form = screen.getByRole('form', { name: 'New blueprint' });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Asia check' } });
    const rule1 = within(form).getByRole('group', { name: 'Rule 1' });
    await waitFor(() =>
      expect(
        [...(within(rule1).getByLabelText('Topic') as HTMLSelectElement).options].map(
          (option) => option.value,
        ),
      ).toEqual(['', 'Asia', 'Europe']),
    );
    fireEvent.change(within(rule1).getByLabelText('Topic'), { target: { value: 'Asia' } });
    fireEvent.change(within(rule1).getByLabelText('Number'), { target: { value: '4' } });

    fireEvent.click(within(form).getByRole('button', { name: 'Add rule' }));
    const rule2 = within(form).getByRole('group', { name: 'Rule 2' });
    fireEvent.change(within(rule2).getByLabelText('Difficulty'), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add rule' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Remove rule 3' }));
    expect(within(form).queryByRole('group', { name: 'Rule 3' })).toBeNull();
    expect(within(form).getByText('14 questions in all.')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Pass mark in percent'), {
      target: { value: '70' },
    });
    fireEvent.click(within(form).getByRole('radio', { name: /Score and responses/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Create blueprint' }));

    const list = await screen.findByRole('list', { name: 'Exam blueprints' });
    expect(await within(list).findByRole('heading', { name: 'Asia check' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'New blueprint' })).toBeNull();
    expect(bodyOf(fetchMock, 'POST', blueprintsPath)).toEqual({
      title: 'Asia check',
      rules: [
        { topic: 'Asia', count: 4 },
        { difficulty: 3, count: 10 },
      ],
      timeLimitSeconds: null,
      passMark: 0.7,
      shuffle: true,
      reviewPolicy: 'responses',
    });
  });

  it('shows the server’s field errors next to the fields', async () => {
    stubBank({
      [`PUT ${blueprintsPath}/${customId}`]: () =>
        problemResponse({
          status: 400,
          code: 'validation.failed',
          errors: [
            { field: 'body.rules.0.count', message: 'Only 3 published questions match.' },
            { field: 'timeLimitSeconds', message: 'Too short for 5 questions.' },
          ],
        }),
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Europe sprint' }));
    const form = screen.getByRole('form', { name: 'Edit “Europe sprint”' });
    expect((within(form).getByLabelText('Time limit in minutes') as HTMLInputElement).value).toBe(
      '10',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Save blueprint' }));

    const count = await within(form).findByLabelText('Number');
    await waitFor(() => expect(count.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(count.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Only 3 published questions match.',
    );
    const minutes = within(form).getByLabelText('Time limit in minutes');
    expect(minutes.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(form).getByText('Too short for 5 questions.')).toBeTruthy();
    expect(within(form).getByRole('alert').textContent).toContain('Some fields need attention.');
  });

  it('deletes a blueprint after confirming', async () => {
    const fetchMock = stubBank();

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Europe sprint' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Delete the blueprint “Europe sprint”?',
    });
    expect(calls(fetchMock).some((call) => call.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Europe sprint' })).toBeNull(),
    );
    expect(calls(fetchMock)).toContain(`DELETE ${blueprintsPath}/${customId}`);
  });
});

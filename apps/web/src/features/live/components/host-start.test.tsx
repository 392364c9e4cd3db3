import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LiveCandidate, LiveHostBanks, LiveRoomSummary } from '@questa/contracts';
import { renderApp } from '../../../testing/render-app';
import { aMembership, aSession } from '../../../testing/session-fixtures';
import { jsonResponse, problemResponse, stubApi } from '../../../testing/stub-fetch';

const acme = aMembership();
const rivers = {
  id: '55555555-5555-4555-8555-555555555555',
  clientId: acme.clientId,
  title: 'Rivers',
  visibility: 'private' as const,
  questionCount: 4,
};
const capitals = {
  id: '66666666-6666-4666-8666-666666666666',
  clientId: '77777777-7777-4777-8777-777777777777',
  title: 'Capitals',
  visibility: 'public' as const,
  questionCount: 12,
};
const banks: LiveHostBanks = {
  catalog: [capitals],
  tenants: [{ clientId: acme.clientId, name: 'Acme Academy', role: 'author', banks: [rivers] }],
};

const candidate = (n: number, excerpt: string): LiveCandidate => ({
  id: `88888888-8888-4888-8888-${String(n).padStart(12, '0')}`,
  version: 1,
  type: 'single_choice',
  topic: 'Africa',
  difficulty: 2,
  excerpt,
});
const nile = candidate(1, 'Which river flows through Cairo?');
const seine = candidate(2, 'Which river flows through **Paris**?');
const danube = candidate(3, 'The Danube flows through Vienna.');
const paris = candidate(4, 'What is the capital of France?');
const rome = candidate(5, 'What is the capital of Italy?');

const room: LiveRoomSummary = {
  id: '99999999-9999-4999-8999-999999999999',
  code: '123456',
  bankId: rivers.id,
  bankTitle: 'Rivers',
  state: 'lobby',
  questionCount: 2,
  playerCount: 0,
  createdAt: '2026-05-01T10:00:00Z',
  finishedAt: null,
};

function stubHosting(create: (body: unknown) => Response) {
  const sent: unknown[] = [];
  const searches: string[] = [];
  const fetchMock = stubApi({
    'GET /api/rooms/banks': () => jsonResponse(banks),
    'GET /api/rooms': () => jsonResponse({ rooms: [] }),
    [`GET /api/rooms/banks/${rivers.id}/questions`]: (url) => {
      searches.push(url.search);
      const q = url.searchParams.get('q');
      const questions = [nile, seine, danube].filter(
        (question) => !q || question.excerpt.includes(q),
      );
      return jsonResponse({ questions, nextCursor: null });
    },
    [`GET /api/rooms/banks/${capitals.id}/questions`]: (url) => {
      searches.push(url.search);
      return jsonResponse({ questions: [paris, rome], nextCursor: null });
    },
    [`GET /api/rooms/${room.id}`]: () => jsonResponse(room),
    'POST /api/rooms': (_url, init) => {
      const body: unknown = JSON.parse(String(init?.body));
      sent.push(body);
      return create(body);
    },
  });
  return { fetchMock, sent, searches };
}

const host = () => renderApp('/host', { session: aSession({}, [acme]) });
const available = () => screen.findByRole('list', { name: "The bank's questions" });
/** The Add button of the listed question whose text includes `text`. */
async function addButtonOf(text: string) {
  const list = await available();
  let item: HTMLElement | undefined;
  await waitFor(() => {
    item = within(list)
      .getAllByRole('listitem')
      .find((entry) => entry.textContent?.includes(text));
    expect(item).toBeTruthy();
  });
  return within(item!).getByRole('button');
}

describe('opening a room: the bank picker and hand-picked questions', () => {
  it('groups the host’s own banks by tenant apart from the catalog', async () => {
    stubHosting(() => jsonResponse(room, { status: 201 }));
    host();
    const picker = await screen.findByLabelText('Bank');
    const groups = within(picker).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('label'))).toEqual([
      'Acme Academy: your banks',
      'Catalog: public and premium banks',
    ]);
    expect(within(groups[0]!).getByRole('option').textContent).toBe('Rivers (private)');
    expect(within(groups[1]!).getByRole('option').textContent).toBe('Capitals');
  });

  it('picks from a catalog bank without a tenant, and starts over on another bank', async () => {
    const { sent, searches } = stubHosting(() => jsonResponse(room, { status: 201 }));
    const router = host();
    const picker = await screen.findByLabelText('Bank');
    fireEvent.change(picker, { target: { value: capitals.id } });
    fireEvent.click(screen.getByRole('radio', { name: 'Pick them by hand' }));

    fireEvent.click(await addButtonOf('capital of Italy'));
    fireEvent.click(await addButtonOf('capital of France'));
    // The catalog's questions are asked for without a tenant: the main API reads them itself.
    expect(searches.length).toBeGreaterThan(0);
    for (const search of searches) expect(search).not.toContain('clientId');

    // Picked questions belong to their bank: another bank starts an empty list.
    fireEvent.change(picker, { target: { value: rivers.id } });
    expect(
      await screen.findByText("Add questions from the list of the bank's questions."),
    ).toBeTruthy();
    fireEvent.change(picker, { target: { value: capitals.id } });
    fireEvent.click(await addButtonOf('capital of Italy'));
    fireEvent.click(await addButtonOf('capital of France'));
    fireEvent.click(screen.getByRole('button', { name: 'Open room' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/host/${room.id}`));
    expect(sent).toEqual([
      {
        bankId: capitals.id,
        questions: { mode: 'pick', questionIds: [rome.id, paris.id] },
        settings: expect.objectContaining({ timerSeconds: 20 }),
      },
    ]);
  });

  it('picks questions in order, searches, reorders and opens the room with them', async () => {
    const { sent, searches } = stubHosting(() => jsonResponse(room, { status: 201 }));
    const router = host();
    fireEvent.change(await screen.findByLabelText('Bank'), { target: { value: rivers.id } });
    fireEvent.click(screen.getByRole('radio', { name: 'Pick them by hand' }));
    expect(screen.queryByLabelText('Questions', { exact: true })).toBeNull();
    const open = screen.getByRole('button', { name: 'Open room' }) as HTMLButtonElement;
    expect(open.disabled).toBe(true);

    // Stems are rendered, so Markdown shows as text, not as its marks.
    expect(await within(await available()).findByText('Paris')).toBeTruthy();
    fireEvent.click(await addButtonOf('flows through Cairo'));
    fireEvent.click(await addButtonOf('The Danube'));
    expect((await addButtonOf('flows through Cairo')).textContent).toBe('Added');

    fireEvent.change(screen.getByLabelText('Search the bank'), { target: { value: 'Paris' } });
    await waitFor(() => expect(searches.at(-1)).toContain('q=Paris'));
    await waitFor(async () =>
      expect(within(await available()).getAllByRole('listitem')).toHaveLength(1),
    );
    fireEvent.click(await addButtonOf('Paris'));
    expect(screen.getByText('Your questions, in the order they are asked: 3 of 50')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Move question 3 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove question 1' }));
    fireEvent.click(open);

    await waitFor(() => expect(router.state.location.pathname).toBe(`/host/${room.id}`));
    expect(sent).toEqual([
      {
        bankId: rivers.id,
        clientId: acme.clientId,
        questions: { mode: 'pick', questionIds: [seine.id, danube.id] },
        settings: expect.objectContaining({ timerSeconds: 20 }),
      },
    ]);
  });

  it('shows why the server refused a picked question, next to it', async () => {
    stubHosting(() =>
      problemResponse({
        status: 400,
        code: 'validation.failed',
        detail: 'One of the questions you picked cannot be asked in a live room.',
        errors: [{ field: 'questions.questionIds.1', message: '“The Danube…”: not published' }],
      }),
    );
    host();
    fireEvent.change(await screen.findByLabelText('Bank'), { target: { value: rivers.id } });
    fireEvent.click(screen.getByRole('radio', { name: 'Pick them by hand' }));
    fireEvent.click(await addButtonOf('flows through Cairo'));
    fireEvent.click(await addButtonOf('The Danube'));
    fireEvent.click(screen.getByRole('button', { name: 'Open room' }));

    const chosen = screen.getByText(/in the order they are asked/).closest('section')!;
    const refusal = await within(chosen as HTMLElement).findByText('“The Danube…”: not published');
    expect(refusal.closest('li')!.textContent).toContain('The Danube flows through Vienna.');
    expect(screen.getByText('The room could not be opened')).toBeTruthy();
  });

  it('draws from a catalog bank without a tenant, as before', async () => {
    const { sent } = stubHosting(() => jsonResponse(room, { status: 201 }));
    host();
    fireEvent.change(await screen.findByLabelText('Bank'), { target: { value: capitals.id } });
    fireEvent.change(screen.getByLabelText('Questions', { exact: true }), {
      target: { value: '5' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Open room' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      bankId: capitals.id,
      questions: { mode: 'draw', count: 5 },
      settings: expect.any(Object),
    });
  });
});

describe('opening a room for a class', () => {
  const classId = '33333333-3333-4333-8333-333333333333';
  const teacher = aMembership({ role: 'teacher' });

  it('opens it through the class, without a nickname choice, and goes to the console', async () => {
    const sent: unknown[] = [];
    stubApi({
      'GET /api/rooms/banks': () => jsonResponse(banks),
      'GET /api/rooms': () => jsonResponse({ rooms: [] }),
      [`GET /api/rooms/${room.id}`]: () => jsonResponse(room),
      [`POST /api/teaching/clients/${teacher.clientId}/classes/${classId}/live-rooms`]: (
        _url,
        init,
      ) => {
        sent.push(JSON.parse(String(init?.body)));
        return jsonResponse(room, { status: 201 });
      },
    });
    const router = renderApp(`/host?workspace=${teacher.clientId}&class=${classId}`, {
      session: aSession({}, [teacher]),
    });
    expect(await screen.findByRole('heading', { name: 'A live quiz for your class' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the class' }).getAttribute('href')).toBe(
      `/classes/${classId}?workspace=${teacher.clientId}`,
    );
    await screen.findByLabelText('Bank');
    // The class's learners are named by their accounts.
    expect(screen.queryByRole('group', { name: 'Nicknames' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open room' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/host/${room.id}`));
    expect(sent).toEqual([
      expect.objectContaining({ bankId: rivers.id, questions: { mode: 'draw', count: 10 } }),
    ]);
  });
  it('names the class of a class room in the host’s list of rooms', async () => {
    stubApi({
      'GET /api/rooms/banks': () => jsonResponse(banks),
      'GET /api/rooms': () =>
        jsonResponse({
          rooms: [
            { ...room, className: 'Year 7 Geography' },
            { ...room, id: '99999999-9999-4999-8999-999999999998', className: null },
          ],
        }),
    });
    host();
    const heading = await screen.findByRole('heading', { name: 'Your rooms' });
    const rooms = await within(heading.closest('section')!).findAllByRole('listitem');
    expect(rooms[0]!.textContent).toContain('Class Year 7 Geography');
    expect(rooms[1]!.textContent).not.toContain('Class');
  });
});

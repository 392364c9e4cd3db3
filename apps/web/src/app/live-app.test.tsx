import type {
  LiveAck,
  LiveJoined,
  LivePlayerView,
  LiveRoomView,
  LearnerQuestion,
} from '@questa/contracts';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientPages } from '../../pages';
import type * as LiveChannel from '../features/live/use-live-channel';
import type { LiveAuth } from '../features/live/use-live-channel';
import { defineCatalogue, inEnglish } from '../lib/i18n';
import type { LocaleMessages } from '../lib/i18n/messages';
import en from '../locales/en.json';
import de from '../locales/de.json';
import { jsonResponse, problemResponse, stubFetch } from '../testing/stub-fetch';
import { LiveApp } from './live-app';

/**
 * The live channel, played by the test: what the server last sent, and what the player's
 * messages are answered with. The real hook connects a socket; everything on screen comes from
 * these views, so the test sets them as the server would.
 */
const server = vi.hoisted(() => {
  type Channel = {
    room?: LiveRoomView;
    you?: LivePlayerView;
    status: 'connecting' | 'connected' | 'reconnecting' | 'refused';
    refusal?: { code: string; detail: string };
    offsetMs: number;
  };
  const listeners = new Set<() => void>();
  let channel: Channel = { status: 'connecting', offsetMs: 0 };
  return {
    auth: [] as unknown[],
    sent: [] as unknown[],
    reply: (_message: unknown): Promise<LiveAck> => Promise.resolve({ ok: true }),
    get: () => channel,
    set(next: Partial<Channel>) {
      channel = { ...channel, ...next };
      for (const listener of listeners) listener();
    },
    reset() {
      channel = { status: 'connecting', offsetMs: 0 };
      this.auth.length = 0;
      this.sent.length = 0;
      this.reply = () => Promise.resolve({ ok: true });
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});

vi.mock('../features/live/use-live-channel', async (importOriginal) => ({
  ...(await importOriginal<typeof LiveChannel>()),
  useLiveChannel(auth: LiveAuth | undefined) {
    server.auth.push(auth);
    const channel = useSyncExternalStore(server.subscribe, server.get);
    return {
      ...channel,
      host: undefined,
      send: (message: unknown) => {
        server.sent.push(message);
        return server.reply(message);
      },
    };
  },
}));

// The page's own catalogue, cut down as the build cuts it (apps/web/pages.ts), so a message the
// page shows but its catalogue lacks shows up here as a raw key.
const [livePage] = clientPages;
const only = (messages: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(messages).filter(([key]) => livePage.messages(key)),
  ) as LocaleMessages;
const catalogue = defineCatalogue(only(en), { 'de.json': () => Promise.resolve(only(de)) });
const missingKeys = () =>
  Object.keys(en).filter((key) => !livePage.messages(key) && document.body.innerHTML.includes(key));

const joined: LiveJoined = {
  roomId: '0a7e0000-0000-4000-8000-000000000001',
  playerId: '0a7e0000-0000-4000-8000-000000000002',
  nickname: 'Guesty',
  playerToken: 'a-token-for-this-room',
};

const capital: LearnerQuestion = {
  type: 'single_choice',
  stem: 'What is the capital of France?',
  topic: 'Europe',
  difficulty: 2,
  points: 1,
  media: [],
  options: [
    { id: 'berlin', text: 'Berlin' },
    { id: 'paris', text: 'Paris' },
    { id: 'rome', text: 'Rome' },
  ],
};

function aRoom(overrides: Partial<LiveRoomView> = {}): LiveRoomView {
  return {
    id: joined.roomId,
    code: '123456',
    bankTitle: 'World capitals',
    state: 'lobby',
    settings: {
      timerSeconds: 20,
      scoring: 'speed',
      streakBonus: true,
      showQuestionOnDevices: true,
      maxPlayers: 2000,
      nicknames: 'typed',
    },
    position: 0,
    questionCount: 5,
    question: null,
    deadline: null,
    serverNow: new Date().toISOString(),
    paused: false,
    answered: 0,
    playerCount: 3,
    reveal: null,
    leaderboard: null,
    ...overrides,
  };
}

function you(overrides: Partial<LivePlayerView> = {}): LivePlayerView {
  return {
    playerId: joined.playerId,
    nickname: joined.nickname,
    score: 0,
    streak: 0,
    rank: null,
    answeredPosition: 0,
    extraMs: 0,
    lastResult: null,
    kicked: false,
    ...overrides,
  };
}

const openQuestion = () =>
  aRoom({
    state: 'question_open',
    position: 1,
    question: capital,
    deadline: new Date(Date.now() + 20_000).toISOString(),
  });

function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  render(<LiveApp locale={inEnglish(catalogue)} />);
}

beforeEach(() => server.reset());
afterEach(() => {
  const missing = missingKeys();
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  expect(missing).toEqual([]);
});

describe("the live player's page", () => {
  it('joins by code and nickname, then shows the lobby at the room’s own address', async () => {
    const fetchMock = stubFetch(() => jsonResponse(joined, { status: 201 }));
    renderAt('/live');

    expect(
      screen.getByRole('link', { name: 'Questa, go to the catalog' }).getAttribute('href'),
    ).toBe('/');
    fireEvent.change(screen.getByLabelText('Room code'), { target: { value: '123 456' } });
    fireEvent.change(screen.getByLabelText('Nickname'), { target: { value: 'Guesty' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));

    expect(await screen.findByText('Connecting to the room…')).toBeTruthy();
    expect(window.location.pathname).toBe('/live/123456');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      code: '123456',
      nickname: 'Guesty',
    });
    expect(server.auth.at(-1)).toEqual({ roomId: joined.roomId, playerToken: joined.playerToken });

    act(() => server.set({ status: 'connected', room: aRoom(), you: you() }));
    expect(screen.getByRole('heading', { name: "You're in, Guesty!" })).toBeTruthy();
    expect(screen.getByText('3 players')).toBeTruthy();
  });

  it('says what is wrong with the code or the nickname, next to the field', async () => {
    stubFetch(() => problemResponse({ status: 409, code: 'live.nickname_taken' }));
    renderAt('/live/123456');

    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(
      await screen.findByText('Someone in this room already has this nickname. Choose another.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Nickname').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('Room code'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Enter the 6 digits shown on the big screen.')).toBeTruthy();
  });

  it('comes back into its room with the token this device kept', () => {
    window.localStorage.setItem('questa.live.123456', JSON.stringify(joined));
    renderAt('/live/123456');

    expect(screen.queryByLabelText('Room code')).toBeNull();
    expect(server.auth.at(-1)).toEqual({ roomId: joined.roomId, playerToken: joined.playerToken });
  });

  it('shows "answer sent" once the server acknowledges, before any view of its own', async () => {
    window.localStorage.setItem('questa.live.123456', JSON.stringify(joined));
    renderAt('/live/123456');
    act(() => server.set({ status: 'connected', room: openQuestion(), you: you() }));

    const choices = within(screen.getByRole('group'));
    // Each answer is its words with a shape beside them, never a colour alone.
    expect(choices.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Berlin',
      'Paris',
      'Rome',
    ]);
    expect(choices.getAllByRole('button')[0]!.querySelector('svg.live-shape')).toBeTruthy();
    fireEvent.click(choices.getByRole('button', { name: 'Paris' }));

    expect(await screen.findByText('Answer sent. Waiting for the others…')).toBeTruthy();
    expect(server.sent).toEqual([
      { type: 'answer', position: 1, answer: { type: 'single_choice', optionId: 'paris' } },
    ]);
    expect(server.get().you?.answeredPosition).toBe(0);

    // The player's own view arrives when the question closes.
    act(() =>
      server.set({
        room: openQuestion(),
        you: you({ answeredPosition: 1, score: 950, lastResult: null }),
      }),
    );
    act(() =>
      server.set({
        room: aRoom({
          state: 'question_closed',
          position: 1,
          question: capital,
          reveal: { answerText: 'Paris', distribution: [], skipped: false },
        }),
        you: you({
          answeredPosition: 1,
          score: 950,
          streak: 1,
          rank: 1,
          lastResult: { position: 1, correct: true, points: 950 },
        }),
      }),
    );
    expect(screen.getByRole('heading', { name: 'Right' })).toBeTruthy();
    expect(screen.getByText('+950 points')).toBeTruthy();
  });

  it('keeps the choices and says why when an answer is refused', async () => {
    window.localStorage.setItem('questa.live.123456', JSON.stringify(joined));
    server.reply = () =>
      Promise.resolve({
        ok: false,
        code: 'live.question_closed',
        detail: 'This question is closed: answers are no longer taken.',
      });
    renderAt('/live/123456');
    act(() => server.set({ status: 'connected', room: openQuestion(), you: you() }));

    fireEvent.click(screen.getByRole('button', { name: 'Rome' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'This question is closed: answers are no longer taken. Wait for the next one.',
    );
    expect(screen.queryByText('Answer sent. Waiting for the others…')).toBeNull();
    expect(screen.getByRole('button', { name: 'Rome' })).toBeTruthy();
  });

  it('announces each question and result to screen readers', () => {
    window.localStorage.setItem('questa.live.123456', JSON.stringify(joined));
    renderAt('/live/123456');
    act(() => server.set({ status: 'connected', room: openQuestion(), you: you() }));

    const announcer = document.querySelector('[aria-live="polite"]');
    expect(announcer?.textContent).toBe('Question 1 of 5');
    act(() =>
      server.set({
        room: aRoom({ state: 'question_closed', position: 1, question: capital }),
        you: you({ lastResult: { position: 1, correct: false, points: 0 } }),
      }),
    );
    expect(announcer?.textContent).toBe('Not this time.');
  });

  it('plays on after reconnecting, and shows the leaderboard and the end', () => {
    window.localStorage.setItem('questa.live.123456', JSON.stringify(joined));
    renderAt('/live/123456');
    const leaderboard = [
      { playerId: joined.playerId, nickname: 'Guesty', score: 1900, rank: 1 },
      { playerId: '0a7e0000-0000-4000-8000-000000000003', nickname: 'Lena', score: 900, rank: 2 },
    ];
    act(() =>
      server.set({
        status: 'reconnecting',
        room: aRoom({ state: 'leaderboard', position: 2, leaderboard }),
        you: you({ score: 1900, rank: 1 }),
      }),
    );
    expect(screen.getByText('Reconnecting…')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Leaderboard' }).textContent).toContain('Lena');

    act(() =>
      server.set({
        status: 'connected',
        room: aRoom({ state: 'finished', position: 5, leaderboard }),
      }),
    );
    expect(screen.getByRole('heading', { name: 'You finished 1 of 3' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Join a room' }));
    expect(window.location.pathname).toBe('/live');
    expect(window.localStorage.getItem('questa.live.123456')).toBeNull();
    expect(screen.getByLabelText('Room code')).toBeTruthy();
  });

  it('shows the player their team, the talk time before answers, and the teams ranked', async () => {
    window.localStorage.setItem('questa.live.123456', JSON.stringify(joined));
    renderAt('/live/123456');
    const teams: LiveRoomView['teams'] = { count: 2, talkSeconds: 5, sizes: [2, 1] };
    act(() => server.set({ status: 'connected', room: aRoom({ teams }), you: you({ team: 2 }) }));
    expect((await screen.findByText('Your team:')).textContent).toBe('Your team: Team Blue');

    // The question shows, and the answers wait for the talk time to end.
    const opensAt = Date.now() + 400;
    act(() =>
      server.set({
        room: aRoom({
          ...openQuestion(),
          teams,
          answersOpenAt: new Date(opensAt).toISOString(),
          deadline: new Date(opensAt + 20_000).toISOString(),
        }),
      }),
    );
    expect(await screen.findByText('What is the capital of France?')).toBeTruthy();
    expect(screen.getAllByText('Talk with your team').length).toBe(2);
    expect(screen.queryByRole('group')).toBeNull();
    const choices = within(await screen.findByRole('group', {}, { timeout: 5_000 }));
    expect(Date.now()).toBeGreaterThanOrEqual(opensAt);
    expect(choices.getByRole('button', { name: 'Paris' })).toBeTruthy();
    expect(screen.queryByText('Talk with your team')).toBeNull();

    const teamLeaderboard = [
      { team: 2, score: 900, rank: 1, members: 1, counted: 1 },
      { team: 1, score: 450, rank: 2, members: 2, counted: 2 },
    ];
    const leaderboard = [
      { playerId: joined.playerId, nickname: 'Guesty', score: 900, rank: 1 },
      { playerId: '0a7e0000-0000-4000-8000-000000000003', nickname: 'Lena', score: 900, rank: 1 },
    ];
    act(() =>
      server.set({
        room: aRoom({ state: 'leaderboard', position: 1, teams, leaderboard, teamLeaderboard }),
        you: you({ team: 2, score: 900, rank: 1 }),
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Your team is number 1' })).toBeTruthy();
    const board = screen.getByRole('list', { name: 'Teams' });
    expect(board.textContent).toContain('Team Blue');
    expect(within(board).getAllByRole('listitem')[0]!.getAttribute('aria-current')).toBe('true');

    act(() =>
      server.set({
        room: aRoom({ state: 'finished', position: 5, teams, leaderboard, teamLeaderboard }),
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Your team finished 1 of 2' })).toBeTruthy();
    // Each player still sees their own place and score.
    expect(screen.getByRole('heading', { name: 'You finished 1 of 3' })).toBeTruthy();
    expect(screen.getAllByText('900 points').length).toBeGreaterThan(0);
  });

  it('says so when the host removed the player', () => {
    window.localStorage.setItem('questa.live.123456', JSON.stringify(joined));
    renderAt('/live/123456');
    act(() => server.set({ status: 'connected', room: aRoom(), you: you({ kicked: true }) }));

    expect(
      screen.getByRole('heading', { name: 'The host has removed you from this room' }),
    ).toBeTruthy();
  });

  it('switches to German with the picker in its header', async () => {
    renderAt('/live');
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'de' } });

    expect(await screen.findByRole('heading', { name: 'Einem Live-Quiz beitreten' })).toBeTruthy();
    expect(screen.getByLabelText('Raumcode')).toBeTruthy();
  });
});

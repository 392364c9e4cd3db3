import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ClassLiveRoom, LiveJoined } from '@questa/contracts';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider, inEnglish } from '../../../lib/i18n';
import { appMessages } from '../../../lib/i18n/app-messages';
import { renderApp } from '../../../testing/render-app';
import { aSession } from '../../../testing/session-fixtures';
import { jsonResponse, problemResponse, stubApi } from '../../../testing/stub-fetch';
import { storedPlayer } from '../live-storage';
import { ClassLiveNow } from './class-live-now';

const room: ClassLiveRoom = {
  roomId: '99999999-9999-4999-8999-999999999999',
  code: '482913',
  classId: '33333333-3333-4333-8333-333333333333',
  className: 'Class 5B',
  bankTitle: 'Rivers',
  state: 'lobby',
};
const joined: LiveJoined = {
  roomId: room.roomId,
  playerId: '55555555-5555-4555-8555-555555555555',
  nickname: 'Bo Learner',
  playerToken: 'token',
};

const renderAlone = (goTo: (path: string) => void) =>
  render(
    <I18nProvider initial={inEnglish(appMessages)}>
      <ClassLiveNow goTo={goTo} />
    </I18nProvider>,
  );

describe('Live now', () => {
  it('joins a class’s room in one click, with no nickname, and goes to the player’s page', async () => {
    const sent: unknown[] = [];
    stubApi({
      'GET /api/classes/live-rooms': () => jsonResponse({ rooms: [room] }),
      'POST /api/rooms/join': (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return jsonResponse(joined, { status: 201 });
      },
    });
    const goTo = vi.fn();
    renderAlone(goTo);
    expect(await screen.findByRole('heading', { name: 'Live now' })).toBeTruthy();
    expect(screen.getByText('Class 5B: Rivers')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Join the live quiz of Class 5B' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/live/482913'));
    expect(sent).toEqual([{ code: '482913' }]);
    // The player's page finds its place in the room on this device.
    expect(storedPlayer('482913')).toEqual(joined);
  });

  it('says why a join is refused and stays on the page', async () => {
    stubApi({
      'GET /api/classes/live-rooms': () => jsonResponse({ rooms: [room] }),
      'POST /api/rooms/join': () => problemResponse({ status: 403, code: 'live.class_only' }),
    });
    const goTo = vi.fn();
    renderAlone(goTo);
    fireEvent.click(await screen.findByRole('button', { name: 'Join the live quiz of Class 5B' }));
    expect(await screen.findByText('Could not join the live quiz')).toBeTruthy();
    expect(screen.getByText(/a class you are not in/)).toBeTruthy();
    expect(goTo).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Join the live quiz of Class 5B' })).toBeTruthy();
  });

  it('shows nothing on To do while no room is open for the learner’s classes', async () => {
    stubApi({
      'GET /api/todo': () => jsonResponse({ todo: [], done: [] }),
      'GET /api/classes/live-rooms': () => jsonResponse({ rooms: [] }),
    });
    renderApp('/todo', { session: aSession() });
    expect(await screen.findByText('Nothing to do')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Live now' })).toBeNull();
  });

  it('sits on top of To do when a room is open', async () => {
    stubApi({
      'GET /api/todo': () => jsonResponse({ todo: [], done: [] }),
      'GET /api/classes/live-rooms': () => jsonResponse({ rooms: [room] }),
    });
    renderApp('/todo', { session: aSession() });
    expect(await screen.findByRole('heading', { name: 'Live now' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join the live quiz of Class 5B' })).toBeTruthy();
  });
});

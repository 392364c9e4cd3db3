import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveAck, LiveHostView, LiveRoomView } from '@questa/contracts';
import { I18nProvider, inEnglish } from '../../../lib/i18n';
import { appMessages } from '../../../lib/i18n/app-messages';
import { HostTeams } from './host-teams';
import { PlayerTeam } from './player-teams';
import { TeamNames } from './team-names';

afterEach(cleanup);

const ada = { playerId: '0a7e0000-0000-4000-8000-00000000000a', nickname: 'Ada' };
const ben = { playerId: '0a7e0000-0000-4000-8000-00000000000b', nickname: 'Ben' };

const room = (teams: LiveRoomView['teams']): LiveRoomView => ({
  id: '0a7e0000-0000-4000-8000-000000000001',
  code: '123456',
  bankTitle: 'Rivers',
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
  questionCount: 3,
  question: null,
  deadline: null,
  serverNow: new Date().toISOString(),
  paused: false,
  answered: 0,
  playerCount: 2,
  reveal: null,
  leaderboard: null,
  teams,
});
const host = (roster: LiveHostView['roster']): LiveHostView => ({
  players: 2,
  connected: 2,
  latest: [],
  roster,
});

function renderTeams(view: LiveRoomView, hostView: LiveHostView, reply?: LiveAck) {
  const send = vi.fn((_message: unknown) => Promise.resolve(reply ?? ({ ok: true } as LiveAck)));
  render(
    <I18nProvider initial={inEnglish(appMessages)}>
      <HostTeams room={view} host={hostView} send={send} />
    </I18nProvider>,
  );
  return send;
}

describe('the host’s teams in the lobby', () => {
  it('switches teams on, and moves a player with the keyboard-usable list, saying so', async () => {
    const send = renderTeams(room(null), host(null));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Play in teams' }));
    expect(send).toHaveBeenLastCalledWith({
      type: 'host.teams',
      teams: { count: 2, talkSeconds: 10 },
    });
    expect(await screen.findByText('Teams saved.')).toBeTruthy();
    cleanup();

    const moved = renderTeams(
      room({ count: 2, talkSeconds: 10, sizes: [2, 0] }),
      host([
        { ...ada, connected: true, team: 1 },
        { ...ben, connected: false, team: 1 },
      ]),
    );
    const red = screen.getByRole('region', { name: /Team Red/ });
    expect(within(red).getByText('Ada')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: /Team Blue/ })).getByText(/Nobody/),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Team for Ben'), { target: { value: '2' } });
    expect(moved).toHaveBeenLastCalledWith({
      type: 'host.teams.move',
      playerId: ben.playerId,
      team: 2,
    });
    expect(await screen.findByText('Ben now plays for Team Blue.')).toBeTruthy();
  });

  it('asks before dealing everyone out again, and shows a refusal', async () => {
    const send = renderTeams(
      room({ count: 2, talkSeconds: 10, sizes: [1, 1] }),
      host([
        { ...ada, connected: true, team: 1 },
        { ...ben, connected: true, team: 2 },
      ]),
      { ok: false, code: 'live.teams_fixed', detail: 'The game has started.' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Shuffle teams' }));
    expect(send).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog', { name: 'Deal the players out again?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deal again' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'host.teams.shuffle' });
    expect((await screen.findByRole('alert')).textContent).toBe('The game has started.');

    fireEvent.change(screen.getByLabelText('Number of teams'), { target: { value: '4' } });
    await screen.findByRole('dialog', { name: 'Deal the players out again?' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
  });

  it('names a team, and gives it back its colour’s name when the name is cleared', async () => {
    const send = renderTeams(
      room({ count: 2, talkSeconds: 10, sizes: [1, 1], names: { '2': 'Owls' } }),
      host([
        { ...ada, connected: true, team: 1 },
        { ...ben, connected: true, team: 2 },
      ]),
    );
    const name = screen.getByLabelText('Name of Team Red') as HTMLInputElement;
    expect(name.maxLength).toBe(24);
    fireEvent.change(name, { target: { value: '  The Otters ' } });
    fireEvent.click(
      within(screen.getByRole('region', { name: /Team Red/ })).getByRole('button', {
        name: 'Rename',
      }),
    );
    expect(send).toHaveBeenLastCalledWith({
      type: 'host.teams.rename',
      team: 1,
      name: 'The Otters',
    });
    expect(await screen.findByText('Team renamed: The Otters.')).toBeTruthy();

    const owls = screen.getByLabelText('Name of Team Blue') as HTMLInputElement;
    expect(owls.value).toBe('Owls');
    fireEvent.change(owls, { target: { value: '' } });
    fireEvent.submit(owls.closest('form')!);
    expect(send).toHaveBeenLastCalledWith({ type: 'host.teams.rename', team: 2, name: null });
    expect(await screen.findByText('The team is called Team Blue again.')).toBeTruthy();
  });

  it('shows a phone its team by the name the host gave it, beside its colour', () => {
    render(
      <I18nProvider initial={inEnglish(appMessages)}>
        <TeamNames.Provider value={{ '1': 'The Otters' }}>
          <PlayerTeam team={1} sentence />
          <PlayerTeam team={2} />
        </TeamNames.Provider>
      </I18nProvider>,
    );
    expect(screen.getByText('The Otters').closest('[data-team]')!.getAttribute('data-team')).toBe(
      'red',
    );
    expect(screen.getByText('Team Blue')).toBeTruthy();
  });
});

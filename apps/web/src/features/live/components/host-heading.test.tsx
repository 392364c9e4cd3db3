import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveHostView, LiveRoomView } from '@questa/contracts';
import { I18nProvider, inEnglish } from '../../../lib/i18n';
import { appMessages } from '../../../lib/i18n/app-messages';
import { HostHeading } from './host-heading';

afterEach(cleanup);

const room = (state: LiveRoomView['state']): LiveRoomView => ({
  id: '0a7e0000-0000-4000-8000-000000000001',
  code: '123456',
  bankTitle: 'Rivers',
  state,
  settings: {
    timerSeconds: 20,
    scoring: 'speed',
    streakBonus: true,
    showQuestionOnDevices: true,
    maxPlayers: 2000,
    nicknames: 'typed',
  },
  position: state === 'lobby' ? 0 : 1,
  questionCount: 3,
  question: null,
  deadline: null,
  serverNow: new Date().toISOString(),
  paused: false,
  answered: 0,
  playerCount: 2,
  reveal: null,
  leaderboard: null,
});
const host = (className: string | null): LiveHostView => ({
  className,
  players: 2,
  connected: 2,
  latest: [],
});

const renderHeading = (view: LiveRoomView, hostView: LiveHostView) =>
  render(
    <I18nProvider initial={inEnglish(appMessages)}>
      <HostHeading room={view} host={hostView} reconnecting={false} />
    </I18nProvider>,
  );

describe('the top of the host’s console', () => {
  it.each(['lobby', 'question_open', 'leaderboard'] as const)(
    'names the class of a class room and says only its learners join (%s)',
    (state) => {
      renderHeading(room(state), host('Year 7 Geography'));
      expect(screen.getByText('Class Year 7 Geography')).toBeTruthy();
      expect(
        screen.getByText('Only learners of this class can join, with their accounts.'),
      ).toBeTruthy();
      expect(screen.getByText('Rivers')).toBeTruthy();
    },
  );

  it('says nothing of a class for any other room', () => {
    renderHeading(room('question_open'), host(null));
    expect(screen.queryByText(/Only learners of this class/)).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('2');
  });
});

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveClaimed } from '@questa/contracts';
import { I18nProvider, inEnglish } from '../../../lib/i18n';
import { appMessages } from '../../../lib/i18n/app-messages';
import { calls, jsonResponse, problemResponse, stubApi } from '../../../testing/stub-fetch';
import { KeepResult } from './keep-result';

const roomId = '99999999-9999-4999-8999-999999999999';
const playerToken = 'kX9-device-token';
const claimPath = `POST /api/rooms/${roomId}/claim`;

const claimed = (answersRecorded: number): LiveClaimed => ({
  roomId,
  playerId: '12121212-1212-4121-8121-121212121212',
  nickname: 'Guesty',
  score: 1800,
  answersRecorded,
});

function show() {
  window.history.replaceState(null, '', '/live/482913');
  render(
    <I18nProvider initial={inEnglish(appMessages)}>
      <KeepResult roomId={roomId} playerToken={playerToken} />
    </I18nProvider>,
  );
}

describe('keeping a guest’s result', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers a guest the sign-in that comes back to this page', async () => {
    const fetchMock = stubApi({
      [claimPath]: () => problemResponse({ status: 401, code: 'auth.required' }),
    });
    show();
    const signIn = await screen.findByRole('link', { name: 'Sign in to keep this result' });
    expect(signIn.getAttribute('href')).toBe('/api/auth/login?returnTo=%2Flive%2F482913');
    // The token travels in the body only: never in an address, where history and logs keep it.
    expect(calls(fetchMock)).toEqual([`POST /api/rooms/${roomId}/claim`]);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ playerToken });
    expect(signIn.getAttribute('href')).not.toContain(playerToken);
  });

  it('keeps the result once signed in, and says how many answers now count', async () => {
    stubApi({ [claimPath]: () => jsonResponse(claimed(4)) });
    show();
    expect(
      await screen.findByText('Kept: your 4 answers now count in your progress and reviews.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in to keep this result' })).toBeNull();
  });

  it('tells a signed-in player their result is in their account', async () => {
    stubApi({ [claimPath]: () => jsonResponse(claimed(0)) });
    show();
    expect(await screen.findByText('This result is kept in your account.')).toBeTruthy();
  });

  it('says when the result is another account’s', async () => {
    stubApi({ [claimPath]: () => problemResponse({ status: 403, code: 'auth.forbidden' }) });
    show();
    expect(await screen.findByText('This result is kept in another account.')).toBeTruthy();
  });

  it('offers a retry when Questa cannot be reached', async () => {
    let tries = 0;
    stubApi({
      [claimPath]: () =>
        ++tries === 1
          ? problemResponse({ status: 503, code: 'unavailable' })
          : jsonResponse(claimed(2)),
    });
    show();
    expect(await screen.findByText('Your result could not be kept')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('Kept: your 2 answers now count in your progress and reviews.'),
    ).toBeTruthy();
  });
});

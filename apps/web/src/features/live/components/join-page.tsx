// The rule's own file, not the rules' index: the player's page loads only what it uses.
import { LIVE_LIMITS } from '@questa/contracts/rules/live';
import type { LiveJoined } from '@questa/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { PageTitle } from '../../../components/ui/page-title';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { joinRoom } from '../api/join-room';
import { goToRoom } from '../live-location';
import { forgetPlayer, storedPlayer, storePlayer } from '../live-storage';
import { PlayerGame } from './player-game';
import './live.css';

const codePattern = new RegExp(`^\\d{${LIVE_LIMITS.codeLength}}$`);

/**
 * `/live` and `/live/:code`: the code (typed, or from the link or QR code), a nickname, and then
 * the game. A device that joined before goes straight back into its room.
 */
export function JoinPage({ code }: { code?: string }) {
  const t = useT();
  const [joined, setJoined] = useState<LiveJoined | undefined>(() =>
    code ? storedPlayer(code) : undefined,
  );
  const [typedCode, setTypedCode] = useState(code ?? '');
  const [nickname, setNickname] = useState('');
  const [error, setError] = useState<ApiError>();
  const [pending, setPending] = useState(false);
  const [badCode, setBadCode] = useState(false);

  if (code && joined) {
    return (
      <PlayerGame
        joined={joined}
        onLeave={() => {
          forgetPlayer(code);
          setJoined(undefined);
          goToRoom(undefined);
        }}
      />
    );
  }

  const fieldError = (field: string) =>
    error?.fieldErrors.find((entry) => entry.field === field || entry.field === `body.${field}`);
  const codeError = badCode
    ? t('live.codeInvalid')
    : error?.code === 'live.room_not_found'
      ? t('live.roomNotFound')
      : fieldError('code')
        ? t('live.codeInvalid')
        : undefined;
  const nicknameError =
    error?.code === 'live.nickname_taken'
      ? t('live.nicknameTaken')
      : error?.code === 'auth.forbidden'
        ? t('live.nicknameRemoved')
        : fieldError('nickname')
          ? t('live.nicknameInvalid')
          : undefined;

  const submit = async () => {
    const roomCode = typedCode.trim();
    setBadCode(!codePattern.test(roomCode));
    if (!codePattern.test(roomCode)) return;
    setPending(true);
    setError(undefined);
    try {
      const result = await joinRoom(roomCode, nickname.trim() || undefined);
      storePlayer(roomCode, result);
      setJoined(result);
      if (roomCode !== code) goToRoom(roomCode, { replace: true });
    } catch (caught) {
      setError(toApiError(caught));
    } finally {
      setPending(false);
    }
  };

  const otherError = error && !codeError && !nicknameError ? error : undefined;

  return (
    <div className="live-join">
      <PageTitle title={t('live.join.title')} />
      <h1>{t('live.join.title')}</h1>
      <p className="live-muted">{t('live.join.intro')}</p>
      <form
        className="live-join__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field label={t('live.join.code')} error={codeError}>
          {(control) => (
            <input
              {...control}
              className="input live-join__code"
              inputMode="numeric"
              autoComplete="off"
              maxLength={LIVE_LIMITS.codeLength}
              pattern="[0-9]*"
              value={typedCode}
              onChange={(event) => setTypedCode(event.target.value.replace(/\D/g, ''))}
              autoFocus={!code}
            />
          )}
        </Field>
        <Field
          label={t('live.join.nickname')}
          hint={t('live.join.nicknameHint', { max: LIVE_LIMITS.nicknameMax })}
          error={nicknameError}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              maxLength={LIVE_LIMITS.nicknameMax}
              autoComplete="nickname"
              value={nickname}
              onChange={(event) => setNickname(event.target.value)}
              autoFocus={Boolean(code)}
            />
          )}
        </Field>
        {otherError && <ProblemAlert title={t('live.join.failed')} error={otherError} />}
        <Button type="submit" className="live-send" disabled={pending}>
          {pending ? t('live.join.joining') : t('live.join.submit')}
        </Button>
      </form>
    </div>
  );
}

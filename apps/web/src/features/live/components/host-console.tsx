import type { LiveClientMessage, LiveHostCommand } from '@questa/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageTitle } from '../../../components/ui/page-title';
import { useT } from '../../../lib/i18n';
import { useHostKeys } from '../use-host-keys';
import { useLiveChannel } from '../use-live-channel';
import { usePresentation } from '../use-presentation';
import { useHostSound } from '../use-host-sound';
import { HostHeading } from './host-heading';
import { LobbyJoinCard } from './host-join';
import { HostPlayers, type KickTarget } from './host-players';
import { HostBoard, HostFinished, HostQuestion } from './host-stage';
import { HostTeams } from './host-teams';
import { TeamNames } from './team-names';
import './live.css';

type Command = Exclude<LiveHostCommand, 'host.kick'>;

/** A control's key, shown on the control itself. */
const Key = ({ children }: { children: ReactNode }) => (
  <kbd className="live-key" aria-hidden="true">
    {children}
  </kbd>
);

/**
 * `/host/:roomId`: the big screen. Readable from the back of a room, and in presentation mode
 * (F) alone on the screen in large type. Every control has a key, shown on it: Enter or Space
 * for the next step, P to pause or resume, C to close the question now, S to skip it, R to reveal
 * a held-back answer, L to lock the room, K for the players, M for sound, E to end the game.
 */
export function HostConsole({ roomId }: { roomId: string }) {
  const t = useT();
  const channel = useLiveChannel({ roomId, host: true });
  const { room, host, status, offsetMs } = channel;
  const presentation = usePresentation();
  const sound = useHostSound(room, offsetMs);
  const [error, setError] = useState<string>();
  const [ending, setEnding] = useState(false);
  const [kicking, setKicking] = useState<KickTarget>();
  const [showPlayers, setShowPlayers] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const playersPanel = useRef<HTMLElement>(null);

  // The console moves in and out of the page when presentation mode changes: focus goes with it.
  useEffect(() => {
    root.current?.focus();
  }, [presentation.presenting]);

  const send = async (message: LiveClientMessage) => {
    setError(undefined);
    const ack = await channel.send(message);
    if (!ack.ok) setError(ack.detail);
  };
  const command = (type: Command) => void send({ type } as LiveClientMessage);

  const state = room?.state;
  const hiddenAnswer =
    state === 'question_closed' &&
    room?.reveal?.answerShown === false &&
    room.reveal.skipped === false;
  const primary: { label: string; type: Command } | undefined = !room
    ? undefined
    : state === 'lobby'
      ? { label: t('live.host.start'), type: 'host.start' }
      : hiddenAnswer
        ? { label: t('live.host.reveal'), type: 'host.reveal' }
        : state === 'question_closed'
          ? { label: t('live.host.showLeaderboard'), type: 'host.next' }
          : state === 'leaderboard'
            ? room.position >= room.questionCount
              ? { label: t('live.host.showPodium'), type: 'host.next' }
              : { label: t('live.host.nextQuestion'), type: 'host.next' }
            : undefined;
  const running = room !== undefined && state !== 'finished';
  const open = state === 'question_open';
  const togglePlayers = () => {
    setShowPlayers((shown) => !shown);
    requestAnimationFrame(() => playersPanel.current?.focus());
  };

  useHostKeys({
    enter: primary && (() => command(primary.type)),
    p: open ? () => command(room?.paused ? 'host.resume' : 'host.pause') : undefined,
    c: open ? () => command('host.close') : undefined,
    s: open ? () => command('host.skip') : undefined,
    r: hiddenAnswer ? () => command('host.reveal') : undefined,
    l: running ? () => command(room?.locked ? 'host.unlock' : 'host.lock') : undefined,
    k: running && state !== 'lobby' ? togglePlayers : undefined,
    m: sound.toggle,
    f: room ? presentation.toggle : undefined,
    escape: presentation.presenting ? presentation.leave : undefined,
    e: running ? () => setEnding(true) : undefined,
  });

  if (status === 'refused') {
    return (
      <div className="page">
        <PageTitle title={t('live.host.title')} />
        <h1>{t('live.host.notYours')}</h1>
        <p>{channel.refusal?.detail}</p>
        <Link to="/host" className={buttonClass('secondary')}>
          {t('live.host.back')}
        </Link>
      </div>
    );
  }
  if (!room) {
    return (
      <div className="live-host" aria-busy="true">
        <p role="status">{t('live.connecting')}</p>
      </div>
    );
  }

  const locked = room.locked === true;
  const screen = (
    <TeamNames.Provider value={room.teams?.names}>
      <div
        ref={root}
        tabIndex={-1}
        className={presentation.presenting ? 'live-host live-host--present' : 'live-host'}
        data-state={room.state}
      >
        <PageTitle title={t('live.host.consoleTitle', { code: room.code })} />
        <HostHeading room={room} host={host} reconnecting={status !== 'connected'} />

        {room.state === 'lobby' && (
          <section className="live-host__lobby" aria-labelledby="live-code">
            <LobbyJoinCard code={room.code} />
            <div className="live-host__players">
              <h2>{t('live.playersIn', { count: host?.players ?? 0 })}</h2>
              {locked && <p className="live-host__locked">{t('live.host.lockedHint')}</p>}
              <HostPlayers host={host} onKick={setKicking} />
              <HostTeams room={room} host={host} send={channel.send} />
            </div>
          </section>
        )}
        {(room.state === 'question_open' || room.state === 'question_closed') && (
          <HostQuestion room={room} host={host} offsetMs={offsetMs} />
        )}
        {room.state === 'leaderboard' && <HostBoard room={room} />}
        {room.state === 'finished' && <HostFinished room={room} />}

        {showPlayers && running && room.state !== 'lobby' && (
          <section
            ref={playersPanel}
            tabIndex={-1}
            className="live-host__player-panel"
            aria-labelledby="live-players-heading"
          >
            <h2 id="live-players-heading">{t('live.playersIn', { count: host?.players ?? 0 })}</h2>
            <HostPlayers host={host} onKick={setKicking} />
          </section>
        )}

        <footer className="live-host__controls">
          {error && (
            <p className="live-error" role="alert">
              {error}
            </p>
          )}
          {primary && (
            <Button
              onClick={() => command(primary.type)}
              aria-keyshortcuts="Enter Space"
              className="live-host__primary"
            >
              {primary.label} <Key>Enter</Key>
            </Button>
          )}
          {open && (
            <>
              <Button
                variant="secondary"
                aria-keyshortcuts="P"
                onClick={() => command(room.paused ? 'host.resume' : 'host.pause')}
              >
                {room.paused ? t('live.host.resume') : t('live.host.pause')} <Key>P</Key>
              </Button>
              <Button
                variant="secondary"
                aria-keyshortcuts="C"
                onClick={() => command('host.close')}
              >
                {t('live.host.closeNow')} <Key>C</Key>
              </Button>
              <Button variant="ghost" aria-keyshortcuts="S" onClick={() => command('host.skip')}>
                {t('live.host.skip')} <Key>S</Key>
              </Button>
            </>
          )}
          {running && room.state !== 'lobby' && (
            <Button
              variant="ghost"
              aria-keyshortcuts="K"
              aria-expanded={showPlayers}
              onClick={togglePlayers}
            >
              {t('live.host.players')} <Key>K</Key>
            </Button>
          )}
          <div className="live-host__tools">
            <Button variant="ghost" aria-keyshortcuts="F" onClick={presentation.toggle}>
              {presentation.presenting ? t('live.host.leavePresent') : t('live.host.present')}{' '}
              <Key>F</Key>
            </Button>
            <Button variant="ghost" aria-keyshortcuts="M" onClick={sound.toggle}>
              {sound.muted ? t('live.host.soundOff') : t('live.host.soundOn')} <Key>M</Key>
            </Button>
            {running && (
              <Button
                variant="ghost"
                aria-keyshortcuts="L"
                onClick={() => command(locked ? 'host.unlock' : 'host.lock')}
              >
                {locked ? t('live.host.unlock') : t('live.host.lock')} <Key>L</Key>
              </Button>
            )}
            {running && (
              <Button variant="ghost" onClick={() => setEnding(true)} aria-keyshortcuts="E">
                {t('live.host.end')} <Key>E</Key>
              </Button>
            )}
          </div>
          {running && <p className="live-muted live-host__keys">{t('live.host.keys')}</p>}
        </footer>

        <ConfirmDialog
          open={ending}
          title={t('live.host.endTitle')}
          confirmLabel={t('live.host.end')}
          onConfirm={() => {
            setEnding(false);
            command('host.end');
          }}
          onCancel={() => setEnding(false)}
        >
          {t('live.host.endBody')}
        </ConfirmDialog>
        <ConfirmDialog
          open={kicking !== undefined}
          title={t('live.host.kickTitle', { name: kicking?.nickname ?? '' })}
          confirmLabel={t('live.host.kick')}
          onConfirm={() => {
            if (kicking) void send({ type: 'host.kick', playerId: kicking.playerId, ban: true });
            setKicking(undefined);
          }}
          onCancel={() => setKicking(undefined)}
        >
          {t('live.host.kickBody')}
        </ConfirmDialog>
      </div>
    </TeamNames.Provider>
  );
  return presentation.presenting ? createPortal(screen, presentation.target) : screen;
}

import type { LiveClientMessage, LiveHostCommand } from '@questa/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { RichText } from '../../../components/answering/rich-text';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageTitle } from '../../../components/ui/page-title';
import { config } from '../../../lib/config';
import { useT } from '../../../lib/i18n';
import { useLiveChannel } from '../use-live-channel';
import { Countdown } from './countdown';
import { FinishedRoomResults } from './host-results';
import { Shape } from './shapes';
import { Distribution, Leaderboard, Podium } from './standings';
import './live.css';

/** The join link's QR code, drawn by a library loaded only here. */
function JoinQrCode({ url }: { url: string }) {
  const t = useT();
  const [svg, setSvg] = useState<string>();
  useEffect(() => {
    let live = true;
    void import('qrcode').then((qr) =>
      qr.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((drawn) => {
        if (live) setSvg(drawn);
      }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <div
      className="live-qr"
      role="img"
      aria-label={t('live.host.qr', { url })}
      // The SVG is the QR library's drawing of Questa's own join address.
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}

/**
 * `/host/:roomId`: the big screen. Readable from the back of a room: the code and the question in
 * large type. Every step has a key: Enter or Space for the next step, P to pause or resume,
 * C to close the question now, S to skip it, E to end the game.
 */
export function HostConsole({ roomId }: { roomId: string }) {
  const t = useT();
  const channel = useLiveChannel({ roomId, host: true });
  const { room, host, status, offsetMs } = channel;
  const [error, setError] = useState<string>();
  const [ending, setEnding] = useState(false);
  const [kicking, setKicking] = useState<{ playerId: string; nickname: string }>();

  const send = async (message: LiveClientMessage) => {
    setError(undefined);
    const ack = await channel.send(message);
    if (!ack.ok) setError(ack.detail);
  };
  const command = (type: Exclude<LiveHostCommand, 'host.kick'>) =>
    void send({ type } as LiveClientMessage);

  const primary: { label: string; type: Exclude<LiveHostCommand, 'host.kick'> } | undefined = !room
    ? undefined
    : room.state === 'lobby'
      ? { label: t('live.host.start'), type: 'host.start' }
      : room.state === 'question_closed'
        ? { label: t('live.host.showLeaderboard'), type: 'host.next' }
        : room.state === 'leaderboard'
          ? room.position >= room.questionCount
            ? { label: t('live.host.showPodium'), type: 'host.next' }
            : { label: t('live.host.nextQuestion'), type: 'host.next' }
          : undefined;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (
        event.target instanceof HTMLElement &&
        event.target.closest('input, textarea, select, dialog')
      ) {
        return;
      }
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const key = event.key.toLowerCase();
      if ((key === 'enter' || key === ' ') && primary) {
        if (event.target instanceof HTMLButtonElement) return;
        event.preventDefault();
        command(primary.type);
      } else if (key === 'p' && room?.state === 'question_open') {
        command(room.paused ? 'host.resume' : 'host.pause');
      } else if (key === 'c' && room?.state === 'question_open') {
        command('host.close');
      } else if (key === 's' && room?.state === 'question_open') {
        command('host.skip');
      } else if (key === 'e' && room && room.state !== 'finished') {
        setEnding(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
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

  const joinUrl = `${window.location.origin}/live/${room.code}`;
  const question = room.question;

  return (
    <div className="live-host" data-state={room.state}>
      <PageTitle title={t('live.host.consoleTitle', { code: room.code })} />
      <header className="live-host__bar">
        <div>
          <p className="live-host__bank">{room.bankTitle}</p>
          {room.state !== 'lobby' && (
            <p className="live-host__join">
              {t('live.host.joinAt', { host: window.location.host })}{' '}
              <strong className="live-host__code-small">{room.code}</strong>
            </p>
          )}
        </div>
        <div className="live-host__counts" role="status">
          {t('live.playersIn', { count: host?.players ?? room.playerCount })}
          {status !== 'connected' && (
            <span className="live-muted"> · {t('live.reconnecting')}</span>
          )}
        </div>
        {room.state !== 'finished' && (
          <Button variant="ghost" onClick={() => setEnding(true)} aria-keyshortcuts="E">
            {t('live.host.end')}
          </Button>
        )}
      </header>

      {room.state === 'lobby' && (
        <section className="live-host__lobby" aria-labelledby="live-code">
          <div className="live-host__join-card">
            <p>{t('live.host.joinAt', { host: `${window.location.host}/live` })}</p>
            <h1
              id="live-code"
              className="live-host__code"
              aria-label={t('live.host.codeLabel', { code: room.code.split('').join(' ') })}
            >
              {room.code}
            </h1>
            <JoinQrCode url={joinUrl} />
            <p className="live-muted">{joinUrl}</p>
          </div>
          <div className="live-host__players">
            <h2>{t('live.playersIn', { count: host?.players ?? 0 })}</h2>
            {host && host.latest.length === 0 && (
              <p className="live-muted">{t('live.host.waitingForPlayers')}</p>
            )}
            <ul className="live-host__names">
              {host?.latest.map((player) => (
                <li key={player.playerId} data-connected={player.connected}>
                  <span>{player.nickname}</span>
                  {!player.connected && <span className="live-muted"> ({t('live.away')})</span>}
                  <button
                    type="button"
                    className="live-host__kick"
                    aria-label={t('live.host.kickLabel', { name: player.nickname })}
                    onClick={() => setKicking(player)}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      {(room.state === 'question_open' || room.state === 'question_closed') && question && (
        <section className="live-host__question" aria-labelledby="live-host-question">
          <div className="live-host__question-top">
            <p>{t('live.questionOf', { n: room.position, total: room.questionCount })}</p>
            {room.state === 'question_open' && (
              <Countdown deadline={room.deadline} offsetMs={offsetMs} paused={room.paused} large />
            )}
            <p className="live-host__answered" role="status">
              {t('live.host.answersIn', {
                count: room.answered,
                total: host?.players ?? room.playerCount,
              })}
            </p>
          </div>
          <h1 id="live-host-question" className="live-host__stem">
            <RichText source={question.stem} />
          </h1>
          {room.state === 'question_open' && 'options' in question && (
            <ol className="live-host__options">
              {question.options.map((option, index) => (
                <li key={option.id} data-shape={index}>
                  <Shape index={index} size={40} />
                  <RichText source={option.text} inline />
                </li>
              ))}
            </ol>
          )}
          {room.state === 'question_open' && question.type === 'true_false' && (
            <ol className="live-host__options">
              {[t('live.true'), t('live.false')].map((label, index) => (
                <li key={label} data-shape={index}>
                  <Shape index={index} size={40} />
                  {label}
                </li>
              ))}
            </ol>
          )}
          {room.state === 'question_closed' && room.reveal && (
            <div className="live-host__reveal">
              {room.reveal.skipped ? (
                <p className="live-host__answer">{t('live.skipped')}</p>
              ) : (
                <>
                  <p className="live-host__answer">
                    {t('live.answerWas', { answer: room.reveal.answerText })}
                  </p>
                  <Distribution reveal={room.reveal} />
                </>
              )}
            </div>
          )}
        </section>
      )}

      {room.state === 'leaderboard' && room.leaderboard && (
        <section className="live-host__board" aria-labelledby="live-board">
          <h1 id="live-board">{t('live.leaderboard')}</h1>
          <Leaderboard entries={room.leaderboard} />
        </section>
      )}

      {room.state === 'finished' && (
        <section className="live-host__finished" aria-labelledby="live-podium">
          <h1 id="live-podium">{t('live.podium')}</h1>
          {room.leaderboard && <Podium entries={room.leaderboard} />}
          <a
            className={buttonClass('secondary')}
            href={`${config.apiBase}/rooms/${room.id}/results.csv`}
            download
          >
            {t('live.host.downloadCsv')}
          </a>
          <FinishedRoomResults roomId={room.id} />
          <Link to="/host" className={buttonClass('ghost')}>
            {t('live.host.back')}
          </Link>
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
            {primary.label}
          </Button>
        )}
        {room.state === 'question_open' && (
          <>
            <Button
              variant="secondary"
              aria-keyshortcuts="P"
              onClick={() => command(room.paused ? 'host.resume' : 'host.pause')}
            >
              {room.paused ? t('live.host.resume') : t('live.host.pause')}
            </Button>
            <Button variant="secondary" aria-keyshortcuts="C" onClick={() => command('host.close')}>
              {t('live.host.closeNow')}
            </Button>
            <Button variant="ghost" aria-keyshortcuts="S" onClick={() => command('host.skip')}>
              {t('live.host.skip')}
            </Button>
          </>
        )}
        {room.state !== 'finished' && (
          <p className="live-muted live-host__keys">{t('live.host.keys')}</p>
        )}
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
  );
}

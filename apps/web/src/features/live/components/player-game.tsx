import type { AnswerInput, LiveJoined } from '@questa/contracts';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { PageTitle } from '../../../components/ui/page-title';
import { problemMessage } from '../../../components/ui/problem-message';
import { useT } from '../../../lib/i18n';
import { useLiveChannel } from '../use-live-channel';
import { useTalkTime } from '../use-talk-time';
import { TeamNames } from './team-names';
import { Countdown } from './countdown';
import { PlayerAnswer } from './player-answer';
import { Leaderboard } from './standings';

// Only a finished game offers to keep the result: the phone downloads it then, not on arrival.
const KeepResult = lazy(() =>
  import('./keep-result').then((module) => ({ default: module.KeepResult })),
);
// Only a room played in teams shows teams: other phones never download what shows them.
const teamParts = () => import('./player-teams');
const PlayerTeam = lazy(() => teamParts().then((module) => ({ default: module.PlayerTeam })));
const TalkTime = lazy(() => teamParts().then((module) => ({ default: module.TalkTime })));
const TeamStanding = lazy(() => teamParts().then((module) => ({ default: module.TeamStanding })));

/**
 * A player's phone through a game. Everything it shows comes from the server: a reload or a new
 * connection picks up exactly where the room is, with the player's nickname, score and streak.
 */
export function PlayerGame({ joined, onLeave }: { joined: LiveJoined; onLeave: () => void }) {
  const t = useT();
  const channel = useLiveChannel({ roomId: joined.roomId, playerToken: joined.playerToken });
  const { room, you, status, offsetMs } = channel;
  const [sending, setSending] = useState(false);
  const [refused, setRefused] = useState<string>();
  // The position whose answer the server acknowledged. A room of 2,000 cannot afford a view per
  // answer for each player, so the acknowledgement is what says "sent"; the player's own view
  // catches up when the question closes (and on a reconnect, which also covers a reload).
  const [acknowledged, setAcknowledged] = useState(0);
  const talking = useTalkTime(room, offsetMs);

  if (status === 'refused' || you?.kicked) {
    return (
      <div className="live-player live-player--message">
        <PageTitle title={t('live.player.title')} />
        <h1>{you?.kicked ? t('live.kicked') : t('live.gone')}</h1>
        <p>{channel.refusal?.detail}</p>
        <Button onClick={onLeave}>{t('live.joinAnother')}</Button>
      </div>
    );
  }
  if (!room || !you) {
    return (
      <div className="live-player live-player--message" aria-busy="true">
        <p role="status">{t('live.connecting')}</p>
      </div>
    );
  }

  const answer = async (given: AnswerInput) => {
    setSending(true);
    setRefused(undefined);
    const position = room.position;
    const ack = await channel.send({ type: 'answer', position, answer: given });
    setSending(false);
    if (ack.ok) setAcknowledged(position);
    // What the room itself refuses (closed, answered already) is said in the player's language;
    // anything else, such as an answer the question cannot take, keeps the server's own detail.
    else setRefused(ack.code.startsWith('live.') ? problemMessage(t, ack) : ack.detail);
  };

  const answered = you.answeredPosition === room.position || acknowledged === room.position;
  const result = you.lastResult?.position === room.position ? you.lastResult : null;
  // A room that reveals answers by hand keeps the result back until the host shows the answer.
  const waitingForReveal = room.reveal?.answerShown === false && !room.reveal.skipped;
  const team = you.team ?? null;
  // In team mode the team's place comes first, the player's own under it.
  const Own = team !== null && room.teamLeaderboard ? 'h2' : 'h1';
  const standing = team !== null && room.teamLeaderboard && (
    <Suspense fallback={null}>
      {/* The leaderboard is drawn here: the phone has it already, and the teams' part need not. */}
      <TeamStanding
        room={room}
        team={team}
        list={(entries, highlight, label) => (
          <Leaderboard entries={entries} highlight={highlight} label={label} />
        )}
      />
    </Suspense>
  );
  const announcement =
    room.state === 'question_open' && talking
      ? t('live.team.talk')
      : room.state === 'question_open' && !answered
        ? t('live.questionOf', { n: room.position, total: room.questionCount })
        : room.state === 'question_closed'
          ? room.reveal?.skipped
            ? t('live.skipped')
            : waitingForReveal
              ? t('live.waitingForReveal')
              : result?.correct
                ? t('live.right', { points: result.points })
                : t('live.wrong')
          : room.state === 'finished'
            ? t('live.finalRank', { rank: you.rank ?? 0, total: room.playerCount })
            : '';

  return (
    <TeamNames.Provider value={room.teams?.names}>
      <div className="live-player" data-state={room.state}>
        <PageTitle title={t('live.player.title')} />
        <header className="live-player__bar">
          <span className="live-player__name">{you.nickname}</span>
          {team !== null && (
            <Suspense fallback={null}>
              <PlayerTeam team={team} />
            </Suspense>
          )}
          <span className="live-player__score" aria-label={t('live.yourScore')}>
            {t('live.points', { points: you.score })}
          </span>
          {status !== 'connected' && (
            <span className="live-player__offline" role="status">
              {t('live.reconnecting')}
            </span>
          )}
        </header>
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>

        {room.state === 'lobby' && (
          <section className="live-player__panel">
            <h1>{t('live.inTheRoom', { name: you.nickname })}</h1>
            {team !== null && (
              <Suspense fallback={null}>
                <PlayerTeam team={team} sentence />
              </Suspense>
            )}
            <p>{t('live.waitingForHost')}</p>
            <p className="live-muted">{t('live.playersIn', { count: room.playerCount })}</p>
          </section>
        )}

        {room.state === 'question_open' && (
          <section className="live-player__panel" aria-labelledby="live-question-heading">
            <div className="live-player__top">
              <h1 id="live-question-heading">
                {t('live.questionOf', { n: room.position, total: room.questionCount })}
              </h1>
              <Countdown
                deadline={talking ? (room.answersOpenAt ?? null) : room.deadline}
                offsetMs={offsetMs}
                extraMs={talking ? 0 : you.extraMs}
                paused={room.paused}
              />
            </div>
            {talking && !room.paused ? (
              <Suspense fallback={null}>
                <TalkTime room={room} />
              </Suspense>
            ) : answered ? (
              <p className="live-player__sent" role="status">
                {t('live.answerSent')}
              </p>
            ) : room.paused ? (
              <p role="status">{t('live.pausedByHost')}</p>
            ) : room.question ? (
              <PlayerAnswer
                key={room.position}
                question={room.question}
                passage={room.passage}
                showStem={room.settings.showQuestionOnDevices}
                sending={sending}
                onAnswer={(given) => void answer(given)}
              />
            ) : null}
            {refused && (
              <p className="live-error" role="alert">
                {refused}
              </p>
            )}
          </section>
        )}

        {room.state === 'question_closed' && (
          <section
            className="live-player__panel live-result"
            data-correct={
              room.reveal?.skipped || waitingForReveal ? undefined : (result?.correct ?? false)
            }
          >
            {room.reveal?.skipped ? (
              <h1>{t('live.skipped')}</h1>
            ) : waitingForReveal ? (
              <>
                <h1>{answered ? t('live.answerIn') : t('live.noAnswer')}</h1>
                <p>{t('live.waitingForReveal')}</p>
              </>
            ) : (
              <>
                <h1>
                  {result?.correct
                    ? t('live.rightTitle')
                    : answered
                      ? t('live.wrongTitle')
                      : t('live.noAnswer')}
                </h1>
                <p className="live-result__points">
                  {t('live.plusPoints', { points: result?.points ?? 0 })}
                </p>
                {room.reveal && <p>{t('live.answerWas', { answer: room.reveal.answerText })}</p>}
                {you.streak > 1 && <p>{t('live.streak', { count: you.streak })}</p>}
              </>
            )}
            {you.rank !== null && (
              <p className="live-muted">{t('live.rankNow', { rank: you.rank })}</p>
            )}
          </section>
        )}

        {room.state === 'leaderboard' && (
          <section className="live-player__panel">
            {standing}
            <Own>{t('live.rankNow', { rank: you.rank ?? 0 })}</Own>
            {room.leaderboard && (
              <Leaderboard entries={room.leaderboard} highlight={you.playerId} />
            )}
          </section>
        )}

        {room.state === 'finished' && (
          <section className="live-player__panel">
            {standing}
            <Own>{t('live.finalRank', { rank: you.rank ?? 0, total: room.playerCount })}</Own>
            <p className="live-result__points">{t('live.points', { points: you.score })}</p>
            {room.leaderboard && (
              <Leaderboard entries={room.leaderboard} highlight={you.playerId} />
            )}
            <Suspense fallback={null}>
              <KeepResult roomId={joined.roomId} playerToken={joined.playerToken} />
            </Suspense>
            <Button variant="secondary" onClick={onLeave}>
              {t('live.joinAnother')}
            </Button>
          </section>
        )}
      </div>
    </TeamNames.Provider>
  );
}

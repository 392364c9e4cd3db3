import type { LiveHostView, LiveRoomView } from '@questa/contracts';
import { Link } from 'react-router';
import { WithPassage } from '../../../components/answering/passage';
import { RichText } from '../../../components/answering/rich-text';
import { buttonClass } from '../../../components/ui/button';
import { config } from '../../../lib/config';
import { mediaUrl } from '../../../lib/markdown/media-url';
import { useT } from '../../../lib/i18n';
import { Countdown } from './countdown';
import { FinishedRoomResults } from './host-results';
import { Shape } from './shapes';
import { Distribution, Podium } from './host-standings';
import { Leaderboard } from './standings';
import { TeamLeaderboard } from './host-team-board';
import { useTeamEntries } from './teams';
import { useTalkTime } from '../use-talk-time';

/** The open or just closed question on the big screen: its options, then how the room answered. */
export function HostQuestion({
  room,
  host,
  offsetMs,
}: {
  room: LiveRoomView;
  host: LiveHostView | undefined;
  offsetMs: number;
}) {
  const t = useT();
  const talking = useTalkTime(room, offsetMs);
  const question = room.question;
  if (!question) return null;
  const open = room.state === 'question_open';
  return (
    <section className="live-host__question" aria-labelledby="live-host-question">
      <div className="live-host__question-top">
        <p>{t('live.questionOf', { n: room.position, total: room.questionCount })}</p>
        {open && (
          <Countdown
            deadline={talking ? (room.answersOpenAt ?? null) : room.deadline}
            offsetMs={offsetMs}
            paused={room.paused}
            large
          />
        )}
        <p className="live-host__answered" role="status">
          {t('live.host.answersIn', {
            count: room.answered,
            total: host?.players ?? room.playerCount,
          })}
        </p>
      </div>
      {talking && !room.paused && (
        <p className="live-talk live-talk--host" role="status">
          <span className="live-talk__title">{t('live.team.talk')}</span>{' '}
          <span>{t('live.host.teams.talkNow')}</span>
        </p>
      )}
      <WithPassage passage={room.passage}>
        <h1 id="live-host-question" className="live-host__stem">
          <RichText source={question.stem} />
        </h1>
        {open && 'options' in question && (
          <ol className="live-host__options">
            {question.options.map((option, index) => (
              <li key={option.id} data-shape={index}>
                <Shape index={index} size={40} />
                <RichText source={option.text} inline />
              </li>
            ))}
          </ol>
        )}
        {question.type === 'hotspot' && (
          <img
            className="live-host__picture"
            src={mediaUrl(`media:${question.image.sha256}`)}
            alt={question.image.alt}
            width={question.image.width}
            height={question.image.height}
          />
        )}
        {open && question.type === 'true_false' && (
          <ol className="live-host__options">
            {[t('live.true'), t('live.false')].map((label, index) => (
              <li key={label} data-shape={index}>
                <Shape index={index} size={40} />
                {label}
              </li>
            ))}
          </ol>
        )}
      </WithPassage>
      {room.state === 'question_closed' && room.reveal && (
        <div className="live-host__reveal">
          {room.reveal.skipped ? (
            <p className="live-host__answer">{t('live.skipped')}</p>
          ) : (
            <>
              <p className="live-host__answer" role="status">
                {room.reveal.answerShown === false
                  ? t('live.host.answerHidden')
                  : t('live.answerWas', { answer: room.reveal.answerText })}
              </p>
              <Distribution reveal={room.reveal} />
            </>
          )}
        </div>
      )}
    </section>
  );
}

export function HostBoard({ room }: { room: LiveRoomView }) {
  const t = useT();
  if (!room.leaderboard) return null;
  if (room.teamLeaderboard) {
    return (
      <section className="live-host__board live-host__board--teams" aria-labelledby="live-board">
        <h1 id="live-board">{t('live.team.leaderboard')}</h1>
        <TeamLeaderboard entries={room.teamLeaderboard} />
        <h2>{t('live.host.teams.players')}</h2>
        <Leaderboard entries={room.leaderboard} />
      </section>
    );
  }
  return (
    <section className="live-host__board" aria-labelledby="live-board">
      <h1 id="live-board">{t('live.leaderboard')}</h1>
      <Leaderboard entries={room.leaderboard} />
    </section>
  );
}

export function HostFinished({ room }: { room: LiveRoomView }) {
  const t = useT();
  return (
    <section className="live-host__finished" aria-labelledby="live-podium">
      <h1 id="live-podium">{t('live.podium')}</h1>
      {room.teamLeaderboard ? (
        <TeamPodium room={room} />
      ) : (
        room.leaderboard && <Podium entries={room.leaderboard} />
      )}
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
  );
}

/** A room that played in teams ends with the teams on the podium, and every player's score below. */
function TeamPodium({ room }: { room: LiveRoomView }) {
  const t = useT();
  const teams = useTeamEntries(room.teamLeaderboard ?? []);
  return (
    <>
      <Podium entries={teams} />
      <TeamLeaderboard entries={room.teamLeaderboard ?? []} />
      {room.leaderboard && (
        <>
          <h2>{t('live.host.teams.players')}</h2>
          <Leaderboard entries={room.leaderboard} />
        </>
      )}
    </>
  );
}

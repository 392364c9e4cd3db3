import type { LiveLeaderEntry, LiveRoomView } from '@questa/contracts';
import type { ReactNode } from 'react';
import { RichText } from '../../../components/answering/rich-text';
import { useT } from '../../../lib/i18n';
import { TeamBadge, useTeamEntries } from './teams';

/*
 * What a phone shows of team mode, loaded only in a room that plays in teams: the player's page
 * keeps within its budget for everyone else (decision 0009).
 */

/** The player's team, by its colour and name: in the header, and in the lobby with a word. */
export function PlayerTeam({ team, sentence }: { team: number; sentence?: boolean }) {
  const t = useT();
  if (!sentence) return <TeamBadge team={team} className="live-player__team" />;
  return (
    <p className="live-player__your-team">
      {t('live.team.yours')} <TeamBadge team={team} />
    </p>
  );
}

/** The talk time: the question to talk over, and no answers yet. */
export function TalkTime({ room }: { room: LiveRoomView }) {
  const t = useT();
  return (
    <div className="live-talk" role="status">
      <p className="live-talk__title">{t('live.team.talk')}</p>
      <p>{t('live.team.talkHint')}</p>
      {room.settings.showQuestionOnDevices && room.question && (
        <div className="live-player__stem">
          <RichText source={room.question.stem} />
        </div>
      )}
    </div>
  );
}

/**
 * The team's place, and the teams ranked as `list` draws a leaderboard, the player's own team
 * marked: between questions and at the end.
 */
export function TeamStanding({
  room,
  team,
  list,
}: {
  room: LiveRoomView;
  team: number;
  list: (entries: LiveLeaderEntry[], highlight: string, label: string) => ReactNode;
}) {
  const t = useT();
  const entries = useTeamEntries(room.teamLeaderboard ?? []);
  const rank = room.teamLeaderboard?.find((entry) => entry.team === team)?.rank ?? 0;
  return (
    <>
      <h1>
        {room.state === 'finished'
          ? t('live.team.finalRank', { rank, total: entries.length })
          : t('live.team.rankNow', { rank })}
      </h1>
      {list(entries, `team-${team}`, t('live.team.leaderboard'))}
    </>
  );
}

import type { LiveResults } from '@questa/contracts';
import { useT } from '../../../lib/i18n';
import { useRoomResults } from '../api/live-api';
import { TeamBadge } from './teams';

/** After the game: every player's result, and how each question went, once they have loaded. */
export function FinishedRoomResults({ roomId }: { roomId: string }) {
  const results = useRoomResults(roomId);
  return results.status === 'success' ? <HostResults results={results.data} /> : null;
}

function HostResults({ results }: { results: LiveResults }) {
  const t = useT();
  const percent = (share: number) => `${Math.round(share * 100)} %`;
  return (
    <div className="live-results">
      {results.teams.length > 0 && <TeamResults results={results} />}
      <table className="table">
        <caption>{t('live.results.players')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('live.results.rank')}</th>
            <th scope="col">{t('live.results.nickname')}</th>
            <th scope="col">{t('live.results.score')}</th>
            <th scope="col">{t('live.results.correct')}</th>
            {results.teams.length > 0 && <th scope="col">{t('live.results.team')}</th>}
          </tr>
        </thead>
        <tbody>
          {results.players.map((player) => (
            <tr key={player.playerId}>
              <td>{player.rank}</td>
              <th scope="row">{player.nickname}</th>
              <td>{player.score}</td>
              <td>
                {player.correct} / {results.questions.length}
              </td>
              {results.teams.length > 0 && (
                <td>{player.team === null ? '–' : <TeamBadge team={player.team} />}</td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <table className="table">
        <caption>{t('live.results.questions')}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('live.results.question')}</th>
            <th scope="col">{t('live.results.answered')}</th>
            <th scope="col">{t('live.results.correctShare')}</th>
            <th scope="col">{t('live.results.averageTime')}</th>
          </tr>
        </thead>
        <tbody>
          {results.questions.map((question) => (
            <tr key={question.position}>
              <td>{question.position}</td>
              <th scope="row" className="live-results__stem">
                {question.stem}
              </th>
              <td>{question.answered}</td>
              <td>{percent(question.correctShare)}</td>
              <td>
                {question.averageMs === null
                  ? '–'
                  : t('live.results.seconds', { seconds: (question.averageMs / 1000).toFixed(1) })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The teams as the podium ranked them: each one's average, and how many players it is over. */
function TeamResults({ results }: { results: LiveResults }) {
  const t = useT();
  return (
    <table className="table">
      <caption>{t('live.results.teams')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('live.results.rank')}</th>
          <th scope="col">{t('live.results.team')}</th>
          <th scope="col">{t('live.results.average')}</th>
          <th scope="col">{t('live.results.counted')}</th>
        </tr>
      </thead>
      <tbody>
        {results.teams.map((team) => (
          <tr key={team.team}>
            <td>{team.rank}</td>
            <th scope="row">
              <TeamBadge team={team.team} />
            </th>
            <td>{team.score}</td>
            <td>
              {team.counted} / {team.members}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

import { LIVE_TEAMS, type LiveTalkSeconds } from '@questa/contracts/rules';
import type { LiveAck, LiveClientMessage, LiveHostView, LiveRoomView } from '@questa/contracts';
import { useId, useState, type DragEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useT } from '../../../lib/i18n';
import { TeamBadge, teamColour, useTeamName } from './teams';

type TeamsMessage = Extract<
  LiveClientMessage,
  { type: 'host.teams' | 'host.teams.shuffle' | 'host.teams.move' | 'host.teams.rename' }
>;

/** Changes that deal every player out again, asked about first: hand-made teams are lost. */
type Pending = { kind: 'deal'; count: number } | { kind: 'shuffle' } | { kind: 'off' };

const DRAGGED = 'application/x-questa-player';

/**
 * The lobby's teams: on or off, how many, the talk time, and who is in which team. A player moves
 * by their own team list (keyboard and screen readers) or by dragging their name onto a team.
 */
export function HostTeams({
  room,
  host,
  send,
}: {
  room: LiveRoomView;
  host: LiveHostView | undefined;
  send: (message: LiveClientMessage) => Promise<LiveAck>;
}) {
  const t = useT();
  const teamName = useTeamName();
  const ids = useId();
  const [saved, setSaved] = useState<string>();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState<Pending>();
  const [dropTarget, setDropTarget] = useState<number>();
  const teams = room.teams ?? null;
  const roster = host?.roster ?? [];

  async function change(message: TeamsMessage, word: string) {
    setError(undefined);
    setSaved(undefined);
    const ack = await send(message);
    if (ack.ok) setSaved(word);
    else setError(ack.detail);
  }
  const setup = (count: number, talkSeconds: LiveTalkSeconds) =>
    change({ type: 'host.teams', teams: { count, talkSeconds } }, t('live.host.teams.saved'));
  const move = (playerId: string, nickname: string, team: number) =>
    change(
      { type: 'host.teams.move', playerId, team },
      t('live.host.teams.moved', { name: nickname, team: teamName(team) }),
    );
  const rename = (team: number, name: string) => {
    const trimmed = name.trim();
    return change(
      { type: 'host.teams.rename', team, name: trimmed === '' ? null : trimmed },
      trimmed === ''
        ? t('live.host.teams.nameCleared', { team: t(`live.team.${teamColour(team)}`) })
        : t('live.host.teams.named', { name: trimmed }),
    );
  };
  const apply = (next: Pending) => {
    if (next.kind === 'off') {
      void change({ type: 'host.teams', teams: null }, t('live.host.teams.offDone'));
    } else if (next.kind === 'shuffle') {
      void change({ type: 'host.teams.shuffle' }, t('live.host.teams.shuffled'));
    } else {
      void setup(next.count, teams?.talkSeconds ?? LIVE_TEAMS.talkSecondsDefault);
    }
  };
  // Dealing again or stopping teams loses what the host arranged: asked first once anyone plays.
  const ask = (next: Pending) => (roster.length === 0 ? apply(next) : setPending(next));
  const confirm = () => {
    if (pending) apply(pending);
    setPending(undefined);
  };

  const onDrop = (team: number) => (event: DragEvent) => {
    event.preventDefault();
    setDropTarget(undefined);
    const playerId = event.dataTransfer.getData(DRAGGED);
    const player = roster.find((entry) => entry.playerId === playerId);
    if (player && player.team !== team) void move(player.playerId, player.nickname, team);
  };

  return (
    <section className="live-teams" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('live.host.teams.title')}</h2>
      <div className="live-teams__settings">
        <label className="live-teams__switch">
          <input
            type="checkbox"
            checked={teams !== null}
            onChange={(event) =>
              event.target.checked
                ? void setup(LIVE_TEAMS.min, LIVE_TEAMS.talkSecondsDefault)
                : ask({ kind: 'off' })
            }
          />
          {t('live.host.teams.play')}
        </label>
        {teams && (
          <>
            <label>
              {t('live.host.teams.count')}
              <select
                value={teams.count}
                onChange={(event) => ask({ kind: 'deal', count: Number(event.target.value) })}
              >
                {Array.from({ length: LIVE_TEAMS.max - LIVE_TEAMS.min + 1 }, (_, index) => {
                  const count = LIVE_TEAMS.min + index;
                  return (
                    <option key={count} value={count}>
                      {count}
                    </option>
                  );
                })}
              </select>
            </label>
            <label>
              {t('live.host.teams.talk')}
              <select
                value={teams.talkSeconds}
                onChange={(event) =>
                  void setup(teams.count, Number(event.target.value) as LiveTalkSeconds)
                }
              >
                {LIVE_TEAMS.talkSeconds.map((seconds) => (
                  <option key={seconds} value={seconds}>
                    {seconds === 0
                      ? t('live.host.teams.talkNone')
                      : t('live.host.teams.talkSeconds', { seconds })}
                  </option>
                ))}
              </select>
            </label>
            <Button variant="secondary" onClick={() => ask({ kind: 'shuffle' })}>
              {t('live.host.teams.shuffle')}
            </Button>
          </>
        )}
      </div>
      <p className="live-muted">
        {teams ? t('live.host.teams.hint') : t('live.host.teams.offHint')}
      </p>
      <p role="status" className="live-teams__saved">
        {saved}
      </p>
      {error && (
        <p className="live-error" role="alert">
          {error}
        </p>
      )}

      {teams && (
        <div className="live-teams__grid">
          {Array.from({ length: teams.count }, (_, index) => {
            const team = index + 1;
            const members = roster.filter((entry) => entry.team === team);
            return (
              <section
                key={team}
                className="live-teams__team"
                data-team={teamColour(team)}
                data-drop={dropTarget === team}
                aria-labelledby={`${ids}-team-${team}`}
                onDragOver={(event) => {
                  if (!event.dataTransfer.types.includes(DRAGGED)) return;
                  event.preventDefault();
                  setDropTarget(team);
                }}
                onDragLeave={() => setDropTarget(undefined)}
                onDrop={onDrop(team)}
              >
                <h3 id={`${ids}-team-${team}`}>
                  <TeamBadge team={team} />{' '}
                  <span className="live-muted">({teams.sizes[index] ?? members.length})</span>
                </h3>
                <TeamNameForm
                  key={teams.names?.[String(team)] ?? ''}
                  team={team}
                  current={teams.names?.[String(team)] ?? ''}
                  onRename={(name) => void rename(team, name)}
                />
                {members.length === 0 ? (
                  <p className="live-muted">{t('live.host.teams.empty')}</p>
                ) : (
                  <ul className="live-teams__members">
                    {members.map((player) => (
                      <li
                        key={player.playerId}
                        draggable
                        onDragStart={(event) => {
                          event.dataTransfer.setData(DRAGGED, player.playerId);
                          event.dataTransfer.effectAllowed = 'move';
                        }}
                      >
                        <span className="live-teams__nickname">
                          {player.nickname}
                          {!player.connected && (
                            <span className="live-muted"> ({t('live.away')})</span>
                          )}
                        </span>
                        <select
                          aria-label={t('live.host.teams.moveTo', { name: player.nickname })}
                          value={team}
                          onChange={(event) =>
                            void move(player.playerId, player.nickname, Number(event.target.value))
                          }
                        >
                          {Array.from({ length: teams.count }, (_, option) => (
                            <option key={option} value={option + 1}>
                              {teamName(option + 1)}
                            </option>
                          ))}
                        </select>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      )}

      <ConfirmDialog
        open={pending !== undefined}
        title={
          pending?.kind === 'off' ? t('live.host.teams.offTitle') : t('live.host.teams.dealTitle')
        }
        confirmLabel={
          pending?.kind === 'off' ? t('live.host.teams.offConfirm') : t('live.host.teams.deal')
        }
        onConfirm={confirm}
        onCancel={() => setPending(undefined)}
      >
        {pending?.kind === 'off' ? t('live.host.teams.offBody') : t('live.host.teams.dealBody')}
      </ConfirmDialog>
    </section>
  );
}

/** A team's name, typed by the host; empty gives the team back its colour's name. */
function TeamNameForm({
  team,
  current,
  onRename,
}: {
  team: number;
  current: string;
  onRename: (name: string) => void;
}) {
  const t = useT();
  const [name, setName] = useState(current);
  const colourName = t(`live.team.${teamColour(team)}`);
  return (
    <form
      className="live-teams__rename"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() !== current) onRename(name);
      }}
    >
      <label>
        <span className="visually-hidden">
          {t('live.host.teams.nameLabel', { team: colourName })}
        </span>
        <input
          value={name}
          maxLength={LIVE_TEAMS.nameMax}
          placeholder={colourName}
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <Button type="submit" variant="ghost">
        {t('live.host.teams.rename')}
      </Button>
    </form>
  );
}

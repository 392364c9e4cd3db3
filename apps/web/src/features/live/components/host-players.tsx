import type { LiveHostView } from '@questa/contracts';
import { useT } from '../../../lib/i18n';

export type KickTarget = { playerId: string; nickname: string };

/** The newest players in the room, each with a button that asks to remove them. */
export function HostPlayers({
  host,
  onKick,
}: {
  host: LiveHostView | undefined;
  onKick: (player: KickTarget) => void;
}) {
  const t = useT();
  if (!host) return null;
  if (host.latest.length === 0) {
    return <p className="live-muted">{t('live.host.waitingForPlayers')}</p>;
  }
  return (
    <ul className="live-host__names">
      {host.latest.map((player) => (
        <li key={player.playerId} data-connected={player.connected}>
          <span>{player.nickname}</span>
          {!player.connected && <span className="live-muted"> ({t('live.away')})</span>}
          <button
            type="button"
            className="live-host__kick"
            aria-label={t('live.host.kickLabel', { name: player.nickname })}
            onClick={() => onKick(player)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

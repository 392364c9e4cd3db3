import type { LiveHostView, LiveRoomView } from '@questa/contracts';
import { useT } from '../../../lib/i18n';
import { JoinHint } from './host-join';

/**
 * The top of the big screen: the bank, the class the room is for (whose learners alone can join,
 * so a teacher does not read out the code to anyone else), how many are in, and during the game
 * the way in for late joiners.
 */
export function HostHeading({
  room,
  host,
  reconnecting,
}: {
  room: LiveRoomView;
  host: LiveHostView | undefined;
  reconnecting: boolean;
}) {
  const t = useT();
  const className = host?.className;
  return (
    <header className="live-host__bar">
      <div className="live-host__heading">
        <p className="live-host__bank">{room.bankTitle}</p>
        {className && (
          <p className="live-host__class">
            {t('live.host.classRoom', { name: className })}{' '}
            <span className="live-muted">{t('live.host.classOnly')}</span>
          </p>
        )}
        <p className="live-host__counts" role="status">
          {t('live.playersIn', { count: host?.players ?? room.playerCount })}
          {reconnecting && <span className="live-muted"> · {t('live.reconnecting')}</span>}
        </p>
      </div>
      {room.state !== 'lobby' && room.state !== 'finished' && (
        <JoinHint code={room.code} locked={room.locked === true} />
      )}
    </header>
  );
}

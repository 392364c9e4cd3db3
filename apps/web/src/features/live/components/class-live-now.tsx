import type { ClassLiveRoom } from '@questa/contracts';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { invalidateQueries } from '../../../lib/use-query';
import { classLiveRoomsKey, useClassLiveRooms } from '../api/class-live-rooms';
import { joinRoom } from '../api/join-room';
import { storePlayer } from '../live-storage';
import './class-live-now.css';

/** How often the list looks again for a room the teacher has just opened. */
const LOOK_AGAIN_MS = 15_000;

/**
 * "Live now" for a learner: the rooms open for their classes, each joined in one click with
 * their account. The player's page is a page of its own (decision 0009): the device keeps its
 * place in the room as that page does, and the page is loaded with the room's address.
 */
export function ClassLiveNow({
  goTo = (path) => window.location.assign(path),
}: {
  /** Where to send the browser once joined (a page load in the app). */
  goTo?: (path: string) => void;
}) {
  const t = useT();
  const rooms = useClassLiveRooms();
  const [joining, setJoining] = useState<string>();
  const [error, setError] = useState<ApiError>();

  useEffect(() => {
    const timer = window.setInterval(
      () => void invalidateQueries(classLiveRoomsKey),
      LOOK_AGAIN_MS,
    );
    return () => window.clearInterval(timer);
  }, []);

  if (rooms.status === 'pending') return null;
  if (rooms.status === 'error') {
    return (
      <ProblemAlert
        title={t('todo.liveNow.loadFailed')}
        error={rooms.error}
        onRetry={rooms.retry}
      />
    );
  }
  // Nothing open: nothing to say, To do speaks for itself.
  if (rooms.data.rooms.length === 0) return null;

  const join = async (room: ClassLiveRoom) => {
    setJoining(room.roomId);
    setError(undefined);
    try {
      storePlayer(room.code, await joinRoom(room.code, undefined));
      goTo(`/live/${encodeURIComponent(room.code)}`);
    } catch (caught) {
      setError(toApiError(caught));
      setJoining(undefined);
    }
  };

  return (
    <section className="panel live-now" aria-labelledby="live-now">
      <h2 id="live-now">{t('todo.liveNow.title')}</h2>
      {error && <ProblemAlert title={t('todo.liveNow.joinFailed')} error={error} />}
      <ul className="live-now__rooms">
        {rooms.data.rooms.map((room) => (
          <li key={room.roomId}>
            <span>
              {t('todo.liveNow.room', { className: room.className, bankTitle: room.bankTitle })}
            </span>
            <Button
              onClick={() => void join(room)}
              disabled={joining !== undefined}
              aria-label={t('todo.liveNow.joinNamed', { className: room.className })}
            >
              {joining === room.roomId ? t('todo.liveNow.joining') : t('todo.liveNow.join')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

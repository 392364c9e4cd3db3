import type {
  LiveAck,
  LiveClientMessage,
  LiveHostView,
  LivePlayerView,
  LiveRoomView,
} from '@questa/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { config } from '../../lib/config';

export type LiveAuth = { roomId: string; playerToken: string } | { roomId: string; host: true };

export type ChannelStatus = 'connecting' | 'connected' | 'reconnecting' | 'refused';

/**
 * The live channel for one room: connects (and reconnects by itself), keeps the latest room, own
 * and host views, and measures how far this device's clock is from the server's, so countdowns
 * show the server's deadline whatever the phone's clock says.
 */
export function useLiveChannel(auth: LiveAuth | undefined) {
  const [room, setRoom] = useState<LiveRoomView>();
  const [you, setYou] = useState<LivePlayerView>();
  const [host, setHost] = useState<LiveHostView>();
  const [status, setStatus] = useState<ChannelStatus>('connecting');
  const [refusal, setRefusal] = useState<{ code: string; detail: string }>();
  const [offsetMs, setOffsetMs] = useState(0);
  const socket = useRef<Socket | undefined>(undefined);
  const authKey = auth ? JSON.stringify(auth) : '';

  useEffect(() => {
    if (!authKey) return;
    const connection = io({
      path: `${config.apiBase}/live`,
      transports: ['websocket'],
      auth: JSON.parse(authKey) as LiveAuth,
    });
    socket.current = connection;
    connection.on('connect', () => {
      setStatus('connected');
      setRefusal(undefined);
    });
    connection.on('disconnect', () => setStatus('reconnecting'));
    connection.on(
      'connect_error',
      (error: Error & { data?: { code?: string; detail?: string } }) => {
        // Refused by the server (not in this room any more): reconnecting would not help.
        if (error.data?.code) {
          setStatus('refused');
          setRefusal({ code: error.data.code, detail: error.data.detail ?? error.message });
        } else {
          setStatus('reconnecting');
        }
      },
    );
    connection.on('room', (view: LiveRoomView) => {
      setOffsetMs(Date.parse(view.serverNow) - Date.now());
      setRoom(view);
    });
    connection.on('you', setYou);
    connection.on('host', setHost);
    return () => {
      connection.disconnect();
      socket.current = undefined;
    };
  }, [authKey]);

  const send = useCallback(async (message: LiveClientMessage): Promise<LiveAck> => {
    const connection = socket.current;
    if (!connection?.connected) {
      return { ok: false, code: 'unavailable', detail: 'Not connected' };
    }
    try {
      return (await connection.timeout(10_000).emitWithAck('message', message)) as LiveAck;
    } catch {
      return { ok: false, code: 'unavailable', detail: 'No answer from the server' };
    }
  }, []);

  return { room, you, host, status, refusal, offsetMs, send };
}

/** Milliseconds left until `deadline` (ISO, server time), by this device's corrected clock. */
export function remainingMs(deadline: string | null, offsetMs: number, extraMs = 0): number {
  if (!deadline) return 0;
  return Math.max(0, Date.parse(deadline) + extraMs - (Date.now() + offsetMs));
}

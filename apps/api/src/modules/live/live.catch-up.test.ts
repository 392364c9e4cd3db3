import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LivePlayerView, LiveRoomState, LiveRoomView } from '@questa/contracts';
import { startCatchUp, type CatchUpSocket, type RoomMark } from './live.catch-up';
import type { PlayerRow } from './live.repository';

const ROOM = 'room-1';
const silent = { warn: () => {}, error: () => {} } as never;

/**
 * The catch-up's rules with the database and Socket.IO left out: where the room stands is a
 * variable, connections record what they are sent. What it repairs end to end, a Redis restart
 * in the middle of a game, is in apps/gateway/src/live-rooms-distributed.test.ts.
 */
describe('catching live connections up', () => {
  let mark: RoomMark;
  const viewOf = (state: LiveRoomState, position: number) =>
    ({ id: ROOM, state, position, paused: false, playerCount: 1, answered: 0 }) as LiveRoomView;
  const youOf = (position: number) =>
    ({
      playerId: 'p1',
      lastResult: position ? { position } : null,
      kicked: false,
    }) as LivePlayerView;

  function player() {
    const listeners: ((event: string, ...args: unknown[]) => void)[] = [];
    const sent: string[] = [];
    const socket: CatchUpSocket = {
      data: { actor: { role: 'player', roomId: ROOM, player: { id: 'p1' } as PlayerRow } },
      emit: (event, ...args) => {
        const [view] = args as [LiveRoomView & LivePlayerView];
        sent.push(
          event === 'room'
            ? `room ${view.state} ${view.position}`
            : `you ${view.lastResult?.position ?? 0}`,
        );
        for (const listener of listeners) listener(event, view);
        return true;
      },
      onAnyOutgoing: (listener) => listeners.push(listener),
      disconnect: () => {},
    };
    return { socket, sent };
  }

  function start(sockets: CatchUpSocket[]) {
    const catchUp = startCatchUp({
      live: {
        roomView: async () => ({
          ...viewOf(mark.state, mark.position),
          teamsRevision: mark.teamsRevision,
        }),
        playerViews: async () => [
          youOf(mark.state === 'question_open' ? mark.position - 1 : mark.position),
        ],
      },
      marks: async () => [mark],
      sockets: () => sockets,
      sendHost: async () => {},
      log: silent,
      everyMs: 1000,
    });
    for (const socket of sockets) catchUp.watch(socket);
    return catchUp;
  }

  beforeEach(() => {
    vi.useFakeTimers();
    mark = {
      id: ROOM,
      state: 'question_open',
      position: 2,
      paused: false,
      playerCount: 1,
      answered: 0,
      teamsRevision: 0,
    };
  });
  afterEach(() => vi.useRealTimers());

  it('sends a connection the views it missed once the room has stood still for a round, once', async () => {
    const { socket, sent } = player();
    const catchUp = start([socket]);
    // What the normal sends brought it: question 1, before question 2 opened.
    socket.emit('room', viewOf('question_open', 1));
    socket.emit('you', youOf(0));
    sent.length = 0;

    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual(['room question_open 2', 'you 1']);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toHaveLength(2);
    catchUp.stop();
  });

  it('leaves a connection that has the room’s views alone, and waits while the room moves', async () => {
    const { socket, sent } = player();
    const catchUp = start([socket]);
    socket.emit('room', viewOf('question_open', 2));
    socket.emit('you', youOf(1));
    sent.length = 0;
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toEqual([]);

    // The room moves every round: the normal sends are on their way, so nothing is doubled.
    for (const state of ['question_closed', 'leaderboard'] as const) {
      mark = { ...mark, state };
      await vi.advanceTimersByTimeAsync(1000);
    }
    mark = { ...mark, state: 'question_open', position: 3 };
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual([]);
    catchUp.stop();
  });

  it('catches a phone up that missed a change of the teams, which may have moved it', async () => {
    const { socket, sent } = player();
    const catchUp = start([socket]);
    mark = { ...mark, state: 'lobby', position: 0 };
    socket.emit('room', viewOf('lobby', 0));
    socket.emit('you', youOf(0));
    sent.length = 0;
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent).toEqual([]);

    // The host dealt the teams again while Redis was away: the phone's view predates it.
    mark = { ...mark, teamsRevision: 2 };
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toEqual(['room lobby 0', 'you 0']);
    catchUp.stop();
  });

  it('catches up again when a view delivered late puts the connection behind', async () => {
    const { socket, sent } = player();
    const catchUp = start([socket]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toEqual(['room question_open 2', 'you 1']);

    socket.emit('room', viewOf('question_open', 1));
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.slice(3)).toEqual(['room question_open 2', 'you 1']);
    catchUp.stop();
  });
});

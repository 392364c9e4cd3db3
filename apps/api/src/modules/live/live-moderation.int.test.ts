import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import {
  questionContent,
  type LiveAck,
  type LiveHostBanks,
  type LiveJoined,
  type LivePlayerView,
  type LiveRoomSummary,
  type LiveRoomView,
} from '@questa/contracts';
import {
  createFileMediaStore,
  questionDb,
  seedDemoContent,
  seedMembership,
} from '@questa/question-db';
import { correctAnswer } from '@questa/scoring';
import { TEST_ORIGIN } from '../../testing';
import { startLearningApi, type Learner, type LearningApi } from '../learning/learning-test-kit';
import { riverQuestions, seededBank } from './live-test-fixtures';

/**
 * A host's controls over the live channel: removing a player for good, locking the room to
 * newcomers and revealing an answer by hand; and every one of them refused to anyone but the host.
 */
describe('host controls: kick, lock and reveal', () => {
  let kit: LearningApi;
  let author: Learner;
  let outsider: Learner;
  let clientId: string;
  let bankId: string;
  let url: string;
  const sockets: Socket[] = [];
  const [cairo] = riverQuestions.map((content) => questionContent.parse(content));

  beforeAll(async () => {
    kit = await startLearningApi();
    const qdb = questionDb(kit.beside.database);
    const media = createFileMediaStore(await mkdtemp(path.join(tmpdir(), 'questa-moderation-')));
    await seedDemoContent(qdb, media, {
      tenant: { slug: 'live-moderation', name: 'Moderated school' },
      media: [],
      banks: [seededBank('rivers', 'Rivers', 'private', riverQuestions.slice(0, 2))],
    });
    author = await kit.learner('author');
    await seedMembership(qdb, {
      tenantSlug: 'live-moderation',
      userId: author.sub,
      role: 'author',
    });
    outsider = await kit.learner('outsider', { premium: true });
    const banks = (await author.call({ url: '/api/rooms/banks' })).json<LiveHostBanks>();
    const own = banks.tenants.find((tenant) => tenant.name === 'Moderated school')!;
    clientId = own.clientId;
    bankId = own.banks[0]!.id;
    await kit.api.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(kit.api.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await kit?.close();
  });

  async function openRoom(settings: object = {}) {
    const response = await author.call({
      method: 'POST',
      url: '/api/rooms',
      payload: {
        bankId,
        clientId,
        questions: { mode: 'draw', count: 2 },
        settings: { timerSeconds: 60, ...settings },
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<LiveRoomSummary>();
  }

  const join = (code: string, nickname: string) =>
    kit.api.inject({
      method: 'POST',
      url: '/api/rooms/join',
      payload: { code, nickname },
      headers: { 'x-questa-request': '1', origin: TEST_ORIGIN },
    });

  function connect(auth: Record<string, unknown>, cookie?: string) {
    const socket = io(url, {
      path: '/api/live',
      transports: ['websocket'],
      auth,
      extraHeaders: { origin: TEST_ORIGIN, ...(cookie && { cookie }) },
      reconnection: false,
    });
    sockets.push(socket);
    const rooms: LiveRoomView[] = [];
    const yous: LivePlayerView[] = [];
    socket.on('room', (view: LiveRoomView) => rooms.push(view));
    socket.on('you', (view: LivePlayerView) => yous.push(view));
    const send = (message: unknown) =>
      socket.timeout(10_000).emitWithAck('message', message) as Promise<LiveAck>;
    /** Waits for a room view that passes `test`, and gives it. */
    const roomWhere = async (test: (view: LiveRoomView) => boolean) => {
      await expect.poll(() => rooms.some(test), { timeout: 15_000 }).toBe(true);
      return rooms.findLast(test)!;
    };
    const youWhere = async (test: (view: LivePlayerView) => boolean) => {
      await expect.poll(() => yous.some(test), { timeout: 15_000 }).toBe(true);
      return yous.findLast(test)!;
    };
    return { socket, send, roomWhere, youWhere };
  }

  const refusedAs = (code: string) => expect.objectContaining({ ok: false, code });

  it('refuses every host control to a player, and the host console to another user', async () => {
    const room = await openRoom();
    const player = (await join(room.code, 'Curious')).json<LiveJoined>();
    const other = (await join(room.code, 'Target')).json<LiveJoined>();
    const phone = connect({ roomId: room.id, playerToken: player.playerToken });
    await phone.roomWhere((view) => view.state === 'lobby');
    for (const message of [
      { type: 'host.kick', playerId: other.playerId, ban: true },
      { type: 'host.lock' },
      { type: 'host.unlock' },
      { type: 'host.reveal' },
      { type: 'host.start' },
    ]) {
      expect(await phone.send(message), message.type).toEqual(refusedAs('auth.forbidden'));
    }
    // Nothing happened: the other player is still in, and newcomers still come in.
    expect((await join(room.code, 'Latecomer')).statusCode).toBe(201);
    const host = connect({ roomId: room.id, host: true }, author.cookie);
    const view = await host.roomWhere((candidate) => candidate.playerCount === 3);
    expect(view.locked).toBe(false);

    // Someone signed in who does not host the room is not let onto its console.
    const intruder = connect({ roomId: room.id, host: true }, outsider.cookie);
    const refusal = await new Promise<{ data?: LiveAck }>((resolve) =>
      intruder.socket.once('connect_error', resolve),
    );
    expect(refusal.data).toEqual(refusedAs('not_found'));
    // And the host does not answer.
    expect(await host.send({ type: 'answer', position: 1, answer: correctAnswer(cairo!) })).toEqual(
      refusedAs('auth.forbidden'),
    );
  });

  it('locks the room to newcomers while those in it stay, and unlocks it', async () => {
    const room = await openRoom();
    const inside = (await join(room.code, 'Early')).json<LiveJoined>();
    const host = connect({ roomId: room.id, host: true }, author.cookie);
    expect(await host.send({ type: 'host.lock' })).toEqual({ ok: true });
    await host.roomWhere((view) => view.locked === true);

    const late = await join(room.code, 'Late');
    expect(late.statusCode).toBe(423);
    expect(late.json()).toMatchObject({ code: 'live.room_locked' });
    // A player already in the room comes back after a reload as before.
    const back = connect({ roomId: room.id, playerToken: inside.playerToken });
    await back.youWhere((you) => you.playerId === inside.playerId && !you.kicked);

    expect(await host.send({ type: 'host.unlock' })).toEqual({ ok: true });
    await host.roomWhere((view) => view.locked === false);
    expect((await join(room.code, 'Late')).statusCode).toBe(201);
  });

  it('removes a player for good: their phone is told, and their nickname cannot come back', async () => {
    const room = await openRoom();
    const mallory = (await join(room.code, 'Mallory')).json<LiveJoined>();
    const host = connect({ roomId: room.id, host: true }, author.cookie);
    const phone = connect({ roomId: room.id, playerToken: mallory.playerToken });
    await phone.youWhere((you) => !you.kicked);

    expect(await host.send({ type: 'host.kick', playerId: mallory.playerId, ban: true })).toEqual({
      ok: true,
    });
    await phone.youWhere((you) => you.kicked);
    await expect.poll(() => phone.socket.connected, { timeout: 15_000 }).toBe(false);
    await host.roomWhere((view) => view.playerCount === 0);

    const again = await join(room.code, 'mallory');
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'auth.forbidden' });
    // Their old token no longer opens the room.
    const retry = connect({ roomId: room.id, playerToken: mallory.playerToken });
    const refusal = await new Promise<{ data?: LiveAck }>((resolve) =>
      retry.socket.once('connect_error', resolve),
    );
    expect(refusal.data).toEqual(refusedAs('live.room_not_found'));
    // A player who is not in the room cannot be removed from it.
    expect(await host.send({ type: 'host.kick', playerId: mallory.roomId, ban: false })).toEqual(
      refusedAs('not_found'),
    );
  });

  it('keeps the answer hidden from the room until the host reveals it', async () => {
    const room = await openRoom({ revealManually: true });
    const ada = (await join(room.code, 'Ada')).json<LiveJoined>();
    const host = connect({ roomId: room.id, host: true }, author.cookie);
    const phone = connect({ roomId: room.id, playerToken: ada.playerToken });
    expect(await host.send({ type: 'host.start' })).toEqual({ ok: true });
    const open = await phone.roomWhere((view) => view.state === 'question_open');
    expect(await host.send({ type: 'host.reveal' })).toEqual(refusedAs('validation.failed'));

    const content = riverQuestions
      .map((question) => questionContent.parse(question))
      .find((question) => question.stem === open.question!.stem)!;
    expect(
      await phone.send({ type: 'answer', position: 1, answer: correctAnswer(content) }),
    ).toMatchObject({ ok: true });
    expect(await host.send({ type: 'host.close' })).toEqual({ ok: true });

    const hidden = await phone.roomWhere((view) => view.state === 'question_closed');
    expect(hidden.reveal).toMatchObject({ answerShown: false, answerText: '' });
    expect(hidden.reveal!.distribution.some((entry) => entry.correct)).toBe(false);
    expect(hidden.reveal!.distribution.reduce((sum, entry) => sum + entry.count, 0)).toBe(1);
    const waiting = await phone.youWhere((you) => you.answeredPosition === 1);
    expect(waiting).toMatchObject({ lastResult: null, score: 0, rank: null });

    expect(await host.send({ type: 'host.reveal' })).toEqual({ ok: true });
    const shown = await phone.roomWhere((view) => view.reveal?.answerShown === true);
    expect(shown.reveal!.answerText).not.toBe('');
    expect(shown.reveal!.distribution.some((entry) => entry.correct && entry.count === 1)).toBe(
      true,
    );
    const result = await phone.youWhere((you) => you.lastResult?.correct === true);
    expect(result.score).toBeGreaterThan(0);
    expect(result.rank).toBe(1);
    expect(await host.send({ type: 'host.reveal' })).toEqual(refusedAs('validation.failed'));
  });

  it('shows the answer as soon as the question closes in a room that does not wait for the host', async () => {
    const room = await openRoom();
    const host = connect({ roomId: room.id, host: true }, author.cookie);
    expect(await host.send({ type: 'host.start' })).toEqual({ ok: true });
    expect(await host.send({ type: 'host.close' })).toEqual({ ok: true });
    const closed = await host.roomWhere((view) => view.state === 'question_closed');
    expect(closed.reveal).toMatchObject({ answerShown: true });
    expect(closed.reveal!.distribution.some((entry) => entry.correct)).toBe(true);
    expect(await host.send({ type: 'host.reveal' })).toEqual(refusedAs('validation.failed'));
  });
});

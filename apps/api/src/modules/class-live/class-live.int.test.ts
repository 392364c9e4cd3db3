import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import {
  decodeGradebookCell,
  type ClassLiveRoomList,
  type Gradebook,
  type LearnerHistory,
  type LiveAck,
  type LiveHostBanks,
  type LiveJoined,
  type LiveHostView,
  type LivePlayerView,
  type LiveRoomList,
  type LiveRoomSummary,
  type LiveRoomView,
  type TeachingClass,
} from '@questa/contracts';
import {
  createFileMediaStore,
  questionDb,
  seedDemoContent,
  seedMembership,
} from '@questa/question-db';
import { TEST_ORIGIN } from '../../testing';
import type { Learner } from '../learning/learning-test-kit';
import { startClassesKit, type ClassesKit } from '../classes/classes-test-kit';
import { riverQuestions, seededBank } from '../live/live-test-fixtures';
import { accountNickname } from '../live/live-joining';

/**
 * A class's live room over real Socket.IO connections: its teacher (or an owner) opens it, its
 * learners find it and join with their accounts, nobody else gets in, teams play as in any room,
 * and once finished the room is a column of the class's gradebook, its CSV and learners' history.
 */
describe('class live rooms', () => {
  let k: ClassesKit;
  let taught: TeachingClass;
  let roomBank: { clientId: string; bankId: string };
  let ada: Learner;
  let ben: Learner;
  let cy: Learner;
  let absent: Learner;
  let url: string;
  const sockets: Socket[] = [];
  // The room asks one question: "The Danube flows through Vienna." (true).
  const right = { type: 'true_false', value: true } as const;
  const wrong = { type: 'true_false', value: false } as const;

  beforeAll(async () => {
    k = await startClassesKit();
    const qdb = questionDb(k.kit.beside.database);
    const media = createFileMediaStore(await mkdtemp(path.join(tmpdir(), 'questa-class-live-')));
    await seedDemoContent(qdb, media, {
      tenant: { slug: 'class-live-bank', name: 'Rivers school' },
      media: [],
      banks: [seededBank('danube', 'Danube', 'private', riverQuestions.slice(1, 2))],
    });
    for (const [person, role] of [
      [k.teacher, 'teacher'],
      [k.owner, 'owner'],
    ] as const) {
      await seedMembership(qdb, { tenantSlug: 'class-live-bank', userId: person.sub, role });
    }
    const banks = (await k.teacher.call({ url: '/api/rooms/banks' })).json<LiveHostBanks>();
    const own = banks.tenants.find((tenant) => tenant.name === 'Rivers school')!;
    roomBank = { clientId: own.clientId, bankId: own.banks[0]!.id };
    taught = await k.createClass('Class 5B');
    const member = async (name: string) => {
      const learner = await k.learner(name);
      const joined = await learner.call({
        method: 'POST',
        url: '/api/classes/join',
        payload: { code: taught.joinCode },
      });
      expect(joined.statusCode).toBe(200);
      return learner;
    };
    [ada, ben, cy, absent] = [
      await member('ada'),
      await member('ben'),
      await member('cy'),
      await member('absent'),
    ];
    await k.kit.api.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(k.kit.api.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await k?.close();
  });

  const roomPayload = () => ({
    bankId: roomBank.bankId,
    clientId: roomBank.clientId,
    questions: { mode: 'draw', count: 1 },
    settings: { timerSeconds: 60, scoring: 'accuracy' },
  });
  const openFor = (who: Learner, clientId: string, classId: string) =>
    who.call({
      method: 'POST',
      url: `/api/teaching/clients/${clientId}/classes/${classId}/live-rooms`,
      payload: roomPayload(),
    });
  const joinAs = (code: string, who?: Learner, nickname?: string) =>
    (who ? who.call : k.kit.api.inject.bind(k.kit.api))({
      method: 'POST',
      url: '/api/rooms/join',
      payload: { code, ...(nickname && { nickname }) },
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
    const hosts: LiveHostView[] = [];
    socket.on('room', (view: LiveRoomView) => rooms.push(view));
    socket.on('you', (view: LivePlayerView) => yous.push(view));
    socket.on('host', (view: LiveHostView) => hosts.push(view));
    const send = (message: unknown) =>
      socket.timeout(10_000).emitWithAck('message', message) as Promise<LiveAck>;
    const where =
      <T>(list: T[]) =>
      async (test: (view: T) => boolean) => {
        await expect.poll(() => list.some(test), { timeout: 15_000 }).toBe(true);
        return list.findLast(test)!;
      };
    return { send, roomWhere: where(rooms), youWhere: where(yous), hostWhere: where(hosts) };
  }

  it('lets only the class’s teacher and the workspace’s owners open one (403 by role, 404 outside the workspace)', async () => {
    // Roles without `class:manage` in the workspace.
    expect((await openFor(k.author, k.clientId, taught.id)).statusCode).toBe(403);
    // A learner of the class is no member of the workspace.
    expect((await openFor(ada, k.clientId, taught.id)).statusCode).toBe(404);
    // Another workspace's teacher, through their own workspace or addressing this one's class.
    expect((await openFor(k.outsider, k.otherClientId, taught.id)).statusCode).toBe(404);
    expect((await openFor(k.teacher, k.otherClientId, taught.id)).statusCode).toBe(404);
    // A colleague who does not teach the class.
    expect((await openFor(k.colleague, k.clientId, taught.id)).statusCode).toBe(404);
    // An owner may, for any class of the workspace.
    const byOwner = await openFor(k.owner, k.clientId, taught.id);
    expect(byOwner.statusCode).toBe(201);
    // An archived class plays no new room.
    const archived = await k.createClass('Last year');
    await k.teacher.call({ method: 'POST', url: k.teaching(`/${archived.id}/archive`) });
    const refused = await openFor(k.teacher, k.clientId, archived.id);
    expect(refused.json()).toMatchObject({ code: 'class.archived' });
  });

  it('lets the class’s learners in with their accounts, and nobody else', async () => {
    const room = (await openFor(k.teacher, k.clientId, taught.id)).json<LiveRoomSummary>();
    // The class's learners see it open now; someone outside the class does not.
    const listed = (await ada.call({ url: '/api/classes/live-rooms' })).json<ClassLiveRoomList>();
    expect(listed.rooms).toContainEqual(
      expect.objectContaining({ roomId: room.id, code: room.code, className: 'Class 5B' }),
    );
    const stranger = await k.learner('stranger');
    const none = (
      await stranger.call({ url: '/api/classes/live-rooms' })
    ).json<ClassLiveRoomList>();
    expect(none.rooms.find((entry) => entry.roomId === room.id)).toBeUndefined();

    const refusedStranger = await joinAs(room.code, stranger, 'Stranger');
    expect(refusedStranger.statusCode).toBe(403);
    expect(refusedStranger.json()).toMatchObject({ code: 'live.class_only' });
    const guest = await joinAs(room.code, undefined, 'Guest');
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ code: 'auth.required' });
    // The teacher hosts; they are not a learner of the class.
    expect((await joinAs(room.code, k.teacher)).statusCode).toBe(403);

    // A member needs no nickname, and a typed one is ignored: the account names them.
    const joined = await joinAs(room.code, ada, 'Someone else');
    expect(joined.statusCode).toBe(201);
    const player = joined.json<LiveJoined>();
    const adaName = (await ada.call({ url: '/api/session' })).json<{
      user: { displayName: string };
    }>().user.displayName;
    expect(player.nickname).toBe(accountNickname(adaName, 0));
    // Joining again is the same player.
    const again = (await joinAs(room.code, ada)).json<LiveJoined>();
    expect(again.playerId).toBe(player.playerId);
  });

  it('plays in teams and lands in the gradebook, its CSV and each learner’s history', async () => {
    const room = (await openFor(k.teacher, k.clientId, taught.id)).json<LiveRoomSummary>();
    const players = new Map<Learner, LiveJoined>();
    for (const learner of [ada, ben, cy]) {
      const joined = await joinAs(room.code, learner);
      expect(joined.statusCode).toBe(201);
      players.set(learner, joined.json<LiveJoined>());
    }
    // The host is told whose room it is, in the console and in their list of rooms.
    expect(room.className).toBe('Class 5B');
    const hosted = (await k.teacher.call({ url: '/api/rooms' })).json<LiveRoomList>();
    expect(hosted.rooms.find((entry) => entry.id === room.id)?.className).toBe('Class 5B');
    const host = connect({ roomId: room.id, host: true }, k.teacher.cookie);
    await host.roomWhere((view) => view.playerCount === 3);
    await host.hostWhere((view) => view.className === 'Class 5B');
    expect(await host.send({ type: 'host.teams', teams: { count: 2, talkSeconds: 0 } })).toEqual({
      ok: true,
    });
    const teamed = await host.roomWhere((view) => view.teams?.count === 2);
    expect([...teamed.teams!.sizes].sort()).toEqual([1, 2]);
    const phones = [ada, ben, cy].map((learner) =>
      connect({ roomId: room.id, playerToken: players.get(learner)!.playerToken }),
    );
    for (const phone of phones) await phone.youWhere((you) => you.team !== null);

    expect(await host.send({ type: 'host.start' })).toEqual({ ok: true });
    await host.roomWhere((view) => view.state === 'question_open');
    // Ada right, Ben wrong, Cy never answers; `absent` never came.
    expect(await phones[0]!.send({ type: 'answer', position: 1, answer: right })).toMatchObject({
      ok: true,
    });
    expect(await phones[1]!.send({ type: 'answer', position: 1, answer: wrong })).toMatchObject({
      ok: true,
    });
    expect(await host.send({ type: 'host.close' })).toEqual({ ok: true });
    await host.roomWhere((view) => view.state === 'question_closed');
    expect(await host.send({ type: 'host.next' })).toEqual({ ok: true });
    await host.roomWhere((view) => view.state === 'leaderboard');
    // Not finished yet: no column.
    const before = (
      await k.teacher.call({ url: k.teaching(`/${taught.id}/gradebook`) })
    ).json<Gradebook>();
    expect(before.assignments.find((column) => column.id === room.id)).toBeUndefined();
    expect(await host.send({ type: 'host.next' })).toEqual({ ok: true });
    await phones[0]!.roomWhere((view) => view.state === 'finished');

    // A finished room is no longer "live now".
    const listed = (await ada.call({ url: '/api/classes/live-rooms' })).json<ClassLiveRoomList>();
    expect(listed.rooms.find((entry) => entry.roomId === room.id)).toBeUndefined();

    const book = (
      await k.teacher.call({ url: k.teaching(`/${taught.id}/gradebook`) })
    ).json<Gradebook>();
    const index = book.assignments.findIndex((column) => column.id === room.id);
    expect(book.assignments[index]).toMatchObject({
      kind: 'live',
      title: 'Danube',
      questionCount: 1,
    });
    const cellOf = (learner: Learner) => {
      const cell = book.learners.find((row) => row.userId === learner.userId)!.cells[index];
      return cell && decodeGradebookCell(cell);
    };
    expect(cellOf(ada)).toMatchObject({ state: 'completed', score: 1, attempts: 1, late: false });
    expect(cellOf(ben)).toMatchObject({ state: 'completed', score: 0 });
    // Joined and never answered, or never came: not done.
    expect(cellOf(cy)).toBeNull();
    expect(cellOf(absent)).toBeNull();

    const csv = await k.teacher.call({ url: k.teaching(`/${taught.id}/gradebook.csv`) });
    expect(csv.body).toContain('"Danube (live): score %"');
    expect(csv.body).toContain('"not done"');

    const history = (
      await k.teacher.call({ url: k.teaching(`/${taught.id}/learners/${ada.userId}/history`) })
    ).json<LearnerHistory>();
    expect(history.attempts).toContainEqual(
      expect.objectContaining({ assignmentId: room.id, kind: 'live', score: 1 }),
    );

    // The gradebook stays the class's: another workspace's teacher cannot read it.
    expect(
      (
        await k.outsider.call({
          url: `/api/teaching/clients/${k.otherClientId}/classes/${taught.id}/gradebook`,
        })
      ).statusCode,
    ).toBe(404);
  });
});

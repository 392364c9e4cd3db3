import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type {
  LiveAck,
  LiveHostBanks,
  LiveHostView,
  LiveJoined,
  LivePlayerView,
  LiveResults,
  LiveRoomSummary,
  LiveRoomView,
} from '@questa/contracts';
import {
  createFileMediaStore,
  questionDb,
  seedDemoContent,
  seedMembership,
} from '@questa/question-db';
import { TEST_ORIGIN } from '../../testing';
import { startLearningApi, type Learner, type LearningApi } from '../learning/learning-test-kit';
import { riverQuestions, seededBank } from './live-test-fixtures';

/**
 * Team mode over real Socket.IO connections: the host makes teams in the lobby and nobody else
 * can, newcomers even the teams out, players keep their team through a reconnection, the talk
 * time holds answers back on the server, and teams are ranked by their members' average.
 */
describe('team mode in live rooms', () => {
  let kit: LearningApi;
  let author: Learner;
  let clientId: string;
  let bankId: string;
  let url: string;
  const sockets: Socket[] = [];
  // The room asks one question: "The Danube flows through Vienna." (true).
  const right = { type: 'true_false', value: true } as const;
  const wrong = { type: 'true_false', value: false } as const;

  beforeAll(async () => {
    kit = await startLearningApi();
    const qdb = questionDb(kit.beside.database);
    const media = createFileMediaStore(await mkdtemp(path.join(tmpdir(), 'questa-teams-')));
    await seedDemoContent(qdb, media, {
      tenant: { slug: 'live-teams', name: 'Team school' },
      media: [],
      banks: [seededBank('danube', 'Danube', 'private', riverQuestions.slice(1, 2))],
    });
    author = await kit.learner('author');
    await seedMembership(qdb, { tenantSlug: 'live-teams', userId: author.sub, role: 'author' });
    const banks = (await author.call({ url: '/api/rooms/banks' })).json<LiveHostBanks>();
    const own = banks.tenants.find((tenant) => tenant.name === 'Team school')!;
    clientId = own.clientId;
    bankId = own.banks[0]!.id;
    await kit.api.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(kit.api.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await kit?.close();
  });

  async function openRoom() {
    const response = await author.call({
      method: 'POST',
      url: '/api/rooms',
      payload: {
        bankId,
        clientId,
        questions: { mode: 'draw', count: 1 },
        settings: { timerSeconds: 60, scoring: 'accuracy' },
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<LiveRoomSummary>();
  }

  const join = async (code: string, nickname: string) => {
    const response = await kit.api.inject({
      method: 'POST',
      url: '/api/rooms/join',
      payload: { code, nickname },
      headers: { 'x-questa-request': '1', origin: TEST_ORIGIN },
    });
    expect(response.statusCode).toBe(201);
    return response.json<LiveJoined>();
  };

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
    return {
      socket,
      send,
      roomWhere: where(rooms),
      youWhere: where(yous),
      hostWhere: where(hosts),
    };
  }
  const hostOf = (room: LiveRoomSummary) => connect({ roomId: room.id, host: true }, author.cookie);
  const phoneOf = (room: LiveRoomSummary, player: LiveJoined) =>
    connect({ roomId: room.id, playerToken: player.playerToken });
  const refusedAs = (code: string) => expect.objectContaining({ ok: false, code });
  const sizesAre = (sizes: number[]) => (view: LiveRoomView) =>
    JSON.stringify(view.teams?.sizes) === JSON.stringify(sizes);

  it('deals players into balanced teams, moves one, evens out a newcomer and keeps a team through a reconnection', async () => {
    const room = await openRoom();
    const players = [];
    for (const name of ['Ada', 'Ben', 'Cy']) players.push(await join(room.code, name));
    const host = hostOf(room);
    await host.roomWhere((view) => view.playerCount === 3 && view.teams === null);

    expect(await host.send({ type: 'host.teams', teams: { count: 2, talkSeconds: 5 } })).toEqual({
      ok: true,
    });
    const dealt = await host.roomWhere((view) => view.teams?.count === 2);
    expect(dealt.teams).toMatchObject({ talkSeconds: 5 });
    expect([...dealt.teams!.sizes].sort()).toEqual([1, 2]);
    const roster = await host.hostWhere(
      (view) => view.roster?.length === 3 && view.roster.every((entry) => entry.team !== null),
    );

    // Each phone shows its own team, as the host's list has it.
    const ada = players[0]!;
    const adaTeam = roster.roster!.find((entry) => entry.playerId === ada.playerId)!.team!;
    const adaPhone = phoneOf(room, ada);
    await adaPhone.youWhere((you) => you.team === adaTeam);

    // The host moves Ada to the other team; her phone follows.
    const other = adaTeam === 1 ? 2 : 1;
    expect(
      await host.send({ type: 'host.teams.move', playerId: ada.playerId, team: other }),
    ).toEqual({ ok: true });
    await adaPhone.youWhere((you) => you.team === other);
    // Every change of the teams counts, so a process catching its phones up can tell who missed one.
    await adaPhone.roomWhere((view) => (view.teamsRevision ?? 0) > (dealt.teamsRevision ?? 0));

    // All three in team 1, then a newcomer: the smallest team (2, empty) takes them.
    for (const player of players) {
      expect(
        await host.send({ type: 'host.teams.move', playerId: player.playerId, team: 1 }),
      ).toEqual({ ok: true });
    }
    await host.roomWhere(sizesAre([3, 0]));
    const dan = await join(room.code, 'Dan');
    await host.roomWhere(sizesAre([3, 1]));
    const danPhone = phoneOf(room, dan);
    await danPhone.youWhere((you) => you.team === 2);

    // A new talk time alone keeps the teams as they are; shuffling deals everyone out evenly.
    expect(await host.send({ type: 'host.teams', teams: { count: 2, talkSeconds: 0 } })).toEqual({
      ok: true,
    });
    const kept = await host.roomWhere((view) => view.teams?.talkSeconds === 0);
    expect(kept.teams!.sizes).toEqual([3, 1]);
    expect(await host.send({ type: 'host.teams.shuffle' })).toEqual({ ok: true });
    await host.roomWhere(sizesAre([2, 2]));

    // Dan's phone drops and comes back with the same token: the same team, the one the shuffle
    // gave him.
    const shuffled = await host.hostWhere(
      (view) => view.roster?.filter((entry) => entry.team === 1).length === 2,
    );
    const team = shuffled.roster!.find((entry) => entry.playerId === dan.playerId)!.team;
    await danPhone.youWhere((you) => you.team === team);
    danPhone.socket.disconnect();
    const back = phoneOf(room, dan);
    await back.youWhere((you) => you.playerId === dan.playerId && you.team === team);

    // Three teams deal everyone out again; no teams takes everyone out of theirs.
    expect(await host.send({ type: 'host.teams', teams: { count: 3, talkSeconds: 10 } })).toEqual({
      ok: true,
    });
    await host.roomWhere(sizesAre([2, 1, 1]));
    expect(await host.send({ type: 'host.teams', teams: null })).toEqual({ ok: true });
    await host.roomWhere((view) => view.teams === null);
    await back.youWhere((you) => you.team === null);
    const plain = await host.hostWhere((view) => view.roster === null);
    expect(plain.players).toBe(4);
  });

  it('lets only the host make teams, refuses bad input with stable codes, and fixes teams once the game starts', async () => {
    const room = await openRoom();
    const mallory = await join(room.code, 'Mallory');
    const bob = await join(room.code, 'Bob');
    const host = hostOf(room);
    const phone = phoneOf(room, mallory);
    await phone.roomWhere((view) => view.state === 'lobby');

    // Before there are teams, moving or shuffling has nothing to act on.
    expect(await host.send({ type: 'host.teams.shuffle' })).toEqual(refusedAs('live.teams_off'));
    expect(await host.send({ type: 'host.teams.move', playerId: bob.playerId, team: 1 })).toEqual(
      refusedAs('live.teams_off'),
    );
    expect(await host.send({ type: 'host.teams', teams: { count: 2, talkSeconds: 5 } })).toEqual({
      ok: true,
    });
    await host.roomWhere((view) => view.teams?.count === 2);
    const { roster } = await host.hostWhere((view) => view.roster?.length === 2);
    const teamOf = (playerId: string) => roster!.find((entry) => entry.playerId === playerId)!.team;
    const malloryTeam = teamOf(mallory.playerId)!;
    const otherTeam = malloryTeam === 1 ? 2 : 1;

    // A player cannot make, change or leave teams, their own or anyone's.
    for (const message of [
      { type: 'host.teams', teams: { count: 2, talkSeconds: 0 } },
      { type: 'host.teams', teams: null },
      { type: 'host.teams.shuffle' },
      { type: 'host.teams.move', playerId: mallory.playerId, team: otherTeam },
      { type: 'host.teams.move', playerId: bob.playerId, team: malloryTeam },
    ]) {
      expect(await phone.send(message), JSON.stringify(message)).toEqual(
        refusedAs('auth.forbidden'),
      );
    }
    // Shapes no host may send either: each names its problem, and nothing changes. (Sent over
    // several consoles: one connection may send ten messages a second.)
    const badShapes = [
      { type: 'host.teams', teams: { count: 1, talkSeconds: 5 } },
      { type: 'host.teams', teams: { count: 9, talkSeconds: 5 } },
      { type: 'host.teams', teams: { count: 2, talkSeconds: 7 } },
      { type: 'host.teams', teams: { count: 2 } },
      { type: 'host.teams', teams: { count: 2, talkSeconds: 5, names: ['Owls'] } },
      { type: 'host.teams' },
      { type: 'host.teams.move', playerId: bob.playerId, team: 0 },
      { type: 'host.teams.move', playerId: bob.playerId, team: 9 },
      { type: 'host.teams.move', playerId: bob.playerId, team: '2' },
      { type: 'host.teams.move', playerId: 'bob', team: 1 },
      { type: 'host.teams.shuffle', seed: 4 },
    ];
    for (let start = 0; start < badShapes.length; start += 5) {
      const another = hostOf(room);
      await another.roomWhere((view) => view.teams?.count === 2);
      for (const message of badShapes.slice(start, start + 5)) {
        expect(await another.send(message), JSON.stringify(message)).toEqual(
          refusedAs('validation.failed'),
        );
      }
    }
    // The refusal says which field is wrong.
    const tooMany = await hostOf(room).send({
      type: 'host.teams',
      teams: { count: 9, talkSeconds: 5 },
    });
    expect(tooMany).toMatchObject({ code: 'validation.failed' });
    expect(!tooMany.ok && tooMany.detail).toMatch(
      /^This host\.teams message is not valid: teams\.count /,
    );
    // A team the room does not have, and a player it does not have.
    expect(await host.send({ type: 'host.teams.move', playerId: bob.playerId, team: 3 })).toEqual(
      refusedAs('validation.failed'),
    );
    expect(await host.send({ type: 'host.teams.move', playerId: room.id, team: 1 })).toEqual(
      refusedAs('not_found'),
    );
    const unchanged = await host.hostWhere((view) => view.roster?.length === 2);
    expect(teamOf(mallory.playerId)).toBe(malloryTeam);
    expect(unchanged.roster!.find((entry) => entry.playerId === mallory.playerId)!.team).toBe(
      malloryTeam,
    );

    // Once the game has started the teams stay as they are, for the host too.
    expect(await host.send({ type: 'host.start' })).toEqual({ ok: true });
    await phone.roomWhere((view) => view.state === 'question_open');
    for (const message of [
      { type: 'host.teams', teams: { count: 3, talkSeconds: 5 } },
      { type: 'host.teams', teams: null },
      { type: 'host.teams.shuffle' },
      { type: 'host.teams.move', playerId: mallory.playerId, team: otherTeam },
    ]) {
      expect(await host.send(message), JSON.stringify(message)).toEqual(
        refusedAs('live.teams_fixed'),
      );
    }
    await phone.youWhere((you) => you.team === malloryTeam);
  });

  it('lets the host name a team, which every phone then shows, within the length allowed', async () => {
    const room = await openRoom();
    const ada = await join(room.code, 'Ada');
    await join(room.code, 'Ben');
    const host = hostOf(room);
    const phone = phoneOf(room, ada);
    await phone.roomWhere((view) => view.state === 'lobby');
    expect(await host.send({ type: 'host.teams.rename', team: 1, name: 'Owls' })).toEqual(
      refusedAs('live.teams_off'),
    );
    expect(await host.send({ type: 'host.teams', teams: { count: 2, talkSeconds: 5 } })).toEqual({
      ok: true,
    });
    await phone.roomWhere((view) => view.teams?.count === 2);

    expect(await host.send({ type: 'host.teams.rename', team: 1, name: '  The Otters  ' })).toEqual(
      { ok: true },
    );
    await phone.roomWhere((view) => view.teams?.names?.['1'] === 'The Otters');
    // Another talk time keeps the names; more teams keep those still there.
    expect(await host.send({ type: 'host.teams', teams: { count: 2, talkSeconds: 0 } })).toEqual({
      ok: true,
    });
    expect(await host.send({ type: 'host.teams', teams: { count: 3, talkSeconds: 0 } })).toEqual({
      ok: true,
    });
    const three = await phone.roomWhere((view) => view.teams?.count === 3);
    expect(three.teams!.names).toEqual({ '1': 'The Otters' });

    const other = hostOf(room);
    await other.roomWhere((view) => view.teams?.count === 3);
    for (const message of [
      { type: 'host.teams.rename', team: 1, name: 'x'.repeat(25) },
      { type: 'host.teams.rename', team: 1, name: '   ' },
      { type: 'host.teams.rename', team: 4, name: 'Owls' },
      { type: 'host.teams.rename', team: 1 },
    ]) {
      expect(await other.send(message), JSON.stringify(message)).toEqual(
        refusedAs('validation.failed'),
      );
    }
    expect(await phone.send({ type: 'host.teams.rename', team: 1, name: 'Mine now' })).toEqual(
      refusedAs('auth.forbidden'),
    );
    // The longest name allowed, then back to the colour's name.
    expect(await other.send({ type: 'host.teams.rename', team: 2, name: 'y'.repeat(24) })).toEqual({
      ok: true,
    });
    expect(await other.send({ type: 'host.teams.rename', team: 1, name: null })).toEqual({
      ok: true,
    });
    await phone.roomWhere(
      (view) => JSON.stringify(view.teams?.names) === JSON.stringify({ '2': 'y'.repeat(24) }),
    );

    expect(await host.send({ type: 'host.start' })).toEqual({ ok: true });
    await phone.roomWhere((view) => view.state === 'question_open');
    expect(await host.send({ type: 'host.teams.rename', team: 2, name: 'Late' })).toEqual(
      refusedAs('live.teams_fixed'),
    );
  });

  it('holds answers back through the talk time on the server, then takes them', async () => {
    const room = await openRoom();
    const ada = await join(room.code, 'Ada');
    const host = hostOf(room);
    expect(await host.send({ type: 'host.teams', teams: { count: 2, talkSeconds: 5 } })).toEqual({
      ok: true,
    });
    await host.roomWhere((view) => view.teams?.count === 2);
    const phone = phoneOf(room, ada);
    await phone.youWhere((you) => you.team !== null);
    expect(await host.send({ type: 'host.start' })).toEqual({ ok: true });
    const open = await phone.roomWhere((view) => view.state === 'question_open');

    // The question shows now; its answers open five seconds later, and its clock runs from then.
    const opensIn = Date.parse(open.answersOpenAt!) - Date.parse(open.serverNow);
    expect(opensIn).toBeGreaterThan(3_000);
    expect(opensIn).toBeLessThanOrEqual(5_000);
    expect(Date.parse(open.deadline!) - Date.parse(open.answersOpenAt!)).toBe(60_000);

    // A phone that answers during the talk time (a modified client) is refused, and can answer
    // once the talk is over.
    expect(await phone.send({ type: 'answer', position: 1, answer: right })).toEqual(
      refusedAs('live.talk_time'),
    );
    const offset = Date.parse(open.serverNow) - Date.now();
    await expect
      .poll(() => Date.now() + offset >= Date.parse(open.answersOpenAt!) + 300, {
        timeout: 15_000,
        interval: 100,
      })
      .toBe(true);
    expect(await phone.send({ type: 'answer', position: 1, answer: right })).toMatchObject({
      ok: true,
    });
  });

  it('ranks teams by the average of the members who answered, on the leaderboard, the podium and in the results', async () => {
    const room = await openRoom();
    const [ada, ben, cy, dot] = [
      await join(room.code, 'Ada'),
      await join(room.code, 'Ben'),
      await join(room.code, 'Cy'),
      await join(room.code, 'Dot'),
    ];
    const host = hostOf(room);
    expect(await host.send({ type: 'host.teams', teams: { count: 2, talkSeconds: 0 } })).toEqual({
      ok: true,
    });
    await host.roomWhere((view) => view.teams?.count === 2);
    // Team 1: Ada (right), Ben (wrong) and Dot (never answers); team 2: Cy (right).
    for (const [player, team] of [
      [ada, 1],
      [ben, 1],
      [dot, 1],
      [cy, 2],
    ] as const) {
      expect(
        await host.send({ type: 'host.teams.move', playerId: player!.playerId, team }),
      ).toEqual({ ok: true });
    }
    await host.roomWhere(sizesAre([3, 1]));
    const phones = [ada, ben, cy].map((player) => phoneOf(room, player!));
    for (const phone of phones) await phone.youWhere((you) => you.team !== null);
    expect(await host.send({ type: 'host.start' })).toEqual({ ok: true });
    await host.roomWhere((view) => view.state === 'question_open');
    const given = [right, wrong, right];
    for (const [index, phone] of phones.entries()) {
      expect(await phone.send({ type: 'answer', position: 1, answer: given[index] })).toMatchObject(
        { ok: true },
      );
    }
    expect(await host.send({ type: 'host.close' })).toEqual({ ok: true });
    await host.roomWhere((view) => view.state === 'question_closed');
    expect(await host.send({ type: 'host.next' })).toEqual({ ok: true });

    const board = await host.roomWhere((view) => view.state === 'leaderboard');
    const full = board.leaderboard!.find((entry) => entry.nickname === 'Ada')!.score;
    expect(full).toBeGreaterThan(0);
    expect(board.teamLeaderboard).toEqual([
      { team: 2, score: full, rank: 1, members: 1, counted: 1, previousRank: 1 },
      { team: 1, score: Math.round(full / 2), rank: 2, members: 3, counted: 2, previousRank: 1 },
    ]);
    // Each player still sees their own score.
    await phones[1]!.youWhere((you) => you.score === 0 && you.team === 1);
    await phones[2]!.youWhere((you) => you.score === full && you.team === 2);

    expect(await host.send({ type: 'host.next' })).toEqual({ ok: true });
    const podium = await phones[0]!.roomWhere((view) => view.state === 'finished');
    expect(podium.teamLeaderboard!.map(({ team, rank, score }) => [team, rank, score])).toEqual([
      [2, 1, full],
      [1, 2, Math.round(full / 2)],
    ]);

    const results = (
      await author.call({ url: `/api/rooms/${room.id}/results` })
    ).json<LiveResults>();
    expect(results.teams.map(({ team, rank, counted }) => [team, rank, counted])).toEqual([
      [2, 1, 1],
      [1, 2, 2],
    ]);
    expect(results.players.find((player) => player.nickname === 'Dot')).toMatchObject({
      team: 1,
      answered: 0,
    });
    const csv = await author.call({ url: `/api/rooms/${room.id}/results.csv` });
    expect(csv.body).toContain('"team rank","team","colour","average score"');
    expect(csv.body).toContain(`"1","2","blue","${full}","1","1"`);
  });
});

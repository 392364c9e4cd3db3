import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import {
  LIVE_LIMITS,
  questionContent,
  type LiveAck,
  type LiveCandidateList,
  type LiveClaimed,
  type LiveHostBanks,
  type LiveJoined,
  type LiveResults,
  type LiveRoomSummary,
  type LiveRoomView,
} from '@questa/contracts';
import {
  createFileMediaStore,
  QUESTION_DB_SCHEMA,
  questionDb,
  seedDemoContent,
  seedMembership,
} from '@questa/question-db';
import { correctAnswer } from '@questa/scoring';
import { sql } from '@questa/db';
import { TEST_ORIGIN } from '../../testing';
import { startLearningApi, type Learner, type LearningApi } from '../learning/learning-test-kit';
import { asAuthor, riverQuestions, seededBank } from './live-test-fixtures';

/**
 * Hosts opening rooms from their own tenant's private banks, drawn or picked by hand, and a guest
 * who signs in after the game keeping their result: the main API over HTTP and its live channel,
 * with a real question database beside it.
 */
describe('hosting from a tenant’s banks, and keeping a guest’s result', () => {
  let kit: LearningApi;
  let author: Learner;
  let outsider: Learner;
  let learner: Learner;
  let ownClientId: string;
  let otherClientId: string;
  let riversId: string;
  let otherBankId: string;
  /** Question ids of the Rivers bank by stem, and the draft one written later. */
  const ids = new Map<string, string>();
  let draftId: string;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    kit = await startLearningApi();
    const qdb = questionDb(kit.beside.database);
    const media = createFileMediaStore(await mkdtemp(path.join(tmpdir(), 'questa-live-')));
    await seedDemoContent(qdb, media, {
      tenant: { slug: 'live-own', name: 'River school' },
      media: [],
      banks: [seededBank('rivers', 'Rivers', 'private', riverQuestions)],
    });
    await seedDemoContent(qdb, media, {
      tenant: { slug: 'live-other', name: 'Another school' },
      media: [],
      banks: [seededBank('secrets', 'Secrets', 'private', riverQuestions.slice(0, 2))],
    });
    author = await kit.learner('author');
    await seedMembership(qdb, { tenantSlug: 'live-own', userId: author.sub, role: 'author' });
    outsider = await kit.learner('premium-host', { premium: true });
    learner = await kit.learner('learner');

    const banks = (await author.call({ url: '/api/rooms/banks' })).json<LiveHostBanks>();
    const own = banks.tenants.find((tenant) => tenant.name === 'River school')!;
    ownClientId = own.clientId;
    riversId = own.banks.find((bank) => bank.title === 'Rivers')!.id;
    // Another tenant's bank, which nothing the author may call would show them.
    const { rows } = await sql<{ clientId: string; bankId: string }>`
      select c.id as "clientId", b.id as "bankId"
      from ${sql.table(`${QUESTION_DB_SCHEMA}.clients`)} c
      join ${sql.table(`${QUESTION_DB_SCHEMA}.banks`)} b on b.client_id = c.id
      where c.slug = 'live-other'`.execute(kit.db);
    ({ clientId: otherClientId, bankId: otherBankId } = rows[0]!);

    const listed = await author.call({
      url: `/api/rooms/banks/${riversId}/questions?clientId=${ownClientId}`,
    });
    for (const question of listed.json<LiveCandidateList>().questions) {
      ids.set(question.excerpt, question.id);
    }
    // Questions of another type are not listed; find the matching one the way an author would.
    const studio = await asAuthor(kit, author.sub, ownClientId);
    for (const [excerpt, id] of await studio.idsByExcerpt(riversId)) ids.set(excerpt, id);
    draftId = await studio.writeDraft(riversId, 'The Thames is longer than the Severn.');

    await kit.api.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(kit.api.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await kit?.close();
  });

  const idOf = (stem: string) => ids.get(stem)!;
  const open = (who: Learner, body: unknown) =>
    who.call({ method: 'POST', url: '/api/rooms', payload: body as object });

  describe('the bank picker', () => {
    it('lists the catalog and the host’s own tenants’ banks, private ones too, apart', async () => {
      const banks = (await author.call({ url: '/api/rooms/banks' })).json<LiveHostBanks>();
      expect(banks.tenants).toEqual([
        expect.objectContaining({
          name: 'River school',
          role: 'author',
          banks: [expect.objectContaining({ title: 'Rivers', visibility: 'private' })],
        }),
      ]);
      expect(banks.catalog.map((bank) => bank.title)).toEqual(['Capitals', 'Premium capitals']);
      const everyId = [...banks.catalog, ...banks.tenants.flatMap((tenant) => tenant.banks)].map(
        (bank) => bank.id,
      );
      expect(everyId).not.toContain(otherBankId);
    });

    it('is for hosts only', async () => {
      expect((await learner.call({ url: '/api/rooms/banks' })).statusCode).toBe(403);
      const premium = (await outsider.call({ url: '/api/rooms/banks' })).json<LiveHostBanks>();
      expect(premium.tenants).toEqual([]);
    });
  });

  describe('questions to pick', () => {
    it('lists the bank’s published questions of a live type, searchable', async () => {
      const listed = (
        await author.call({ url: `/api/rooms/banks/${riversId}/questions?clientId=${ownClientId}` })
      ).json<LiveCandidateList>();
      expect(listed.questions.map((question) => question.excerpt).sort()).toEqual([
        'The Danube flows through Vienna.',
        'Which river flows through Cairo?',
        'Which river flows through Paris?',
      ]);
      expect(listed.questions[0]).toMatchObject({ version: 1, difficulty: expect.any(Number) });
      const found = (
        await author.call({
          url: `/api/rooms/banks/${riversId}/questions?clientId=${ownClientId}&q=Cairo`,
        })
      ).json<LiveCandidateList>();
      expect(found.questions.map((question) => question.excerpt)).toEqual([
        'Which river flows through Cairo?',
      ]);
    });

    it('answers 404 for another tenant’s bank, however it is asked for', async () => {
      const theirs = await author.call({
        url: `/api/rooms/banks/${otherBankId}/questions?clientId=${otherClientId}`,
      });
      expect(theirs.statusCode).toBe(404);
      const inOurs = await author.call({
        url: `/api/rooms/banks/${otherBankId}/questions?clientId=${ownClientId}`,
      });
      expect(inOurs.statusCode).toBe(404);
      const notAMember = await outsider.call({
        url: `/api/rooms/banks/${riversId}/questions?clientId=${ownClientId}`,
      });
      expect(notAMember.statusCode).toBe(404);
    });

    it('answers a private bank asked for without its tenant as one not in the catalog', async () => {
      const response = await author.call({ url: `/api/rooms/banks/${riversId}/questions` });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('opening a room', () => {
    it('draws from a private bank of the host’s tenant, with the host’s access', async () => {
      const response = await open(author, {
        bankId: riversId,
        clientId: ownClientId,
        questions: { mode: 'draw', count: 10 },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json<LiveRoomSummary>()).toMatchObject({
        bankTitle: 'Rivers',
        questionCount: 3,
      });
    });

    it('asks hand-picked questions in the order picked, pinned at their published version', async () => {
      const picked = [
        idOf('Which river flows through Paris?'),
        idOf('Which river flows through Cairo?'),
      ];
      const response = await open(author, {
        bankId: riversId,
        clientId: ownClientId,
        questions: { mode: 'pick', questionIds: picked },
      });
      expect(response.statusCode).toBe(201);
      const room = response.json<LiveRoomSummary>();
      expect(room.questionCount).toBe(2);
      const results = (
        await author.call({ url: `/api/rooms/${room.id}/results` })
      ).json<LiveResults>();
      expect(results.questions.map((question) => question.stem)).toEqual([
        'Which river flows through Paris?',
        'Which river flows through Cairo?',
      ]);
    });

    it('names every picked question a live room cannot ask', async () => {
      const response = await open(author, {
        bankId: riversId,
        clientId: ownClientId,
        questions: {
          mode: 'pick',
          questionIds: [
            idOf('Which river flows through Cairo?'),
            idOf('Match each river to its sea.'),
            draftId,
          ],
        },
      });
      expect(response.statusCode).toBe(400);
      const problem = response.json<{
        code: string;
        detail: string;
        errors: { field: string; message: string }[];
      }>();
      expect(problem.code).toBe('validation.failed');
      expect(problem.errors.map((error) => error.field)).toEqual([
        'questions.questionIds.1',
        'questions.questionIds.2',
      ]);
      expect(problem.errors[0]!.message).toMatch(/Match each river.*matching/);
      expect(problem.errors[1]!.message).toMatch(/Thames.*not published/);
    });

    it('refuses a question of another bank as not in this one', async () => {
      const capital = (
        await author.call({ url: `/api/rooms/banks/${riversId}/questions?clientId=${ownClientId}` })
      ).json<LiveCandidateList>().questions[0]!.id;
      const response = await open(author, {
        bankId: riversId,
        clientId: ownClientId,
        questions: { mode: 'pick', questionIds: [capital, '3a4b5c6d-7e8f-4a1b-9c2d-3e4f5a6b7c8d'] },
      });
      expect(response.statusCode).toBe(400);
      expect(
        response.json<{ errors: { field: string }[] }>().errors.map((error) => error.field),
      ).toEqual(['questions.questionIds.1']);
    });

    it.each([
      ['no questions picked', { mode: 'pick', questionIds: [] }],
      [
        'a question twice',
        { mode: 'pick', questionIds: Array(2).fill('3a4b5c6d-7e8f-4a1b-9c2d-3e4f5a6b7c8d') },
      ],
      [
        'more than a room holds',
        {
          mode: 'pick',
          questionIds: Array.from(
            { length: 51 },
            (_, i) => `3a4b5c6d-7e8f-4a1b-9c2d-${String(i).padStart(12, '0')}`,
          ),
        },
      ],
      ['an id that is none', { mode: 'pick', questionIds: ['nope'] }],
      ['an unknown way to choose', { mode: 'guess', count: 3 }],
      ['a draw of none', { mode: 'draw', count: 0 }],
    ])('refuses %s', async (_what, questions) => {
      const response = await open(author, { bankId: riversId, clientId: ownClientId, questions });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation.failed' });
    });

    it('refuses the count outside its choice, and a private bank’s question picked in the catalog', async () => {
      const flat = await open(author, { bankId: kit.publicBankId, count: 2 });
      expect(flat.statusCode).toBe(400);
      const pickFromCatalog = await open(outsider, {
        bankId: kit.publicBankId,
        questions: { mode: 'pick', questionIds: [idOf('Which river flows through Cairo?')] },
      });
      expect(pickFromCatalog.statusCode).toBe(400);
      expect(pickFromCatalog.json()).toMatchObject({
        errors: [{ field: 'questions.questionIds.0' }],
      });
    });

    it('answers 404 for a private bank of another tenant, by any route', async () => {
      for (const body of [
        { bankId: otherBankId, clientId: otherClientId },
        { bankId: otherBankId, clientId: ownClientId },
        { bankId: otherBankId },
      ]) {
        const response = await open(author, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(404);
      }
      const notAMember = await open(outsider, { bankId: riversId, clientId: ownClientId });
      expect(notAMember.statusCode).toBe(404);
      const viaCatalog = await open(outsider, { bankId: riversId });
      expect(viaCatalog.statusCode).toBe(404);
    });
  });

  describe('a guest keeping their result', () => {
    let room: LiveRoomSummary;
    let guest: LiveJoined;
    let claimant: Learner;
    let other: Learner;
    const picked = () => [
      idOf('Which river flows through Cairo?'),
      idOf('The Danube flows through Vienna.'),
    ];
    const claim = (who: Learner | undefined, roomId: string, body: unknown) =>
      (who ? who.call : kit.api.inject.bind(kit.api))({
        method: 'POST',
        url: `/api/rooms/${roomId}/claim`,
        payload: body as object,
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
      socket.on('room', (view: LiveRoomView) => rooms.push(view));
      const send = (message: unknown) =>
        socket.timeout(10_000).emitWithAck('message', message) as Promise<LiveAck>;
      const reached = async (state: string, position: number) => {
        await expect
          .poll(() => rooms.some((view) => view.state === state && view.position === position), {
            timeout: 15_000,
          })
          .toBe(true);
      };
      return { send, reached };
    }

    beforeAll(async () => {
      claimant = await kit.learner('claimant');
      other = await kit.learner('other');
      room = (
        await open(author, {
          bankId: riversId,
          clientId: ownClientId,
          questions: { mode: 'pick', questionIds: picked() },
          settings: { timerSeconds: 60 },
        })
      ).json<LiveRoomSummary>();
      const join = (nickname: string, who?: Learner) =>
        (who ? who.call : kit.api.inject.bind(kit.api))({
          method: 'POST',
          url: '/api/rooms/join',
          payload: { code: room.code, nickname },
          headers: { 'x-questa-request': '1', origin: TEST_ORIGIN },
        });
      guest = (await join('Guest')).json<LiveJoined>();
      // A signed-in player who stays idle: questions wait for the host, not for everyone.
      const idle = (await join('Idle', other)).json<LiveJoined>();
      connect({ roomId: room.id, playerToken: idle.playerToken });
    });

    it('refuses while the game is on', async () => {
      const response = await claim(claimant, room.id, { playerToken: guest.playerToken });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation.failed',
        errors: [{ field: 'roomId' }],
      });
    });

    it('plays the game: one answer scored, one on a skipped question', async () => {
      const host = connect({ roomId: room.id, host: true }, author.cookie);
      const player = connect({ roomId: room.id, playerToken: guest.playerToken });
      const [cairo, danube] = riverQuestions.map((content) => questionContent.parse(content));
      expect(await host.send({ type: 'host.start' })).toMatchObject({ ok: true });
      await player.reached('question_open', 1);
      expect(
        await player.send({ type: 'answer', position: 1, answer: correctAnswer(cairo!) }),
      ).toMatchObject({ ok: true });
      expect(await host.send({ type: 'host.close' })).toMatchObject({ ok: true });
      expect(await host.send({ type: 'host.next' })).toMatchObject({ ok: true });
      expect(await host.send({ type: 'host.next' })).toMatchObject({ ok: true });
      await player.reached('question_open', 2);
      expect(
        await player.send({ type: 'answer', position: 2, answer: correctAnswer(danube!) }),
      ).toMatchObject({ ok: true });
      expect(await host.send({ type: 'host.skip' })).toMatchObject({ ok: true });
      expect(await host.send({ type: 'host.next' })).toMatchObject({ ok: true });
      expect(await host.send({ type: 'host.next' })).toMatchObject({ ok: true });
      await host.reached('finished', 2);
    });

    it('needs a session and a well-formed request', async () => {
      expect((await claim(undefined, room.id, { playerToken: guest.playerToken })).statusCode).toBe(
        401,
      );
      expect((await claim(claimant, room.id, {})).statusCode).toBe(400);
      expect(
        (await claim(claimant, 'not-a-room', { playerToken: guest.playerToken })).statusCode,
      ).toBe(400);
      expect(
        (await claim(claimant, room.id, { playerToken: guest.playerToken, nickname: 'x' }))
          .statusCode,
      ).toBe(400);
    });

    it('answers 404 for a token of no player in that room', async () => {
      expect((await claim(claimant, room.id, { playerToken: 'not-a-token' })).statusCode).toBe(404);
      const another = (
        await open(author, {
          bankId: riversId,
          clientId: ownClientId,
          questions: { mode: 'draw', count: 1 },
        })
      ).json<LiveRoomSummary>();
      expect(
        (await claim(claimant, another.id, { playerToken: guest.playerToken })).statusCode,
      ).toBe(404);
    });

    it('refuses an account that played the room as another player', async () => {
      const response = await claim(other, room.id, { playerToken: guest.playerToken });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ detail: string }>().detail).toContain('Idle');
    });

    it('attaches the player and records their scored answers, once', async () => {
      const first = await claim(claimant, room.id, { playerToken: guest.playerToken });
      expect(first.statusCode).toBe(200);
      expect(first.json<LiveClaimed>()).toMatchObject({
        roomId: room.id,
        playerId: guest.playerId,
        nickname: 'Guest',
        answersRecorded: 1,
      });
      const again = await claim(claimant, room.id, { playerToken: guest.playerToken });
      expect(again.statusCode).toBe(200);
      expect(again.json<LiveClaimed>().answersRecorded).toBe(0);

      const events = await kit.db
        .selectFrom('answer_events')
        .select(['question_id', 'source', 'correct'])
        .where('user_id', '=', claimant.userId)
        .execute();
      expect(events).toEqual([
        { question_id: idOf('Which river flows through Cairo?'), source: 'live', correct: true },
      ]);
      const cards = await kit.db
        .selectFrom('review_cards')
        .select(['question_id', 'bank_title'])
        .where('user_id', '=', claimant.userId)
        .execute();
      expect(cards).toEqual([
        { question_id: idOf('Which river flows through Cairo?'), bank_title: 'Rivers' },
      ]);
      const results = (
        await author.call({ url: `/api/rooms/${room.id}/results` })
      ).json<LiveResults>();
      expect(results.players.find((player) => player.nickname === 'Guest')?.signedIn).toBe(true);
    });

    it('refuses a player that is someone else’s already', async () => {
      const response = await claim(learner, room.id, { playerToken: guest.playerToken });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'auth.forbidden' });
    });
  });

  describe('joining from a school behind one address', () => {
    let code: string;
    beforeAll(async () => {
      ({ code } = (
        await open(author, { bankId: riversId, clientId: ownClientId })
      ).json<LiveRoomSummary>());
    });
    const join = (body: { code: string; nickname: string }, cookie?: string) =>
      kit.api.inject({
        method: 'POST',
        url: '/api/rooms/join',
        payload: body,
        headers: {
          'x-questa-request': '1',
          origin: TEST_ORIGIN,
          ...(cookie && { cookie }),
        },
      });
    const deviceCookie = (response: Awaited<ReturnType<typeof join>>) =>
      String(response.headers['set-cookie']).split(';')[0]!;

    it('stops the device that guesses codes, and lets the other phones in', async () => {
      const first = await join({
        code: code === '000000' ? '000001' : '000000',
        nickname: 'Guesser',
      });
      const guesser = deviceCookie(first);
      for (let i = 1; i < LIVE_LIMITS.wrongCodesPerMinute; i++) {
        const wrong = String((Number(code) + i) % 1_000_000).padStart(6, '0');
        expect((await join({ code: wrong, nickname: 'Guesser' }, guesser)).statusCode).toBe(404);
      }
      const stopped = await join({ code, nickname: 'Guesser' }, guesser);
      expect(stopped.statusCode).toBe(429);
      expect(stopped.json()).toMatchObject({ code: 'rate_limited' });
      // Every other phone behind the same address joins with the right code.
      for (const nickname of ['Ada', 'Ben', 'Cem']) {
        expect((await join({ code, nickname })).statusCode).toBe(201);
      }
    });

    it('lets one device join a room as a new player a few times, not hundreds', async () => {
      const first = await join({ code, nickname: 'Loop 0' });
      expect(first.statusCode).toBe(201);
      const device = deviceCookie(first);
      const statuses = [];
      for (let i = 1; i < 300; i++) {
        const response = await join({ code, nickname: `Loop ${i}` }, device);
        statuses.push(response.statusCode);
        if (response.statusCode === 429) break;
      }
      expect(statuses.filter((status) => status === 201)).toHaveLength(
        LIVE_LIMITS.joinsPerDevicePerRoom - 1,
      );
      expect(statuses.at(-1)).toBe(429);
    });
  });
});

import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type {
  LiveAck,
  LiveCandidateList,
  LiveHostBanks,
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
import { seededBank } from './live-test-fixtures';

/**
 * What a live room shows of its questions: a grouped question with its passage, pinned when the
 * room opens, and never the author's hints.
 */
describe('a live room’s questions: passages in, hints out', () => {
  let kit: LearningApi;
  let author: Learner;
  let url: string;
  let room: LiveRoomSummary;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    kit = await startLearningApi();
    const qdb = questionDb(kit.beside.database);
    const media = createFileMediaStore(await mkdtemp(path.join(tmpdir(), 'questa-live-content-')));
    const bank = seededBank('delta', 'The delta', 'private', [
      {
        type: 'true_false',
        stem: 'The Nile ends in a delta.',
        topic: 'Africa',
        difficulty: 1,
        answer: true,
        hints: ['Look at the last sentence of the text.'],
      },
      {
        type: 'true_false',
        stem: 'The delta lies south of Cairo.',
        topic: 'Africa',
        difficulty: 1,
        answer: false,
      },
    ]);
    await seedDemoContent(qdb, media, {
      tenant: { slug: 'live-content', name: 'Delta school' },
      media: [],
      banks: [
        {
          ...bank,
          questions: bank.questions.map((question) => ({ ...question, passageKey: 'delta' })),
          passages: [
            {
              key: 'delta',
              content: {
                title: 'The Nile delta',
                body: 'North of Cairo the Nile splits into branches and ends in a wide delta.',
              },
            },
          ],
        },
      ],
    });
    const listed = seededBank(
      'delta-listed',
      'The delta, listed',
      'public',
      bank.questions.map((question) => question.content),
    );
    await seedDemoContent(qdb, media, {
      tenant: { slug: 'live-content-catalog', name: 'Delta publisher' },
      media: [],
      banks: [
        {
          ...listed,
          questions: listed.questions.map((question) => ({ ...question, passageKey: 'delta' })),
          passages: [
            {
              key: 'delta',
              content: {
                title: 'The Nile delta, listed',
                body: 'North of Cairo the Nile splits into branches and ends in a wide delta.',
              },
            },
          ],
        },
      ],
    });
    author = await kit.learner('author');
    await seedMembership(qdb, { tenantSlug: 'live-content', userId: author.sub, role: 'author' });
    const banks = (await author.call({ url: '/api/rooms/banks' })).json<LiveHostBanks>();
    const own = banks.tenants.find((tenant) => tenant.name === 'Delta school')!;
    const opened = await author.call({
      method: 'POST',
      url: '/api/rooms',
      payload: {
        bankId: own.banks[0]!.id,
        clientId: own.clientId,
        questions: { mode: 'draw', count: 2 },
        settings: { timerSeconds: 60 },
      },
    });
    expect(opened.statusCode).toBe(201);
    room = opened.json<LiveRoomSummary>();
    await kit.api.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(kit.api.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await kit?.close();
  });

  it('shows each grouped question with its passage, and no hints', async () => {
    const socket = io(url, {
      path: '/api/live',
      transports: ['websocket'],
      auth: { roomId: room.id, host: true },
      extraHeaders: { origin: TEST_ORIGIN, cookie: author.cookie },
      reconnection: false,
    });
    sockets.push(socket);
    const views: LiveRoomView[] = [];
    socket.on('room', (view: LiveRoomView) => views.push(view));
    const send = (message: unknown) =>
      socket.timeout(10_000).emitWithAck('message', message) as Promise<LiveAck>;
    const openAt = async (position: number) => {
      await expect
        .poll(() => views.some((v) => v.state === 'question_open' && v.position === position), {
          timeout: 15_000,
        })
        .toBe(true);
      return views.findLast((v) => v.state === 'question_open' && v.position === position)!;
    };

    expect(await send({ type: 'host.start' })).toEqual({ ok: true });
    const stems: string[] = [];
    for (const position of [1, 2]) {
      const view = await openAt(position);
      expect(view.passage).toMatchObject({
        title: 'The Nile delta',
        body: expect.stringContaining('wide delta'),
      });
      expect(view.question).not.toHaveProperty('hints');
      stems.push(view.question!.stem);
      if (position === 1) {
        expect(await send({ type: 'host.close' })).toEqual({ ok: true });
        expect(await send({ type: 'host.next' })).toEqual({ ok: true });
        expect(await send({ type: 'host.next' })).toEqual({ ok: true });
      }
    }
    // The group comes in the order its author gave it.
    expect(stems).toEqual(['The Nile ends in a delta.', 'The delta lies south of Cairo.']);
  });

  /** What a room pinned of each question's passage, in the room's order. */
  const pinnedPassages = async (roomId: string) =>
    (
      await kit.db
        .selectFrom('live_questions')
        .select(['position', 'passage'])
        .where('room_id', '=', roomId)
        .orderBy('position')
        .execute()
    ).map((row) => row.passage?.title ?? null);

  it('pins a hand-picked question of a group with its passage, from the tenant’s own bank', async () => {
    const banks = (await author.call({ url: '/api/rooms/banks' })).json<LiveHostBanks>();
    const own = banks.tenants.find((tenant) => tenant.name === 'Delta school')!;
    const bankId = own.banks[0]!.id;
    const listed = (
      await author.call({ url: `/api/rooms/banks/${bankId}/questions?clientId=${own.clientId}` })
    ).json<LiveCandidateList>();
    const picked = listed.questions.find((q) => q.excerpt.startsWith('The delta lies'))!;
    const opened = await author.call({
      method: 'POST',
      url: '/api/rooms',
      payload: {
        bankId,
        clientId: own.clientId,
        questions: { mode: 'pick', questionIds: [picked.id] },
        settings: { timerSeconds: 60 },
      },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(await pinnedPassages(opened.json<LiveRoomSummary>().id)).toEqual(['The Nile delta']);
  });

  it('pins a hand-picked question of a group with its passage, from a catalog bank', async () => {
    const host = await kit.learner('catalog-host', { premium: true });
    const banks = (await host.call({ url: '/api/rooms/banks' })).json<LiveHostBanks>();
    const bankId = banks.catalog.find((bank) => bank.title === 'The delta, listed')!.id;
    const listed = (
      await host.call({ url: `/api/rooms/banks/${bankId}/questions` })
    ).json<LiveCandidateList>();
    expect(listed.questions).toHaveLength(2);
    const opened = await host.call({
      method: 'POST',
      url: '/api/rooms',
      payload: {
        bankId,
        questions: { mode: 'pick', questionIds: listed.questions.map((q) => q.id).reverse() },
        settings: { timerSeconds: 60 },
      },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(await pinnedPassages(opened.json<LiveRoomSummary>().id)).toEqual([
      'The Nile delta, listed',
      'The Nile delta, listed',
    ]);
  });
});

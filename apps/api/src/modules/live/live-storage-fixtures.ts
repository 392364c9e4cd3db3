import { migrate, type Kysely } from '@questa/db';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import type { LiveRoomSettings, QuestionContent } from '@questa/contracts';
import { API_SCHEMA, apiMigrations, type ApiTables } from '../../db/tables';
import { createUserRepository } from '../users/user.repository';
import { createLiveRepository, type LiveRepository } from './live.repository';

/*
 * Test-only: a migrated test database with the live repository on it, and rooms of players to
 * play in, for the tests of the live module's storage and of its parts that use it.
 */

export const storageSettings: LiveRoomSettings = {
  timerSeconds: 30,
  scoring: 'speed',
  streakBonus: true,
  showQuestionOnDevices: true,
  maxPlayers: 2000,
  nicknames: 'typed',
};

export const trueFalseContent = {
  type: 'true_false',
  stem: 'The Danube flows through Vienna.',
  answer: true,
} as unknown as QuestionContent;

export interface LiveStorage {
  test: TestDatabase;
  db: Kysely<ApiTables>;
  live: LiveRepository;
  /** A room in its lobby with `count` players and one true/false question. */
  roomWithPlayers(
    count: number,
    settings?: Partial<LiveRoomSettings>,
  ): Promise<{ roomId: string; players: { id: string }[] }>;
  /** Opens the room's first question for `openForMs`. */
  open(roomId: string, openForMs?: number): ReturnType<LiveRepository['transition']>;
}

export async function createLiveStorage(): Promise<LiveStorage> {
  const test = await createTestDatabase();
  await migrate(test.database, API_SCHEMA, apiMigrations);
  const db = test.database.kysely.withSchema(API_SCHEMA) as unknown as Kysely<ApiTables>;
  const live = createLiveRepository(db);
  const { id: hostUserId } = await createUserRepository(db).upsertFromSignIn({
    sub: 'host-sub',
    email: 'host@questa.test',
    name: 'Host',
    roles: [],
  });
  let rooms = 0;
  return {
    test,
    db,
    live,
    async roomWithPlayers(count, settings = {}) {
      rooms++;
      const roomId = await live.createRoom(
        {
          code: String(100000 + rooms),
          hostUserId,
          clientId: '00000000-0000-4000-8000-000000000001',
          bankId: '00000000-0000-4000-8000-000000000002',
          bankTitle: 'Rivers',
          settings: { ...storageSettings, ...settings },
        },
        [
          {
            questionId: '00000000-0000-4000-8000-000000000003',
            version: 1,
            content: trueFalseContent,
            presented: trueFalseContent as never,
          },
        ],
      );
      const players = [];
      for (let i = 0; i < count; i++) {
        const added = await live.addPlayer({
          roomId: roomId!,
          nickname: `Player ${i}`,
          userId: null,
          tokenHash: `token-${rooms}-${i}`,
          extraTimePercent: 0,
        });
        if (added === 'nickname_taken') throw new Error('unexpected');
        players.push(added);
      }
      return { roomId: roomId!, players };
    },
    open: (roomId, openForMs = 30_000) =>
      live.transition(roomId, {
        from: ['lobby'],
        position: 0,
        set: { state: 'question_open', position: 1, openForMs },
      }),
  };
}

import { randomInt } from 'node:crypto';
import { LIVE_LIMITS, type LiveRoomRequest, type LiveRoomSummary } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { presentQuestion } from '@questa/scoring';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { AuthContext } from '../auth/auth.service';
import type { UserRow } from '../users/user.repository';
import type { LiveRepository, RoomRow } from './live.repository';
import type { RoomQuestions } from './room-questions';

export const summaryOf = (
  room: RoomRow,
  playerCount: number,
  className?: string | null,
): LiveRoomSummary => ({
  id: room.id,
  code: room.code,
  bankId: room.bankId,
  bankTitle: room.bankTitle,
  state: room.state,
  questionCount: room.questionCount,
  playerCount,
  createdAt: room.createdAt,
  finishedAt: room.finishedAt,
  ...(className !== undefined && { className }),
});

/** Opening rooms and finding a host's own: what happens before and around a game. */
export function createLiveRooms(deps: {
  live: Pick<LiveRepository, 'findRoom' | 'roomsOfHost'>;
  unitOfWork: UnitOfWork;
  /** Where a new room's bank and questions come from. */
  roomQuestions: Pick<RoomQuestions, 'forRoom'>;
  /** The most players a room this host opens may hold (their plan decides). */
  playerLimit: (host: AuthContext, requestId: string) => Promise<number>;
}) {
  const { live } = deps;

  async function createRoom(
    host: AuthContext,
    input: LiveRoomRequest,
    requestId: string,
    /** A class's room: the caller has made sure the host teaches the class. */
    options: { classId?: string } = {},
  ): Promise<LiveRoomSummary> {
    // Read from the question database before the unit of work: it must not wait on another service.
    const { bank, questions: chosen } = await deps.roomQuestions.forRoom(host, input, requestId);
    // A learner's plan may hold rooms to fewer players than a room can have; the room keeps that.
    const maxPlayers = Math.min(input.settings.maxPlayers, await deps.playerLimit(host, requestId));
    const questions = chosen.map((question) => ({
      questionId: question.questionId,
      version: question.version,
      content: question.content,
      // One order of options for the whole room: the big screen and every phone agree.
      presented: presentQuestion(question.content, Math.random),
      passage: question.passage ?? null,
    }));
    for (let tries = 0; tries < 20; tries++) {
      const code = String(randomInt(0, 10 ** LIVE_LIMITS.codeLength)).padStart(
        LIVE_LIMITS.codeLength,
        '0',
      );
      const roomId = await deps.unitOfWork(async (work) =>
        work.live.createRoom(
          {
            code,
            hostUserId: host.user.id,
            clientId: bank.clientId,
            bankId: bank.id,
            bankTitle: bank.title,
            settings: { ...input.settings, maxPlayers },
            classId: options.classId ?? null,
          },
          questions,
        ),
      );
      if (roomId) return summaryOf((await live.findRoom(roomId))!, 0);
    }
    throw new HttpProblem('unavailable', { detail: 'No free room code was found; try again.' });
  }

  async function ownRoom(user: UserRow, roomId: string) {
    const room = await live.findRoom(roomId);
    if (!room || room.hostUserId !== user.id) {
      throw new HttpProblem('not_found', { detail: 'You host no such room.' });
    }
    return room;
  }

  return {
    createRoom,
    ownRoom,
    async listRooms(user: UserRow) {
      const rooms = await live.roomsOfHost(user.id, 50);
      return rooms.map((room) => summaryOf(room, room.playerCount, room.className));
    },
  };
}

export type LiveRooms = ReturnType<typeof createLiveRooms>;

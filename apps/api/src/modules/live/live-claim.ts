import type { LiveClaimed } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { UnitOfWork } from '../../db/unit-of-work';
import { recordAnswers } from '../learning/answer-recorder';
import type { UserRow } from '../users/user.repository';
import type { LiveRepository } from './live.repository';
import type { LiveService } from './live.service';

const taken = () =>
  new HttpProblem('auth.forbidden', {
    detail: 'This result belongs to another account already.',
  });

/**
 * A guest who signs in after a game keeps their result: the player their device joined as becomes
 * the user's, and their scored answers count for progress and reviews as a signed-in player's do
 * when each question closes. The device's player token proves the player is theirs. Claiming
 * again is harmless: the answers are recorded once, by whichever claim attached the player.
 */
export function createLiveClaims(deps: {
  players: Pick<LiveService, 'playerOf'>;
  live: Pick<LiveRepository, 'findRoom' | 'playerOfUser'>;
  unitOfWork: UnitOfWork;
}) {
  async function claim(user: UserRow, roomId: string, playerToken: string): Promise<LiveClaimed> {
    const player = await deps.players.playerOf(roomId, playerToken);
    if (!player) {
      throw new HttpProblem('not_found', { detail: 'This device has no player in that room.' });
    }
    const claimed = (answersRecorded: number): LiveClaimed => ({
      roomId,
      playerId: player.id,
      nickname: player.nickname,
      score: player.score,
      answersRecorded,
    });
    if (player.userId === user.id) return claimed(0);
    if (player.userId !== null) throw taken();

    const room = await deps.live.findRoom(roomId);
    if (!room) throw new HttpProblem('not_found', { detail: 'There is no such room.' });
    if (room.state !== 'finished') {
      throw new HttpProblem('validation.failed', {
        detail: 'The game is still on. Keep your result once it is finished.',
        errors: [{ field: 'roomId', message: 'the game is not finished' }],
      });
    }
    // Two players of one user in a room would count the same questions twice.
    const other = await deps.live.playerOfUser(roomId, user.id);
    if (other) {
      throw new HttpProblem('validation.failed', {
        detail: `You played this room as “${other.nickname}”: that result is the one your account keeps.`,
        errors: [{ field: 'playerToken', message: 'the account has another player in this room' }],
      });
    }

    const recorded = await deps.unitOfWork(async (work) => {
      if (!(await work.live.attachPlayer(player.id, user.id))) return undefined;
      const answers = await work.live.scoredAnswersOf(roomId, player.id);
      await recordAnswers(work.answers, {
        userId: user.id,
        source: 'live',
        answers: answers.map((answer) => ({
          clientId: room.clientId,
          bankId: room.bankId,
          bankTitle: room.bankTitle,
          questionId: answer.questionId,
          version: answer.version,
          content: answer.content,
          correct: answer.correct === true,
          score: answer.correct ? 1 : 0,
        })),
      });
      return answers.length;
    });
    if (recorded !== undefined) return claimed(recorded);
    // Another claim attached the player first; the same user's second tap has the same outcome.
    const now = await deps.players.playerOf(roomId, playerToken);
    if (now?.userId === user.id) return claimed(0);
    throw taken();
  }

  return { claim };
}

export type LiveClaims = ReturnType<typeof createLiveClaims>;

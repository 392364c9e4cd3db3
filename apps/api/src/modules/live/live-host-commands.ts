import type { LiveClientMessage } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { UserRow } from '../users/user.repository';
import type { LiveRepository } from './live.repository';
import type { LiveQuestions } from './live-questions';
import type { LiveRooms } from './live-rooms';
import type { LiveModeration } from './live.moderation';
import type { LiveTeams } from './live-teams';
import type { LiveChange } from './live.service';

/**
 * What the host's console sends: starting, closing, skipping, moving on, pausing, removing, and
 * making teams.
 */
export function createLiveHostCommands(deps: {
  live: Pick<LiveRepository, 'transition' | 'kick'>;
  rooms: Pick<LiveRooms, 'ownRoom'>;
  questions: Pick<LiveQuestions, 'openQuestion' | 'announceOpen' | 'closeQuestion' | 'halt'>;
  moderation: Pick<LiveModeration, 'command'>;
  teams: Pick<LiveTeams, 'command'>;
  changed: (roomId: string, what: LiveChange) => void;
}) {
  const { live, questions } = deps;

  async function hostCommand(
    user: UserRow,
    roomId: string,
    message: Exclude<LiveClientMessage, { type: 'answer' }>,
  ): Promise<void> {
    const room = await deps.rooms.ownRoom(user, roomId);
    const refuse = (detail: string) => new HttpProblem('validation.failed', { detail });
    switch (message.type) {
      case 'host.start':
        if (room.state !== 'lobby') throw refuse('The game has started already.');
        await questions.openQuestion(room, 1);
        return;
      case 'host.close':
        if (room.state !== 'question_open') throw refuse('No question is open.');
        await questions.closeQuestion(room.id, room.position);
        return;
      case 'host.skip':
        if (room.state !== 'question_open') throw refuse('No question is open.');
        await questions.closeQuestion(room.id, room.position, { skip: true });
        return;
      case 'host.next': {
        if (room.state === 'question_closed') {
          const moved = await live.transition(room.id, {
            from: ['question_closed'],
            position: room.position,
            set: { state: 'leaderboard' },
          });
          if (moved) deps.changed(room.id, 'room');
          return;
        }
        if (room.state === 'leaderboard') {
          if (room.position >= room.questionCount) {
            const ended = await live.transition(room.id, {
              from: ['leaderboard'],
              set: { state: 'finished', finished: true },
            });
            if (ended) deps.changed(room.id, 'room');
            return;
          }
          await questions.openQuestion(room, room.position + 1);
          return;
        }
        throw refuse('There is nothing to move on to yet.');
      }
      case 'host.pause': {
        if (room.state !== 'question_open' || room.pausedRemainingMs !== null) {
          throw refuse('Only a running question can be paused.');
        }
        // Answers acknowledged from memory are stored before the pause, which would refuse them.
        await questions.halt(room.id, 'pause');
        const remaining = Math.max(0, Date.parse(room.deadline!) - Date.parse(room.serverNow));
        const paused = await live.transition(room.id, {
          from: ['question_open'],
          position: room.position,
          set: { pausedRemainingMs: remaining },
        });
        if (paused) deps.changed(room.id, 'room');
        return;
      }
      case 'host.resume': {
        if (room.state !== 'question_open' || room.pausedRemainingMs === null) {
          throw refuse('The question is not paused.');
        }
        const resumed = await live.transition(room.id, {
          from: ['question_open'],
          position: room.position,
          set: { resume: true },
        });
        if (resumed) questions.announceOpen(resumed);
        return;
      }
      case 'host.end': {
        if (room.state === 'finished') return;
        await questions.halt(room.id, 'end');
        const ended = await live.transition(room.id, {
          from: ['lobby', 'question_open', 'question_closed', 'leaderboard'],
          set: { state: 'finished', finished: true },
        });
        if (ended) deps.changed(room.id, 'room');
        return;
      }
      case 'host.kick':
        if (!(await live.kick(room.id, message.playerId, message.ban))) {
          throw new HttpProblem('not_found', { detail: 'There is no such player in this room.' });
        }
        // The removed player's own view must tell them.
        deps.changed(room.id, 'scores');
        return;
      case 'host.lock':
      case 'host.unlock':
      case 'host.reveal':
        return deps.moderation.command(room, message);
      case 'host.teams':
      case 'host.teams.shuffle':
      case 'host.teams.move':
      case 'host.teams.rename':
        return deps.teams.command(room, message);
    }
  }

  return { hostCommand };
}

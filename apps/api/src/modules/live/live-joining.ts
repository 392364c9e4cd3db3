import { createHash, randomBytes } from 'node:crypto';
import { generatedNickname, LIVE_LIMITS, type LiveJoin, type LiveJoined } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { batchedWrites } from '../../db/batched-writes';
import type { UserRow } from '../users/user.repository';
import type { LiveConnectionsRepository } from './live-connections.repository';
import type { LiveRepository } from './live.repository';
import type { LiveChange } from './live.service';
import type { LiveModeration } from './live.moderation';
import { isOffensiveNickname } from './nickname-filter';

export const roomNotFound = () =>
  new HttpProblem('live.room_not_found', {
    detail: 'There is no open room with this code. Check the code on the big screen.',
  });

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A class member's name in a class room: their account's display name, cut to a nickname's
 * length, and numbered from the second try on when two learners share it.
 */
export function accountNickname(displayName: string, attempt: number): string {
  const suffix = attempt === 0 ? '' : ` ${attempt + 1}`;
  const name = displayName.trim() || 'Learner';
  return name.slice(0, LIVE_LIMITS.nicknameMax - suffix.length).trimEnd() + suffix;
}

/**
 * Players joining a room, coming back with their device's token, and being away: who is in a
 * room and whether they are connected.
 */
export function createLiveJoining(deps: {
  live: Pick<
    LiveRepository,
    | 'findOpenRoomByCode'
    | 'playerOfUser'
    | 'replaceToken'
    | 'countPlayers'
    | 'addPlayer'
    | 'playersByTokens'
    | 'isClassMember'
  >;
  /** Where this process records the connections it holds. */
  connections: Pick<LiveConnectionsRepository, 'record'>;
  /** This process, as its connections are recorded under it. */
  processId: string;
  moderation: Pick<LiveModeration, 'admit'>;
  changed: (roomId: string, what: LiveChange) => void;
}) {
  const { live } = deps;

  async function join(user: UserRow | null, input: LiveJoin): Promise<LiveJoined> {
    const room = await live.findOpenRoomByCode(input.code);
    if (!room) throw roomNotFound();
    const token = randomBytes(24).toString('base64url');

    // A class's room is the class's: its learners join with their accounts, nobody else does.
    // Guests are refused too, since a result without an account cannot reach the gradebook.
    if (room.classId) {
      if (!user) {
        throw new HttpProblem('auth.required', {
          detail: 'This room is for a class: sign in with your account to join it.',
        });
      }
      if (!(await live.isClassMember(room.classId, user.id))) {
        throw new HttpProblem('live.class_only', {
          detail: 'This room is for the learners of a class you are not in.',
        });
      }
    }

    // A signed-in player who is already in the room comes back as themselves.
    if (user) {
      const existing = await live.playerOfUser(room.id, user.id);
      if (existing?.banned) {
        throw new HttpProblem('auth.forbidden', {
          detail: 'The host has removed you from this room.',
        });
      }
      if (existing && !existing.kicked) {
        await live.replaceToken(existing.id, hashToken(token));
        return {
          roomId: room.id,
          playerId: existing.id,
          nickname: existing.nickname,
          playerToken: token,
        };
      }
    }
    const byAccount = room.classId !== null && user !== null;
    const generated = !byAccount && room.settings.nicknames === 'generated';
    await deps.moderation.admit(
      room,
      byAccount ? accountNickname(user.displayName, 0) : generated ? undefined : input.nickname,
    );
    const { players } = await live.countPlayers(room.id);
    if (players >= room.settings.maxPlayers) {
      throw new HttpProblem('live.room_full', {
        detail: `This room is full (${room.settings.maxPlayers} players).`,
      });
    }
    for (let tries = 0; tries < (generated || byAccount ? 10 : 1); tries++) {
      const nickname = byAccount
        ? accountNickname(user.displayName, tries)
        : generated
          ? generatedNickname(Math.random)
          : input.nickname;
      if (!nickname) {
        throw new HttpProblem('validation.failed', {
          detail: 'Choose a nickname.',
          errors: [{ field: 'nickname', message: 'required' }],
        });
      }
      // An account's own name is the class's teacher's to judge, as in the roster.
      if (!generated && !byAccount && isOffensiveNickname(nickname)) {
        throw new HttpProblem('validation.failed', {
          detail: 'Choose another nickname: this one is not allowed here.',
          errors: [{ field: 'nickname', message: 'not allowed' }],
        });
      }
      const added = await live.addPlayer({
        roomId: room.id,
        nickname,
        userId: user?.id ?? null,
        tokenHash: hashToken(token),
        extraTimePercent: user?.extraTimePercent ?? 0,
        // In team mode a newcomer evens the teams out.
        ...(room.teams && { teamCount: room.teams.count }),
      });
      if (added !== 'nickname_taken') {
        deps.changed(room.id, 'players');
        return {
          roomId: room.id,
          playerId: added.id,
          nickname: added.nickname,
          playerToken: token,
        };
      }
    }
    throw new HttpProblem('live.nickname_taken', {
      detail: 'Someone in this room already has this nickname. Choose another.',
      errors: [{ field: 'nickname', message: 'taken' }],
    });
  }

  // A tenth of a room coming back within a second (a school's Wi-Fi dropping) must not queue
  // hundreds of statements in front of the room's answers: devices coming back at the same time
  // are looked up together, and connections and departures are written together.
  const lookUp = batchedWrites(
    async (hashes: readonly string[]) => {
      const found = new Map(
        (await live.playersByTokens([...new Set(hashes)])).map(({ tokenHash, ...player }) => [
          tokenHash,
          player,
        ]),
      );
      return hashes.map((hash) => found.get(hash));
    },
    { maxBatch: 500, name: 'live_player_lookups' },
  );
  const writeConnected = batchedWrites(
    async (changes: readonly { playerId: string; connected: boolean }[]) => {
      await deps.connections.record(deps.processId, changes);
      return changes.map(() => undefined);
    },
    { maxBatch: 1000, name: 'live_connections' },
  );

  /** The player a device's token names, if it is still in the room. */
  async function playerOf(roomId: string, token: string) {
    const player = await lookUp(hashToken(token));
    return player && player.roomId === roomId && !player.kicked ? player : undefined;
  }

  /**
   * A player's connection in this process opened (`connected`) or this process holds none of
   * theirs any more; whether they are connected is settled across every process's connections.
   */
  async function setConnected(playerId: string, roomId: string, connected: boolean) {
    await writeConnected({ playerId, connected });
    // Only the host's console shows who is connected: a tenth of a room dropping and coming back
    // must not send the room view to everyone else four times a second.
    deps.changed(roomId, 'presence');
  }

  return { join, playerOf, setConnected };
}

export type LiveJoining = ReturnType<typeof createLiveJoining>;

import { randomInt } from 'node:crypto';
import {
  CLASS_LIMITS,
  JOIN_CODE_ALPHABET,
  type ClassInput,
  type ClassRoster,
  type LearnerClass,
  type TeachingClass,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { AuthContext, AuthService } from '../auth/auth.service';
import type { UserRow } from '../users/user.repository';
import type { ClassRepository, ClassRow } from './class.repository';

// One answer for a class of another tenant, another teacher's class and no class at all, so no
// one learns which ids exist.
const noSuchClass = () => new HttpProblem('not_found', { detail: 'There is no such class.' });
const archived = () =>
  new HttpProblem('class.archived', {
    detail: 'This class is archived: it takes no new learners and no new assignments.',
  });

function drawJoinCode(): string {
  let code = '';
  for (let i = 0; i < CLASS_LIMITS.joinCodeLength; i++) {
    code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  }
  return code;
}

/**
 * Classes of a workspace. The access plugin has checked `class:manage` in the tenant; this
 * decides which classes: a teacher their own, an owner every class of the workspace.
 */
export function createClassService(deps: {
  classes: ClassRepository;
  auth: Pick<AuthService, 'principal'>;
  /** Tells a learner who has just joined what the class has already been given. */
  welcome?: (user: UserRow, classId: string) => Promise<void>;
}) {
  const { classes } = deps;

  /** Whether the caller sees every class of the tenant (an owner), not only their own. */
  async function seesAll(context: AuthContext, clientId: string, requestId: string) {
    const principal = await deps.auth.principal(context, requestId);
    return principal.memberships.get(clientId) === 'owner';
  }

  /** The class, if the caller teaches it or owns its workspace; not found otherwise. */
  async function taught(
    context: AuthContext,
    clientId: string,
    classId: string,
    requestId: string,
  ): Promise<ClassRow> {
    const row = await classes.find(clientId, classId);
    if (!row) throw noSuchClass();
    if (row.teacherId !== context.user.id && !(await seesAll(context, clientId, requestId))) {
      throw noSuchClass();
    }
    return row;
  }

  return {
    taught,

    async create(
      context: AuthContext,
      clientId: string,
      input: ClassInput,
    ): Promise<TeachingClass> {
      // Codes are random and long; a clash is rare, and the next draw settles it.
      for (let tries = 0; tries < 5; tries++) {
        const id = await classes.create({
          clientId,
          name: input.name,
          joinCode: drawJoinCode(),
          teacherId: context.user.id,
        });
        if (id) return classes.teaching(id);
      }
      throw new HttpProblem('internal', { detail: 'No free class code was found; try again.' });
    },

    async list(context: AuthContext, clientId: string, requestId: string) {
      const all = await seesAll(context, clientId, requestId);
      return { classes: await classes.list(clientId, all ? undefined : context.user.id) };
    },

    async roster(
      context: AuthContext,
      clientId: string,
      classId: string,
      requestId: string,
    ): Promise<ClassRoster> {
      await taught(context, clientId, classId, requestId);
      const [view, learners] = await Promise.all([
        classes.teaching(classId),
        classes.roster(classId),
      ]);
      return { class: view, learners };
    },

    async removeLearner(
      context: AuthContext,
      params: { clientId: string; classId: string; userId: string },
      requestId: string,
    ) {
      await taught(context, params.clientId, params.classId, requestId);
      if (!(await classes.removeMember(params.classId, params.userId))) {
        throw new HttpProblem('not_found', { detail: 'This learner is not in the class.' });
      }
    },

    async archive(context: AuthContext, clientId: string, classId: string, requestId: string) {
      await taught(context, clientId, classId, requestId);
      await classes.archive(classId);
      return classes.teaching(classId);
    },

    /** Joins the learner to the class of the code; joining again changes nothing. */
    async join(user: UserRow, code: string): Promise<LearnerClass> {
      const found = await classes.byCode(code);
      if (!found) {
        throw new HttpProblem('not_found', {
          detail: 'No class has this code. Check it with your teacher.',
        });
      }
      if (!(await classes.isMember(found.id, user.id))) {
        if (found.archivedAt !== null) throw archived();
        if ((await classes.countMembers(found.id)) >= CLASS_LIMITS.rosterMax) {
          throw new HttpProblem('class.full', {
            detail: `This class has ${CLASS_LIMITS.rosterMax} learners, as many as a class takes.`,
          });
        }
        if ((await classes.addMember(found.id, user.id)) && deps.welcome) {
          await deps.welcome(user, found.id);
        }
      }
      return (await classes.ofLearner(user.id, found.id))[0]!;
    },

    mine: async (user: UserRow) => ({ classes: await classes.ofLearner(user.id) }),

    archivedProblem: archived,
  };
}

export type ClassService = ReturnType<typeof createClassService>;

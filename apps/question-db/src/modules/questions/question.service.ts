import type { LimitService } from '../limits/limit.service';
import type {
  QuestionContent,
  QuestionDetail,
  QuestionVersion,
  questionTransition,
} from '@questa/contracts';
import type { z } from 'zod';
import { HttpProblem } from '@questa/http-kit';
import { can, type Principal } from '@questa/policy';
import { mayReadBank, noSuchBank } from '../banks/bank-access';
import type { MediaRepository } from '../media/media.repository';
import type { LockedQuestion, QuestionHead, QuestionRepository } from './question.repository';
import {
  publishesDrafts,
  publishRefusal,
  retireRefusal,
  type PublishingAbility,
} from '@questa/contracts/rules';
import { refusalProblem, type PublishingService } from '../publishing/publishing.service';
import { planWithDrafts, transitionPermissions, type QuestionTransition } from './workflow';

const noSuchQuestion = () =>
  new HttpProblem('not_found', { detail: 'This tenant has no such question.' });

function expectRevision(question: LockedQuestion, expected: number) {
  if (question.revision === expected) return;
  throw new HttpProblem('conflict.version', {
    detail:
      `Someone else saved this question after you loaded it: it is now at revision ` +
      `${question.revision}, not ${expected}. Reload it and apply your changes again.`,
  });
}

/** Whether the caller's role alone rules the action out, before the question is looked at. */
function roleRefuses(
  action: QuestionTransition,
  ability: PublishingAbility,
  principal: Principal,
  clientId: string,
): boolean {
  if (action === 'publish') return publishRefusal(ability, false) === 'role';
  if (action === 'retire') return retireRefusal(ability) === 'role';
  return !transitionPermissions[action].some((permission) => can(principal, permission, clientId));
}

function toDetail(head: QuestionHead, current: QuestionVersion): QuestionDetail {
  return {
    id: head.id,
    bankId: head.bankId,
    clientId: head.clientId,
    currentVersion: head.currentVersion,
    publishedVersion: head.publishedVersion,
    revision: head.revision,
    passageId: head.passageId,
    current,
  };
}

export function createQuestionService(deps: {
  questions: QuestionRepository;
  media: Pick<MediaRepository, 'unknownTo'>;
  publishing: Pick<PublishingService, 'abilityOf'>;
  limits: Pick<LimitService, 'room'>;
}) {
  const { questions } = deps;

  /** The question's head, when the caller may see it: private banks hide their questions. */
  async function visible(principal: Principal, clientId: string, questionId: string) {
    const found = await questions.findDetail(clientId, questionId);
    if (!found || !mayReadBank(principal, clientId, found.bankVisibility)) throw noSuchQuestion();
    return found;
  }

  async function get(principal: Principal, clientId: string, questionId: string) {
    const found = await visible(principal, clientId, questionId);
    return toDetail(found, found.current);
  }

  /** Content may only name images its tenant uploaded, so a stem cannot borrow another's. */
  async function checkMedia(clientId: string, content: QuestionContent) {
    const unknown = await deps.media.unknownTo(clientId, content.media);
    if (unknown.length === 0) return;
    throw new HttpProblem('validation.failed', {
      detail: 'The question names images that were never uploaded to this tenant.',
      errors: unknown.map((hash) => ({
        field: `body.content.media.${content.media.indexOf(hash)}`,
        message: 'is not an image uploaded to this tenant',
      })),
    });
  }

  return {
    get,

    /** A new question whose first version is a draft. */
    async create(
      principal: Principal,
      clientId: string,
      bankId: string,
      content: QuestionContent,
    ): Promise<QuestionDetail> {
      await checkMedia(clientId, content);
      const ids = await questions.inTransaction(async (queries, trx) => {
        await deps.limits.room(clientId, 'questions')(trx);
        return queries.insertMany(clientId, bankId, [{ content, status: 'draft' }], principal.sub);
      });
      if (!ids?.[0]) throw noSuchBank();
      return get(principal, clientId, ids[0]);
    },

    /**
     * Saves new content. A draft or in-review version is rewritten in place (and is a draft
     * again); a published or retired one stays as it was and a new draft version follows it.
     */
    async save(
      principal: Principal,
      clientId: string,
      questionId: string,
      body: { content: QuestionContent; expectedRevision: number },
    ): Promise<QuestionDetail> {
      await checkMedia(clientId, body.content);
      const saved = await questions.changeLocked(clientId, questionId, async (question, writes) => {
        expectRevision(question, body.expectedRevision);
        let currentVersion = question.currentVersion;
        if (question.status === 'draft' || question.status === 'in_review') {
          await writes.rewriteDraft(question.id, currentVersion, body.content, principal.sub);
        } else {
          currentVersion += 1;
          await writes.addDraftVersion(question, currentVersion, body.content, principal.sub);
        }
        await writes.recordChange(question.id, {
          currentVersion,
          publishedVersion: question.publishedVersion,
        });
        return true;
      });
      if (!saved) throw noSuchQuestion();
      return get(principal, clientId, questionId);
    },

    /** Moves the question through draft → in review → published → retired. */
    async transition(
      principal: Principal,
      clientId: string,
      questionId: string,
      { action, expectedRevision }: z.infer<typeof questionTransition>,
    ): Promise<QuestionDetail> {
      const ability = await deps.publishing.abilityOf(principal, clientId);
      const refusedRole = roleRefuses(action, ability, principal, clientId);
      if (refusedRole) {
        // The route asked only for tenant:read, so whoever gets here may see the question
        // exists: 404 for a missing one first, then 403.
        await visible(principal, clientId, questionId);
        if (action === 'publish' || action === 'retire') throw refusalProblem(action, 'role');
        throw new HttpProblem('auth.forbidden', {
          detail: `Your role does not allow ${action.replaceAll('_', ' ')} (${transitionPermissions[action].join(' or ')}).`,
        });
      }
      const done = await questions.changeLocked(clientId, questionId, async (question, writes) => {
        expectRevision(question, expectedRevision);
        if (action === 'publish') {
          const refusal = publishRefusal(ability, question.currentAuthorId === principal.sub);
          if (refusal) throw refusalProblem(action, refusal);
        }
        const plan = planWithDrafts(action, question, publishesDrafts(ability));
        if (!plan.ok) throw new HttpProblem('conflict.version', { detail: plan.detail });
        for (const move of plan.moves) {
          await writes.moveVersion(question.id, move.version, move.from, move.to);
        }
        await writes.recordChange(question.id, {
          currentVersion: question.currentVersion,
          publishedVersion: plan.publishedVersion,
        });
        return true;
      });
      if (!done) throw noSuchQuestion();
      return get(principal, clientId, questionId);
    },

    /** Every version, newest first. */
    async versions(
      principal: Principal,
      clientId: string,
      questionId: string,
    ): Promise<{ versions: QuestionVersion[] }> {
      const question = await visible(principal, clientId, questionId);
      return { versions: await questions.listVersions(question.id) };
    },

    async version(
      principal: Principal,
      clientId: string,
      questionId: string,
      version: number,
    ): Promise<QuestionVersion> {
      const question = await visible(principal, clientId, questionId);
      const found = await questions.findVersion(question.id, version);
      if (!found) {
        throw new HttpProblem('not_found', {
          detail: `This question has versions 1 to ${question.currentVersion}.`,
        });
      }
      return found;
    },
  };
}

export type QuestionService = ReturnType<typeof createQuestionService>;

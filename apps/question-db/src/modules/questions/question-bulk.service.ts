import {
  QUESTION_BULK_MAX,
  type QuestionBulk,
  type QuestionBulkResult,
  type QuestionBulkSkipReason,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { can, type Permission, type Principal } from '@questa/policy';
import { mayReadBank, noSuchBank } from '../banks/bank-access';
import type { BankRepository } from '../banks/bank.repository';
import type { BulkWrites, QuestionBulkRepository } from './question-bulk.repository';
import type { QuestionListService } from './question-list.service';
import type { LockedQuestion } from './question.repository';
import {
  publishesDrafts,
  publishRefusal,
  retireRefusal,
  type PublishingAbility,
} from '@questa/contracts/rules';
import {
  refusalDetail,
  refusalProblem,
  type PublishingService,
} from '../publishing/publishing.service';
import { planWithDrafts, transitionPermissions } from './workflow';

/** Any one of these permissions allows the action, as for one question at a time. */
const bulkPermissions: Record<'submit' | 'move' | 'delete', readonly Permission[]> = {
  submit: transitionPermissions.submit,
  move: ['question:write'],
  delete: ['question:write'],
};

/** Why the workflow refuses a transition, as the reason a client can switch on. */
const refusedBecause = {
  submit: 'not_draft',
  publish: 'not_in_review',
  retire: 'not_published',
} as const satisfies Record<string, QuestionBulkSkipReason>;

type Skipped = QuestionBulkResult['skipped'][number];
type Outcome = { done: true } | { done: false; reason: QuestionBulkSkipReason; detail: string };

const skip = (reason: QuestionBulkSkipReason, detail: string): Outcome => ({
  done: false,
  reason,
  detail,
});

/** Moves one question through the workflow exactly as its transitions route would. */
async function transition(
  action: keyof typeof refusedBecause,
  question: LockedQuestion,
  writes: BulkWrites,
  principal: Principal,
  ability: PublishingAbility,
): Promise<Outcome> {
  if (action === 'publish' && question.currentAuthorId === principal.sub) {
    const refusal = publishRefusal(ability, true);
    if (refusal) return skip('own_version', refusalDetail(action, refusal));
  }
  const plan = planWithDrafts(action, question, publishesDrafts(ability));
  if (!plan.ok) return skip(refusedBecause[action], plan.detail);
  for (const move of plan.moves) {
    await writes.moveVersion(question.id, move.version, move.from, move.to);
  }
  await writes.recordChange(question.id, {
    currentVersion: question.currentVersion,
    publishedVersion: plan.publishedVersion,
  });
  return { done: true };
}

/** Whether a question may be deleted: a draft that was never published, so nothing refers to it. */
function deletable(question: LockedQuestion): Outcome {
  if (question.status !== 'draft') {
    return skip(
      'not_draft',
      `Only drafts are deleted; this one is ${question.status.replace('_', ' ')}.`,
    );
  }
  // A version after the first exists only because an earlier one was published.
  if (question.publishedVersion !== null || question.currentVersion > 1) {
    return skip(
      'was_published',
      'An earlier version was published and may have been answered; retire it instead.',
    );
  }
  return { done: true };
}

export function createQuestionBulkService(deps: {
  bulk: QuestionBulkRepository;
  list: Pick<QuestionListService, 'ids'>;
  banks: Pick<BankRepository, 'visibilityOf'>;
  publishing: Pick<PublishingService, 'abilityOf'>;
}) {
  /** The questions a request names, or those its filter selects in the bank, at most the limit. */
  async function selected(
    principal: Principal,
    clientId: string,
    bankId: string,
    body: QuestionBulk,
  ): Promise<string[]> {
    if (body.questionIds) return [...new Set(body.questionIds)];
    const { q, ...filters } = body.matching ?? {};
    const ids = await deps.list.ids(
      {
        clientId,
        bankId,
        ...filters,
        includePrivateBanks: can(principal, 'bank:read_private', clientId),
      },
      q,
      QUESTION_BULK_MAX + 1,
    );
    if (ids.length > QUESTION_BULK_MAX) {
      throw new HttpProblem('bulk.too_many', {
        detail: `More than ${QUESTION_BULK_MAX} questions match; narrow the filter, or act on them a part at a time.`,
      });
    }
    return ids;
  }

  return {
    /**
     * Applies one action to many questions of a bank in one transaction. Each question follows
     * the same rules as on its own; one the rules do not allow is skipped, with why, and the
     * rest still go ahead.
     */
    async apply(
      principal: Principal,
      clientId: string,
      bankId: string,
      body: QuestionBulk,
    ): Promise<QuestionBulkResult> {
      const visibility = await deps.banks.visibilityOf(clientId, bankId);
      if (!visibility || !mayReadBank(principal, clientId, visibility)) throw noSuchBank();
      const ability = await deps.publishing.abilityOf(principal, clientId);
      if (body.action === 'publish' || body.action === 'retire') {
        const refused =
          body.action === 'publish' ? publishRefusal(ability, false) : retireRefusal(ability);
        if (refused) throw refusalProblem(body.action, refused);
      } else {
        const allowedBy = bulkPermissions[body.action];
        if (!allowedBy.some((permission) => can(principal, permission, clientId))) {
          throw new HttpProblem('auth.forbidden', {
            detail: `Your role does not allow ${body.action} (${allowedBy.join(' or ')}).`,
          });
        }
      }
      const target = body.targetBankId;
      if (target !== undefined) {
        if (target === bankId) {
          throw new HttpProblem('validation.failed', {
            detail: 'The questions are in this bank already.',
            errors: [{ field: 'body.targetBankId', message: 'is the bank the questions are in' }],
          });
        }
        // Another tenant's bank answers like a missing one, so its id cannot be probed.
        if (!(await deps.banks.visibilityOf(clientId, target))) {
          throw new HttpProblem('not_found', { detail: 'This tenant has no such target bank.' });
        }
      }

      const ids = await selected(principal, clientId, bankId, body);
      return deps.bulk.inBulk(clientId, bankId, ids, async (questions, writes) => {
        const byId = new Map(questions.map((question) => [question.id, question]));
        const done: string[] = [];
        const skipped: Skipped[] = [];
        for (const questionId of ids) {
          const question = byId.get(questionId);
          let outcome: Outcome;
          if (!question) outcome = skip('not_found', 'This bank has no such question.');
          else if (body.action === 'move') outcome = { done: true };
          else if (body.action === 'delete') outcome = deletable(question);
          else outcome = await transition(body.action, question, writes, principal, ability);
          if (outcome.done) done.push(questionId);
          else skipped.push({ questionId, reason: outcome.reason, detail: outcome.detail });
        }
        if (body.action === 'delete') await writes.deleteQuestions(done);
        if (target !== undefined && !(await writes.moveToBank(clientId, done, target))) {
          // Deleted between the check above and this transaction: nothing is moved.
          throw new HttpProblem('not_found', { detail: 'This tenant has no such target bank.' });
        }
        return { action: body.action, done, skipped };
      });
    },
  };
}

export type QuestionBulkService = ReturnType<typeof createQuestionBulkService>;

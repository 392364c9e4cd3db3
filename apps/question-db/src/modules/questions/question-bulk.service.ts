import {
  QUESTION_BULK_MAX,
  type QuestionBulk,
  type QuestionBulkAction,
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
import { planTransition, transitionPermissions } from './workflow';

/** Any one of these permissions allows the action, as for one question at a time. */
const bulkPermissions: Record<QuestionBulkAction, readonly Permission[]> = {
  submit: transitionPermissions.submit,
  publish: transitionPermissions.publish,
  retire: transitionPermissions.retire,
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

/**
 * The workflow's moves for one question, as its transitions route would make them. Someone who
 * may both submit and publish gets a draft published in one step: on its own they would click
 * "submit" and then "publish" on the same question, and an import of many questions should not
 * need two passes. The version makes both moves in order, within the one transaction.
 */
function planFor(
  action: keyof typeof refusedBecause,
  question: LockedQuestion,
  maySubmit: boolean,
) {
  if (action !== 'publish' || question.status !== 'draft' || !maySubmit) {
    return planTransition(action, question);
  }
  const submitted = planTransition('submit', question);
  if (!submitted.ok) return submitted;
  const published = planTransition('publish', { ...question, status: 'in_review' });
  if (!published.ok) return published;
  return { ...published, moves: [...submitted.moves, ...published.moves] };
}

/** Moves one question through the workflow exactly as its transitions route would. */
async function transition(
  action: keyof typeof refusedBecause,
  question: LockedQuestion,
  writes: BulkWrites,
  maySubmit: boolean,
): Promise<Outcome> {
  const plan = planFor(action, question, maySubmit);
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
      const allowedBy = bulkPermissions[body.action];
      if (!allowedBy.some((permission) => can(principal, permission, clientId))) {
        throw new HttpProblem('auth.forbidden', {
          detail: `Your role does not allow ${body.action} (${allowedBy.join(' or ')}).`,
        });
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
      const maySubmit = bulkPermissions.submit.some((p) => can(principal, p, clientId));
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
          else outcome = await transition(body.action, question, writes, maySubmit);
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

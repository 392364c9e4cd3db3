import type { PassageContent, PassageDetail, PassageList } from '@questa/contracts';
import { PASSAGE_LIMITS } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { can, type Principal } from '@questa/policy';
import { mayReadBank, noSuchBank } from '../banks/bank-access';
import type { BankRepository } from '../banks/bank.repository';
import type { MediaRepository } from '../media/media.repository';
import type { LockedPassage, PassageRepository, PassageWrites } from './passage.repository';

const noSuchPassage = () =>
  new HttpProblem('not_found', { detail: 'This tenant has no such passage.' });
const noSuchQuestion = () =>
  new HttpProblem('not_found', { detail: 'This tenant has no such question.' });

/**
 * Passages have no review of their own, so what learners read above published questions changes
 * only in the hands of someone who may publish: authors edit and regroup passages whose
 * questions are all unpublished, reviewers and owners any passage.
 */
async function requireMayChange(
  principal: Principal,
  clientId: string,
  passage: LockedPassage,
  writes: PassageWrites,
  alsoLive = false,
) {
  if (can(principal, 'question:publish', clientId)) return;
  if (!can(principal, 'question:write', clientId)) {
    throw new HttpProblem('auth.forbidden', {
      detail: 'Your role does not allow changing passages (question:write or question:publish).',
    });
  }
  if (!alsoLive && (await writes.publishedUses(passage.id)) === 0) return;
  throw new HttpProblem('auth.forbidden', {
    detail:
      'Learners see this passage with published questions: changing it, or which published ' +
      'questions it carries, needs a reviewer or owner (question:publish).',
  });
}

export function createPassageService(deps: {
  passages: PassageRepository;
  banks: Pick<BankRepository, 'find'>;
  media: Pick<MediaRepository, 'unknownTo'>;
}) {
  const { passages } = deps;

  async function visibleBank(principal: Principal, clientId: string, bankId: string) {
    const bank = await deps.banks.find(clientId, bankId);
    if (!bank || !mayReadBank(principal, clientId, bank.visibility)) return undefined;
    return bank;
  }

  async function get(
    principal: Principal,
    clientId: string,
    passageId: string,
  ): Promise<PassageDetail> {
    const found = await passages.find(clientId, passageId);
    if (!found || !(await visibleBank(principal, clientId, found.bankId))) throw noSuchPassage();
    return { ...found, questions: await passages.questionsOf(passageId) };
  }

  /** Content may only name media its tenant uploaded, as a question's may. */
  async function checkMedia(clientId: string, content: PassageContent) {
    const unknown = await deps.media.unknownTo(clientId, content.media);
    if (unknown.length === 0) return;
    throw new HttpProblem('validation.failed', {
      detail: 'The passage names media that were never uploaded to this tenant.',
      errors: unknown.map((hash) => ({
        field: `body.content.media.${content.media.indexOf(hash)}`,
        message: 'is not media uploaded to this tenant',
      })),
    });
  }

  return {
    get,

    async list(principal: Principal, clientId: string, bankId: string): Promise<PassageList> {
      if (!(await visibleBank(principal, clientId, bankId))) throw noSuchBank();
      return { passages: await passages.list(clientId, bankId) };
    },

    async create(
      principal: Principal,
      clientId: string,
      bankId: string,
      content: PassageContent,
    ): Promise<PassageDetail> {
      await checkMedia(clientId, content);
      const id = await passages.create(clientId, bankId, content, principal.sub);
      if (!id) throw noSuchBank();
      return get(principal, clientId, id);
    },

    /** Saves a new version; the ones exams drew stay as they were. */
    async save(
      principal: Principal,
      clientId: string,
      passageId: string,
      body: { content: PassageContent; expectedRevision: number },
    ): Promise<PassageDetail> {
      await checkMedia(clientId, body.content);
      const saved = await passages.changeLocked(clientId, passageId, async (passage, writes) => {
        if (passage.revision !== body.expectedRevision) {
          throw new HttpProblem('conflict.version', {
            detail:
              `Someone else changed this passage after you loaded it: it is now at revision ` +
              `${passage.revision}, not ${body.expectedRevision}. Reload it and apply your changes again.`,
          });
        }
        await requireMayChange(principal, clientId, passage, writes);
        await writes.addVersion(passage, body.content, principal.sub);
        return true;
      });
      if (!saved) throw noSuchPassage();
      return get(principal, clientId, passageId);
    },

    /** Deletes a passage no question refers to any more. */
    async delete(principal: Principal, clientId: string, passageId: string): Promise<void> {
      await get(principal, clientId, passageId);
      const outcome = await passages.changeLocked(clientId, passageId, (_, writes) =>
        writes.delete(passageId),
      );
      if (outcome === undefined) throw noSuchPassage();
      if (!outcome) {
        throw new HttpProblem('passage.in_use', {
          detail:
            'Questions still refer to this passage. Detach them first (published ones keep ' +
            'their text in exams already taken), then delete it.',
        });
      }
    },

    /** Adds the question at the end of the passage's group; it leaves any passage it had. */
    async attach(
      principal: Principal,
      clientId: string,
      passageId: string,
      questionId: string,
    ): Promise<PassageDetail> {
      await get(principal, clientId, passageId);
      const done = await passages.changeLocked(clientId, passageId, async (passage, writes) => {
        const question = await writes.lockQuestion(clientId, questionId);
        if (!question) throw noSuchQuestion();
        if (question.passageId === passage.id) return true;
        if (question.bankId !== passage.bankId) {
          throw new HttpProblem('passage.other_bank', {
            detail: 'A question may only refer to a passage of its own bank.',
            errors: [{ field: 'questionId', message: 'is in another bank than the passage' }],
          });
        }
        const group = await writes.questionsOf(passage.id);
        if (group.length >= PASSAGE_LIMITS.questionsMax) {
          throw new HttpProblem('validation.failed', {
            detail: `A passage carries at most ${PASSAGE_LIMITS.questionsMax} questions.`,
            errors: [{ field: 'questionId', message: 'one question too many for this passage' }],
          });
        }
        await requireMayChange(
          principal,
          clientId,
          passage,
          writes,
          question.published_version !== null,
        );
        await writes.attach(passage.id, question.id);
        // The passage it leaves regroups too: that one's revision moves on as well.
        if (question.passageId) await writes.touch(question.passageId);
        await writes.touch(passage.id);
        return true;
      });
      if (!done) throw noSuchPassage();
      return get(principal, clientId, passageId);
    },

    async detach(
      principal: Principal,
      clientId: string,
      passageId: string,
      questionId: string,
    ): Promise<PassageDetail> {
      await get(principal, clientId, passageId);
      const done = await passages.changeLocked(clientId, passageId, async (passage, writes) => {
        const question = await writes.lockQuestion(clientId, questionId);
        if (!question || question.passageId !== passage.id) {
          throw new HttpProblem('not_found', {
            detail: 'This passage has no such question.',
          });
        }
        await requireMayChange(
          principal,
          clientId,
          passage,
          writes,
          question.published_version !== null,
        );
        await writes.detach(passage.id, question.id);
        await writes.touch(passage.id);
        return true;
      });
      if (!done) throw noSuchPassage();
      return get(principal, clientId, passageId);
    },
  };
}

export type PassageService = ReturnType<typeof createPassageService>;

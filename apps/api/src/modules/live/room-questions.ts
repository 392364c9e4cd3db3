import {
  liveQuestionTypes,
  type drawRequest,
  type LiveCandidate,
  type LiveCandidateList,
  type LiveCandidateQuery,
  type LiveHostBank,
  type LiveHostBanks,
  type LiveQuestionChoice,
  type LiveQuestionType,
  type LiveRoomRequest,
  type QuestionContent,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { can } from '@questa/policy';
import { stemExcerpt } from '@questa/scoring';
import type { z } from 'zod';
import type { DrawResult, QuestionDbClient } from '../../adapters/question-db-client';
import type { AuthContext, AuthService } from '../auth/auth.service';
import type { LearnerBanks } from '../learning/learner-banks';

/** A question a room pins: the version it was taken at, with its content. */
export interface RoomQuestion {
  questionId: string;
  version: number;
  content: QuestionContent;
}

/** What a new room opens with: its bank and its questions, in order. */
export interface RoomOpening {
  bank: { id: string; clientId: string; title: string };
  questions: RoomQuestion[];
}

const isLiveType = (type: string): type is LiveQuestionType =>
  (liveQuestionTypes as readonly string[]).includes(type);

const liveTypesSentence =
  'Live rooms ask single choice, multiple response, true/false, numeric, short text and ordering questions.';

// Hidden and missing banks answer alike, so a host cannot probe another tenant's bank ids.
const noSuchBank = () => new HttpProblem('not_found', { detail: 'You have no such bank.' });

/** A tenant's banks are read 100 at a time; the picker lists at most this many pages of them. */
const BANK_PAGES = 5;
/** One page of candidates reads up to this many pages of the tenant's list (other types are left out). */
const CANDIDATE_PAGES = 4;
const CANDIDATE_PAGE_SIZE = 50;
/** Picked questions are read from the question database this many at a time. */
const PICK_CONCURRENCY = 4;

/**
 * Where a live room's questions come from. Catalog banks are drawn in the main API's own name
 * (decision 0005), after the entitlement check. A bank of the host's own tenant is read with the
 * host's access token, so the question database decides what they may see and a private bank is
 * never opened to someone who could not read it; only such banks can be browsed and picked from
 * by hand, since the question database lists a bank's questions to its tenant's members only.
 * Nothing here touches the database: a room's unit of work starts once its questions are here.
 */
export function createRoomQuestions(deps: {
  banks: LearnerBanks;
  questionDb: QuestionDbClient;
  auth: Pick<AuthService, 'principal' | 'accessToken'>;
}) {
  const { questionDb } = deps;

  /** The host's access token, for a tenant whose private banks they may read. */
  async function memberAccess(host: AuthContext, clientId: string, requestId: string) {
    const principal = await deps.auth.principal(host, requestId);
    if (!can(principal, 'bank:read_private', clientId)) throw noSuchBank();
    return deps.auth.accessToken(host);
  }

  async function allBanksOf(token: string, clientId: string, requestId: string) {
    const banks = [];
    let cursor: string | undefined;
    for (let page = 0; page < BANK_PAGES; page++) {
      const list = await questionDb.listTenantBanks(token, clientId, cursor, requestId);
      banks.push(...list.banks);
      if (!list.nextCursor) break;
      cursor = list.nextCursor;
    }
    return banks;
  }

  const byTitle = (a: LiveHostBank, b: LiveHostBank) => a.title.localeCompare(b.title);

  async function hostBanks(host: AuthContext, requestId: string): Promise<LiveHostBanks> {
    const [principal, token] = await Promise.all([
      deps.auth.principal(host, requestId),
      deps.auth.accessToken(host),
    ]);
    const [catalog, memberships] = await Promise.all([
      questionDb.listCatalog(requestId),
      questionDb.myMemberships(token, requestId),
    ]);
    const readable = memberships.filter((membership) =>
      can(principal, 'bank:read_private', membership.clientId),
    );
    const tenants = await Promise.all(
      readable.map(async (membership) => ({
        clientId: membership.clientId,
        name: membership.clientName,
        role: membership.role,
        banks: (await allBanksOf(token, membership.clientId, requestId))
          .map((bank) => ({
            id: bank.id,
            clientId: membership.clientId,
            title: bank.title,
            visibility: bank.visibility,
            questionCount: bank.questionCount,
          }))
          .sort(byTitle),
      })),
    );
    // A bank of the host's own tenant is listed under it, where it is read with their access.
    const own = new Set(readable.map((membership) => membership.clientId));
    return {
      catalog: catalog.banks
        .filter((bank) => !own.has(bank.clientId))
        .map((bank) => ({
          id: bank.id,
          clientId: bank.clientId,
          title: bank.title,
          visibility: bank.visibility,
          questionCount: bank.questionCount,
        }))
        .sort(byTitle),
      tenants: tenants.sort((a, b) => a.name.localeCompare(b.name)),
    };
  }

  /** Published questions of a live type in a bank of the host's tenant, newest or best match first. */
  async function candidates(
    host: AuthContext,
    bankId: string,
    query: LiveCandidateQuery,
    requestId: string,
  ): Promise<LiveCandidateList> {
    const token = await memberAccess(host, query.clientId, requestId);
    // The list below would answer an empty page for a bank of another tenant; this says 404.
    await questionDb.getTenantBank(token, query.clientId, bankId, requestId);
    const found: LiveCandidate[] = [];
    let cursor = query.cursor;
    for (let page = 0; page < CANDIDATE_PAGES; page++) {
      const list = await questionDb.listQuestions(
        token,
        query.clientId,
        {
          bankId,
          status: 'published',
          limit: CANDIDATE_PAGE_SIZE,
          ...(query.q !== undefined && { q: query.q }),
          ...(cursor !== undefined && { cursor }),
        },
        requestId,
      );
      for (const question of list.questions) {
        if (!isLiveType(question.type)) continue;
        found.push({
          id: question.id,
          version: question.publishedVersion ?? question.currentVersion,
          type: question.type,
          topic: question.topic,
          difficulty: question.difficulty,
          excerpt: stemExcerpt(question.excerpt),
        });
      }
      cursor = list.nextCursor ?? undefined;
      if (cursor === undefined || found.length >= CANDIDATE_PAGE_SIZE / 2) break;
    }
    return { questions: found, nextCursor: cursor ?? null };
  }

  const drawRequestOf = (
    choice: Extract<LiveQuestionChoice, { mode: 'draw' }>,
  ): z.input<typeof drawRequest> => ({
    rules: [
      {
        ...(choice.topic !== undefined && { topic: choice.topic }),
        ...(choice.difficulty !== undefined && { difficulty: choice.difficulty }),
        // Draw more than needed: only the types a live room can ask are kept.
        count: Math.min(500, choice.count * 4),
      },
    ],
  });

  function suitable(drawn: DrawResult, count: number): RoomQuestion[] {
    const questions = drawn.questions
      .filter((question) => isLiveType(question.content.type))
      .slice(0, count);
    if (questions.length === 0) {
      throw new HttpProblem('validation.failed', {
        detail: `This bank has no questions a live room can ask here. ${liveTypesSentence}`,
        errors: [{ field: 'bankId', message: 'no live-suitable questions match' }],
      });
    }
    return questions;
  }

  /**
   * The published versions of the questions the host picked, in their order. Every question
   * that cannot be asked is named at once, so the host fixes the list in one go.
   */
  async function picked(
    token: string,
    clientId: string,
    bankId: string,
    questionIds: readonly string[],
    requestId: string,
  ): Promise<RoomQuestion[]> {
    const outcomes = await mapConcurrently(
      questionIds,
      PICK_CONCURRENCY,
      async (questionId): Promise<RoomQuestion | { refused: string }> => {
        let detail;
        try {
          detail = await questionDb.getQuestion(token, clientId, questionId, requestId);
        } catch (error) {
          if (error instanceof HttpProblem && error.code === 'not_found') {
            return { refused: `${questionId}: not a question of this bank` };
          }
          throw error;
        }
        if (detail.bankId !== bankId)
          return { refused: `${questionId}: not a question of this bank` };
        const named = `“${stemExcerpt(detail.current.content.stem, 60)}”`;
        if (detail.publishedVersion === null) return { refused: `${named}: not published` };
        const version =
          detail.current.version === detail.publishedVersion
            ? detail.current
            : await questionDb.getQuestionVersion(
                token,
                clientId,
                questionId,
                detail.publishedVersion,
                requestId,
              );
        if (!isLiveType(version.content.type)) {
          return { refused: `${named}: a live room cannot ask a ${version.content.type} question` };
        }
        return { questionId, version: version.version, content: version.content };
      },
    );
    const errors = outcomes.flatMap((outcome, index) =>
      'refused' in outcome
        ? [{ field: `questions.questionIds.${index}`, message: outcome.refused }]
        : [],
    );
    if (errors.length > 0) {
      throw new HttpProblem('validation.failed', {
        detail: `${errors.length === 1 ? 'One of the questions' : `${errors.length} of the questions`} you picked cannot be asked in a live room: ${errors.map((error) => error.message).join('; ')}. ${liveTypesSentence}`,
        errors,
      });
    }
    return outcomes as RoomQuestion[];
  }

  /** The bank and questions a new room opens with, read as the request says. */
  async function forRoom(
    host: AuthContext,
    input: Pick<LiveRoomRequest, 'bankId' | 'clientId' | 'questions'>,
    requestId: string,
  ): Promise<RoomOpening> {
    const choice = input.questions;
    if (input.clientId === undefined) {
      if (choice.mode === 'pick') {
        throw new HttpProblem('validation.failed', {
          detail:
            'Questions can be picked by hand from the banks of a tenant you belong to; send the bank’s clientId. Catalog banks are drawn at random.',
          errors: [{ field: 'clientId', message: 'required to pick questions by hand' }],
        });
      }
      const bank = await deps.banks.open(host.user, input.bankId, requestId);
      const drawn = await questionDb.drawFromCatalog(bank.id, drawRequestOf(choice), requestId);
      return {
        bank: { id: bank.id, clientId: bank.clientId, title: bank.title },
        questions: suitable(drawn, choice.count),
      };
    }
    const token = await memberAccess(host, input.clientId, requestId);
    const bank = await questionDb.getTenantBank(token, input.clientId, input.bankId, requestId);
    const source = { id: bank.id, clientId: input.clientId, title: bank.title };
    if (choice.mode === 'draw') {
      const drawn = await questionDb.drawFromTenant(
        token,
        input.clientId,
        bank.id,
        drawRequestOf(choice),
        requestId,
      );
      return { bank: source, questions: suitable(drawn, choice.count) };
    }
    return {
      bank: source,
      questions: await picked(token, input.clientId, bank.id, choice.questionIds, requestId),
    };
  }

  return { hostBanks, candidates, forRoom };
}

export type RoomQuestions = ReturnType<typeof createRoomQuestions>;

/** `work` on every item, at most `limit` at once, the results in the items' order. */
async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

import {
  CATALOG_LIMITS,
  liveQuestionTypes,
  type drawRequest,
  type LearnerPassage,
  type LiveCandidate,
  type LiveCandidateList,
  type LiveCandidateQuery,
  type LiveHostBank,
  type LiveHostBanks,
  type LiveQuestionChoice,
  type LiveQuestionType,
  type LiveRoomRequest,
  type QuestionContent,
  type QuestionSummary,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { can } from '@questa/policy';
import { stemExcerpt } from '@questa/scoring';
import type { z } from 'zod';
import type { DrawResult, QuestionDbClient } from '../../adapters/question-db-client';
import type { AuthContext, AuthService } from '../auth/auth.service';
import type { LearnerBanks } from '../learning/learner-banks';
import { pinnedPassage } from '../learning/passages';

/** A question a room pins: the version it was taken at, with its content. */
export interface RoomQuestion {
  questionId: string;
  version: number;
  content: QuestionContent;
  /** The passage a question of a group is read with. */
  passage?: LearnerPassage | null;
}

/** What a new room opens with: its bank and its questions, in order. */
export interface RoomOpening {
  bank: { id: string; clientId: string; title: string };
  questions: RoomQuestion[];
}

/** Why a picked question cannot be asked, naming it as the host knows it. */
interface Refusal {
  refused: string;
}

const isLiveType = (type: string): type is LiveQuestionType =>
  (liveQuestionTypes as readonly string[]).includes(type);

const liveTypesSentence =
  'Live rooms ask single choice, multiple response, true/false, numeric, short text, ordering and hotspot questions.';

// Hidden and missing banks answer alike, so a host cannot probe another tenant's bank ids.
const noSuchBank = () => new HttpProblem('not_found', { detail: 'You have no such bank.' });

/** Banks are read 100 at a time; the picker lists at most this many pages of a tenant's or the catalog's. */
const BANK_PAGES = 5;
/** One page of candidates reads up to this many pages of the tenant's list (other types are left out). */
const CANDIDATE_PAGES = 4;
const CANDIDATE_PAGE_SIZE = 50;
/** Picked questions are read from the question database this many at a time. */
const PICK_CONCURRENCY = 4;

/**
 * Where a live room's questions come from. Catalog banks are drawn, listed and read in the main
 * API's own name (decisions 0005 and 0010), always after the entitlement check, since the question
 * database serves premium banks to the main API whoever it acts for. A bank of the host's own
 * tenant is read with the host's access token, so the question database decides what they may
 * see and a private bank is never opened to someone who could not read it. Either kind can be
 * drawn from or picked from by hand. Nothing here touches the database: a room's unit of work
 * starts once its questions are here.
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

  async function allCatalogBanks(requestId: string) {
    const banks = [];
    for (let page = 1; page <= BANK_PAGES; page++) {
      const list = await questionDb.listCatalog(
        { page, pageSize: CATALOG_LIMITS.pageSizeMax },
        requestId,
      );
      banks.push(...list.banks);
      if (page * list.pageSize >= list.total) break;
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
      allCatalogBanks(requestId),
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
      catalog: catalog
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

  /** The lines of a question list a host may pick from: those of a type a live room can ask. */
  const candidatesOf = (questions: readonly QuestionSummary[]): LiveCandidate[] =>
    questions.flatMap((question) =>
      isLiveType(question.type)
        ? [
            {
              id: question.id,
              version: question.publishedVersion ?? question.currentVersion,
              type: question.type,
              topic: question.topic,
              difficulty: question.difficulty,
              excerpt: stemExcerpt(question.excerpt),
            },
          ]
        : [],
    );

  /**
   * Published questions of a live type in a bank the host may open a room from, newest or best
   * match first: a catalog bank's without `clientId`, a bank of the host's tenant with it.
   */
  async function candidates(
    host: AuthContext,
    bankId: string,
    query: LiveCandidateQuery,
    requestId: string,
  ): Promise<LiveCandidateList> {
    if (query.clientId === undefined) {
      // Premium banks are listed to the main API for anyone; opening the bank here says whether
      // this host may see it (payment.required otherwise), as drawing from it does.
      const bank = await deps.banks.open(host.user, bankId, requestId);
      const list = await questionDb.listCatalogQuestions(
        bank.id,
        {
          types: [...liveQuestionTypes],
          limit: CANDIDATE_PAGE_SIZE,
          ...(query.q !== undefined && { q: query.q }),
          ...(query.cursor !== undefined && { cursor: query.cursor }),
        },
        requestId,
      );
      return { questions: candidatesOf(list.questions), nextCursor: list.nextCursor };
    }
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
      found.push(...candidatesOf(list.questions));
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
    // A grouped question comes with its passage, as practice and exams show it.
    const passages = new Map(drawn.passages.map((passage) => [passage.id, passage]));
    const questions = drawn.questions
      .filter((question) => isLiveType(question.content.type))
      .slice(0, count)
      .map((question) => ({ ...question, passage: pinnedPassage(passages, question.passageId) }));
    if (questions.length === 0) {
      throw new HttpProblem('validation.failed', {
        detail: `This bank has no questions a live room can ask here. ${liveTypesSentence}`,
        errors: [{ field: 'bankId', message: 'no live-suitable questions match' }],
      });
    }
    return questions;
  }

  /** A picked question's published version, or why a live room cannot ask it. */
  function askable(picked: RoomQuestion): RoomQuestion | Refusal {
    if (isLiveType(picked.content.type)) return picked;
    return {
      refused: `“${stemExcerpt(picked.content.stem, 60)}”: a live room cannot ask a ${picked.content.type} question`,
    };
  }

  /**
   * The picked questions in their order, or every one that cannot be asked named at once, by
   * its place in the list, so the host fixes the list in one go.
   */
  function settle(outcomes: readonly (RoomQuestion | Refusal)[]): RoomQuestion[] {
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

  /** The published versions of the questions picked from a bank of the host's tenant. */
  async function pickedFromTenant(
    token: string,
    clientId: string,
    bankId: string,
    questionIds: readonly string[],
    requestId: string,
  ): Promise<RoomQuestion[]> {
    const passageOf = new Map<string, string>();
    const outcomes = await mapConcurrently(
      questionIds,
      PICK_CONCURRENCY,
      async (questionId): Promise<RoomQuestion | Refusal> => {
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
        if (detail.publishedVersion === null) {
          return { refused: `“${stemExcerpt(detail.current.content.stem, 60)}”: not published` };
        }
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
        if (detail.passageId) passageOf.set(questionId, detail.passageId);
        return askable({ questionId, version: version.version, content: version.content });
      },
    );
    const picked = settle(outcomes);
    // A picked question of a group is read with its passage, as a drawn one is; each passage is
    // read once however many of its questions were picked.
    const passageIds = [...new Set(passageOf.values())];
    const passages = new Map(
      (
        await mapConcurrently(passageIds, PICK_CONCURRENCY, (passageId) =>
          questionDb.getPassage(token, clientId, passageId, requestId),
        )
      ).map((passage) => [
        passage.id,
        { id: passage.id, version: passage.currentVersion, content: passage.content },
      ]),
    );
    return picked.map((question) => ({
      ...question,
      passage: pinnedPassage(passages, passageOf.get(question.questionId)),
    }));
  }

  /**
   * The published versions of the questions picked from a catalog bank, read in one call. The
   * main API sees only published questions there, so a draft and a stranger's id read alike.
   */
  async function pickedFromCatalog(
    bankId: string,
    questionIds: readonly string[],
    requestId: string,
  ): Promise<RoomQuestion[]> {
    const looked = await questionDb.lookupCatalogQuestions(bankId, questionIds, requestId);
    const found = new Map(looked.questions.map((question) => [question.questionId, question]));
    const passages = new Map(looked.passages.map((passage) => [passage.id, passage]));
    return settle(
      questionIds.map((questionId) => {
        const question = found.get(questionId);
        return question
          ? askable({ ...question, passage: pinnedPassage(passages, question.passageId) })
          : { refused: `${questionId}: not a published question of this bank` };
      }),
    );
  }

  /** The bank and questions a new room opens with, read as the request says. */
  async function forRoom(
    host: AuthContext,
    input: Pick<LiveRoomRequest, 'bankId' | 'clientId' | 'questions'>,
    requestId: string,
  ): Promise<RoomOpening> {
    const choice = input.questions;
    if (input.clientId === undefined) {
      const bank = await deps.banks.open(host.user, input.bankId, requestId);
      const source = { id: bank.id, clientId: bank.clientId, title: bank.title };
      if (choice.mode === 'pick') {
        return {
          bank: source,
          questions: await pickedFromCatalog(bank.id, choice.questionIds, requestId),
        };
      }
      const drawn = await questionDb.drawFromCatalog(bank.id, drawRequestOf(choice), requestId);
      return { bank: source, questions: suitable(drawn, choice.count) };
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
      questions: await pickedFromTenant(
        token,
        input.clientId,
        bank.id,
        choice.questionIds,
        requestId,
      ),
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

import type { z } from 'zod';
import {
  LEARNING,
  type AnswerInput,
  type PracticeItem,
  type PracticeSession,
  type PracticeState,
  type PracticeSummary,
  type SelfRating,
  type drawRequest,
  type practiceStart,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import {
  newReviewCard,
  presentedValues,
  presentQuestion,
  selfRatedEssay,
  stemExcerpt,
} from '@questa/scoring';
import type { QuestionDbClient } from '../../adapters/question-db-client';
import type { UnitOfWork, WorkRepositories } from '../../db/unit-of-work';
import type { AllowanceService } from '../learning/allowance';
import { ensureNewCard, recordAnswers, scheduleOf } from '../learning/answer-recorder';
import type { AnswerRepository } from '../learning/answer.repository';
import { gradedAnswer, gradeOrRefuse } from '../learning/grading';
import type { LearnerBanks } from '../learning/learner-banks';
import type { EntitlementService } from '../entitlements/entitlements';
import type { UserRow } from '../users/user.repository';
import { pinnedPassage } from '../learning/passages';
import type { ItemRow, PracticeRepository, SessionRow } from './practice.repository';

type DrawRule = z.input<typeof drawRequest>['rules'][number];

type PracticeStart = z.output<typeof practiceStart>;

/** Draw rules cannot name more than 50 topic × difficulty combinations. */
const MAX_RULES = 50;

const noSuchSession = () =>
  new HttpProblem('not_found', { detail: 'There is no such practice session.' });

const sessionFinished = () =>
  new HttpProblem('practice.finished', {
    detail: 'This practice session is finished; start a new one to practise more.',
  });

/** One draw rule per chosen topic × difficulty: the question database fills each separately. */
function rulesFor(topics: readonly string[], difficulties: readonly number[]) {
  const topicChoices: (string | undefined)[] = topics.length > 0 ? [...topics] : [undefined];
  const difficultyChoices: (number | undefined)[] =
    difficulties.length > 0 ? [...difficulties] : [undefined];
  return topicChoices.flatMap((topic) =>
    difficultyChoices.map((difficulty) => ({
      ...(topic === undefined ? {} : { topic }),
      ...(difficulty === undefined ? {} : { difficulty }),
      count: 1,
    })),
  );
}

export function createPracticeService(deps: {
  unitOfWork: UnitOfWork;
  practice: PracticeRepository;
  answers: AnswerRepository;
  allowance: AllowanceService;
  banks: LearnerBanks;
  questionDb: QuestionDbClient;
  entitlements: Pick<EntitlementService, 'hasUnlimitedPractice'>;
}) {
  const { hasUnlimitedPractice } = deps.entitlements;
  const { practice } = deps;

  const toItem = (row: ItemRow): PracticeItem => ({
    id: row.id,
    position: row.position,
    questionId: row.questionId,
    version: row.version,
    question: row.presented,
    passage: row.passage,
    bookmarked: row.bookmarked,
    result: row.result,
    answer: row.answer,
  });

  type LockedItem = NonNullable<Awaited<ReturnType<WorkRepositories['practice']['lockItem']>>>;

  /**
   * A practised answer recorded as every other answer is (the event for progress, the card moved
   * by FSRS), whether it was graded at once or rated by the learner; returns the card's schedule.
   */
  async function recordPractised(
    work: WorkRepositories,
    user: UserRow,
    item: LockedItem,
    graded: { correct: boolean; score: number },
  ) {
    const schedules = await recordAnswers(work.answers, {
      userId: user.id,
      source: 'practice',
      answers: [
        {
          clientId: item.clientId,
          bankId: item.bankId,
          bankTitle: item.bankTitle,
          questionId: item.questionId,
          version: item.version,
          content: item.content,
          passage: item.passage,
          correct: graded.correct,
          score: graded.score,
          practiceItemId: item.id,
        },
      ],
    });
    return schedules.get(item.questionId)!;
  }

  async function sessionView(row: SessionRow, user: UserRow): Promise<PracticeSession> {
    return {
      id: row.id,
      bankId: row.bankId,
      bankTitle: row.bankTitle,
      topics: row.topics,
      difficulties: row.difficulties,
      createdAt: row.createdAt,
      finishedAt: row.finishedAt,
      answered: row.answered,
      correct: row.correct,
      allowance: await deps.allowance.read(user.id, hasUnlimitedPractice(user)),
    };
  }

  async function ownSession(user: UserRow, sessionId: string) {
    const session = await practice.findSession(sessionId, user.id);
    if (!session) throw noSuchSession();
    return session;
  }

  async function state(user: UserRow, sessionId: string): Promise<PracticeState> {
    const session = await ownSession(user, sessionId);
    const item = await practice.latestItem(sessionId, user.id);
    return {
      session: await sessionView(session, user),
      item: item ? toItem(item) : null,
      exhausted: session.exhausted,
    };
  }

  /** What the session came to: by topic, and when each answered question comes back. */
  async function summary(user: UserRow, sessionId: string): Promise<PracticeSummary> {
    const session = await ownSession(user, sessionId);
    const items = await practice.answeredItems(sessionId, user.id);
    const topics = new Map<string, { topic: string; answered: number; correct: number }>();
    for (const { content, result } of items) {
      const tally = topics.get(content.topic) ?? {
        topic: content.topic,
        answered: 0,
        correct: 0,
      };
      tally.answered += 1;
      if (result.correct) tally.correct += 1;
      topics.set(content.topic, tally);
    }
    return {
      session: await sessionView(session, user),
      topics: [...topics.values()],
      reviews: items
        // An essay the learner has not rated made no review card: nothing comes back for it.
        .filter(
          ({ result }) =>
            !(result.feedback.type === 'essay' && result.feedback.status === 'awaiting'),
        )
        .map(({ questionId, content, presented, result, due }) => ({
          questionId,
          topic: content.topic,
          // As shown: a calculated question's excerpt carries the learner's own numbers.
          excerpt: stemExcerpt(presented.stem),
          points: result.points,
          maxPoints: result.maxPoints,
          due,
        }))
        .sort((a, b) => a.due.localeCompare(b.due)),
    };
  }

  /**
   * Draws one more question: never one already in this session, and none answered in the bank
   * in the last days while others remain. The question database draws one per rule; one of
   * those is picked, so every chosen topic and difficulty gets its turn.
   */
  async function drawNext(session: SessionRow, requestId: string): Promise<boolean> {
    const inSession = await practice.questionIdsInSession(session.id);
    if (session.assignmentId !== null) return drawPinned(session, session.assignmentId, inSession);
    const recent = await practice.recentlySeen(
      session.userId,
      session.bankId,
      LEARNING.recentDays,
      4000,
    );
    const draw = (rules: DrawRule[], exclude: string[]) =>
      deps.questionDb.drawFromCatalog(session.bankId, { rules, exclude }, requestId);
    // A passage's questions follow one another: while the last one's group has questions this
    // session has not drawn, the next is the first of those, whatever the filters.
    const latest = await practice.latestItem(session.id, session.userId);
    const group = latest?.passage
      ? await draw([{ count: 1, passageId: latest.passage.id }], inSession)
      : undefined;
    let drawn = group?.questions.length ? group : undefined;
    if (!drawn) {
      const rules = rulesFor(session.topics, session.difficulties);
      drawn = await draw(rules, [...new Set([...inSession, ...recent])]);
      if (drawn.questions.length === 0 && recent.length > 0) drawn = await draw(rules, inSession);
    }
    if (drawn.questions.length === 0) {
      await practice.markExhausted(session.id);
      return false;
    }
    const pick = drawn.questions[Math.floor(Math.random() * drawn.questions.length)]!;
    // The session keeps the passage version its group started with.
    const passage =
      latest?.passage && latest.passage.id === pick.passageId
        ? latest.passage
        : pinnedPassage(new Map(drawn.passages.map((p) => [p.id, p])), pick.passageId);
    await practice.addItem({
      sessionId: session.id,
      questionId: pick.questionId,
      version: pick.version,
      content: pick.content,
      presented: presentQuestion(pick.content, Math.random),
      passage,
    });
    return true;
  }

  /** An assignment's session shows its pinned questions in order, and ends with the last. */
  async function drawPinned(session: SessionRow, assignmentId: string, inSession: string[]) {
    const next = await practice.pinnedQuestion(assignmentId, inSession.length + 1);
    if (!next) {
      await practice.markExhausted(session.id);
      return false;
    }
    await practice.addItem({
      sessionId: session.id,
      questionId: next.questionId,
      version: next.version,
      content: next.content,
      presented: presentQuestion(next.content, Math.random),
      passage: next.passage,
    });
    return true;
  }

  return {
    async start(user: UserRow, input: PracticeStart, requestId: string): Promise<PracticeState> {
      if (!hasUnlimitedPractice(user)) await deps.allowance.refuseWhenSpent(user.id);
      const bank = await deps.banks.open(user, input.bankId, requestId);
      const topics = [...new Set(input.topics)];
      const difficulties = [...new Set(input.difficulties)].sort();
      if (rulesFor(topics, difficulties).length > MAX_RULES) {
        throw new HttpProblem('validation.failed', {
          detail: `Choose fewer topics or difficulties: at most ${MAX_RULES} combinations.`,
          errors: [{ field: 'topics', message: 'too many topic and difficulty combinations' }],
        });
      }
      const sessionId = await practice.createSession({
        userId: user.id,
        clientId: bank.clientId,
        bankId: bank.id,
        bankTitle: bank.title,
        topics,
        difficulties,
      });
      await drawNext((await practice.findSession(sessionId, user.id))!, requestId);
      return state(user, sessionId);
    },

    state,

    /** The newest item if still unanswered (a repeated click draws nothing), else a new one. */
    async next(user: UserRow, sessionId: string, requestId: string): Promise<PracticeState> {
      const session = await ownSession(user, sessionId);
      if (session.finishedAt !== null) throw sessionFinished();
      const latest = await practice.latestItem(sessionId, user.id);
      if (!session.exhausted && (!latest || latest.result !== null)) {
        // Premium banks stay premium: a lapsed premium cannot keep drawing from an old session.
        // An assignment's questions were pinned by its teacher, from a bank the learner need
        // not be able to open.
        if (session.assignmentId === null) await deps.banks.open(user, session.bankId, requestId);
        await drawNext(session, requestId);
      }
      return state(user, sessionId);
    },

    /**
     * Grades and stores an answer, takes it from a free learner's allowance, and moves the
     * question's review card, all in one transaction. Answering an answered item again returns
     * the stored result (a retried request must not count twice).
     */
    async answer(user: UserRow, sessionId: string, itemId: string, answer: AnswerInput) {
      await deps.unitOfWork(async (work) => {
        const item = await work.practice.lockItem(sessionId, itemId, user.id);
        if (!item)
          throw new HttpProblem('not_found', {
            detail: 'There is no such question in this session.',
          });
        if (item.result !== null) return;
        if (item.finished) throw sessionFinished();
        const values = presentedValues(item.presented);
        const graded = gradeOrRefuse(item.content, answer, values);
        // Work a teacher assigned is not taken from the free daily allowance.
        if (!hasUnlimitedPractice(user) && item.assignmentId === null) {
          await deps.allowance.take(work.dailyUsage, user.id);
        }
        if (graded.awaiting) {
          // An essay is scored by the learner's own rating (`rate`); until then it is recorded
          // nowhere, and its card has not moved.
          await work.practice.saveAnswer(
            item.id,
            answer,
            gradedAnswer(item.content, graded, scheduleOf(newReviewCard(new Date())), values),
          );
          return;
        }
        const schedule = await recordPractised(work, user, item, graded);
        await work.practice.saveAnswer(
          item.id,
          answer,
          gradedAnswer(item.content, graded, schedule, values),
        );
        if (item.assignmentId !== null) await work.submissions.syncPractice(sessionId);
      });
      const [session, answered] = await Promise.all([
        ownSession(user, sessionId).then((row) => sessionView(row, user)),
        practice.findItem(sessionId, itemId, user.id),
      ]);
      return { session, item: toItem(answered!) };
    },

    /**
     * The learner's rating of their own essay, after comparing it with the model answer: it
     * becomes the score that progress and the review card use. Rating an essay again returns the
     * stored result.
     */
    async rate(user: UserRow, sessionId: string, itemId: string, rating: SelfRating) {
      await deps.unitOfWork(async (work) => {
        const item = await work.practice.lockItem(sessionId, itemId, user.id);
        if (!item)
          throw new HttpProblem('not_found', {
            detail: 'There is no such question in this session.',
          });
        const feedback = item.result?.feedback;
        if (feedback?.type === 'essay' && feedback.status === 'self_rated') return;
        if (item.content.type !== 'essay' || feedback?.type !== 'essay') {
          throw new HttpProblem('grading.not_awaiting', {
            detail: 'Only an answered essay awaiting your rating can be rated.',
          });
        }
        const graded = selfRatedEssay(item.content, rating);
        const schedule = await recordPractised(work, user, item, graded);
        await work.practice.saveResult(
          item.id,
          gradedAnswer(item.content, graded, schedule, undefined),
        );
        if (item.assignmentId !== null) await work.submissions.syncPractice(sessionId);
      });
      const [session, rated] = await Promise.all([
        ownSession(user, sessionId).then((row) => sessionView(row, user)),
        practice.findItem(sessionId, itemId, user.id),
      ]);
      return { session, item: toItem(rated!) };
    },

    /** Bookmarks keep a question at hand, and put it in the learner's reviews as a new card. */
    async bookmark(user: UserRow, sessionId: string, itemId: string, bookmarked: boolean) {
      const item = await practice.findItem(sessionId, itemId, user.id);
      if (!item)
        throw new HttpProblem('not_found', {
          detail: 'There is no such question in this session.',
        });
      await practice.setBookmark(user.id, bookmarked, {
        questionId: item.questionId,
        clientId: item.clientId,
        bankId: item.bankId,
        bankTitle: item.bankTitle,
        topic: item.content.topic,
        excerpt: stemExcerpt(item.content.stem),
      });
      if (bookmarked) {
        await ensureNewCard(deps.answers, user.id, {
          clientId: item.clientId,
          bankId: item.bankId,
          bankTitle: item.bankTitle,
          questionId: item.questionId,
          version: item.version,
          content: item.content,
          passage: item.passage,
        });
      }
    },

    /**
     * Closes the session, early or after its last question, and sums it up. A question on screen
     * but unanswered is simply not counted; finishing again changes nothing.
     */
    async finish(user: UserRow, sessionId: string): Promise<PracticeSummary> {
      const session = await ownSession(user, sessionId);
      await deps.unitOfWork(async (work) => {
        await work.practice.markFinished(sessionId);
        if (session.assignmentId !== null) await work.submissions.syncPractice(sessionId);
      });
      return summary(user, sessionId);
    },

    summary,

    bookmarks: (user: UserRow) => practice.listBookmarks(user.id),
    /** Only the bookmark goes: the review card it made stays with its history. */
    async removeBookmark(user: UserRow, questionId: string) {
      if (!(await practice.deleteBookmark(user.id, questionId))) {
        throw new HttpProblem('not_found', { detail: 'There is no such bookmark.' });
      }
    },
    allowance: (user: UserRow) => deps.allowance.read(user.id, hasUnlimitedPractice(user)),
  };
}

export type PracticeService = ReturnType<typeof createPracticeService>;

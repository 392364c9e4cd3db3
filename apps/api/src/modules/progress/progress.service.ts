import { LEARNING, type ProgressAnalytics, type ProgressReport } from '@questa/contracts';
import { recallProbability, streaks } from '@questa/scoring';
import type { EntitlementService } from '../entitlements/entitlements';
import type { ExamService } from '../exams/exam.service';
import { premiumRequired } from '../learning/learner-banks';
import type { UserRow } from '../users/user.repository';
import type { ProgressRepository } from './progress.repository';

type TopicAnalytics = ProgressAnalytics['topics'][number];

const CHART_DAYS = 30;
const DAY_MS = 86_400_000;
/** Cards read for the forecast, the most recently reviewed first; more adds little to a mean. */
const FORECAST_CARDS = 5000;

const utcDate = (time: number) => new Date(time).toISOString().slice(0, 10);

export function createProgressService(deps: {
  progress: ProgressRepository;
  exams: ExamService;
  entitlements: Pick<EntitlementService, 'featuresOf'>;
}) {
  return {
    async report(user: UserRow): Promise<ProgressReport> {
      const [totals, byTopic, days, active, exams] = await Promise.all([
        deps.progress.totals(user.id),
        deps.progress.byTopic(user.id),
        deps.progress.byDay(user.id, CHART_DAYS),
        deps.progress.activeDays(user.id, 400),
        deps.exams.list(user, 50),
      ]);
      const now = Date.now();
      const counted = new Map(days.map((day) => [day.day, day]));
      // Every one of the last 30 days, so a chart shows the gaps too.
      const byDay = Array.from({ length: CHART_DAYS }, (_, index) => {
        const day = utcDate(now - (CHART_DAYS - 1 - index) * 86_400_000);
        const found = counted.get(day);
        return { day, answered: found?.answered ?? 0, correct: found?.correct ?? 0 };
      });
      return {
        totals,
        byTopic,
        byDay,
        streak: streaks(active, utcDate(now)),
        exams: exams.filter((exam) => exam.state !== 'in_progress'),
      };
    },

    /**
     * Premium's detailed analytics: per bank and topic, how much of it the learner would still
     * recall now and in the days ahead, what falls due this week, and the time an answer takes.
     */
    async analytics(user: UserRow): Promise<ProgressAnalytics> {
      if (!deps.entitlements.featuresOf(user).detailedAnalytics) {
        throw premiumRequired('Detailed analytics are part of premium.');
      }
      const [cards, times] = await Promise.all([
        deps.progress.studiedCards(user.id, FORECAST_CARDS),
        deps.progress.answerTimes(user.id, LEARNING.answerTimeBreakSeconds),
      ]);
      const now = Date.now();
      const weekAhead = now + 7 * DAY_MS;
      const topics = new Map<string, TopicAnalytics>();
      const key = (bankId: string, topic: string) => `${bankId}\u0000${topic}`;
      const topicFor = (bankId: string, bankTitle: string, topic: string) => {
        const found = topics.get(key(bankId, topic));
        if (found) return found;
        const created: TopicAnalytics = {
          bankId,
          bankTitle,
          topic,
          cards: 0,
          dueWithin7Days: 0,
          recall: [],
          answerTime: null,
        };
        topics.set(key(bankId, topic), created);
        return created;
      };

      const sums = new Map<string, number[]>();
      for (const card of cards) {
        const row = topicFor(card.bankId, card.bankTitle, card.topic);
        row.cards += 1;
        if (Date.parse(card.fsrs.due) <= weekAhead) row.dueWithin7Days += 1;
        const sum =
          sums.get(key(card.bankId, card.topic)) ?? LEARNING.recallForecastDays.map(() => 0);
        LEARNING.recallForecastDays.forEach((days, index) => {
          sum[index]! += recallProbability(card.fsrs, new Date(now + days * DAY_MS));
        });
        sums.set(key(card.bankId, card.topic), sum);
      }
      for (const [id, sum] of sums) {
        const row = topics.get(id)!;
        row.recall = LEARNING.recallForecastDays.map((days, index) => ({
          days,
          probability: sum[index]! / row.cards,
        }));
      }
      for (const time of times) {
        topicFor(time.bankId, time.bankTitle, time.topic).answerTime = {
          medianSeconds: Math.round(time.medianSeconds * 10) / 10,
          answers: time.answers,
        };
      }

      return {
        generatedAt: new Date(now).toISOString(),
        topics: [...topics.values()].sort(
          (a, b) => a.bankTitle.localeCompare(b.bankTitle) || a.topic.localeCompare(b.topic),
        ),
      };
    },
  };
}

export type ProgressService = ReturnType<typeof createProgressService>;

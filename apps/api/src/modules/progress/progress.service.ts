import type { ProgressReport } from '@questa/contracts';
import { streaks } from '@questa/scoring';
import type { ExamService } from '../exams/exam.service';
import type { UserRow } from '../users/user.repository';
import type { ProgressRepository } from './progress.repository';

const CHART_DAYS = 30;

const utcDate = (time: number) => new Date(time).toISOString().slice(0, 10);

export function createProgressService(deps: { progress: ProgressRepository; exams: ExamService }) {
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
  };
}

export type ProgressService = ReturnType<typeof createProgressService>;

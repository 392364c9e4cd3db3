import type { ExamReview } from '@questa/contracts';
import { verdictOf, type Verdict } from '@questa/contracts/rules';

type ReviewItem = ExamReview['items'][number];

/**
 * An item's verdict on Questa's one scale, or null where the review policy hides whether it was
 * right (the score-only policy).
 */
export function itemVerdict(item: ReviewItem): Verdict | null {
  if (item.grading === 'awaiting') return 'awaiting';
  if (item.correct === null || item.points === null) return null;
  return verdictOf({ points: item.points, maxPoints: item.maxPoints });
}

export interface TopicResult {
  topic: string;
  /** Questions of the topic answered fully right: partial credit counts in the points only. */
  right: number;
  total: number;
  points: number;
  maxPoints: number;
}

/**
 * A result by topic, from the graded items, in alphabetical order. Empty when the review policy
 * hides which answers were right: a topic of one question would give that away.
 */
export function resultsByTopic(items: ExamReview['items'], locale: string): TopicResult[] {
  const byTopic = new Map<string, TopicResult>();
  for (const item of items) {
    // An essay awaiting its grader is neither right nor wrong yet; the total says it is pending.
    if (item.grading === 'awaiting') continue;
    if (item.correct === null || item.points === null) return [];
    const topic = item.question.topic;
    const result = byTopic.get(topic) ?? { topic, right: 0, total: 0, points: 0, maxPoints: 0 };
    result.total += 1;
    if (itemVerdict(item) === 'correct') result.right += 1;
    result.points += item.points;
    result.maxPoints += item.maxPoints;
    byTopic.set(topic, result);
  }
  return [...byTopic.values()].sort((a, b) => a.topic.localeCompare(b.topic, locale));
}

/** All questions, or those of one verdict; awaiting grading is offered only while any are. */
export const reviewFilters = ['all', 'correct', 'partial', 'wrong', 'awaiting'] as const;
export type ReviewFilter = (typeof reviewFilters)[number];

/** The items a filter shows: an unanswered question is wrong, like any answer without points. */
export function filterItems(items: ExamReview['items'], filter: ReviewFilter) {
  if (filter === 'all') return items;
  return items.filter((item) => itemVerdict(item) === filter);
}

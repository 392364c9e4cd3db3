import type { ExamReview } from '@questa/contracts';

export interface TopicResult {
  topic: string;
  /** Questions of the topic answered fully right. */
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
    if (item.correct) result.right += 1;
    result.points += item.points;
    result.maxPoints += item.maxPoints;
    byTopic.set(topic, result);
  }
  return [...byTopic.values()].sort((a, b) => a.topic.localeCompare(b.topic, locale));
}

export const reviewFilters = ['all', 'missed', 'right'] as const;
export type ReviewFilter = (typeof reviewFilters)[number];

/** The items a filter shows: missed is anything not fully right, unanswered included. */
export function filterItems(items: ExamReview['items'], filter: ReviewFilter) {
  if (filter === 'missed') return items.filter((item) => item.correct === false);
  if (filter === 'right') return items.filter((item) => item.correct === true);
  return items;
}

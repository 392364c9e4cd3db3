import { describe, expect, it } from 'vitest';
import { aReview } from './exam-fixtures';
import { filterItems, resultsByTopic } from './topic-results';

describe('exam results by topic', () => {
  it('adds up each topic’s right answers and points', () => {
    const review = aReview();
    const [first, second, third] = review.items;
    const items = [first!, second!, { ...third!, question: { ...third!.question, topic: 'Asia' } }];
    expect(resultsByTopic(items, 'en')).toEqual([
      { topic: 'Asia', right: 0, total: 1, points: 0, maxPoints: 1 },
      { topic: 'Europe', right: 1, total: 2, points: 1, maxPoints: 2 },
    ]);
  });

  it('says nothing by topic when the policy hides which answers were right', () => {
    const items = aReview().items.map((item) => ({ ...item, correct: null, points: null }));
    expect(resultsByTopic(items, 'en')).toEqual([]);
  });

  it('counts an unanswered question as wrong', () => {
    const { items } = aReview();
    expect(filterItems(items, 'wrong').map((item) => item.position)).toEqual([1, 3]);
    expect(filterItems(items, 'correct').map((item) => item.position)).toEqual([2]);
    expect(filterItems(items, 'all')).toHaveLength(3);
  });

  it('leaves an essay awaiting grading out of the topics, and shows it as awaiting', () => {
    const [first, second, third] = aReview().items;
    const awaiting = { ...third!, correct: null, points: null, grading: 'awaiting' as const };
    const items = [first!, second!, awaiting];
    expect(resultsByTopic(items, 'en')).toEqual([
      { topic: 'Europe', right: 1, total: 2, points: 1, maxPoints: 2 },
    ]);
    expect(filterItems(items, 'wrong').map((item) => item.position)).toEqual([1]);
    expect(filterItems(items, 'correct').map((item) => item.position)).toEqual([2]);
    expect(filterItems(items, 'awaiting').map((item) => item.position)).toEqual([3]);
  });

  it('reads an essay graded 4 of 5 as partly right, not as missed or right', () => {
    const [first, second, third] = aReview().items;
    const graded = {
      ...third!,
      correct: false,
      points: 4,
      maxPoints: 5,
      grading: 'graded' as const,
    };
    const items = [first!, second!, graded];
    expect(filterItems(items, 'partial').map((item) => item.position)).toEqual([3]);
    expect(filterItems(items, 'wrong').map((item) => item.position)).toEqual([1]);
    expect(resultsByTopic(items, 'en')).toEqual([
      { topic: 'Europe', right: 1, total: 3, points: 5, maxPoints: 7 },
    ]);
  });
});

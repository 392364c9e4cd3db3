import { describe, expect, it } from 'vitest';
import {
  isDue,
  newReviewCard,
  recallProbability,
  replayReviewCard,
  reviewCard,
  reviewCardData,
  type ReviewCard,
} from './review-card';

const start = new Date('2025-03-01T09:00:00.000Z');
const minutes = (n: number) => n * 60_000;
const days = (n: number) => n * 86_400_000;
const at = (card: ReviewCard) => new Date(card.due);

describe('review cards (FSRS)', () => {
  it('starts new, due at once, as plain JSON', () => {
    const card = newReviewCard(start);
    expect(card).toEqual({
      state: 'new',
      due: start.toISOString(),
      stability: 0,
      difficulty: 0,
      scheduledDays: 0,
      learningSteps: 0,
      reps: 0,
      lapses: 0,
      lastReview: null,
    });
    expect(isDue(card, start)).toBe(true);
    expect(JSON.parse(JSON.stringify(card))).toEqual(card);
    expect(reviewCardData.parse(card)).toEqual(card);
  });

  it('moves new → learning → review on Good, pushing the due date further each time', () => {
    const learning = reviewCard(newReviewCard(start), true, start);
    expect(learning).toMatchObject({ state: 'learning', reps: 1, lapses: 0 });
    expect(learning.lastReview).toBe(start.toISOString());
    // The second learning step (10 minutes) by default.
    expect(Date.parse(learning.due)).toBe(start.getTime() + minutes(10));
    expect(isDue(learning, start)).toBe(false);
    expect(isDue(learning, at(learning))).toBe(true);

    const review = reviewCard(learning, true, at(learning));
    expect(review).toMatchObject({ state: 'review', reps: 2 });
    expect(review.scheduledDays).toBeGreaterThanOrEqual(1);
    expect(Date.parse(review.due)).toBeGreaterThanOrEqual(Date.parse(learning.due) + days(1));

    const later = reviewCard(review, true, at(review));
    expect(later.state).toBe('review');
    expect(later.scheduledDays).toBeGreaterThan(review.scheduledDays);
    expect(Date.parse(later.due) - Date.parse(review.due)).toBeGreaterThan(
      Date.parse(review.due) - Date.parse(learning.due),
    );
    expect(later.stability).toBeGreaterThan(review.stability);
    expect(reviewCardData.parse(later)).toEqual(later);
  });

  it('sends a lapsed review card to relearning, then back to review', () => {
    let card = newReviewCard(start);
    for (let i = 0; i < 3; i += 1) card = reviewCard(card, true, at(card));
    expect(card.state).toBe('review');

    const lapseAt = at(card);
    const relearning = reviewCard(card, false, lapseAt);
    expect(relearning).toMatchObject({ state: 'relearning', lapses: 1, scheduledDays: 0 });
    expect(relearning.stability).toBeLessThan(card.stability);
    // The relearning step is 10 minutes.
    expect(Date.parse(relearning.due)).toBe(lapseAt.getTime() + minutes(10));

    const back = reviewCard(relearning, true, at(relearning));
    expect(back).toMatchObject({ state: 'review', lapses: 1 });
    expect(Date.parse(back.due)).toBeGreaterThan(Date.parse(relearning.due));
  });

  it('keeps a wrong first answer in learning', () => {
    const again = reviewCard(newReviewCard(start), false, start);
    expect(again).toMatchObject({ state: 'learning', lapses: 0 });
    expect(Date.parse(again.due)).toBe(start.getTime() + minutes(1));
  });

  it('is pure: same inputs, same card, and the input is left untouched', () => {
    const card = reviewCard(newReviewCard(start), true, start);
    const copy = structuredClone(card);
    const now = new Date(start.getTime() + days(2));
    expect(reviewCard(card, true, now)).toEqual(reviewCard(card, true, now));
    expect(card).toEqual(copy);
  });

  it('treats a review dated before the last one as happening at the last one', () => {
    const card = reviewCard(newReviewCard(start), true, start);
    const skewed = new Date(start.getTime() - minutes(5));
    expect(reviewCard(card, true, skewed)).toEqual(reviewCard(card, true, start));
  });

  it('refuses invalid dates with a RangeError', () => {
    expect(() => reviewCard(newReviewCard(start), true, new Date('nope'))).toThrow(RangeError);
  });
});

describe('replaying a card from its answers', () => {
  const times = [0, minutes(10), days(3), days(12)].map(
    (offset) => new Date(start.getTime() + offset),
  );

  it('gives the card as answering left it when nothing changed', () => {
    const outcomes = [true, true, false, true];
    let card = newReviewCard(start);
    for (const [index, correct] of outcomes.entries())
      card = reviewCard(card, correct, times[index]!);
    const history = outcomes.map((correct, index) => ({ correct, at: times[index]! }));
    expect(replayReviewCard(history, start)).toEqual(card);
  });

  it('drops a lapse that a corrected answer no longer makes', () => {
    const wrong = [true, true, false, true].map((correct, index) => ({
      correct,
      at: times[index]!,
    }));
    const corrected = wrong.map((answer, index) =>
      index === 2 ? { ...answer, correct: true } : answer,
    );
    expect(replayReviewCard(wrong, start).lapses).toBe(1);
    const card = replayReviewCard(corrected, start);
    expect(card).toMatchObject({ state: 'review', lapses: 0, reps: 4 });
    expect(card.stability).toBeGreaterThan(replayReviewCard(wrong, start).stability);
  });

  it('is a new card when there is nothing to replay', () => {
    expect(replayReviewCard([], start)).toEqual(newReviewCard(start));
  });
});

describe('recall probability', () => {
  it('is nothing for a card never reviewed', () => {
    expect(recallProbability(newReviewCard(start), start)).toBe(0);
  });

  it('is near certain just after a review and falls as time passes, about 90% when due', () => {
    let card = newReviewCard(start);
    for (let i = 0; i < 3; i += 1) card = reviewCard(card, true, at(card));
    const reviewed = new Date(card.lastReview!);
    expect(recallProbability(card, reviewed)).toBeCloseTo(1, 5);
    const whenDue = recallProbability(card, at(card));
    expect(whenDue).toBeGreaterThan(0.85);
    expect(whenDue).toBeLessThan(0.95);
    const later = recallProbability(card, new Date(Date.parse(card.due) + days(60)));
    expect(later).toBeLessThan(whenDue);
    expect(later).toBeGreaterThan(0);
    // A moment before the last review (another server's clock) counts as the review itself.
    expect(recallProbability(card, new Date(reviewed.getTime() - minutes(5)))).toBeCloseTo(1, 5);
  });
});

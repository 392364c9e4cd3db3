import { describe, expect, it } from 'vitest';
import { itemStatistics, type ItemResponse } from './item-statistics';

/** Learners 0..n-1 with an ability 0..1; `q-good` follows ability, `q-bad` runs against it. */
function cohort(size: number): ItemResponse[] {
  const responses: ItemResponse[] = [];
  for (let i = 0; i < size; i++) {
    const ability = i / (size - 1);
    const learnerId = `l${i}`;
    for (let k = 0; k < 5; k++) {
      responses.push({ learnerId, questionId: `q-core-${k}`, score: ability > k / 5 ? 1 : 0 });
    }
    responses.push({ learnerId, questionId: 'q-good', score: ability >= 0.5 ? 1 : 0 });
    responses.push({ learnerId, questionId: 'q-bad', score: ability < 0.5 ? 1 : 0 });
    responses.push({ learnerId, questionId: 'q-easy', score: 1 });
    responses.push({ learnerId, questionId: 'q-hard', score: i === size - 1 ? 1 : 0 });
  }
  return responses;
}

const byId = (stats: ReturnType<typeof itemStatistics>) =>
  Object.fromEntries(stats.map((stat) => [stat.questionId, stat]));

describe('itemStatistics', () => {
  const stats = byId(itemStatistics(cohort(30), { minResponses: 10 }));

  it('measures facility as the mean score', () => {
    expect(stats['q-easy']!.facility).toBe(1);
    expect(stats['q-good']!.facility).toBeCloseTo(0.5, 1);
    expect(stats['q-good']!.responses).toBe(30);
  });

  it('finds a question that separates strong from weak learners, and one that inverts them', () => {
    expect(stats['q-good']!.discrimination).toBeGreaterThan(0.6);
    expect(stats['q-good']!.flags).toEqual([]);
    expect(stats['q-bad']!.discrimination).toBeLessThan(-0.6);
    expect(stats['q-bad']!.flags).toEqual(['negative_discrimination']);
  });

  it('flags questions nearly everyone or nearly no one gets right', () => {
    expect(stats['q-easy']!.flags).toContain('too_easy');
    // Everyone scores 1: there is no spread, so discrimination is undefined, not zero.
    expect(stats['q-easy']!.discrimination).toBeNull();
    expect(stats['q-hard']!.flags).toContain('too_hard');
  });

  it('flags nothing on too little evidence', () => {
    const few = byId(itemStatistics(cohort(5), { minResponses: 10 }));
    expect(few['q-bad']!.flags).toEqual([]);
    expect(few['q-bad']!.discrimination).toBeNull();
  });
});

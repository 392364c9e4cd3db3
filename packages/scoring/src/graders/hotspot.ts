import { fraction, invalid, type AnswerOf, type ContentOf, type PartialGrade } from '../result';
import { contains } from './hotspot-geometry';

/**
 * Pairs markers with correct regions so that as many regions as possible are hit, each by one
 * marker (augmenting paths; at most 10 markers and 20 regions). Without it, a marker in two
 * overlapping regions could take the one another marker needed, and the score would depend on the
 * order the learner clicked in.
 */
const matchMarkers = (inside: readonly number[][], regions: number): (number | null)[] => {
  const owner: (number | null)[] = Array.from({ length: regions }, () => null);
  const place = (marker: number, seen: boolean[]): boolean => {
    for (const region of inside[marker] ?? []) {
      if (seen[region]) continue;
      seen[region] = true;
      const current = owner[region];
      if (current === null || current === undefined || place(current, seen)) {
        owner[region] = marker;
        return true;
      }
    }
    return false;
  };
  for (const marker of inside.keys()) place(marker, []);
  const regionOf: (number | null)[] = inside.map(() => null);
  for (const [region, marker] of owner.entries()) {
    if (marker !== null && marker !== undefined) regionOf[marker] = region;
  }
  return regionOf;
};

/**
 * hotspot — score = (correct regions hit − markers outside every correct region) / the hits
 * possible, never below 0. The hits possible are the correct regions, or the markers allowed when
 * there are fewer of those: with one marker and three correct regions, any of the three is right.
 * A correct region counts once however many markers lie in it; a further marker there is a
 * `repeat` and neither scores nor costs. A marker on a wrong region or on no region is a `miss`,
 * so scattering markers everywhere cannot earn the points.
 * Invalid: more markers than the question allows.
 */
export const gradeHotspot = (
  content: ContentOf<'hotspot'>,
  answer: AnswerOf<'hotspot'>,
): PartialGrade => {
  if (answer.points.length > content.markers) {
    return invalid(['points'], `at most ${content.markers} markers may be placed`);
  }
  const correct = content.regions.filter((r) => r.correct);
  const inside = answer.points.map((p) =>
    correct.flatMap((region, index) => (contains(region, p, content.image) ? [index] : [])),
  );
  const regionOf = matchMarkers(inside, correct.length);
  const points = answer.points.map((p, i) => {
    const region = regionOf[i];
    if (region !== null && region !== undefined) {
      return { ...p, outcome: 'hit' as const, regionId: correct[region]?.id ?? null };
    }
    return {
      ...p,
      outcome: (inside[i]?.length ? 'repeat' : 'miss') as 'repeat' | 'miss',
      regionId: null,
    };
  });
  const hit = new Set(points.map((p) => p.regionId));
  const hits = points.filter((p) => p.outcome === 'hit').length;
  const misses = points.filter((p) => p.outcome === 'miss').length;
  return {
    score: fraction(hits - misses, Math.min(correct.length, content.markers)),
    feedback: {
      type: 'hotspot',
      image: content.image,
      regions: correct.map((region) => ({ region, hit: hit.has(region.id) })),
      points,
    },
  };
};

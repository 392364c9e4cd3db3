import { capitalize, listText } from '../format';
import type { Rng } from '../random';
import { createRng } from '../random';
import { MediaShelf, regularPolygon } from '../svg';
import { writeAngles, writeArea } from './shapes-angles';
import type { DemoBank, DemoMedia } from '../types';
import { QuestionWriter } from '../writer';
import type { Difficulty } from '../writer';
import { writeCharts } from './shapes-charts';
import { writeMeasures } from './shapes-measures';

const POLYGONS = 'Polygons';

const NAMES: Record<number, string[]> = {
  3: ['triangle', 'equilateral triangle'],
  4: ['square', 'regular quadrilateral'],
  5: ['pentagon', 'regular pentagon'],
  6: ['hexagon', 'regular hexagon'],
  7: ['heptagon', 'septagon', 'regular heptagon'],
  8: ['octagon', 'regular octagon'],
  9: ['nonagon', 'enneagon', 'regular nonagon'],
  10: ['decagon', 'regular decagon'],
  12: ['dodecagon', 'regular dodecagon'],
};
const SIDES = [3, 4, 5, 6, 7, 8, 9, 10, 12];
const name = (sides: number): string => NAMES[sides]?.[0] ?? `${sides}-gon`;
/** For lists of polygon names, where "square" would also imply equal angles. */
const family = (sides: number): string => (sides === 4 ? 'quadrilateral' : name(sides));
/** "an octagon", "a hexagon". */
const article = (noun: string): string => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
const interior = (sides: number): number => ((sides - 2) * 180) / sides;

function writePolygons(w: QuestionWriter, rng: Rng, shelf: MediaShelf): void {
  const image = (sides: number) => ({
    key: shelf.add(`polygon-${sides}.svg`, regularPolygon(sides)),
    alt: 'A regular polygon with equal sides and equal angles',
  });
  for (const sides of [3, 5, 7, 9, 12]) {
    const wrong = [sides - 1, sides + 1, sides + 2].map(String);
    const explanation = `Count the corners or the edges: this ${name(sides)} has ${sides} sides.`;
    const meta = {
      topic: POLYGONS,
      difficulty: (sides <= 6 ? 1 : 2) as Difficulty,
      explanation,
      image: image(sides),
    };
    w.singleChoice(meta, 'How many sides does this regular polygon have?', String(sides), wrong);
  }
  for (const sides of [4, 6, 8, 10]) {
    const explanation = `It has ${sides} equal sides and equal angles, so it is ${sides === 4 ? 'a square' : `a regular ${name(sides)}`}.`;
    const meta = {
      topic: POLYGONS,
      difficulty: (sides <= 6 ? 1 : 3) as Difficulty,
      explanation,
      image: image(sides),
    };
    w.shortText(meta, 'What is the name of this polygon?', NAMES[sides] ?? []);
  }
  for (const sides of [4, 5, 6, 8, 10, 12]) {
    const total = (sides - 2) * 180;
    const explanation = `A polygon with ${sides} sides splits into ${sides - 2} triangles, so its angles add up to ${sides - 2} × 180° = ${total}°; each of the ${sides} equal angles is ${total} ÷ ${sides} = ${interior(sides)}°.`;
    const meta = {
      topic: POLYGONS,
      difficulty: (sides <= 4 ? 2 : 3) as Difficulty,
      explanation,
      image: image(sides),
    };
    w.numeric(
      meta,
      'All the interior angles of this regular polygon are equal. How large is each one, in degrees?',
      interior(sides),
      0.5,
      '°',
    );
  }
  for (const sides of [5, 7, 20]) {
    const explanation = `Any polygon with n sides splits into n − 2 triangles from one corner, so the sum is (${sides} − 2) × 180° = ${(sides - 2) * 180}°.`;
    const stem = `What is the sum of the interior angles of a polygon with ${sides} sides, in degrees?`;
    w.numeric(
      { topic: POLYGONS, difficulty: sides > 10 ? 4 : 3, explanation },
      stem,
      (sides - 2) * 180,
      0,
      '°',
    );
  }
  for (const sides of [5, 6, 8, 10]) {
    const stem =
      'This shape is a regular {{name}}. It has {{sides}} sides, and each interior angle measures {{angle}} degrees.';
    const options = [interior(sides), 360 / sides, (sides - 2) * 180].map(String);
    const blanks = [
      w.textBlank('name', NAMES[sides] ?? []),
      w.textBlank('sides', [String(sides)]),
      w.choiceBlank('angle', options[0] as string, options.slice(1)),
    ];
    const explanation = `A regular ${name(sides)} has ${sides} sides; its angles total ${(sides - 2) * 180}°, so each is ${interior(sides)}°.`;
    w.cloze({ topic: POLYGONS, difficulty: 3, explanation, image: image(sides) }, stem, blanks);
  }

  for (let set = 0; set < 2; set++) {
    const picked = rng.sample(SIDES, 4);
    const explanation =
      capitalize(picked.map((s) => `${article(family(s))} has ${s} sides`).join('; ')) + '.';
    const stem = `Match each polygon with its number of sides${set ? ` (set ${set + 1})` : ''}.`;
    w.matching(
      { topic: POLYGONS, difficulty: 2, explanation },
      stem,
      picked.map((s) => [family(s), String(s)] as const),
    );
  }
  for (let set = 0; set < 2; set++) {
    const picked = rng.sample(SIDES, 4).sort((a, b) => a - b);
    const explanation = `Sides: ${picked.map((s) => `${family(s)} ${s}`).join(', ')}.`;
    const stem = `Order these polygons by number of sides, fewest first${set ? ` (set ${set + 1})` : ''}.`;
    w.ordering({ topic: POLYGONS, difficulty: 2, explanation }, stem, picked.map(family));
  }
  for (let set = 0; set < 2; set++) {
    const many = rng.sample(
      SIDES.filter((s) => s > 6),
      rng.int(2, 3),
    );
    const few = rng.sample(
      SIDES.filter((s) => s <= 6),
      3,
    );
    const explanation = capitalize(
      `${listText([...many, ...few].map((s) => `${article(family(s))} has ${s}`))}.`,
    );
    const stem = `Which of these polygons have more than six sides?${set ? ' (set 2)' : ''}`;
    w.multipleResponse(
      { topic: POLYGONS, difficulty: 2, explanation },
      stem,
      many.map(family),
      few.map(family),
    );
  }
  for (const [i, sides] of rng.sample([5, 6, 8, 9, 10, 12], 4).entries()) {
    const claim = i % 2 === 0 ? 360 / sides : interior(sides);
    const explanation = `The exterior angles of a convex polygon add up to 360°, so each one in a regular ${name(sides)} is 360° ÷ ${sides} = ${360 / sides}°.`;
    const stem = `Each exterior angle of a regular ${name(sides)} measures ${claim}°.`;
    w.trueFalse({ topic: POLYGONS, difficulty: 3, explanation }, stem, claim === 360 / sides);
  }
}

export function shapesBank(): { bank: DemoBank; media: DemoMedia[] } {
  const rng = createRng(0x5a9e);
  const w = new QuestionWriter(rng, ['mathematics', 'geometry']);
  const shelf = new MediaShelf();
  writePolygons(w, rng, shelf);
  writeAngles(w, rng, shelf);
  writeArea(w, shelf);
  writeCharts(w, rng, shelf);
  writeMeasures(w);
  const bank: DemoBank = {
    slug: 'shapes-angles-and-charts',
    title: 'Shapes, Angles and Charts',
    description:
      'Picture-based questions on regular polygons, angles, areas and reading bar charts.',
    language: 'en',
    visibility: 'public',
    tags: ['mathematics', 'geometry', 'data'],
    questions: w.questions,
  };
  return { bank, media: shelf.list() };
}

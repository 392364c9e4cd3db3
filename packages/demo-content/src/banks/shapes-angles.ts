import type { Rng } from '../random';
import { angle, rectangle, triangle } from '../svg';
import type { MediaShelf } from '../svg';
import type { FixedQuestion, QuestionWriter } from '../writer';

const POLYGONS = 'Polygons';
const ANGLES = 'Angles';
const AREA = 'Area and perimeter';

function angleType(degrees: number): string {
  if (degrees < 90) return 'Acute';
  if (degrees === 90) return 'Right angle';
  if (degrees < 180) return 'Obtuse';
  return 'Reflex';
}

const angleFacts: FixedQuestion[] = [
  {
    type: 'true_false',
    topic: ANGLES,
    difficulty: 1,
    stem: 'Angles on a straight line add up to 180°.',
    answer: true,
    explanation: 'A straight line is half a full turn, and a full turn is 360°.',
  },
  {
    type: 'true_false',
    topic: ANGLES,
    difficulty: 1,
    stem: 'The angles inside a triangle add up to 360°.',
    answer: false,
    explanation: 'The interior angles of any triangle add up to 180°.',
  },
  {
    type: 'true_false',
    topic: ANGLES,
    difficulty: 2,
    stem: 'A triangle can have two obtuse angles.',
    answer: false,
    explanation:
      'Two obtuse angles would already add up to more than 180°, the total for a whole triangle.',
  },
  {
    type: 'true_false',
    topic: ANGLES,
    difficulty: 2,
    stem: 'Vertically opposite angles are equal.',
    answer: true,
    explanation: 'Each of them makes 180° with the same neighbouring angle, so they must be equal.',
  },
  {
    type: 'true_false',
    topic: POLYGONS,
    difficulty: 2,
    stem: 'The interior angles of any quadrilateral add up to 360°.',
    answer: true,
    explanation: 'A diagonal splits a quadrilateral into two triangles: 2 × 180° = 360°.',
  },
  {
    type: 'short_text',
    topic: ANGLES,
    difficulty: 1,
    stem: 'What is the name for an angle of exactly 90°?',
    accepted: ['right angle', 'right', 'a right angle'],
    explanation: 'A 90° angle is a right angle, a quarter of a full turn.',
  },
  {
    type: 'short_text',
    topic: ANGLES,
    difficulty: 1,
    stem: 'What do we call an angle smaller than 90°?',
    accepted: ['acute', 'acute angle', 'an acute angle'],
    explanation: 'Angles between 0° and 90° are acute.',
  },
  {
    type: 'short_text',
    topic: ANGLES,
    difficulty: 2,
    stem: 'What do we call an angle between 90° and 180°?',
    accepted: ['obtuse', 'obtuse angle', 'an obtuse angle'],
    explanation: 'Angles larger than a right angle but smaller than a straight line are obtuse.',
  },
  {
    type: 'short_text',
    topic: ANGLES,
    difficulty: 2,
    stem: 'What do we call an angle between 180° and 360°?',
    accepted: ['reflex', 'reflex angle', 'a reflex angle'],
    explanation: 'Angles larger than a straight line but smaller than a full turn are reflex.',
  },
];

export function writeAngles(w: QuestionWriter, rng: Rng, shelf: MediaShelf): void {
  const TYPES = ['Acute', 'Right angle', 'Obtuse', 'Reflex'];
  for (const degrees of [35, 70, 90, 125, 160, 250]) {
    const image = {
      key: shelf.add(`angle-${degrees}.svg`, angle(degrees)),
      alt: 'Two rays from a point with the angle between them marked',
    };
    const type = angleType(degrees);
    const explanation = `The marked angle is ${degrees}°. Acute is under 90°, a right angle is exactly 90°, obtuse is between 90° and 180°, and reflex is over 180°.`;
    w.singleChoice(
      { topic: ANGLES, difficulty: 1, explanation, image },
      'What type of angle is marked?',
      type,
      TYPES.filter((t) => t !== type),
    );
    if (degrees === 90) continue;
    const guesses = [20, 45, 90, 135, 180, 225, 270, 315].filter(
      (g) => Math.abs(g - degrees) >= 40,
    );
    const wrong = rng.sample(guesses, 3).map((g) => `About ${g}°`);
    const meta = {
      topic: ANGLES,
      difficulty: 2 as const,
      explanation: `The marked angle is ${degrees}°: ${type === 'Reflex' ? 'more than a half turn' : type === 'Acute' ? 'less than a right angle' : 'between a right angle and a straight line'}.`,
      image,
    };
    w.singleChoice(meta, 'Roughly how large is the marked angle?', `About ${degrees}°`, wrong);
  }

  for (const [a, b] of [
    [50, 60],
    [40, 75],
    [110, 35],
    [62, 58],
    [45, 90],
  ] as const) {
    const image = {
      key: shelf.add(`triangle-${a}-${b}.svg`, triangle(a, b)),
      alt: `A triangle with two angles marked, ${a}° and ${b}°, and the third marked with a question mark`,
    };
    const explanation = `The angles in a triangle add up to 180°, so the missing angle is 180° − ${a}° − ${b}° = ${180 - a - b}°.`;
    const meta = { topic: ANGLES, difficulty: 2 as const, explanation, image };
    w.numeric(
      meta,
      'Two angles of this triangle are given. What is the angle marked with a question mark, in degrees?',
      180 - a - b,
      0,
      '°',
    );
  }

  const ranges: [number, number][] = [
    [10, 85],
    [90, 90],
    [95, 175],
    [185, 350],
  ];
  for (let set = 0; set < 2; set++) {
    const pairs = ranges.map(([lo, hi]) => {
      const degrees = lo + 5 * rng.int(0, (hi - lo) / 5);
      return [`${degrees}°`, angleType(degrees)] as const;
    });
    const explanation =
      'Acute: under 90°. Right: exactly 90°. Obtuse: between 90° and 180°. Reflex: between 180° and 360°.';
    const stem = `Match each angle with its type${set ? ' (set 2)' : ''}.`;
    w.matching({ topic: ANGLES, difficulty: 1, explanation }, stem, rng.shuffle(pairs));
  }
  for (let set = 0; set < 2; set++) {
    const obtuse = rng.sample([95, 100, 115, 120, 135, 150, 165, 170], rng.int(2, 3));
    const other = rng.sample([15, 40, 60, 85, 90, 180, 200, 270], 6 - obtuse.length);
    const explanation = `${obtuse.map((d) => `${d}°`).join(', ')} lie between 90° and 180°, so they are obtuse; the others are not.`;
    const stem = `Which of these angles are obtuse?${set ? ' (set 2)' : ''}`;
    w.multipleResponse(
      { topic: ANGLES, difficulty: 2, explanation },
      stem,
      obtuse.map((d) => `${d}°`),
      other.map((d) => `${d}°`),
    );
  }
  w.fixed(angleFacts);
}

export function writeArea(w: QuestionWriter, shelf: MediaShelf): void {
  for (const [width, height] of [
    [8, 5],
    [12, 3],
    [7, 7],
    [6, 9],
  ] as const) {
    const image = {
      key: shelf.add(`rectangle-${width}x${height}.svg`, rectangle(width, height, 'cm')),
      alt: `A rectangle ${width} cm wide and ${height} cm tall`,
    };
    const area = {
      topic: AREA,
      difficulty: 1 as const,
      image,
      explanation: `Area = width × height = ${width} × ${height} = ${width * height} cm².`,
    };
    w.numeric(area, 'What is the area of this rectangle?', width * height, 0, 'cm²');
    const around = {
      topic: AREA,
      difficulty: 2 as const,
      image,
      explanation: `Perimeter = 2 × (width + height) = 2 × (${width} + ${height}) = ${2 * (width + height)} cm.`,
    };
    w.numeric(around, 'What is the perimeter of this rectangle?', 2 * (width + height), 0, 'cm');
  }
  for (const [width, height] of [
    [9, 4],
    [11, 6],
  ] as const) {
    const stem = `A rectangle ${width} cm long and ${height} cm wide has an area of {{area}} cm² and a perimeter of {{perimeter}} cm.`;
    const explanation = `Area: ${width} × ${height} = ${width * height} cm². Perimeter: 2 × (${width} + ${height}) = ${2 * (width + height)} cm.`;
    const blanks = [
      w.textBlank('area', [String(width * height)]),
      w.textBlank('perimeter', [String(2 * (width + height))]),
    ];
    w.cloze({ topic: AREA, difficulty: 2, explanation }, stem, blanks);
  }
}

import type { CalculatedInput, Difficulty, QuestionWriter } from '../writer';

export const MEASURES = 'Measuring shapes';

interface Measure extends CalculatedInput {
  stem: string;
  difficulty: Difficulty;
  explanation: string;
}

const whole = (name: string, min: number, max: number) => ({ name, min, max, decimals: 0 });

/**
 * Calculated questions: each practice draws new lengths, so a learner who remembers the last
 * answer still has to work the formula again.
 */
const measures: Measure[] = [
  {
    stem: 'A rectangle is {a} cm long and {b} cm wide. What is its area?',
    variables: [whole('a', 3, 20), whole('b', 2, 15)],
    formula: 'a * b',
    tolerance: 0,
    toleranceType: 'absolute',
    answerDecimals: 0,
    unit: 'cm²',
    difficulty: 1,
    explanation: 'The area of a rectangle is length × width.',
  },
  {
    stem: 'A rectangle is {a} m long and {b} m wide. What is its perimeter?',
    variables: [whole('a', 3, 40), whole('b', 2, 30)],
    formula: '2 * (a + b)',
    tolerance: 0,
    toleranceType: 'absolute',
    answerDecimals: 0,
    unit: 'm',
    difficulty: 1,
    explanation: 'The perimeter of a rectangle is 2 × (length + width).',
  },
  {
    stem: 'A triangle has a base of {b} cm and a height of {h} cm. What is its area?',
    variables: [whole('b', 2, 30), whole('h', 2, 20)],
    formula: 'b * h / 2',
    tolerance: 0,
    toleranceType: 'absolute',
    answerDecimals: 1,
    unit: 'cm²',
    difficulty: 2,
    explanation: 'The area of a triangle is base × height ÷ 2.',
  },
  {
    stem: 'What is the area of a circle with a radius of {r} cm? Round to one decimal place.',
    variables: [whole('r', 1, 25)],
    formula: 'pi() * r ^ 2',
    tolerance: 0.001,
    toleranceType: 'relative',
    answerDecimals: 1,
    unit: 'cm²',
    difficulty: 2,
    explanation: 'The area of a circle is π × r².',
  },
  {
    stem: 'What is the circumference of a circle with a diameter of {d} m? Round to one decimal place.',
    variables: [whole('d', 2, 50)],
    formula: 'pi() * d',
    tolerance: 0.001,
    toleranceType: 'relative',
    answerDecimals: 1,
    unit: 'm',
    difficulty: 2,
    explanation: 'The circumference of a circle is π × diameter.',
  },
  {
    stem: 'A right-angled triangle has legs of {a} cm and {b} cm. How long is its hypotenuse? Round to two decimal places.',
    variables: [whole('a', 2, 20), whole('b', 2, 20)],
    formula: 'sqrt(a ^ 2 + b ^ 2)',
    tolerance: 0.01,
    toleranceType: 'absolute',
    answerDecimals: 2,
    unit: 'cm',
    difficulty: 3,
    explanation: 'By Pythagoras, the hypotenuse is √(a² + b²).',
  },
  {
    stem: 'A cuboid measures {a} cm by {b} cm by {c} cm. What is its volume?',
    variables: [whole('a', 2, 12), whole('b', 2, 12), whole('c', 2, 12)],
    formula: 'a * b * c',
    tolerance: 0,
    toleranceType: 'absolute',
    answerDecimals: 0,
    unit: 'cm³',
    difficulty: 2,
    explanation: 'The volume of a cuboid is length × width × height.',
  },
  {
    stem: 'A trapezium has parallel sides of {a} m and {b} m, {h} m apart. What is its area?',
    variables: [whole('a', 2, 20), whole('b', 2, 20), whole('h', 2, 12)],
    formula: '(a + b) / 2 * h',
    tolerance: 0,
    toleranceType: 'absolute',
    answerDecimals: 1,
    unit: 'm²',
    difficulty: 3,
    explanation:
      'The area of a trapezium is the mean of the parallel sides × the distance between them.',
  },
  {
    stem: 'What is the interior angle of a regular polygon with {n} sides? Round to one decimal place.',
    variables: [whole('n', 5, 20)],
    formula: '(n - 2) * 180 / n',
    tolerance: 0.05,
    toleranceType: 'absolute',
    answerDecimals: 1,
    unit: '°',
    difficulty: 3,
    explanation:
      'The interior angles of an n-gon add up to (n − 2) × 180°, shared by n equal angles.',
  },
  {
    stem: 'A square has an area of {s} cm². How long is each side? Round to two decimal places.',
    variables: [{ name: 's', min: 10, max: 200, decimals: 0, step: 5 }],
    formula: 'sqrt(s)',
    tolerance: 0.01,
    toleranceType: 'absolute',
    answerDecimals: 2,
    unit: 'cm',
    difficulty: 3,
    explanation: 'Each side of a square is the square root of its area.',
  },
];

export function writeMeasures(w: QuestionWriter): void {
  for (const { stem, difficulty, explanation, ...definition } of measures) {
    w.calculated({ topic: MEASURES, difficulty, explanation }, stem, definition);
  }
}

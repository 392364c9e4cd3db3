import type { QuestionContentInput, QuestionType } from '@questa/contracts';

const common = { topic: 'Geography', difficulty: 2 };

/** One valid question of every type, for tests. */
export const sampleQuestions: Record<QuestionType, QuestionContentInput> = {
  single_choice: {
    ...common,
    type: 'single_choice',
    stem: 'What is the capital of France?',
    options: [
      { id: 'a', text: 'Paris', correct: true },
      { id: 'b', text: 'Lyon', correct: false },
    ],
  },
  multiple_response: {
    ...common,
    type: 'multiple_response',
    stem: 'Which of these are rivers?',
    options: [
      { id: 'a', text: 'Danube', correct: true },
      { id: 'b', text: 'Rhine', correct: true },
      { id: 'c', text: 'Alps', correct: false },
    ],
  },
  true_false: { ...common, type: 'true_false', stem: 'Berlin is in Germany.', answer: true },
  short_text: {
    ...common,
    type: 'short_text',
    stem: 'Name the longest river in Africa.',
    accepted: ['Nile', 'The Nile'],
  },
  numeric: {
    ...common,
    type: 'numeric',
    stem: 'How many continents are there?',
    value: 7,
    tolerance: 0,
  },
  ordering: {
    ...common,
    type: 'ordering',
    stem: 'Order these cities from north to south.',
    items: [
      { id: 'a', text: 'Oslo' },
      { id: 'b', text: 'Rome' },
    ],
  },
  matching: {
    ...common,
    type: 'matching',
    stem: 'Match each country to its capital.',
    pairs: [
      { id: 'a', prompt: 'Spain', answer: 'Madrid' },
      { id: 'b', prompt: 'Italy', answer: 'Rome' },
    ],
  },
  cloze: {
    ...common,
    type: 'cloze',
    stem: 'The capital of Japan is {{city}}.',
    blanks: [{ id: 'city', kind: 'text', accepted: ['Tokyo'] }],
  },
  hotspot: {
    ...common,
    type: 'hotspot',
    stem: 'Click Lake Victoria on the map.',
    media: ['e'.repeat(64)],
    image: { sha256: 'e'.repeat(64), alt: 'A map of East Africa', width: 600, height: 400 },
    regions: [
      { id: 'victoria', shape: 'circle', x: 0.5, y: 0.5, radius: 0.08, correct: true },
      { id: 'tanganyika', shape: 'rect', x: 0.2, y: 0.6, width: 0.05, height: 0.3, correct: false },
    ],
    markers: 1,
  },
  calculated: {
    ...common,
    type: 'calculated',
    stem: 'A train covers {d} km in {t} hours. What is its average speed?',
    variables: [
      { name: 'd', min: 100, max: 500, decimals: 0 },
      { name: 't', min: 2, max: 5, decimals: 0 },
    ],
    formula: '{d} / {t}',
    tolerance: 0.01,
    toleranceType: 'relative',
    answerDecimals: 1,
    unit: 'km/h',
  },
  essay: {
    ...common,
    type: 'essay',
    stem: 'Why do most capitals lie on a river or a coast?',
    rubric: '- Names trade or transport\n- Names water supply',
    modelAnswer: 'Rivers and coasts carried trade and supplied water, so towns grew there.',
    maxWords: 200,
  },
};

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
  essay: {
    ...common,
    type: 'essay',
    stem: 'Why do most capitals lie on a river or a coast?',
    rubric: '- Names trade or transport\n- Names water supply',
    modelAnswer: 'Rivers and coasts carried trade and supplied water, so towns grew there.',
    maxWords: 200,
  },
};

import { createHash } from 'node:crypto';
import { questionContent } from '@questa/contracts';
import type { QuestionContent, QuestionContentInput } from '@questa/contracts';

/** A 1×1 PNG, the image the QTI fixtures pack. */
export const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
    'base64',
  ),
);
export const PNG_SHA = createHash('sha256').update(PNG).digest('hex');

const base = {
  topic: 'Calculus',
  tags: ['math', 'derivatives'],
  difficulty: 4,
  explanation: 'By the power rule, $\\frac{d}{dx} x^n = n x^{n-1}$ — see **section 2**.',
};

const inputs: Record<string, QuestionContentInput> = {
  single_choice: {
    ...base,
    type: 'single_choice',
    stem: 'What is $\\frac{d}{dx} x^2$?\n\n**Hint:** use the power rule; C# & <b> = {braces} ~ #1: fine.',
    options: [
      { id: 'a', text: '$2x$', correct: true },
      { id: 'b', text: '$x^2/2$, "quoted"', correct: false },
      { id: 'c', text: '$x$ | pipe', correct: false },
    ],
  },
  multiple_response: {
    ...base,
    topic: 'Number theory',
    type: 'multiple_response',
    stem: 'Select the *prime* numbers:\n\n- all of them are < 10\n- some are even',
    options: [
      { id: 'a', text: '2', correct: true },
      { id: 'b', text: '3', correct: true },
      { id: 'c', text: '4', correct: false },
      { id: 'd', text: '9', correct: false },
    ],
  },
  true_false: {
    ...base,
    type: 'true_false',
    stem: '$\\sqrt{2}$ is irrational.',
    answer: true,
    tags: [],
    difficulty: 1,
  },
  short_text: {
    ...base,
    topic: 'Geography',
    type: 'short_text',
    stem: 'Name the capital of *France*, in one word.',
    accepted: ['Paris', 'Lutèce'],
  },
  numeric: {
    ...base,
    type: 'numeric',
    stem: 'Give $\\pi$ to two decimals.',
    value: 3.14,
    tolerance: 0.005,
  },
  ordering: {
    ...base,
    type: 'ordering',
    stem: 'Order from smallest to largest:',
    items: [
      { id: 'a', text: '$10^{-3}$' },
      { id: 'b', text: '1' },
      { id: 'c', text: '$10^3$' },
    ],
  },
  matching: {
    ...base,
    topic: 'Chemistry',
    type: 'matching',
    stem: 'Match each element to its **symbol**:',
    pairs: [
      { id: 'a', prompt: 'Iron', answer: 'Fe' },
      { id: 'b', prompt: 'Gold', answer: 'Au' },
      { id: 'c', prompt: 'Sodium', answer: 'Na' },
    ],
  },
  cloze: {
    ...base,
    topic: 'Chemistry',
    type: 'cloze',
    stem: 'Water is {{1}} and boils at $100\\,°C$ at sea level.',
    blanks: [{ id: '1', kind: 'text', accepted: ['H2O', 'H₂O'] }],
  },
  essay: {
    ...base,
    topic: 'History',
    type: 'essay',
    stem: 'Why did the *Roman Republic* fall? Argue in a few paragraphs.',
  },
};

/** One question of each type that every format carries whole (GIFT skips ordering). */
export const fixtures: QuestionContent[] = Object.values(inputs).map((q) =>
  questionContent.parse(q),
);

/** Questions only the richer formats (Moodle XML, QTI, CSV) carry whole. */
export const richFixtures: QuestionContent[] = [
  {
    ...base,
    type: 'cloze',
    stem: 'Roses are {{1}},\nviolets are {{2}}.',
    blanks: [
      { id: '1', kind: 'choice', options: ['red', 'green', 'blue'], correct: 0 },
      { id: '2', kind: 'text', accepted: ['blue'], caseSensitive: true },
    ],
  },
  {
    ...base,
    type: 'numeric',
    stem: 'How long is the rod?',
    value: -12.5,
    tolerance: 0,
    unit: 'cm',
  },
  {
    ...base,
    type: 'short_text',
    stem: 'Type the chemical symbol of helium.',
    accepted: ['He'],
    caseSensitive: true,
    whitespace: 'exact',
  },
  { ...base, type: 'true_false', stem: 'Zero is odd.', answer: false, points: 2.5 },
  {
    ...base,
    type: 'essay',
    stem: 'Explain why $e^{i\\pi} = -1$.',
    rubric: '- Uses **Euler’s formula**\n- Evaluates $\\cos$ and $\\sin$ at $\\pi$',
    modelAnswer:
      'By Euler’s formula $e^{i\\theta} = \\cos\\theta + i\\sin\\theta$; at $\\pi$ this is $-1 + 0i$.',
  },
].map((q) => questionContent.parse(q));

/** A question with an image, for the format that packs image files (QTI). */
export const imageFixture: QuestionContent = questionContent.parse({
  ...base,
  type: 'single_choice',
  stem: `Which shape is this?\n\n![a red square](media:${PNG_SHA})`,
  options: [
    { id: 'a', text: 'Square', correct: true },
    { id: 'b', text: 'Circle', correct: false },
  ],
  media: [PNG_SHA],
});

/** A hotspot question on the packed image, with every shape; only QTI carries it. */
export const hotspotFixture: QuestionContent = questionContent.parse({
  ...base,
  topic: 'Anatomy',
  type: 'hotspot',
  stem: 'Click **both** chambers that pump blood to the body and the lungs.',
  media: [PNG_SHA],
  image: { sha256: PNG_SHA, alt: 'A cross-section of the heart', width: 640, height: 480 },
  regions: [
    {
      id: 'left',
      shape: 'circle',
      x: 0.625,
      y: 0.55,
      radius: 0.075,
      correct: true,
      label: 'Left ventricle',
    },
    { id: 'right', shape: 'rect', x: 0.25, y: 0.4, width: 0.15, height: 0.3, correct: true },
    {
      id: 'atrium',
      shape: 'polygon',
      points: [
        { x: 0.4, y: 0.1 },
        { x: 0.55, y: 0.125 },
        { x: 0.5, y: 0.3 },
      ],
      correct: false,
      label: 'Left atrium',
    },
  ],
  markers: 2,
});

/** Choice questions with Moodle-style option credits and feedback. */
export const creditFixtures: QuestionContent[] = [
  {
    ...base,
    topic: 'Geography',
    type: 'single_choice',
    stem: 'Which city is the capital of *Australia*?',
    options: [
      { id: 'a', text: 'Canberra', correct: true, feedback: 'Yes: chosen as a **compromise**.' },
      { id: 'b', text: 'Sydney', correct: false, credit: 0.5, feedback: 'The largest city, #1.' },
      { id: 'c', text: 'Auckland', correct: false, credit: -0.25 },
      { id: 'd', text: 'Perth', correct: false },
    ],
  },
  {
    ...base,
    topic: 'Astronomy',
    type: 'multiple_response',
    stem: 'Which planets are closer to the Sun than the Earth?',
    options: [
      { id: 'a', text: 'Mercury', correct: true, credit: 0.6666667, feedback: 'The closest.' },
      { id: 'b', text: 'Venus', correct: true, credit: 0.3333333 },
      { id: 'c', text: 'Mars', correct: false, credit: -0.5, feedback: 'Mars is farther out.' },
      { id: 'd', text: 'Pluto', correct: false, credit: 0 },
    ],
  },
].map((q) => questionContent.parse(q));

/** Accepted answers worth part of the marks, as Moodle's 50 % short and numeric answers. */
export const answerCreditFixtures: QuestionContent[] = [
  {
    ...base,
    topic: 'Geography',
    type: 'short_text',
    stem: 'Which river flows through *Vienna*?',
    accepted: ['Danube', 'Donau', 'a river'],
    credits: [1, 1, 0.3333333],
  },
  {
    ...base,
    topic: 'Geometry',
    type: 'numeric',
    stem: 'What is $\\pi$ to four decimals?',
    value: 3.1416,
    tolerance: 0.00005,
    alternatives: [
      { value: 3.14, tolerance: 0.005, credit: 0.5 },
      { value: 3, tolerance: 0, credit: 0.1 },
    ],
  },
].map((q) => questionContent.parse(q));

/** A question with hints, which only Moodle XML carries. */
export const hintFixture: QuestionContent = questionContent.parse({
  ...base,
  type: 'single_choice',
  stem: 'What is $7 \\times 8$?',
  hints: ['Think of $7 \\times 7$ first.', 'Then add **one more** 7.'],
  options: [
    { id: 'a', text: '56', correct: true },
    { id: 'b', text: '54', correct: false },
  ],
});

import type {
  Bank,
  QuestionContent,
  QuestionDetail,
  QuestionSummary,
  QuestionVersion,
  TenantBank,
} from '@questa/contracts';
import { aMembership } from './session-fixtures';

export const clientId = aMembership().clientId;
export const bankId = '7d1f3c2e-7a43-4c55-9a8f-1f0a2b3c4d5e';
export const questionId = '5e0d9c8b-7a69-4584-9372-615049382716';

const common = {
  stem: 'What is the capital of France?',
  explanation: 'Paris has been the capital since 508.',
  topic: 'Europe',
  tags: ['capitals'],
  difficulty: 2,
  points: 1,
  media: [],
  licence: 'CC BY 4.0',
  attribution: '',
};

/** One valid content of each question type. */
export const contents = {
  single_choice: {
    ...common,
    type: 'single_choice',
    options: [
      { id: 'o1', text: 'Paris', correct: true },
      { id: 'o2', text: 'Lyon', correct: false },
    ],
  },
  multiple_response: {
    ...common,
    type: 'multiple_response',
    stem: 'Which cities are in France?',
    options: [
      { id: 'o1', text: 'Paris', correct: true },
      { id: 'o2', text: 'Lyon', correct: true },
      { id: 'o3', text: 'Madrid', correct: false },
    ],
  },
  true_false: { ...common, type: 'true_false', stem: 'Paris is in France.', answer: true },
  short_text: {
    ...common,
    type: 'short_text',
    accepted: ['Paris', 'Paris, France'],
    caseSensitive: false,
    whitespace: 'collapse',
  },
  numeric: {
    ...common,
    type: 'numeric',
    stem: 'How tall is the Eiffel tower in metres?',
    value: 330,
    tolerance: 5,
    unit: 'm',
  },
  ordering: {
    ...common,
    type: 'ordering',
    stem: 'Order from north to south.',
    items: [
      { id: 'i1', text: 'Lille' },
      { id: 'i2', text: 'Paris' },
      { id: 'i3', text: 'Marseille' },
    ],
  },
  matching: {
    ...common,
    type: 'matching',
    stem: 'Match the country and its capital.',
    pairs: [
      { id: 'p1', prompt: 'France', answer: 'Paris' },
      { id: 'p2', prompt: 'Spain', answer: 'Madrid' },
    ],
  },
  cloze: {
    ...common,
    type: 'cloze',
    stem: 'The capital of France is {{b1}} and of Spain {{b2}}.',
    blanks: [
      { id: 'b1', kind: 'text', accepted: ['Paris'], caseSensitive: false },
      { id: 'b2', kind: 'choice', options: ['Madrid', 'Seville'], correct: 0 },
    ],
  },
  hotspot: {
    ...common,
    type: 'hotspot',
    stem: 'Click Paris on the map.',
    media: ['f'.repeat(64)],
    image: { sha256: 'f'.repeat(64), alt: 'A map of France', width: 400, height: 400 },
    regions: [
      { id: 'r1', shape: 'circle', x: 0.5, y: 0.3, radius: 0.05, correct: true, label: 'Paris' },
      {
        id: 'r2',
        shape: 'rect',
        x: 0.4,
        y: 0.8,
        width: 0.1,
        height: 0.1,
        correct: false,
        label: '',
      },
    ],
    markers: 1,
  },
  calculated: {
    ...common,
    type: 'calculated',
    stem: 'A field is {a} m long and {b} m wide. What is its area?',
    variables: [
      { name: 'a', min: 2, max: 9, decimals: 0 },
      { name: 'b', min: 10, max: 20, decimals: 1 },
    ],
    formula: 'a * b',
    tolerance: 0.01,
    toleranceType: 'relative',
    answerDecimals: 1,
    unit: 'm²',
  },
  essay: {
    ...common,
    type: 'essay',
    stem: 'Why did Paris become the capital of France?',
    rubric: '- Names the river trade\n- Names the Capetian kings',
    modelAnswer: 'The Seine carried trade, and the Capetian kings ruled from there.',
    maxWords: 200,
  },
} satisfies Record<QuestionContent['type'], QuestionContent>;

export function aQuestionDetail(
  content: QuestionContent = contents.single_choice,
  overrides: Partial<QuestionDetail> = {},
  version: Partial<QuestionVersion> = {},
): QuestionDetail {
  return {
    id: questionId,
    bankId,
    clientId,
    currentVersion: 1,
    publishedVersion: null,
    revision: 3,
    passageId: null,
    current: {
      questionId,
      version: 1,
      status: 'draft',
      content,
      authorId: 'sub-ada',
      createdAt: '2026-03-01T10:00:00.000Z',
      ...version,
    },
    ...overrides,
  };
}

export function aTenantBank(overrides: Partial<TenantBank> = {}): TenantBank {
  return {
    id: bankId,
    slug: 'world-capitals',
    title: 'World capitals',
    visibility: 'private',
    questionCount: 12,
    archivedAt: null,
    ...overrides,
  };
}

export function anAuthoringBank(overrides: Partial<Bank> = {}): Bank {
  return {
    ...aTenantBank(),
    clientId,
    description: 'Capitals of every country.',
    language: 'en',
    tags: [],
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    archivedAt: null,
    ...overrides,
  };
}

export function aQuestionSummary(overrides: Partial<QuestionSummary> = {}): QuestionSummary {
  return {
    id: questionId,
    bankId,
    status: 'draft',
    currentVersion: 1,
    publishedVersion: null,
    revision: 3,
    type: 'single_choice',
    excerpt: 'What is the capital of France?',
    topic: 'Europe',
    tags: [],
    difficulty: 2,
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The question database's address of a tenant path, as the client calls it. */
export const qdb = (path: string) => `/qdb/api/v1/clients/${clientId}${path}`;

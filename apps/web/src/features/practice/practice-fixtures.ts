import type {
  GradedAnswer,
  LearnerQuestion,
  PracticeItem,
  PracticeSession,
  PracticeState,
} from '@questa/contracts';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

export const sessionId = '5e55a0a0-0000-4000-8000-000000000001';
export const bankId = '7d1f3c2e-7a43-4c55-9a8f-1f0a2b3c4d5e';

export const capitalQuestion: LearnerQuestion = {
  type: 'single_choice',
  stem: 'What is the capital of France?',
  topic: 'Europe',
  difficulty: 2,
  points: 1,
  media: [],
  options: [
    { id: 'berlin', text: 'Berlin' },
    { id: 'paris', text: 'Paris' },
    { id: 'rome', text: 'Rome' },
  ],
};

export function aPracticeSession(overrides: Partial<PracticeSession> = {}): PracticeSession {
  return {
    id: sessionId,
    bankId,
    bankTitle: 'World capitals',
    topics: [],
    difficulties: [],
    createdAt: '2026-03-01T10:00:00.000Z',
    finishedAt: null,
    answered: 2,
    correct: 1,
    allowance: { limit: 20, used: 13, remaining: 7, resetsAt: inHours(5) },
    ...overrides,
  };
}

export function aPracticeItem(overrides: Partial<PracticeItem> = {}): PracticeItem {
  return {
    id: '17e40000-0000-4000-8000-000000000003',
    position: 3,
    questionId: '9a000000-0000-4000-8000-000000000001',
    version: 1,
    question: capitalQuestion,
    passage: null,
    bookmarked: false,
    result: null,
    answer: null,
    ...overrides,
  };
}

export function aPracticeState(overrides: Partial<PracticeState> = {}): PracticeState {
  return { session: aPracticeSession(), item: aPracticeItem(), exhausted: false, ...overrides };
}

export function aGradedAnswer(overrides: Partial<GradedAnswer> = {}): GradedAnswer {
  return {
    correct: false,
    score: 0,
    points: 0,
    maxPoints: 1,
    feedback: {
      type: 'single_choice',
      options: [
        { optionId: 'berlin', chosen: true, correct: false },
        { optionId: 'paris', chosen: false, correct: true },
        { optionId: 'rome', chosen: false, correct: false },
      ],
    },
    correctAnswer: { type: 'single_choice', optionId: 'paris' },
    explanation: 'Paris has been the capital since 987.',
    card: { state: 'learning', due: new Date(Date.now() + 10 * 60_000).toISOString() },
    ...overrides,
  };
}

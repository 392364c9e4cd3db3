import type { Blueprint, ExamAttempt, ExamReview } from '@questa/contracts';

export const attemptId = 'a77e0000-0000-4000-8000-000000000001';
export const bankId = '7d1f3c2e-7a43-4c55-9a8f-1f0a2b3c4d5e';

const common = { topic: 'Europe', difficulty: 2, points: 1, media: [] };

export function aBlueprint(overrides: Partial<Blueprint> = {}): Blueprint {
  return {
    id: 'default',
    bankId,
    title: 'Full mock exam',
    rules: [{ count: 20 }],
    questionCount: 20,
    timeLimitSeconds: 1800,
    passMark: 0.6,
    shuffle: true,
    reviewPolicy: 'full',
    isDefault: true,
    ...overrides,
  };
}

/** An attempt started now on the browser's clock, with `minutes` left. */
export function anAttempt(overrides: Partial<ExamAttempt> = {}, minutes = 30): ExamAttempt {
  const now = Date.now();
  return {
    id: attemptId,
    bankId,
    bankTitle: 'World capitals',
    blueprintTitle: 'Full mock exam',
    state: 'in_progress',
    startedAt: new Date(now).toISOString(),
    deadline: new Date(now + minutes * 60_000).toISOString(),
    serverNow: new Date(now).toISOString(),
    extraTimePercent: 0,
    passMark: 0.6,
    reviewPolicy: 'full',
    submittedAt: null,
    submittedBy: null,
    questionCount: 3,
    questions: [
      {
        position: 1,
        passage: null,
        question: {
          ...common,
          type: 'single_choice',
          stem: 'What is the capital of France?',
          options: [
            { id: 'berlin', text: 'Berlin' },
            { id: 'paris', text: 'Paris' },
          ],
        },
      },
      {
        position: 2,
        passage: null,
        question: { ...common, type: 'short_text', stem: 'Name the capital of Italy.' },
      },
      {
        position: 3,
        passage: null,
        question: { ...common, type: 'true_false', stem: 'Madrid is the capital of Spain.' },
      },
    ],
    responses: [],
    score: null,
    ...overrides,
  };
}

export function aReview(overrides: Partial<ExamReview> = {}): ExamReview {
  const attempt = anAttempt();
  return {
    attempt: {
      id: attempt.id,
      bankId,
      bankTitle: attempt.bankTitle,
      blueprintTitle: attempt.blueprintTitle,
      state: 'submitted',
      startedAt: attempt.startedAt,
      deadline: attempt.deadline,
      submittedAt: '2026-03-01T10:20:00.000Z',
      questionCount: 3,
      score: {
        points: 1,
        maxPoints: 3,
        fraction: 1 / 3,
        passed: false,
        pendingCount: 0,
        pendingPoints: 0,
      },
    },
    againBlueprintId: 'default',
    reviewPolicy: 'full',
    passMark: 0.6,
    items: [
      {
        position: 1,
        passage: null,
        question: attempt.questions[0]!.question,
        answer: { type: 'single_choice', optionId: 'berlin' },
        correct: false,
        points: 0,
        maxPoints: 1,
        feedback: {
          type: 'single_choice',
          options: [
            { optionId: 'berlin', chosen: true, correct: false },
            { optionId: 'paris', chosen: false, correct: true },
          ],
        },
        correctAnswer: { type: 'single_choice', optionId: 'paris' },
        explanation: 'Paris, since 987.',
        grading: 'auto',
        graderComment: null,
      },
      {
        position: 2,
        passage: null,
        question: attempt.questions[1]!.question,
        answer: { type: 'short_text', text: 'Rome' },
        correct: true,
        points: 1,
        maxPoints: 1,
        feedback: { type: 'short_text', matched: 'Rome' },
        correctAnswer: { type: 'short_text', text: 'Rome' },
        explanation: null,
        grading: 'auto',
        graderComment: null,
      },
      {
        position: 3,
        passage: null,
        question: attempt.questions[2]!.question,
        answer: null,
        correct: false,
        points: 0,
        maxPoints: 1,
        feedback: null,
        correctAnswer: { type: 'true_false', value: true },
        grading: 'auto',
        graderComment: null,
        explanation: null,
      },
    ],
    ...overrides,
  };
}

import { z } from 'zod';

/**
 * The stable error codes of Questa, with the HTTP status each one is sent with. Clients switch on
 * `code`, never on `title` or `detail`, so a code never changes meaning once released.
 */
export const problemCatalogue = {
  'auth.required': { status: 401, title: 'Sign-in required' },
  'auth.forbidden': { status: 403, title: 'Not allowed' },
  'validation.failed': { status: 400, title: 'Some fields are invalid' },
  not_found: { status: 404, title: 'Not found' },
  'conflict.version': { status: 409, title: 'Changed by someone else' },
  'quota.exceeded': { status: 402, title: 'Daily allowance used up' },
  'payment.required': { status: 402, title: 'Premium required' },
  'exam.expired': { status: 409, title: 'Exam time is over' },
  'practice.finished': { status: 409, title: 'Practice session is finished' },
  'live.room_not_found': { status: 404, title: 'Room not found' },
  'live.room_full': { status: 409, title: 'Room is full' },
  'live.nickname_taken': { status: 409, title: 'Nickname taken' },
  'live.question_closed': { status: 409, title: 'Question is closed' },
  'live.already_answered': { status: 409, title: 'Already answered' },
  'live.room_locked': { status: 423, title: 'Room is locked' },
  'live.class_only': { status: 403, title: 'Room is for a class' },
  'live.teams_fixed': { status: 409, title: 'Teams are fixed once the game starts' },
  'live.teams_off': { status: 409, title: 'The room does not play in teams' },
  'live.talk_time': { status: 409, title: 'Answers open after the talk time' },
  rate_limited: { status: 429, title: 'Too many requests' },
  'upload.too_large': { status: 413, title: 'File too large' },
  'upload.type': { status: 415, title: 'File type not accepted' },
  'import.invalid': { status: 422, title: 'Import file has errors' },
  'export.empty': { status: 422, title: 'Nothing to export' },
  'bank.has_published': { status: 409, title: 'Bank has published questions' },
  'bulk.too_many': { status: 422, title: 'Too many questions for one action' },
  'account.subscription_active': { status: 409, title: 'Subscription still running' },
  'passage.in_use': { status: 409, title: 'Passage still has questions' },
  'passage.other_bank': { status: 422, title: 'Passage is in another bank' },
  'grading.conflict': { status: 409, title: 'Graded by someone else meanwhile' },
  'grading.not_awaiting': { status: 409, title: 'Answer is not open for grading' },
  'publishing.second_person': { status: 403, title: 'Publishing needs a second person' },
  'workspace_plan.below_seats_used': { status: 409, title: 'Fewer seats than members' },
  'workspace_plan.already_paid': { status: 409, title: 'Workspace already has a paid plan' },
  'workspace.slug_taken': { status: 409, title: 'Address already taken' },
  'invitation.invalid': { status: 410, title: 'Invitation no longer valid' },
  'workspace.limit_reached': { status: 409, title: 'Workspace limit reached' },
  'workspace.suspended': { status: 423, title: 'Workspace suspended' },
  'workspace.deletion_scheduled': { status: 423, title: 'Workspace scheduled for deletion' },
  'workspace.plan_renews': { status: 409, title: 'Workspace plan still renews' },
  'notifications.unsubscribe_invalid': { status: 400, title: 'Unsubscribe link not valid' },
  'class.archived': { status: 409, title: 'Class is archived' },
  'class.full': { status: 409, title: 'Class is full' },
  'assignment.not_open': { status: 409, title: 'Assignment is not open' },
  'assignment.attempts_used': { status: 409, title: 'No attempts left' },
  'challenge.time_up': { status: 409, title: 'Time is up for this question' },
  'challenge.not_current': { status: 409, title: 'Not the question being played' },
  unavailable: { status: 503, title: 'Temporarily unavailable' },
  internal: { status: 500, title: 'Something went wrong' },
  'media.range': { status: 416, title: 'Range not satisfiable' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemCode = keyof typeof problemCatalogue;
export const problemCodes = Object.keys(problemCatalogue) as [ProblemCode, ...ProblemCode[]];

export const fieldError = z.strictObject({
  /** JSON pointer-like dotted path to the offending field, e.g. `options.2.text`. */
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldError>;

/** An RFC 9457 problem document with Questa's extension members. */
export const problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  code: z.enum(problemCodes),
  requestId: z.string().optional(),
  errors: z.array(fieldError).optional(),
  lines: z.array(z.object({ line: z.number().int(), message: z.string() })).optional(),
  retryAfter: z.number().int().optional(),
});
export type Problem = z.infer<typeof problem>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** The `type` URI of a code: a stable, dereferenceable-looking identifier under the docs path. */
export const problemType = (code: ProblemCode) => `https://questa.dev/problems/${code}`;

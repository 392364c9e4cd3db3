import type {
  AnswerInput,
  AssignmentKind,
  BillingInterval,
  PlanFeatures,
  PromotionDuration,
  RefundReason,
  SubscriptionChangeSource,
  SubscriptionStatus,
  GradedAnswer,
  LearnerPassage,
  LearnerQuestion,
  LiveRoomSettings,
  LiveRoomState,
  LiveTeamNames,
  LiveTeamSetup,
  QuestionContent,
  ReviewPolicy,
} from '@questa/contracts';
import type { Generated, Kysely } from '@questa/db';
import type { ReviewCard } from '@questa/scoring';

/** The main API's own tables, in the `main_api` schema. */
export interface ApiTables {
  users: {
    id: Generated<string>;
    sub: string;
    email: string;
    display_name: string;
    granted_roles: Generated<string[]>;
    idp_roles: Generated<string[]>;
    last_sign_in_at: string | null;
    extra_time_percent: Generated<number>;
    created_at: Generated<string>;
    deletion_requested_at: string | null;
    deletion_due_at: string | null;
    deletion_claimed_until: string | null;
    deleted_at: string | null;
    session_generation: Generated<number>;
  };
  sessions: {
    id_hash: string;
    user_id: string;
    access_token: string;
    refresh_token: string | null;
    id_token: string;
    access_expires_at: string;
    access_refresh_at: string | null;
    refresh_lease_until: string | null;
    created_at: Generated<string>;
    last_seen_at: Generated<string>;
    expires_at: string;
    user_agent: string;
    ip: string;
    generation: Generated<number>;
    idp_sid: string | null;
  };
  logout_tokens_seen: {
    jti: string;
    forget_after: string;
  };
  login_attempts: {
    state: string;
    code_verifier: string;
    nonce: string;
    return_to: string;
    created_at: Generated<string>;
  };
  audit_events: {
    id: Generated<string>;
    at: Generated<string>;
    action: string;
    actor: string | null;
    target: string | null;
    ip: string | null;
    details: Generated<Record<string, unknown>>;
  };
  entitlement_grants: {
    user_id: string;
    source: 'admin';
    granted_by: string;
    granted_at: Generated<string>;
    until: string | null;
  };
  practice_sessions: {
    id: Generated<string>;
    user_id: string;
    client_id: string;
    bank_id: string;
    bank_title: string;
    topics: string[];
    difficulties: number[];
    exhausted: Generated<boolean>;
    created_at: Generated<string>;
    finished_at: string | null;
    /** Set when an assignment gave the session: its pinned questions are drawn in order. */
    assignment_id: Generated<string | null>;
    /** A challenge's timer per question, with the learner's extra time; null for practice. */
    question_limit_ms: Generated<number | null>;
  };
  practice_items: {
    id: Generated<string>;
    session_id: string;
    position: number;
    question_id: string;
    version: number;
    content: QuestionContent;
    presented: LearnerQuestion;
    /** The passage as drawn with the question, if it has one. */
    passage: Generated<LearnerPassage | null>;
    answer: AnswerInput | null;
    result: GradedAnswer | null;
    answered_at: string | null;
    /** A challenge's question: when the server served it, and what the answer earned live. */
    served_at: Generated<string | null>;
    points: Generated<number | null>;
    elapsed_ms: Generated<number | null>;
  };
  daily_usage: { user_id: string; day: string; answers: Generated<number> };
  answer_events: {
    id: Generated<string>;
    user_id: string;
    source: 'practice' | 'exam' | 'review' | 'live';
    client_id: string;
    bank_id: string;
    bank_title: string;
    question_id: string;
    version: number;
    topic: string;
    correct: boolean;
    score: number;
    attempt_id: string | null;
    /** The practice item answered, for a practice answer (decision 0038). */
    practice_item_id: Generated<string | null>;
    answered_at: Generated<string>;
  };
  bookmarks: {
    user_id: string;
    question_id: string;
    client_id: string;
    bank_id: string;
    bank_title: string;
    topic: string;
    excerpt: string;
    created_at: Generated<string>;
  };
  review_cards: {
    id: Generated<string>;
    user_id: string;
    question_id: string;
    client_id: string;
    bank_id: string;
    bank_title: string;
    version: number;
    content: QuestionContent;
    /** The passage as last drawn with the question, if it has one. */
    passage: Generated<LearnerPassage | null>;
    fsrs: ReviewCard;
    state: ReviewCard['state'];
    due: string;
    introduced_at: string | null;
    created_at: Generated<string>;
    updated_at: Generated<string>;
  };
  exam_blueprints: {
    id: Generated<string>;
    client_id: string;
    bank_id: string;
    title: string;
    rules: { topic?: string; difficulty?: number; count: number }[];
    time_limit_seconds: number | null;
    pass_mark: number;
    shuffle: boolean;
    review_policy: ReviewPolicy;
    created_by: string;
    created_at: Generated<string>;
    updated_at: Generated<string>;
  };
  exam_attempts: {
    id: Generated<string>;
    user_id: string;
    client_id: string;
    bank_id: string;
    bank_title: string;
    blueprint_title: string;
    blueprint_id: string | null;
    pass_mark: number;
    review_policy: ReviewPolicy;
    extra_time_percent: number;
    state: Generated<'in_progress' | 'submitted' | 'expired'>;
    started_at: Generated<string>;
    deadline: string;
    submitted_at: string | null;
    submitted_by: 'learner' | 'server' | null;
    points: number | null;
    max_points: number | null;
    fraction: number | null;
    passed: boolean | null;
    pending_count: Generated<number>;
    pending_points: Generated<number>;
  };
  exam_questions: {
    attempt_id: string;
    position: number;
    question_id: string;
    version: number;
    content: QuestionContent;
    presented: LearnerQuestion;
    /** The passage as drawn at the start, if the question has one: the same for its group. */
    passage: Generated<LearnerPassage | null>;
  };
  exam_responses: {
    attempt_id: string;
    position: number;
    answer: AnswerInput;
    saved_at: Generated<string>;
    correct: boolean | null;
    score: number | null;
    points: number | null;
    grading: Generated<'auto' | 'awaiting' | 'graded'>;
    grader_sub: string | null;
    grader_comment: string | null;
    graded_at: string | null;
    grade_version: Generated<number>;
  };
  live_rooms: {
    id: Generated<string>;
    code: string;
    host_user_id: string;
    client_id: string;
    bank_id: string;
    bank_title: string;
    settings: LiveRoomSettings;
    state: Generated<LiveRoomState>;
    position: Generated<number>;
    question_count: number;
    opened_at: string | null;
    deadline: string | null;
    paused_remaining_ms: number | null;
    skipped: Generated<boolean>;
    created_at: Generated<string>;
    finished_at: string | null;
    locked: Generated<boolean>;
    revealed_position: Generated<number>;
    teams: Generated<(LiveTeamSetup & { names?: LiveTeamNames }) | null>;
    teams_revision: Generated<number>;
    /** A class's room (decision 0033): its learners only, results in its gradebook. */
    class_id: Generated<string | null>;
  };
  live_questions: {
    room_id: string;
    position: number;
    question_id: string;
    version: number;
    content: QuestionContent;
    presented: LearnerQuestion;
    passage: Generated<LearnerPassage | null>;
  };
  live_players: {
    id: Generated<string>;
    room_id: string;
    nickname: string;
    user_id: string | null;
    token_hash: string;
    score: Generated<number>;
    streak: Generated<number>;
    extra_time_percent: Generated<number>;
    kicked: Generated<boolean>;
    banned: Generated<boolean>;
    connected: Generated<boolean>;
    disconnected_at: Generated<string | null>;
    joined_at: Generated<string>;
    team: Generated<number | null>;
  };
  live_answers: {
    room_id: string;
    player_id: string;
    position: number;
    answer: AnswerInput;
    elapsed_ms: number;
    correct: boolean | null;
    points: number | null;
    answered_at: Generated<string>;
  };
  billing_plans: {
    id: Generated<string>;
    kind: 'free' | 'paid' | 'workspace';
    seed_key: string | null;
    name: string;
    description: Generated<string>;
    trial_days: Generated<number>;
    features: PlanFeatures;
    active: Generated<boolean>;
    partner_product_id: string | null;
    created_at: Generated<string>;
    updated_at: Generated<string>;
  };
  billing_prices: {
    id: Generated<string>;
    plan_id: string;
    currency: string;
    interval: BillingInterval;
    amount: number;
    active: Generated<boolean>;
    partner_price_id: string | null;
    created_at: Generated<string>;
    archived_at: string | null;
  };
  billing_promotion_codes: {
    id: Generated<string>;
    code: string;
    percent_off: number | null;
    amount_off: number | null;
    currency: string | null;
    duration: PromotionDuration;
    duration_months: number | null;
    max_redemptions: number | null;
    expires_at: string | null;
    active: Generated<boolean>;
    partner_coupon_id: string;
    partner_promotion_code_id: string;
    created_by: string;
    created_at: Generated<string>;
  };
  billing_customers: {
    user_id: string;
    partner_customer_id: string;
    created_at: Generated<string>;
  };
  billing_checkouts: {
    id: Generated<string>;
    user_id: string;
    plan_id: string;
    price_id: string;
    promotion_code_id: string | null;
    status: 'creating' | 'open' | 'complete' | 'expired';
    partner_session_id: string | null;
    url: string | null;
    expires_at: string;
    created_at: Generated<string>;
    closed_at: string | null;
  };
  billing_subscriptions: {
    id: Generated<string>;
    user_id: string;
    partner_subscription_id: string;
    partner_customer_id: string;
    plan_id: string | null;
    price_id: string | null;
    status: SubscriptionStatus;
    partner_status: string;
    current_period_start: string | null;
    current_period_end: string | null;
    cancel_at_period_end: boolean;
    trial_end: string | null;
    started_at: string;
    ended_at: string | null;
    synced_at: string;
    renewal_notice_for: string | null;
    created_at: Generated<string>;
    updated_at: Generated<string>;
  };
  billing_subscription_changes: {
    id: Generated<string>;
    subscription_id: string;
    at: Generated<string>;
    source: SubscriptionChangeSource;
    status: SubscriptionStatus;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  };
  billing_invoices: {
    id: Generated<string>;
    user_id: string;
    partner_invoice_id: string;
    partner_subscription_id: string | null;
    partner_payment_intent_id: string | null;
    number: string | null;
    status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
    currency: string;
    amount_due: number;
    amount_paid: number;
    attempt_count: number;
    period_start: string | null;
    period_end: string | null;
    hosted_url: string | null;
    pdf_url: string | null;
    partner_created_at: string;
    paid_at: string | null;
    synced_at: string;
  };
  billing_refunds: {
    id: Generated<string>;
    invoice_id: string;
    amount: number;
    currency: string;
    reason: RefundReason | null;
    status: 'creating' | 'pending' | 'succeeded' | 'failed' | 'canceled';
    partner_refund_id: string | null;
    created_by: string | null;
    created_at: Generated<string>;
    updated_at: Generated<string>;
  };
  workspace_billing_accounts: {
    client_id: string;
    name: string;
    partner_customer_id: string | null;
    owner_subs: string[];
    owners_seen_at: Generated<string>;
    created_at: Generated<string>;
    /** Plan changes the question database's limits must follow, counted. */
    limits_revision: Generated<string>;
    /** The last of them the question database took. */
    limits_sent_revision: Generated<string>;
  };
  workspace_checkouts: {
    id: Generated<string>;
    client_id: string;
    price_id: string;
    seats: number;
    status: 'creating' | 'open' | 'complete' | 'expired';
    partner_session_id: string | null;
    url: string | null;
    expires_at: string;
    created_at: Generated<string>;
    closed_at: string | null;
  };
  workspace_subscriptions: {
    id: Generated<string>;
    client_id: string;
    partner_subscription_id: string;
    partner_item_id: string | null;
    plan_id: string | null;
    price_id: string | null;
    seats: number;
    status: SubscriptionStatus;
    partner_status: string;
    current_period_start: string | null;
    current_period_end: string | null;
    cancel_at_period_end: boolean;
    started_at: string;
    ended_at: string | null;
    synced_at: string;
    created_at: Generated<string>;
    updated_at: Generated<string>;
  };
  workspace_invoices: {
    id: Generated<string>;
    client_id: string;
    partner_invoice_id: string;
    partner_subscription_id: string | null;
    number: string | null;
    status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
    currency: string;
    amount_due: number;
    amount_paid: number;
    attempt_count: number;
    period_start: string | null;
    period_end: string | null;
    hosted_url: string | null;
    pdf_url: string | null;
    partner_created_at: string;
    paid_at: string | null;
    synced_at: string;
  };
  payment_events: {
    id: string;
    type: string;
    object_id: string | null;
    object_type: string | null;
    outcome: 'pending' | 'applied' | 'ignored' | 'unknown_customer';
    partner_created_at: string;
    processed_at: Generated<string>;
    attempts: Generated<number>;
    next_attempt_at: string | null;
    last_error: string | null;
  };
  notifications: {
    id: Generated<string>;
    user_id: string;
    kind: string;
    subject: unknown;
    created_at: Generated<string>;
    read_at: string | null;
  };
  notification_mail_preferences: { user_id: string; kind: string; mail: boolean };
  notification_signing_keys: { id: number; secret: Buffer };
  billing_notices: {
    id: Generated<string>;
    key: string;
    user_id: string;
    kind: 'payment_failed' | 'renewal_upcoming';
    details: Generated<Record<string, unknown>>;
    created_at: Generated<string>;
    claimed_until: string | null;
    attempts: Generated<number>;
    sent_at: string | null;
  };
  billing_jobs: {
    name: string;
    leased_until: string | null;
    last_started_at: string | null;
    last_finished_at: string | null;
    last_report: unknown;
  };
  workspace_deletions: {
    client_id: string;
    slug: string;
    name: string;
    /** The owner's subject at the identity provider. */
    requested_by: string;
    requested_at: string;
    due_at: string;
    claimed_until: string | null;
  };
  classes: {
    id: Generated<string>;
    client_id: string;
    name: string;
    join_code: string;
    teacher_id: string;
    created_at: Generated<string>;
    archived_at: string | null;
  };
  class_members: { class_id: string; user_id: string; joined_at: Generated<string> };
  assignments: {
    id: Generated<string>;
    class_id: string;
    kind: AssignmentKind;
    title: string;
    client_id: string;
    bank_id: string;
    bank_title: string;
    blueprint_id: string | null;
    blueprint_title: string | null;
    pass_mark: number | null;
    review_policy: ReviewPolicy | null;
    time_limit_seconds: number | null;
    question_count: number;
    opens_at: string;
    due_at: string;
    attempts_allowed: number;
    late_policy: 'accept' | 'refuse' | 'penalty';
    late_penalty_percent: number;
    created_by: string | null;
    created_at: Generated<string>;
    reminder_claimed_until: string | null;
  };
  assignment_reminders: { assignment_id: string; user_id: string; sent_at: Generated<string> };
  assignment_questions: {
    assignment_id: string;
    position: number;
    question_id: string;
    version: number;
    content: QuestionContent;
    passage: LearnerPassage | null;
  };
  submissions: {
    id: Generated<string>;
    assignment_id: string;
    user_id: string;
    attempt: number;
    practice_session_id: string | null;
    exam_attempt_id: string | null;
    started_at: Generated<string>;
    completed_at: string | null;
    points: number | null;
    max_points: number | null;
    fraction: number | null;
    score: number | null;
    late: Generated<boolean>;
    time_spent_seconds: number | null;
  };
}

export type ApiDb = Kysely<ApiTables>;

export const API_SCHEMA = 'main_api';
export const apiMigrations = new URL('../migrations/', import.meta.url);

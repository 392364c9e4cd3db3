import type { Generated, Kysely } from '@questa/db';
import type {
  BankVisibility,
  PassageContent,
  credentialScopes,
  QuestionContent,
  QuestionStatus,
  QuestionType,
  TenantRole,
  WorkspaceLimitKind,
} from '@questa/contracts';

/** The question database's own tables, in the `question_db` schema. */
export interface QuestionDbTables {
  clients: {
    id: Generated<string>;
    slug: string;
    name: string;
    created_at: Generated<string>;
    /** Whether publishing needs a second person's review; the owner's choice, off at first. */
    publishing_second_person: Generated<boolean>;
    /** Limits a platform admin raised above the free ones, by kind. */
    raised_limits: Generated<Partial<Record<WorkspaceLimitKind, number>>>;
    /** Limits the paid plan gives, as the main API last set them; null on the free plan. */
    plan_limits: Generated<Record<WorkspaceLimitKind, number> | null>;
    plan_limits_revision: Generated<string>;
    /** Set while a platform admin has the workspace suspended. */
    suspended_at: Generated<string | null>;
    /** Set while the workspace is scheduled for deletion: when the main API erases it. */
    deletion_due_at: Generated<string | null>;
    /** How many questions the workspace holds; kept by triggers on `questions`. */
    question_count: Generated<string>;
  };
  memberships: {
    client_id: string;
    user_id: string;
    role: TenantRole;
    created_at: Generated<string>;
  };
  invitations: {
    id: Generated<string>;
    client_id: string;
    email: string;
    role: TenantRole;
    /** Hex SHA-256 of the link's secret; the secret itself is mailed once and never stored. */
    token_hash: string;
    /** Who invited: their subject at the identity provider. */
    invited_by: string;
    created_at: Generated<string>;
    expires_at: string | Date;
    accepted_at: string | null;
    accepted_by: string | null;
    revoked_at: string | null;
  };
  credentials: {
    id: string;
    client_id: string;
    /** Hex SHA-256 of the secret; the secret itself is shown once and never stored. */
    secret_hash: string;
    scopes: (typeof credentialScopes)[number][];
    created_at: Generated<string>;
    last_used_at: string | null;
    revoked_at: string | null;
  };
  banks: {
    id: Generated<string>;
    client_id: string;
    slug: string;
    title: string;
    description: string;
    language: string;
    visibility: BankVisibility;
    tags: string[];
    created_at: Generated<string>;
    updated_at: Generated<string>;
    /** Set while the bank is archived: kept for history, out of the catalog and new draws. */
    archived_at: Generated<string | null>;
  };
  questions: {
    id: Generated<string>;
    bank_id: string;
    /** Copied from the bank; a move keeps a question in its tenant, so lists need no join. */
    client_id: string;
    current_version: number;
    published_version: number | null;
    revision: Generated<number>;
    /** From here on, a copy of the current version for lists, filters and search. */
    status: QuestionStatus;
    type: QuestionType;
    topic: string;
    tags: string[];
    difficulty: number;
    /** A regconfig name such as `english`, from the bank's language. */
    search_config: Generated<string>;
    search_document: Generated<string>;
    created_at: Generated<string>;
    updated_at: Generated<string>;
    /** The passage the question refers to, and its place in that passage's group from 1. */
    passage_id: Generated<string | null>;
    passage_position: Generated<number | null>;
  };
  question_versions: {
    question_id: string;
    /** Copied from the question so draws read one index. */
    bank_id: string;
    version: number;
    status: QuestionStatus;
    type: QuestionType;
    content: QuestionContent;
    topic: string;
    tags: string[];
    difficulty: number;
    author_id: string;
    /** Random and fixed at insert: the order draws walk. */
    sample_key: Generated<number>;
    created_at: Generated<string>;
  };
  passages: {
    id: Generated<string>;
    client_id: string;
    bank_id: string;
    current_version: Generated<number>;
    revision: Generated<number>;
    title: string;
    created_at: Generated<string>;
    updated_at: Generated<string>;
  };
  passage_versions: {
    passage_id: string;
    version: number;
    content: PassageContent;
    author_id: string;
    created_at: Generated<string>;
  };
  media: {
    id: Generated<string>;
    client_id: string;
    sha256: string;
    content_type: string;
    bytes: number;
    width: number | null;
    height: number | null;
    created_at: Generated<string>;
  };
}

export type QuestionDb = Kysely<QuestionDbTables>;

export const QUESTION_DB_SCHEMA = 'question_db';
export const questionDbMigrations = new URL('../migrations/', import.meta.url);

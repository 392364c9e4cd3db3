import {
  invitationAccepted,
  invitationCreated,
  invitationPreview,
  workspace,
  type InvitationAccepted,
  type InvitationCreated,
  type InvitationInput,
  type InvitationPreview,
  type Workspace,
  type WorkspaceInput,
  type WorkspacePlanLimits,
  workspaceUsage,
  type WorkspaceLimitsUpdate,
  type WorkspaceUsage,
  bank,
  catalogBankDetail,
  catalogList,
  catalogQuestionLookupResult,
  drawResult,
  memberIds,
  memberList,
  membershipList,
  problem,
  questionDetail,
  questionList,
  passageDetail,
  questionVersion,
  tenantBankList,
  tenantList,
  type drawRequest,
  type Bank,
  type CatalogBankDetail,
  type CatalogList,
  type CatalogQuery,
  type CatalogQuestionLookupResult,
  type CatalogQuestionQuery,
  type Member,
  type Membership,
  type QuestionDetail,
  type QuestionList,
  type QuestionListQuery,
  type PassageDetail,
  type QuestionVersion,
  type Tenant,
  type TenantBankList,
  type TenantRole,
} from '@questa/contracts';
import { HttpProblem, traceHeaders } from '@questa/http-kit';
import type { z } from 'zod';
import type { ServiceTokenSource } from './service-token';

export type DrawResult = z.output<typeof drawResult>;

/** What the main API asks of the question database; `token` is the user's access token. */
export interface QuestionDbClient {
  /** A page of the catalog; what `query` leaves out takes the question database's default. */
  listCatalog(query: Partial<CatalogQuery>, requestId?: string): Promise<CatalogList>;
  getCatalogBank(bankId: string, requestId?: string): Promise<CatalogBankDetail>;
  myMemberships(token: string, requestId?: string): Promise<Membership[]>;
  listTenants(token: string, requestId?: string, q?: string): Promise<Tenant[]>;
  /** Suspends a workspace, or restores it; platform admins only. */
  setSuspended(
    token: string,
    clientId: string,
    suspended: boolean,
    requestId?: string,
  ): Promise<Tenant>;
  /*
   * A workspace's deletion, in the main API's own name: it decides who may and when (decision
   * 0034); the question database shows the date to the members and refuses changes meanwhile.
   */
  scheduleWorkspaceDeletion(clientId: string, dueAt: string, requestId?: string): Promise<Tenant>;
  keepWorkspace(clientId: string, requestId?: string): Promise<Tenant>;
  /** Erases a workspace scheduled for deletion; one already gone counts as done. */
  eraseWorkspace(clientId: string, requestId?: string): Promise<void>;
  listMembers(token: string, clientId: string, requestId?: string): Promise<Member[]>;
  /** Those of `userIds` who are members of the tenant; any member may ask. */
  memberIdsAmong(
    token: string,
    clientId: string,
    userIds: readonly string[],
    requestId?: string,
  ): Promise<string[]>;
  putMember(
    token: string,
    clientId: string,
    userId: string,
    role: TenantRole,
    requestId?: string,
  ): Promise<void>;
  deleteMember(token: string, clientId: string, userId: string, requestId?: string): Promise<void>;

  /*
   * Workspaces and invitations, as the user: the question database decides who may, and owns
   * the memberships; the main API tells people about it (decision 0027).
   */
  createWorkspace(token: string, input: WorkspaceInput, requestId?: string): Promise<Workspace>;
  renameWorkspace(
    token: string,
    clientId: string,
    name: string,
    requestId?: string,
  ): Promise<Workspace>;
  leaveWorkspace(token: string, clientId: string, requestId?: string): Promise<void>;
  transferOwnership(
    token: string,
    clientId: string,
    userId: string,
    requestId?: string,
  ): Promise<void>;
  createInvitation(
    token: string,
    clientId: string,
    input: InvitationInput,
    requestId?: string,
  ): Promise<InvitationCreated>;
  /**
   * Sets the limits the workspace's paid plan gives, in the main API's own name: only billing
   * knows what was paid for, and the question database takes this from the main API alone.
   */
  setPlanLimits(
    clientId: string,
    input: WorkspacePlanLimits,
    requestId?: string,
  ): Promise<WorkspaceUsage>;
  /** Overrides a workspace's limits, as a platform admin. */
  overrideLimits(
    token: string,
    clientId: string,
    update: WorkspaceLimitsUpdate,
    requestId?: string,
  ): Promise<WorkspaceUsage>;
  getLimits(token: string, clientId: string, requestId?: string): Promise<WorkspaceUsage>;
  /** Anyone holding the link may read what it invites to; no token needed. */
  previewInvitation(invitationToken: string, requestId?: string): Promise<InvitationPreview>;
  acceptInvitation(
    token: string,
    invitationToken: string,
    requestId?: string,
  ): Promise<InvitationAccepted>;
  /**
   * Published questions of a public or premium bank, drawn in the main API's own name: learners
   * belong to no tenant, and whether one may use a premium bank is decided here, not there.
   */
  drawFromCatalog(
    bankId: string,
    request: z.input<typeof drawRequest>,
    requestId?: string,
  ): Promise<DrawResult>;
  /**
   * Published questions of a public or premium bank of the types asked, a page at a time, and
   * chosen ones by id at their published version: read in the main API's own name, as draws are,
   * so that a host may pick questions from a catalog bank once the main API has let them open it.
   */
  listCatalogQuestions(
    bankId: string,
    query: Partial<CatalogQuestionQuery> & Pick<CatalogQuestionQuery, 'types'>,
    requestId?: string,
  ): Promise<QuestionList>;
  lookupCatalogQuestions(
    bankId: string,
    questionIds: readonly string[],
    requestId?: string,
  ): Promise<CatalogQuestionLookupResult>;

  /*
   * A tenant's banks and questions read as the user, with their access token: the question
   * database decides what they may see, private banks included, so the main API never opens a
   * bank to someone who could not read it.
   */
  listTenantBanks(
    token: string,
    clientId: string,
    cursor: string | undefined,
    requestId?: string,
  ): Promise<TenantBankList>;
  getTenantBank(token: string, clientId: string, bankId: string, requestId?: string): Promise<Bank>;
  /** Published questions of a bank of the tenant, as the tenant's own draw gives them. */
  drawFromTenant(
    token: string,
    clientId: string,
    bankId: string,
    request: z.input<typeof drawRequest>,
    requestId?: string,
  ): Promise<DrawResult>;
  listQuestions(
    token: string,
    clientId: string,
    query: Partial<QuestionListQuery>,
    requestId?: string,
  ): Promise<QuestionList>;
  getQuestion(
    token: string,
    clientId: string,
    questionId: string,
    requestId?: string,
  ): Promise<QuestionDetail>;
  getQuestionVersion(
    token: string,
    clientId: string,
    questionId: string,
    version: number,
    requestId?: string,
  ): Promise<QuestionVersion>;
  /** A passage of the tenant at its current version, as a draw carries it. */
  getPassage(
    token: string,
    clientId: string,
    passageId: string,
    requestId?: string,
  ): Promise<PassageDetail>;
}

interface Call<T extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  schema: T;
  token?: string;
  body?: unknown;
  requestId?: string;
}

/**
 * Speaks HTTP to the question-database API, in one-process mode over loopback and in distributed
 * mode across the network, so both run the same code. Problems the question database reports
 * about the caller's request (4xx with a known code) pass through; anything else it answers, or
 * not answering at all, becomes `unavailable`: the main API never passes on what it cannot vouch
 * for.
 */
export function createHttpQuestionDbClient(options: {
  baseUrl: string;
  timeoutMs?: number;
  /** The main API's own tokens, for catalog draws; without it those are unavailable. */
  serviceToken?: ServiceTokenSource;
}): QuestionDbClient {
  async function call<T extends z.ZodType | undefined>(
    request: Call<T>,
  ): Promise<T extends z.ZodType ? z.output<T> : void> {
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl}${request.path}`, {
        method: request.method ?? 'GET',
        headers: {
          accept: 'application/json',
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
          ...(request.requestId ? { 'x-request-id': request.requestId } : {}),
          ...traceHeaders(),
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
    } catch {
      throw unavailable();
    }
    const body: unknown =
      response.status === 204 ? undefined : await response.json().catch(() => undefined);
    if (response.ok) {
      if (!request.schema) return undefined as never;
      const parsed = request.schema.safeParse(body);
      if (parsed.success) return parsed.data as never;
      throw unavailable();
    }
    const failure = problem.safeParse(body);
    if (failure.success && failure.data.status < 500) {
      throw new HttpProblem(failure.data.code, {
        detail: failure.data.detail,
        ...(failure.data.errors ? { errors: failure.data.errors } : {}),
      });
    }
    throw unavailable();
  }

  /** A call in the main API's own name, with its client-credentials token. */
  async function callAsService<T extends z.ZodType | undefined>(
    request: Omit<Call<T>, 'token'>,
  ): Promise<T extends z.ZodType ? z.output<T> : void> {
    if (!options.serviceToken) throw unavailable();
    try {
      return await call({ ...request, token: await options.serviceToken.token() });
    } catch (error) {
      // The question database refusing the main API's own token is a fault of this
      // deployment, never the learner's: telling them to sign in again would not help.
      if (
        error instanceof HttpProblem &&
        (error.code === 'auth.required' || error.code === 'auth.forbidden')
      ) {
        throw Object.assign(unavailable(), { cause: error });
      }
      throw error;
    }
  }

  // The catalog is public, but read in the main API's own name when it has one: the question
  // database then knows the calls for every learner come from Questa and does not count them
  // against one address (decision 0042).
  const callForLearners = options.serviceToken ? callAsService : call;
  const tenantPath = (clientId: string) => `/clients/${encodeURIComponent(clientId)}`;
  const catalogPath = (bankId: string) => `/catalog/banks/${encodeURIComponent(bankId)}`;
  return {
    listCatalog(query, requestId) {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) {
        if (value !== undefined) search.set(name, String(value));
      }
      return callForLearners({ path: `/catalog/banks?${search}`, schema: catalogList, requestId });
    },
    getCatalogBank: (bankId, requestId) =>
      callForLearners({
        path: catalogPath(bankId),
        schema: catalogBankDetail,
        requestId,
      }),
    myMemberships: async (token, requestId) =>
      (await call({ path: '/me/memberships', schema: membershipList, token, requestId }))
        .memberships,
    listTenants: async (token, requestId, q) =>
      (
        await call({
          path: `/clients${q ? `?${new URLSearchParams({ q })}` : ''}`,
          schema: tenantList,
          token,
          requestId,
        })
      ).tenants,
    setSuspended: (token, clientId, suspended, requestId) =>
      call({
        method: suspended ? 'PUT' : 'DELETE',
        path: `${tenantPath(clientId)}/suspension`,
        schema: workspace,
        token,
        requestId,
      }),
    scheduleWorkspaceDeletion: (clientId, dueAt, requestId) =>
      callAsService({
        method: 'PUT',
        path: `${tenantPath(clientId)}/deletion`,
        schema: workspace,
        body: { dueAt },
        requestId,
      }),
    keepWorkspace: (clientId, requestId) =>
      callAsService({
        method: 'DELETE',
        path: `${tenantPath(clientId)}/deletion`,
        schema: workspace,
        requestId,
      }),
    eraseWorkspace: (clientId, requestId) =>
      callAsService({
        method: 'DELETE',
        path: tenantPath(clientId),
        schema: undefined,
        requestId,
      }),
    listMembers: async (token, clientId, requestId) =>
      (
        await call({
          path: `${tenantPath(clientId)}/members`,
          schema: memberList,
          token,
          requestId,
        })
      ).members,
    memberIdsAmong: async (token, clientId, userIds, requestId) =>
      (
        await call({
          path: `${tenantPath(clientId)}/member-ids?${new URLSearchParams({ ids: userIds.join(',') })}`,
          schema: memberIds,
          token,
          requestId,
        })
      ).userIds,
    putMember: (token, clientId, userId, role, requestId) =>
      call({
        method: 'PUT',
        path: `${tenantPath(clientId)}/members/${encodeURIComponent(userId)}`,
        schema: undefined,
        token,
        body: { role },
        requestId,
      }),
    deleteMember: (token, clientId, userId, requestId) =>
      call({
        method: 'DELETE',
        path: `${tenantPath(clientId)}/members/${encodeURIComponent(userId)}`,
        schema: undefined,
        token,
        requestId,
      }),
    createWorkspace: (token, input, requestId) =>
      call({ method: 'POST', path: '/clients', schema: workspace, token, body: input, requestId }),
    renameWorkspace: (token, clientId, name, requestId) =>
      call({
        method: 'PATCH',
        path: tenantPath(clientId),
        schema: workspace,
        token,
        body: { name },
        requestId,
      }),
    leaveWorkspace: (token, clientId, requestId) =>
      call({
        method: 'POST',
        path: `${tenantPath(clientId)}/leave`,
        schema: undefined,
        token,
        requestId,
      }),
    transferOwnership: (token, clientId, userId, requestId) =>
      call({
        method: 'POST',
        path: `${tenantPath(clientId)}/ownership`,
        schema: undefined,
        token,
        body: { userId },
        requestId,
      }),
    createInvitation: (token, clientId, input, requestId) =>
      call({
        method: 'POST',
        path: `${tenantPath(clientId)}/invitations`,
        schema: invitationCreated,
        token,
        body: input,
        requestId,
      }),
    setPlanLimits: (clientId, input, requestId) =>
      callAsService({
        method: 'PUT',
        path: `${tenantPath(clientId)}/plan-limits`,
        schema: workspaceUsage,
        body: input,
        requestId,
      }),
    overrideLimits: (token, clientId, update, requestId) =>
      call({
        method: 'PUT',
        path: `${tenantPath(clientId)}/limits`,
        schema: workspaceUsage,
        token,
        body: update,
        requestId,
      }),
    getLimits: (token, clientId, requestId) =>
      call({ path: `${tenantPath(clientId)}/limits`, schema: workspaceUsage, token, requestId }),
    previewInvitation: (invitationToken, requestId) =>
      call({
        method: 'POST',
        path: '/invitations/preview',
        schema: invitationPreview,
        body: { token: invitationToken },
        requestId,
      }),
    acceptInvitation: (token, invitationToken, requestId) =>
      call({
        method: 'POST',
        path: '/invitations/accept',
        schema: invitationAccepted,
        token,
        body: { token: invitationToken },
        requestId,
      }),
    drawFromCatalog: (bankId, request, requestId) =>
      callAsService({
        method: 'POST',
        path: `${catalogPath(bankId)}/draw`,
        schema: drawResult,
        body: request,
        requestId,
      }),
    listCatalogQuestions(bankId, query, requestId) {
      const search = new URLSearchParams({ types: query.types.join(',') });
      if (query.q !== undefined) search.set('q', query.q);
      if (query.cursor !== undefined) search.set('cursor', query.cursor);
      if (query.limit !== undefined) search.set('limit', String(query.limit));
      return callAsService({
        path: `${catalogPath(bankId)}/questions?${search}`,
        schema: questionList,
        requestId,
      });
    },
    lookupCatalogQuestions: (bankId, questionIds, requestId) =>
      callAsService({
        method: 'POST',
        path: `${catalogPath(bankId)}/questions/lookup`,
        schema: catalogQuestionLookupResult,
        body: { questionIds },
        requestId,
      }),
    listTenantBanks: (token, clientId, cursor, requestId) =>
      call({
        path: `${tenantPath(clientId)}/banks?${new URLSearchParams({ limit: '100', ...(cursor && { cursor }) })}`,
        schema: tenantBankList,
        token,
        requestId,
      }),
    getTenantBank: (token, clientId, bankId, requestId) =>
      call({
        path: `${tenantPath(clientId)}/banks/${encodeURIComponent(bankId)}`,
        schema: bank,
        token,
        requestId,
      }),
    drawFromTenant: (token, clientId, bankId, request, requestId) =>
      call({
        method: 'POST',
        path: `${tenantPath(clientId)}/banks/${encodeURIComponent(bankId)}/draw`,
        schema: drawResult,
        token,
        body: request,
        requestId,
      }),
    listQuestions(token, clientId, query, requestId) {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined) search.set(key, String(value));
      }
      return call({
        path: `${tenantPath(clientId)}/questions?${search}`,
        schema: questionList,
        token,
        requestId,
      });
    },
    getQuestion: (token, clientId, questionId, requestId) =>
      call({
        path: `${tenantPath(clientId)}/questions/${encodeURIComponent(questionId)}`,
        schema: questionDetail,
        token,
        requestId,
      }),
    getQuestionVersion: (token, clientId, questionId, version, requestId) =>
      call({
        path: `${tenantPath(clientId)}/questions/${encodeURIComponent(questionId)}/versions/${version}`,
        schema: questionVersion,
        token,
        requestId,
      }),
    getPassage: (token, clientId, passageId, requestId) =>
      call({
        path: `${tenantPath(clientId)}/passages/${encodeURIComponent(passageId)}`,
        schema: passageDetail,
        token,
        requestId,
      }),
  };
}

const unavailable = () =>
  new HttpProblem('unavailable', {
    detail: 'The question database is not answering. Please try again shortly.',
    retryAfter: 5,
  });

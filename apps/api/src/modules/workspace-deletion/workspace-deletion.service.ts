import { WORKSPACE_DELETION_GRACE_DAYS } from '@questa/contracts/rules';
import type { Workspace } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { QuestionDbClient } from '../../adapters/question-db-client';
import type { AuditRepository } from '../audit/audit.repository';
import type { AuthContext, AuthService } from '../auth/auth.service';
import type {
  ScheduledDeletion,
  WorkspaceDeletionRepository,
} from './workspace-deletion.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Longer than a deletion takes: one question-database call of five seconds at most, one transaction. */
const CLAIM_MS = 5 * 60_000;

interface Log {
  warn(details: object, message: string): void;
}

export interface DeletionActor {
  context: AuthContext;
  ip: string;
  requestId: string;
}

const typedAs = (typed: string, ...names: string[]) =>
  names.some((name) => typed.trim().toLowerCase() === name.trim().toLowerCase());

/**
 * Deleting a workspace (docs/decisions/0034): an owner asks, typing its name or address; it is
 * erased after the grace unless an owner or a platform admin keeps it meanwhile. The main API
 * keeps the schedule and the date, the question database shows it to the members and refuses
 * changes meanwhile; the sweep erases the question database's share first, then the main API's.
 */
export function createWorkspaceDeletionService(deps: {
  deletions: WorkspaceDeletionRepository;
  audit: Pick<AuditRepository, 'record'>;
  auth: Pick<AuthService, 'accessToken' | 'forgetUser'>;
  questionDb: Pick<
    QuestionDbClient,
    'myMemberships' | 'scheduleWorkspaceDeletion' | 'keepWorkspace' | 'eraseWorkspace'
  >;
  /** How long the grace lasts; the rule's fourteen days unless configured (the e2e server). */
  graceMs?: number;
  /** The clock the grace is counted by; tests move it rather than wait. */
  now?: () => Date;
  log?: Log;
}) {
  const { deletions, audit, questionDb } = deps;
  const now = deps.now ?? (() => new Date());
  const graceMs = deps.graceMs ?? WORKSPACE_DELETION_GRACE_DAYS * DAY_MS;

  async function carryOut(deletion: ScheduledDeletion) {
    try {
      await questionDb.eraseWorkspace(deletion.clientId);
    } catch (error) {
      await deletions.releaseClaim(deletion.clientId);
      throw error;
    }
    await deletions.erase(deletion.clientId);
    await audit.record({
      action: 'workspace.deleted',
      actor: null,
      target: `tenant/${deletion.clientId}`,
      ip: null,
      details: { slug: deletion.slug, name: deletion.name, requestedBy: deletion.requestedBy },
    });
  }

  return {
    /** Whether the workspace awaits deletion, which freezes its changes here as there. */
    isScheduled: (clientId: string) => deletions.isScheduled(clientId),

    async schedule(actor: DeletionActor, clientId: string, confirm: string): Promise<Workspace> {
      const { sub } = actor.context.user;
      const memberships = await questionDb.myMemberships(
        await deps.auth.accessToken(actor.context),
        actor.requestId,
      );
      const workspace = memberships.find((membership) => membership.clientId === clientId);
      if (!workspace) throw new HttpProblem('not_found', { detail: 'There is no such workspace.' });
      if (!typedAs(confirm, workspace.clientName, workspace.clientSlug)) {
        throw new HttpProblem('validation.failed', {
          errors: [{ field: 'confirm', message: 'Type the workspace’s name or its address.' }],
        });
      }
      // Deleting the workspace would not stop the partner charging for its seats.
      if (await deletions.hasRenewingPlan(clientId)) {
        throw new HttpProblem('workspace.plan_renews', {
          detail:
            'This workspace’s paid plan still renews. Cancel it on the plan page first; then delete the workspace.',
        });
      }
      const requestedAt = now();
      const dueAt = await deletions.schedule({
        clientId,
        slug: workspace.clientSlug,
        name: workspace.clientName,
        requestedBy: sub,
        requestedAt,
        dueAt: new Date(requestedAt.getTime() + graceMs),
      });
      let scheduled: Workspace;
      try {
        scheduled = await questionDb.scheduleWorkspaceDeletion(clientId, dueAt, actor.requestId);
      } catch (error) {
        // Not shown to the members, so not scheduled: the owner tries again.
        await deletions.keep(clientId, now());
        throw error;
      }
      await audit.record({
        action: 'workspace.deletion_scheduled',
        actor: sub,
        target: `tenant/${clientId}`,
        ip: actor.ip,
        details: { slug: workspace.clientSlug, name: workspace.clientName, dueAt },
      });
      deps.auth.forgetUser(sub);
      return scheduled;
    },

    /**
     * An owner or a platform admin keeps the workspace. Refused once a process is erasing it;
     * asking again after a question-database failure finishes what the first ask began.
     */
    async keep(actor: DeletionActor, clientId: string): Promise<Workspace> {
      const outcome = await deletions.keep(clientId, now());
      if (outcome === 'under_way') {
        throw new HttpProblem('workspace.deletion_scheduled', {
          detail: 'This workspace is being deleted right now, so it can no longer be kept.',
        });
      }
      const kept = await questionDb.keepWorkspace(clientId, actor.requestId);
      if (outcome === 'kept') {
        await audit.record({
          action: 'workspace.deletion_cancelled',
          actor: actor.context.user.sub,
          target: `tenant/${clientId}`,
          ip: actor.ip,
          details: { slug: kept.slug, name: kept.name },
        });
      }
      deps.auth.forgetUser(actor.context.user.sub);
      return kept;
    },

    /**
     * Carries out every deletion now due, in any number of API processes at once. Stops at the
     * first question-database failure, to try again at the next sweep; a workspace whose plan
     * renews again (its owners reached the partner's portal) is left for them to resolve.
     */
    async finishDue(limit = 20): Promise<number> {
      let finished = 0;
      for (const deletion of await deletions.claimDue(now(), CLAIM_MS, limit)) {
        if (await deletions.hasRenewingPlan(deletion.clientId)) {
          await deletions.releaseClaim(deletion.clientId);
          deps.log?.warn(
            { clientId: deletion.clientId },
            'workspace deletion due but its plan renews; left for its owners',
          );
          continue;
        }
        await carryOut(deletion);
        finished += 1;
      }
      return finished;
    },
  };
}

export type WorkspaceDeletionService = ReturnType<typeof createWorkspaceDeletionService>;

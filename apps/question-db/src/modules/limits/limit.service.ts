import {
  FREE_WORKSPACE_LIMITS,
  WORKSPACE_LIMIT_KINDS,
  type WorkspaceLimitKind,
  type WorkspaceLimitsUpdate,
  type WorkspacePlanLimits,
  type WorkspaceUsage,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { QuestionDb } from '../../db/tables';
import type { LimitRepository, Usage } from './limit.repository';

/**
 * A check run first inside the transaction that adds to a limit: it locks the workspace, so the
 * check and the write it guards are one step (see `LimitRepository.lockedUsage`).
 */
export type RoomCheck = (trx: QuestionDb) => Promise<void>;

const noSuchTenant = () => new HttpProblem('not_found', { detail: 'There is no such tenant.' });

const nouns: Record<WorkspaceLimitKind, string> = {
  members: 'members (open invitations count)',
  banks: 'banks (archived ones count)',
  questions: 'questions',
};

/** An admin's override comes first, then what the paid plan gives, then the free limit. */
const sourceOf = (usage: Usage, kind: WorkspaceLimitKind) =>
  usage.raised[kind] !== undefined ? 'override' : usage.plan ? 'plan' : 'free';

const maxOf = (usage: Usage, kind: WorkspaceLimitKind) =>
  usage.raised[kind] ?? usage.plan?.[kind] ?? FREE_WORKSPACE_LIMITS[kind];

/**
 * A workspace's limits, checked before anything that adds to them. The check that guards a
 * write runs in the write's transaction with the workspace's row locked (`room`), so two
 * additions at the same moment cannot both pass; `assertRoom` is only the early word that spares
 * an import its work when it could not fit anyway.
 */
export function createLimitService(deps: { limits: LimitRepository }) {
  const { limits } = deps;

  async function usageOf(clientId: string): Promise<Usage> {
    const usage = await limits.usage(clientId);
    if (!usage) throw noSuchTenant();
    return usage;
  }

  const report = (usage: Usage): WorkspaceUsage => ({
    limits: WORKSPACE_LIMIT_KINDS.map((kind) => ({
      kind,
      used: usage.used[kind],
      max: maxOf(usage, kind),
      raised: usage.raised[kind] !== undefined,
      source: sourceOf(usage, kind),
    })),
  });

  function refuseOver(usage: Usage, kind: WorkspaceLimitKind, count: number) {
    const max = maxOf(usage, kind);
    if (usage.used[kind] + count <= max) return;
    throw new HttpProblem('workspace.limit_reached', {
      detail:
        `This workspace may have ${max} ${nouns[kind]} and has ${usage.used[kind]}` +
        (count > 1 ? `; ${count} more would pass that` : '') +
        '. Make room by removing some, or ' +
        (!usage.plan
          ? 'an owner can buy seats on the workspace plan, which raises it.'
          : kind === 'members'
            ? 'an owner can buy more seats.'
            : 'ask a Questa admin to raise the limit.'),
    });
  }

  return {
    async usage(clientId: string): Promise<WorkspaceUsage> {
      return report(await usageOf(clientId));
    },

    /** Refuses with `workspace.limit_reached` when adding `count` would pass the limit. */
    async assertRoom(clientId: string, kind: WorkspaceLimitKind, count = 1): Promise<void> {
      refuseOver(await usageOf(clientId), kind, count);
    },

    /** The check to run first in the transaction that adds `count` of `kind`. */
    room(clientId: string, kind: WorkspaceLimitKind, count = 1): RoomCheck {
      return async (trx) => {
        const usage = await limits.lockedUsage(trx, clientId);
        if (!usage) throw noSuchTenant();
        refuseOver(usage, kind, count);
      };
    },

    /**
     * Sets what the paid plan gives, as the main API's billing says; a revision older than the
     * one kept changes nothing. Members beyond a lower limit stay: only additions are refused.
     */
    async setPlanLimits(clientId: string, input: WorkspacePlanLimits): Promise<WorkspaceUsage> {
      const kept = await limits.setPlanLimits(clientId, input.limits, input.revision);
      if (kept === undefined) throw noSuchTenant();
      return report(await usageOf(clientId));
    },

    async raise(clientId: string, update: WorkspaceLimitsUpdate): Promise<WorkspaceUsage> {
      const usage = await usageOf(clientId);
      const raised = { ...usage.raised };
      for (const kind of WORKSPACE_LIMIT_KINDS) {
        const value = update[kind];
        if (value === null) delete raised[kind];
        else if (value !== undefined) raised[kind] = value;
      }
      if (!(await limits.raise(clientId, raised))) throw noSuchTenant();
      return report({ ...usage, raised });
    },
  };
}

export type LimitService = ReturnType<typeof createLimitService>;

import {
  FREE_WORKSPACE_LIMITS,
  WORKSPACE_LIMIT_KINDS,
  type WorkspaceLimitKind,
  type WorkspaceLimitsUpdate,
  type WorkspaceUsage,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { LimitRepository, Usage } from './limit.repository';

const noSuchTenant = () => new HttpProblem('not_found', { detail: 'There is no such tenant.' });

const nouns: Record<WorkspaceLimitKind, string> = {
  members: 'members (open invitations count)',
  banks: 'banks (archived ones count)',
  questions: 'questions',
};

const maxOf = (usage: Usage, kind: WorkspaceLimitKind) =>
  usage.raised[kind] ?? FREE_WORKSPACE_LIMITS[kind];

/**
 * A free workspace's limits, checked before anything that adds to them. The check and the write
 * are separate statements, so two additions at the same moment may pass one over the limit; for a
 * limit of a free plan that is cheaper than serialising every write of a workspace.
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
    })),
  });

  return {
    async usage(clientId: string): Promise<WorkspaceUsage> {
      return report(await usageOf(clientId));
    },

    /** Refuses with `workspace.limit_reached` when adding `count` would pass the limit. */
    async assertRoom(clientId: string, kind: WorkspaceLimitKind, count = 1): Promise<void> {
      const usage = await usageOf(clientId);
      const max = maxOf(usage, kind);
      if (usage.used[kind] + count <= max) return;
      throw new HttpProblem('workspace.limit_reached', {
        detail:
          `This workspace may have ${max} ${nouns[kind]} and has ${usage.used[kind]}` +
          (count > 1 ? `; ${count} more would pass that` : '') +
          '. Make room by removing some, or ask a Questa admin to raise the limit.',
      });
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

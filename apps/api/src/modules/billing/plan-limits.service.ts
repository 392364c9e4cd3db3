import { paidWorkspaceLimits } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { QuestionDbClient } from '../../adapters/question-db-client';
import type { WorkspacePlanRepository } from './workspace-plan.repository';

interface Log {
  warn: (object: object, message: string) => void;
}

/** Statuses in which a workspace has paid seats: a failing payment keeps them while retried. */
export const RUNNING_STATUSES: ReadonlySet<string> = new Set(['trialing', 'active', 'past_due']);

/** Workspaces sent per round. */
const BATCH = 50;
/**
 * How often a process looks for limits the question database has not taken: after it was
 * unreachable, or after another process stopped before sending.
 */
const SWEEP_MS = 30_000;

/**
 * Sends the question database the limits each workspace's plan gives, after the change that
 * counted them has committed, with no transaction open. What is sent is read afresh (the plan as
 * it is now) under the revision that was due; a send that fails stays due, and the next kick or
 * sweep tries it again.
 */
export function createPlanLimits(deps: {
  workspaces: Pick<WorkspacePlanRepository, 'limitsDue' | 'limitsSent' | 'current'>;
  questionDb: Pick<QuestionDbClient, 'setPlanLimits'>;
  log: Log;
}) {
  let running: Promise<void> | undefined;
  let again = false;

  async function send(clientId: string, revision: number): Promise<boolean> {
    const current = await deps.workspaces.current(clientId);
    const paid = current && RUNNING_STATUSES.has(current.status) ? current : undefined;
    try {
      await deps.questionDb.setPlanLimits(clientId, {
        limits: paid ? paidWorkspaceLimits(paid.seats) : null,
        revision,
      });
    } catch (error) {
      // A workspace the question database no longer has has no limits to follow.
      if (!(error instanceof HttpProblem && error.code === 'not_found')) {
        deps.log.warn(
          { err: error, clientId, revision },
          'workspace limits not sent to the question database; tried again later',
        );
        return false;
      }
    }
    await deps.workspaces.limitsSent(clientId, revision);
    return true;
  }

  async function drain() {
    const failed = new Set<string>();
    for (;;) {
      const due = (await deps.workspaces.limitsDue(BATCH)).filter(
        (row) => !failed.has(row.clientId),
      );
      if (due.length === 0) return;
      for (const { clientId, revision } of due) {
        if (!(await send(clientId, revision))) failed.add(clientId);
      }
    }
  }

  function kick() {
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => {
        deps.log.warn({ err: error }, 'workspace limits could not be sent; tried again later');
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  return {
    /** Sends what is due soon, without making the caller wait; one round at a time. */
    kick,
    start() {
      kick();
      const sweep = setInterval(kick, SWEEP_MS);
      sweep.unref();
      return { stop: () => clearInterval(sweep) };
    },
    /** Resolves once no round is under way; for tests and shutdown. */
    async idle() {
      while (running) await running;
    },
  };
}

export type PlanLimits = ReturnType<typeof createPlanLimits>;

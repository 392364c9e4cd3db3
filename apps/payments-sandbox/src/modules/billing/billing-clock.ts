import type { FastifyBaseLogger } from 'fastify';
import type { Ledger } from '../../store/ledger';
import type { StoredObject } from '../../store/object.repository';
import type { UnitOfWork } from '../../store/unit-of-work';

/** Does what is due for one kind of object at `at`, and sets the object's next `dueAt`. */
export type DueHandler = (ledger: Ledger, object: StoredObject, at: number) => Promise<void>;

export interface BillingClock {
  /**
   * Does everything due on `clock` (a test clock's id, or null for the sandbox's own) up to
   * `until`, in the order it fell due, each object at the time it fell due and in a unit of
   * work of its own.
   */
  runUntil(clock: string | null, until: number): Promise<void>;
}

export function createBillingClock(deps: {
  work: UnitOfWork;
  handlers: Record<string, DueHandler>;
  log: FastifyBaseLogger;
}): BillingClock {
  // One run per clock at a time in this process: an advance and the periodic sweep must not
  // process the same renewal twice. Other processes skip rows this one has locked.
  const runs = new Map<string, Promise<void>>();

  async function run(clock: string | null, until: number) {
    const seen = new Set<string>();
    for (;;) {
      const handled = await deps.work(null, async (ledger) => {
        const due = await ledger.repositories.objects.nextDue(clock, until);
        if (!due) return false;
        const at = due.dueAt!;
        const key = `${due.id}@${at}`;
        const handler = deps.handlers[due.type];
        if (!handler || seen.has(key)) {
          // A handler that leaves its object due at the same moment would loop forever.
          deps.log.error({ id: due.id, at }, 'payments sandbox: object stayed due; unscheduled');
          due.dueAt = null;
          await ledger.save(due);
          return true;
        }
        seen.add(key);
        await handler(ledger, due, at);
        return true;
      });
      if (!handled) return;
    }
  }

  return {
    runUntil(clock, until) {
      const key = clock ?? '';
      const previous = runs.get(key) ?? Promise.resolve();
      const next = previous.catch(() => undefined).then(() => run(clock, until));
      runs.set(key, next);
      return next.finally(() => {
        if (runs.get(key) === next) runs.delete(key);
      });
    },
  };
}

import type { SandboxDb } from '../sandbox-db';
import { createDeliveryRepository } from './delivery.repository';
import { createEventRepository } from './event.repository';
import { Ledger, type DeliveryPlan, type RequestInfo, type SandboxClock } from './ledger';
import { createObjectRepository } from './object.repository';

export function repositoriesOf(executor: SandboxDb) {
  return {
    objects: createObjectRepository(executor),
    events: createEventRepository(executor),
    deliveries: createDeliveryRepository(executor),
  };
}

export type Repositories = ReturnType<typeof repositoriesOf>;

/**
 * Runs `work` in one transaction through a ledger: its objects, events and deliveries commit
 * together or not at all. This is the only way services write, so none holds a transaction of
 * its own; the work must stay inside the database, and webhooks are posted after it commits.
 */
export type UnitOfWork = <T>(
  request: RequestInfo | null,
  work: (ledger: Ledger) => Promise<T>,
) => Promise<T>;

export function createUnitOfWork(
  db: SandboxDb,
  options: { delivery: () => DeliveryPlan; clock: SandboxClock; onEvents: () => void },
): UnitOfWork {
  return async (request, work) => {
    const { value, emitted } = await db.transaction().execute(async (trx) => {
      const ledger = new Ledger(repositoriesOf(trx), request, options.delivery(), options.clock);
      const result = await work(ledger);
      await ledger.commit();
      return { value: result, emitted: ledger.emitted };
    });
    if (emitted > 0) options.onEvents();
    return value;
  };
}

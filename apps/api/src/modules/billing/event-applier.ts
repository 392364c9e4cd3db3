import type { UnitOfWork, WorkRepositories } from '../../db/unit-of-work';
import type { ApplyResult, BillingSync, Snapshot } from './billing-sync.service';
import type { PaymentEventRepository, PendingEvent } from './payment-event.repository';
import { isReadable, type PartnerReader } from './partner-reader';

interface Log {
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
}

/** Events taken per round: one read per object among them, one transaction for all. */
const BATCH = 200;
/** Reads from the partner under way at once, so a burst does not flood its API. */
const READS_AT_ONCE = 8;
/** How long after a failed read an event is tried again: doubling from the first, up to the last. */
const RETRY_FIRST_MS = 2000;
const RETRY_LAST_MS = 5 * 60_000;
/**
 * How often a process looks for events nobody is applying: left by a process that stopped, or
 * waiting out a retry another process scheduled.
 */
const SWEEP_MS = 30_000;

export const retryDelayMs = (attempts: number) =>
  Math.min(RETRY_LAST_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempts));

/** The events of one round that name the same object: one read serves them all. */
interface ObjectGroup {
  objectType: string;
  objectId: string;
  /** The newest of the events: a read that shows it shows the others too. */
  createdAt: Date;
  events: PendingEvent[];
}

type Read = { ok: true; snapshot: Snapshot | undefined } | { ok: false; error: string };

function groupByObject(events: readonly PendingEvent[]): ObjectGroup[] {
  const groups = new Map<string, ObjectGroup>();
  for (const event of events) {
    const key = `${event.objectType}:${event.objectId}`;
    const group = groups.get(key);
    if (!group) {
      groups.set(key, { ...event, events: [event] });
      continue;
    }
    group.events.push(event);
    if (event.createdAt > group.createdAt) group.createdAt = event.createdAt;
  }
  return [...groups.values()];
}

async function mapLimited<T, R>(items: readonly T[], limit: number, map: (item: T) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) {
      results[index] = await map(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Applies the partner's events after their webhooks were answered. Each round takes the pending
 * events, reads each object they name once from the partner (no transaction open), then in one
 * transaction locks the events still pending and applies the reads: a burst of nine events about
 * one learner's renewal costs two reads and one commit, however the partner spread its deliveries.
 * A read that fails leaves its events pending and tries them again later, doubling the wait;
 * a process that stops leaves its events to the next look, its own at start or another's.
 */
export function createEventApplier(deps: {
  events: Pick<PaymentEventRepository, 'due'>;
  unitOfWork: UnitOfWork;
  reader: PartnerReader;
  sync: BillingSync;
  /** Called after commit with the learners whose premium may have changed, and whether mail waits. */
  changed: (userIds: string[], mailQueued: boolean) => void;
  /** Called after commit with the in-app notices the events wrote, whose mail is due. */
  noticed: (notices: NonNullable<ApplyResult['notices']>) => void;
  /** Called after commit when a workspace's plan changed, so its limits are sent. */
  limitsDue?: () => void;
  log: Log;
}) {
  let running: Promise<void> | undefined;
  let again = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryAt = Infinity;

  function retryIn(delayMs: number) {
    const at = Date.now() + delayMs;
    if (at >= retryAt) return;
    clearTimeout(retryTimer);
    retryAt = at;
    retryTimer = setTimeout(() => {
      retryAt = Infinity;
      kick();
    }, delayMs);
    retryTimer.unref();
  }

  async function read(group: ObjectGroup): Promise<Read> {
    if (!isReadable(group.objectType)) return { ok: true, snapshot: undefined };
    try {
      const snapshot = await deps.reader.snapshot(
        group.objectType,
        group.objectId,
        group.createdAt,
      );
      return { ok: true, snapshot };
    } catch (error) {
      return { ok: false, error: messageOf(error) };
    }
  }

  /** Applies the groups' reads in `work`; what changed, for after commit. */
  async function apply(work: WorkRepositories, groups: ObjectGroup[], reads: Read[]) {
    const mine = await work.paymentEvents.lockPending(
      groups.flatMap((group) => group.events.map((event) => event.id)),
    );
    const userIds: string[] = [];
    const notices: NonNullable<ApplyResult['notices']> = [];
    let mailQueued = false;
    let limitsDue = false;
    let progressed = 0;
    for (const [index, group] of groups.entries()) {
      const ids = group.events.map((event) => event.id).filter((id) => mine.has(id));
      if (ids.length === 0) continue;
      progressed += ids.length;
      const result = reads[index]!;
      if (!result.ok) {
        const attempts = Math.max(...group.events.map((event) => event.attempts));
        await work.paymentEvents.postpone(ids, result.error, retryDelayMs(attempts));
        retryIn(retryDelayMs(attempts));
        continue;
      }
      if (!result.snapshot) {
        await work.paymentEvents.settle(ids, 'ignored');
        continue;
      }
      const applied = await deps.sync.apply(work, result.snapshot, 'webhook');
      await work.paymentEvents.settle(ids, applied.outcome);
      userIds.push(...applied.userIds);
      notices.push(...(applied.notices ?? []));
      mailQueued ||= applied.mailQueued ?? false;
      limitsDue ||= applied.limitsDue ?? false;
    }
    return { userIds, notices, mailQueued, limitsDue, progressed };
  }

  function afterCommit(done: Awaited<ReturnType<typeof apply>>) {
    deps.changed(done.userIds, done.mailQueued);
    if (done.notices.length > 0) deps.noticed(done.notices);
    if (done.limitsDue) deps.limitsDue?.();
  }

  /** One round: false when there was nothing this process could take. */
  async function round(): Promise<boolean> {
    const due = await deps.events.due(BATCH);
    if (due.length === 0) return false;
    const groups = groupByObject(due);
    const reads = await mapLimited(groups, READS_AT_ONCE, read);
    let progressed = 0;
    try {
      const done = await deps.unitOfWork((work) => apply(work, groups, reads));
      afterCommit(done);
      progressed = done.progressed;
    } catch (error) {
      // One object's trouble (or a deadlock with another process) must not hold up the rest:
      // each object then goes alone, and one that still fails waits for a later attempt.
      deps.log.warn({ err: error }, 'partner events applied one object at a time after a failure');
      for (const [index, group] of groups.entries()) {
        try {
          const done = await deps.unitOfWork((work) => apply(work, [group], [reads[index]!]));
          afterCommit(done);
          progressed += done.progressed;
        } catch (groupError) {
          deps.log.error(
            { err: groupError, object: group.objectId, events: group.events.map((e) => e.id) },
            'a partner event could not be applied; it is tried again later',
          );
          const attempts = Math.max(...group.events.map((event) => event.attempts));
          const ids = group.events.map((event) => event.id);
          await deps
            .unitOfWork((work) =>
              work.paymentEvents.postpone(ids, messageOf(groupError), retryDelayMs(attempts)),
            )
            .catch(() => undefined);
          retryIn(retryDelayMs(attempts));
          progressed += ids.length;
        }
      }
    }
    // Nothing taken: the events are another process's, which is applying them now.
    return progressed > 0;
  }

  async function drain() {
    while (await round()) {
      // Round after round while events keep coming; each takes what arrived meanwhile.
    }
  }

  /** Applies pending events soon, without making the caller wait; one drain at a time. */
  function kick() {
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => {
        deps.log.error({ err: error }, 'partner events could not be applied; tried again later');
        retryIn(RETRY_FIRST_MS);
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
    kick,
    /** Looks for events at once and then every so often, for as long as the server runs. */
    start() {
      kick();
      const sweep = setInterval(kick, SWEEP_MS);
      sweep.unref();
      return {
        stop() {
          clearInterval(sweep);
          clearTimeout(retryTimer);
        },
      };
    },
    /** Resolves once no drain is under way; for tests and shutdown. */
    async idle() {
      while (running) await running;
    },
  };
}

export type EventApplier = ReturnType<typeof createEventApplier>;

import { newId, ID_PREFIX } from '../wire/ids';
import { resourceMissing } from '../wire/errors';
import { SANDBOX_API_VERSION, type EventObject, type TestClockObject } from '../model/objects';
import { previousAttributes } from './diff';
import type { Repositories } from './unit-of-work';
import type { StoredObject } from './object.repository';

/** The API request an operation runs for; events name it, as Stripe's do. */
export interface RequestInfo {
  id: string | null;
  idempotencyKey: string | null;
}

/** How events leave: to which URLs, and how the sandbox misbehaves doing it. */
export interface DeliveryPlan {
  urls: string[];
  duplicate: boolean;
  /** Milliseconds every delivery is held back; 0 for none. */
  lateMs: number;
  reorder: boolean;
}

/** The sandbox's own clock: real time moved forward by an offset an admin or a test advanced. */
export interface SandboxClock {
  now(): number;
}

/**
 * One operation's view of the store, inside its transaction: objects are read locked and
 * written back, and the events it emits are appended, with their deliveries, when it commits.
 */
export class Ledger {
  readonly #events: EventObject[] = [];

  constructor(
    readonly repositories: Repositories,
    private readonly request: RequestInfo | null,
    private readonly delivery: DeliveryPlan,
    private readonly clock: SandboxClock,
  ) {}

  /** The object with `id` if it is of `type`, locked until the operation ends. */
  async get<T, I = Record<string, unknown>>(
    id: string,
    type: string,
  ): Promise<StoredObject<T, I> | undefined> {
    const found = await this.repositories.objects.find<T, I>(id, { lock: true });
    return found?.type === type ? found : undefined;
  }

  /** Like `get`, but a missing object is Stripe's 404 naming the parameter that named it. */
  async require<T, I = Record<string, unknown>>(
    id: string,
    type: string,
    noun: string,
    param = 'id',
  ): Promise<StoredObject<T, I>> {
    const found = await this.get<T, I>(id, type);
    if (!found) throw resourceMissing(noun, id, param);
    return found;
  }

  async insert<T, I = Record<string, unknown>>(
    object: Pick<StoredObject<T, I>, 'id' | 'type' | 'data'> & Partial<StoredObject<T, I>>,
  ): Promise<StoredObject<T, I>> {
    const stored: StoredObject<T, I> = {
      customer: null,
      clock: null,
      dueAt: null,
      internal: {} as I,
      ...object,
    };
    await this.repositories.objects.insert(stored as StoredObject);
    return stored;
  }

  async save(object: StoredObject<unknown, unknown>): Promise<void> {
    await this.repositories.objects.update(object as StoredObject);
  }

  /** Sandbox time on `clock` (a test clock's id) or on the sandbox's own clock. */
  async now(clock: string | null): Promise<number> {
    if (clock === null) return this.clock.now();
    const testClock = await this.repositories.objects.find<TestClockObject>(clock);
    if (!testClock) throw resourceMissing('test clock', clock, 'test_clock');
    return testClock.data.frozen_time;
  }

  /** Records an event carrying a snapshot of `object` as it is now. */
  emit(type: string, object: unknown, previous?: Record<string, unknown>): void {
    this.#events.push({
      id: newId(ID_PREFIX.event),
      object: 'event',
      api_version: SANDBOX_API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: {
        object: structuredClone(object),
        ...(previous && { previous_attributes: structuredClone(previous) }),
      },
      livemode: false,
      pending_webhooks: this.delivery.urls.length,
      request: {
        id: this.request?.id ?? null,
        idempotency_key: this.request?.idempotencyKey ?? null,
      },
      type,
    });
  }

  /** Emits `type` with what changed between `before` and `after`; nothing when nothing did. */
  emitChange(type: string, before: object, after: object): void {
    const previous = previousAttributes(
      before as Record<string, unknown>,
      after as Record<string, unknown>,
    );
    if (previous) this.emit(type, after, previous);
  }

  get emitted(): number {
    return this.#events.length;
  }

  /**
   * Appends the events and schedules their deliveries in this transaction, so an event exists
   * exactly when the change it reports does. The sender posts them later, outside it.
   */
  async commit(): Promise<void> {
    const events = this.#events;
    await this.repositories.events.append(events);
    const plan = this.delivery;
    const order = plan.reorder ? [...events].reverse() : events;
    const rounds = plan.duplicate ? 2 : 1;
    const rows = [];
    for (let round = 0; round < rounds; round += 1) {
      for (const event of order) {
        for (const url of plan.urls) rows.push({ eventId: event.id, url, delayMs: plan.lateMs });
      }
    }
    await this.repositories.deliveries.schedule(rows);
  }
}

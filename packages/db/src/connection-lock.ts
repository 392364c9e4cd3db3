/**
 * The embedded database has exactly one connection, and a transaction keeps it until it ends.
 * Kysely's own lock for such engines waits forever, so one transaction stuck on something that
 * itself needs the database (an HTTP call to the embedded identity provider, say) would stop
 * every request of the process without a word. This lock gives up after a time limit instead,
 * with an error that says how long the connection has been held, so the stall shows in the log
 * and the caller answers 503 rather than hanging.
 */
export class ConnectionWaitTimeoutError extends Error {
  // `ETIMEDOUT` makes `isUnavailableError` true, so the HTTP edge answers 503 `unavailable`.
  readonly code = 'ETIMEDOUT';
  constructor(
    readonly waitedMs: number,
    readonly heldMs: number,
  ) {
    super(
      `The embedded database's only connection has been busy for ${seconds(heldMs)}; gave up ` +
        `waiting for it after ${seconds(waitedMs)}. A transaction is probably waiting on ` +
        `something that needs the database itself (another service in this process).`,
    );
    this.name = 'ConnectionWaitTimeoutError';
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Waiter {
  grant: () => void;
  timer: NodeJS.Timeout;
}

export class ConnectionLock {
  #held = false;
  #heldSince = 0;
  readonly #queue: Waiter[] = [];

  constructor(
    private readonly timeoutMs: number,
    private readonly onTimeout?: (error: ConnectionWaitTimeoutError) => void,
    private readonly onWait?: (waitedMs: number) => void,
  ) {}

  /** Resolves once the connection is this caller's; rejects after the time limit. */
  acquire(): Promise<void> {
    if (!this.#held) {
      this.#take();
      this.onWait?.(0);
      return Promise.resolve();
    }
    const started = Date.now();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(waiter.timer);
          this.#take();
          this.onWait?.(Date.now() - started);
          resolve();
        },
        timer: setTimeout(() => {
          this.#queue.splice(this.#queue.indexOf(waiter), 1);
          const error = new ConnectionWaitTimeoutError(
            Date.now() - started,
            Date.now() - this.#heldSince,
          );
          this.onTimeout?.(error);
          reject(error);
        }, this.timeoutMs),
      };
      this.#queue.push(waiter);
    });
  }

  /** Runs `work` holding the connection. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  release(): void {
    const next = this.#queue.shift();
    if (next) next.grant();
    else this.#held = false;
  }

  /** Whether a caller has the connection now. */
  get held(): boolean {
    return this.#held;
  }

  /** How many callers wait for the connection now. */
  get waiting(): number {
    return this.#queue.length;
  }

  #take() {
    this.#held = true;
    this.#heldSince = Date.now();
  }
}

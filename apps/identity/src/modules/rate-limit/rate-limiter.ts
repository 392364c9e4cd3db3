export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Whole seconds until the window resets; 0 while allowed. */
  retryAfterSeconds: number;
}

/** Counts attempts per key in fixed windows; shared by all processes when backed by Redis. */
export interface RateLimiter {
  hit(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
  /** Whether the key is already over its limit, without counting this look as an attempt. */
  peek(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
  close(): Promise<void>;
}

export function decide(count: number, msLeft: number, rule: RateLimitRule): RateLimitDecision {
  const allowed = count <= rule.limit;
  return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(msLeft / 1000)) };
}

/** One process's counters, for one-process mode and tests. */
export function createMemoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = (now: number) => {
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  };
  return {
    async hit(key, rule) {
      const now = Date.now();
      // Bounded memory: an attacker rotating addresses cannot grow the map without limit.
      if (windows.size > 10_000) sweep(now);
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + rule.windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return decide(window.count, window.resetAt - now, rule);
    },
    async peek(key, rule) {
      const now = Date.now();
      const window = windows.get(key);
      if (!window || window.resetAt <= now) return decide(0, 0, rule);
      return decide(window.count + 1, window.resetAt - now, rule);
    },
    async close() {
      windows.clear();
    },
  };
}

import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

/** Warms the target up, then measures it under a steady concurrent load. */
export async function measureLoad(
  name: string,
  url: string,
  options: { connections?: number; seconds?: number; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const base = { url, connections: options.connections ?? 32, headers: options.headers ?? {} };
  await autocannon({ ...base, duration: 3 });
  const result = await autocannon({ ...base, duration: options.seconds ?? 10 });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** A figure measured in several rounds: its median and the range it moved in. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

export const spread = (values: number[]): Spread => ({
  median: median(values),
  min: Math.min(...values),
  max: Math.max(...values),
});

export interface RoundsResult {
  name: string;
  requestsPerSecond: Spread;
  p50Ms: Spread;
  p99Ms: Spread;
  /** Requests per second relative to the first target, round by round. */
  ratio: Spread;
  non2xx: number;
}

/**
 * Measures every target in interleaved rounds (A B C, A B C, …) and compares each with the first
 * target within the same round. The machine's load drifts over minutes; measured one after
 * another, a slow minute lands on one target alone and its ratio moves with it. In rounds, the
 * drift falls on every target alike, and the median of the rounds' ratios with its range says
 * how far to trust it.
 */
export async function measureInRounds(
  targets: { name: string; url: string; headers?: Record<string, string> }[],
  options: { rounds: number; seconds: number },
): Promise<RoundsResult[]> {
  const runs = targets.map(() => [] as LoadResult[]);
  for (let round = 0; round < options.rounds; round++) {
    for (const [index, target] of targets.entries()) {
      runs[index]!.push(
        await measureLoad(target.name, target.url, {
          headers: target.headers,
          seconds: options.seconds,
        }),
      );
    }
  }
  const baseline = runs[0]!;
  return targets.map((target, index) => {
    const results = runs[index]!;
    return {
      name: target.name,
      requestsPerSecond: spread(results.map((result) => result.requestsPerSecond)),
      p50Ms: spread(results.map((result) => result.p50Ms)),
      p99Ms: spread(results.map((result) => result.p99Ms)),
      ratio: spread(
        results.map(
          (result, round) => result.requestsPerSecond / baseline[round]!.requestsPerSecond,
        ),
      ),
      non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    };
  });
}

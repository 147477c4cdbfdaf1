/** Order statistics over timing samples. All figures keep the unit of the samples they were computed from. */

export interface Summary {
  n: number;
  median: number;
  p99: number;
  mean: number;
  min: number;
  max: number;
}

/** Percentile by linear interpolation between closest ranks (the definition numpy uses by default). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const n = sorted.length;
  return {
    n,
    median: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean: n ? sorted.reduce((sum, x) => sum + x, 0) / n : Number.NaN,
    min: n ? sorted[0]! : Number.NaN,
    max: n ? sorted[n - 1]! : Number.NaN,
  };
}

export function median(samples: readonly number[]): number {
  return summarize(samples).median;
}

/** Points of the empirical CDF, thinned to at most `maxPoints` (for plots). */
export function cdf(samples: readonly number[], maxPoints = 200): [number, number][] {
  const sorted = [...samples].sort((a, b) => a - b);
  const step = Math.max(1, Math.floor(sorted.length / maxPoints));
  const points: [number, number][] = [];
  for (let i = 0; i < sorted.length; i += step) points.push([sorted[i]!, (i + 1) / sorted.length]);
  if (sorted.length > 0) points.push([sorted[sorted.length - 1]!, 1]);
  return points;
}

/** Nanoseconds from `process.hrtime.bigint()` differences to microseconds. */
export function nsToUs(ns: bigint): number {
  return Number(ns) / 1_000;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

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

export function nsToUs(ns: bigint): number {
  return Number(ns) / 1_000;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Diagnosis only (BENCH_PAINT_GC=file.json): the extension host's garbage collections over a phase, each with its
 * start (Date.now() clock, comparable with the probes' stamps), duration and kind, from a `PerformanceObserver`.
 */
import { writeFileSync } from "node:fs";
import { PerformanceObserver, constants, performance } from "node:perf_hooks";

export interface GcEntry {
  at: number;
  ms: number;
  kind: string;
}

const KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: "major",
  [constants.NODE_PERFORMANCE_GC_MINOR]: "minor",
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weak callbacks",
};

/** Runs `run` while recording collections, and writes them to `file` when one is given. */
export async function recordingGc<T>(file: string | undefined, run: () => Promise<T>): Promise<T> {
  if (!file) return run();
  const entries: GcEntry[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind ?? -1;
      entries.push({
        at: performance.timeOrigin + entry.startTime,
        ms: entry.duration,
        kind: KINDS[kind] ?? String(kind),
      });
    }
  });
  observer.observe({ entryTypes: ["gc"] });
  try {
    return await run();
  } finally {
    observer.disconnect();
    writeFileSync(file, JSON.stringify(entries));
  }
}

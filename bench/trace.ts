/**
 * Chromium trace files (`BENCH_TRACE`, `replayView --trace`), as the diagnosis tools read them: the events, and those
 * of the renderers' main threads (where the workbench, the webview and their frames run) in time order.
 */
import { readFileSync } from "node:fs";

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) duration. */
  tdur?: number;
  args?: {
    name?: string;
    elementCount?: number;
    src_func?: string;
    data?: { frame?: string; nodeName?: string; functionName?: string; url?: string };
    beginData?: { frame?: string; dirtyObjects?: number };
  };
}

/** Every event of a trace file (either of the two shapes Chromium writes). */
export function readTrace(file: string): TraceEvent[] {
  const trace = JSON.parse(readFileSync(file, "utf8")) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
}

/** `pid:tid` of every renderer main thread. */
export function rendererMainThreads(events: readonly TraceEvent[]): Set<string> {
  const threads = new Set<string>();
  for (const e of events)
    if (e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      threads.add(threadOf(e));
  return threads;
}

export function threadOf(e: TraceEvent): string {
  return `${e.pid}:${e.tid}`;
}

/** The events (no metadata) of the renderers' main threads, in time order. */
export function rendererMainEvents(events: readonly TraceEvent[]): TraceEvent[] {
  const threads = rendererMainThreads(events);
  return events.filter((e) => e.ph !== "M" && threads.has(threadOf(e))).sort((a, b) => a.ts - b.ts);
}

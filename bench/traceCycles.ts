/**
 * Diagnosis (not a figure of the report): what the renderer's main thread did per probe in a traced paint phase.
 *
 *   BENCH_TRACE=/tmp/t.json BENCH_HOST_PHASES="open the view,plain card paint,paint" BENCH_PAINT_LEVELS=1000 \
 *     BENCH_PAINT_VARIANTS=diff npm run bench -- --only host
 *   node out/bench/traceCycles.js /tmp/t-paint.json bench/results/latest.json
 *
 * The workbench and the webview share that thread, and a probe's message takes several tasks on it (the WebSocket's
 * blob, its FileReader, the workbench's post to the webview's frames) before the view sees it: under load the thread
 * gets a fraction of a core and every task queued before them delays them. So per probe (from the first probe's send
 * to the last one's paint, divided by the probes): the thread's CPU, its frames, and the frames no script of the view
 * asked for (no animation-frame callback of the view ran in them: the workbench drew something, or a style change of
 * the view's own, such as a spinner's step). Trace timestamps are CLOCK_MONOTONIC; the probes' stamps `Date.now()`.
 * Both are read on this machine, so run it on the machine that recorded the trace, soon after (the offset between
 * the two clocks drifts only with clock adjustments).
 */
import { readFileSync } from "node:fs";
import type { PaintLevelResult } from "./host/protocol";
import { readTrace, rendererMainThreads, threadOf } from "./trace";

const FRAME_STEPS = new Set(["ProxyMain::BeginMainFrame", "PrePaint", "Layerize", "Commit"]);

function main(): void {
  const [traceFile, resultsFile] = process.argv.slice(2);
  if (!traceFile || !resultsFile) throw new Error("usage: traceCycles <trace-paint.json> <latest.json>");
  const events = readTrace(traceFile);
  const rendererMains = rendererMainThreads(events);
  const perThread = new Map<string, number>();
  for (const e of events) {
    const id = threadOf(e);
    if (rendererMains.has(id)) perThread.set(id, (perThread.get(id) ?? 0) + 1);
  }
  // The busiest renderer main thread: the workbench's (the webview's frames run on it).
  const main = [...perThread].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) throw new Error("no renderer main thread in the trace");
  const complete = events
    .filter((e) => e.ph === "X" && e.dur !== undefined && threadOf(e) === main)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const offsetMs = Date.now() - Number(process.hrtime.bigint()) / 1e6;
  const wallOf = (ts: number) => ts / 1000 + offsetMs;

  const levels = (JSON.parse(readFileSync(resultsFile, "utf8")) as { host: { paint?: PaintLevelResult[] } })
    .host.paint;
  for (const level of levels ?? []) {
    const probes = level.probes;
    if (probes.length === 0) continue;
    const from = probes[0]!.sentAt;
    const to = probes[probes.length - 1]!.paintedAt;
    let cpuMs = 0;
    let frames = 0;
    let framesWithoutView = 0;
    let frameCpuMs = 0;
    let end = -1;
    for (let i = 0; i < complete.length; i++) {
      const task = complete[i]!;
      if (task.ts < end) continue; // nested in the task before
      end = task.ts + task.dur!;
      const at = wallOf(task.ts);
      if (at < from || at > to) continue;
      cpuMs += (task.tdur ?? 0) / 1000;
      let frame = false;
      let viewCallback = false;
      for (let j = i + 1; j < complete.length && complete[j]!.ts < end; j++) {
        const inner = complete[j]!;
        if (FRAME_STEPS.has(inner.name)) frame = true;
        if (inner.name === "FireAnimationFrame")
          for (let k = j + 1; k < complete.length && complete[k]!.ts < inner.ts + inner.dur!; k++) {
            const script = complete[k]!;
            if (script.name === "FunctionCall" && script.args?.data?.url?.includes("/dist/webview.js"))
              viewCallback = true;
          }
      }
      if (!frame) continue;
      frames++;
      frameCpuMs += (task.tdur ?? 0) / 1000;
      if (!viewCallback) framesWithoutView++;
    }
    const n = probes.length;
    console.log(
      `${level.pending} pending${level.toolCall ? ", after a diff" : ""}: ${n} probes over ${((to - from) / 1000).toFixed(1)} s; ` +
        `renderer main thread per probe: CPU ${(cpuMs / n).toFixed(1)} ms, frames ${(frames / n).toFixed(2)} ` +
        `(${(frameCpuMs / n).toFixed(1)} ms CPU), of which no animation-frame callback of the view ran ${(framesWithoutView / n).toFixed(2)}`,
    );
  }
}

main();

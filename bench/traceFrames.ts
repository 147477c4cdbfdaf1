/**
 * Diagnosis, not a figure: reads a paint phase's Chromium trace (`BENCH_TRACE=/tmp/x.json` writes
 * /tmp/x-paint.json) and counts, per probe, what timings on a shared machine blur: the animation frames the
 * Symposium view took part in between one card's "visible" stamp and the next's (frames per probe), and in the
 * frame that showed the card, the view's style and layout passes (a second pass is `content-visibility` unlocking
 * something that was laid out at its guess), the objects laid out, and the layout forced before that frame (in the
 * message task). Run: `node out/bench/traceFrames.js /tmp/x-paint.json` (after `npm run bench`, which compiles it).
 * Probes are found by the paint reporter's message-channel handler (`webview/paintReporter.ts`) in the view's
 * document; groups of probes (one per level and variant) are split where no card was painted for 350 ms (a new session; probes come every 100 ms).
 */
import { readTrace, rendererMainEvents, type TraceEvent } from "./trace";

export interface ProbeFrame {
  /** Animation frames the view took part in from this card's visible stamp to the next card's, this one's included. */
  framesToNext?: number;
  stylePasses: number;
  layoutPasses: number;
  objectsLaidOut: number;
  frameMs: number;
  forcedLayoutBeforeMs: number;
}

const GROUP_GAP_US = 350_000;

export function probeFrames(events: readonly TraceEvent[]): ProbeFrame[][] {
  const main = rendererMainEvents(events);
  const frameOf = (e: TraceEvent) => e.args?.data?.frame ?? e.args?.beginData?.frame;
  const view = main.find((e) => e.name === "ScrollLayer" && /transcript/.test(e.args?.data?.nodeName ?? ""));
  if (!view) throw new Error("no scroll of the Symposium transcript in this trace");
  const ours = (e: TraceEvent) => frameOf(e) === frameOf(view);
  const painted = main
    .filter(
      (e) =>
        e.name === "FunctionCall" && ours(e) && /port1\.onmessage$/.test(e.args?.data?.functionName ?? ""),
    )
    .map((e) => e.ts);
  const commits = main.filter((e) => e.name === "Commit").map((e) => e.ts);
  const frames = main
    .filter((e) => e.name === "BeginMainThreadFrame")
    .map((e) => ({ begin: e.ts, end: commits.find((c) => c > e.ts) ?? Infinity }));
  const within = (from: number, to: number, keep: (e: TraceEvent) => boolean) =>
    main.filter((e) => e.ts >= from && e.ts <= to && keep(e));
  const viewFrames = frames.filter(
    (f) =>
      within(
        f.begin,
        f.end,
        (e) => ours(e) && ["Layout", "UpdateLayoutTree", "FireAnimationFrame"].includes(e.name),
      ).length > 0,
  );
  const groups: ProbeFrame[][] = [];
  painted.forEach((at, i) => {
    if (i === 0 || at - painted[i - 1]! > GROUP_GAP_US) groups.push([]);
    const shown = frames.filter((f) => f.end < at).at(-1);
    if (!shown) return;
    const previousEnd = frames.filter((f) => f.end < shown.begin).at(-1)?.end ?? 0;
    const inFrame = within(shown.begin, shown.end, ours);
    const layouts = inFrame.filter((e) => e.name === "Layout");
    const next = painted[i + 1];
    groups.at(-1)!.push({
      ...(next !== undefined && next - at < GROUP_GAP_US
        ? { framesToNext: viewFrames.filter((f) => f.begin >= at && f.begin < next).length + 1 }
        : {}),
      stylePasses: inFrame.filter((e) => e.name === "UpdateLayoutTree" && (e.args?.elementCount ?? 0) > 0)
        .length,
      layoutPasses: layouts.filter((e) => (e.args?.beginData?.dirtyObjects ?? 0) > 2).length,
      objectsLaidOut: layouts.reduce((sum, e) => sum + (e.args?.beginData?.dirtyObjects ?? 0), 0),
      frameMs: (shown.end - shown.begin) / 1000,
      forcedLayoutBeforeMs:
        within(previousEnd, shown.begin, (e) => ours(e) && e.name === "Layout").reduce(
          (sum, e) => sum + (e.dur ?? 0),
          0,
        ) / 1000,
    });
  });
  return groups;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)]!;
}

if (require.main === module) {
  const file = process.argv[2];
  if (!file) throw new Error("usage: node out/bench/traceFrames.js <trace-paint.json>");
  const groups = probeFrames(readTrace(file));
  console.log(
    "probes | frames per probe | style passes | layout passes | objects laid out | frame ms | forced before ms (medians)",
  );
  for (const group of groups) {
    if (group.length < 5) continue;
    const of = (pick: (p: ProbeFrame) => number | undefined) =>
      median(group.map(pick).filter((v): v is number => v !== undefined));
    console.log(
      [
        group.length,
        of((p) => p.framesToNext),
        of((p) => p.stylePasses),
        of((p) => p.layoutPasses),
        of((p) => p.objectsLaidOut),
        of((p) => p.frameMs).toFixed(1),
        of((p) => p.forcedLayoutBeforeMs).toFixed(2),
      ].join(" | "),
    );
  }
}

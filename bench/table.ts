/**
 * The table: each metric of /work/shared/docs/performance.md's targets, as measured, next to the floor measured in
 * the same run, with the ratio and whether the target is met. Timings are medians and p99s over many samples.
 */
import type { PaintLevelResult } from "./host/protocol";
import type { BenchResults } from "./results";
import { summarize, type Summary } from "./stats";
import { BUNDLE_BUDGETS_KB } from "../tools/bundleBudgets";

export type Unit = "ms" | "us" | "KB" | "per s" | "count";

export interface Floor {
  label: string;
  median?: number;
  p99?: number;
  value?: number;
}

export interface Row {
  section: string;
  metric: string;
  unit: Unit;
  n?: number;
  median?: number;
  p99?: number;
  /** A single figure (throughput, size, count) instead of a distribution. */
  value?: number;
  floor?: Floor;
  target?: string;
  /** undefined: no target for this row (information). */
  pass?: boolean;
  note?: string;
}

const KB = 1000;

/**
 * The shared doc's size targets for the bundles that ship (KB minified). `tools/bundleBudgets.ts` holds each file near
 * its present size instead: a guard against growth, which the table names beside the target, not in its place.
 */
const BUNDLE_TARGETS_KB: Readonly<Record<string, number>> = { "extension.js": 200, "webview.js": 150 };
const us = (s: Summary) => ({ n: s.n, median: s.median, p99: s.p99 });
const msFromUs = (s: Summary) => ({ n: s.n, median: s.median / 1000, p99: s.p99 / 1000 });
const pick = (s: Summary) => ({ median: s.median, p99: s.p99 });
const floorMs = (label: string, s: Summary): Floor => ({ label, median: s.median / 1000, p99: s.p99 / 1000 });

export function buildRows(r: BenchResults): Row[] {
  const rows: Row[] = [];
  const add = (row: Row) => rows.push(row);
  const floors = r.floors;
  const sdk = floors?.sdk;

  // -- Floors (reference) --------------------------------------------------------------------------------------
  if (floors) {
    for (const [name, floor] of [
      ["raw stdio", floors.raw],
      ["SDK-to-SDK", floors.sdk],
    ] as const) {
      add({
        section: "Floors",
        metric: `${name}: round trip, human-paced`,
        unit: "ms",
        ...msFromUs(floor.pacedUs),
      });
      add({ section: "Floors", metric: `${name}: round trip, hot loop`, unit: "us", ...us(floor.hotUs) });
      add({
        section: "Floors",
        metric: `${name}: throughput, 16 in flight`,
        unit: "per s",
        value: floor.throughputPerSecond,
      });
      add({
        section: "Floors",
        metric: `${name}: client CPU per request`,
        unit: "us",
        value: floor.clientCpuUsPerRequest,
      });
      add({
        section: "Floors",
        metric: `${name}: heap per pending request`,
        unit: "KB",
        value: floor.heapBytesPerPending / KB,
      });
    }
  }

  // -- 1. Bypass ---------------------------------------------------------------------------------------------------
  const bypass = r.host?.bypass;
  if (r.clientBypass) {
    const c = r.clientBypass;
    add({
      section: "1. Bypass",
      metric: "AgentSessions in plain Node (no VS Code): round trip, human-paced",
      unit: "ms",
      ...msFromUs(c.pacedUs),
      ...(sdk ? { floor: floorMs("SDK paced", sdk.pacedUs) } : {}),
      note: "where Symposium's own code stands, without the extension host",
    });
    add({
      section: "1. Bypass",
      metric: "AgentSessions in plain Node: CPU per approval",
      unit: "us",
      value: c.cpuUsPerApproval,
      ...(sdk ? { floor: { label: "SDK client CPU", value: sdk.clientCpuUsPerRequest } } : {}),
    });
    add({
      section: "1. Bypass",
      metric:
        "AgentSessions in plain Node + approval history file (as extension.ts records it): CPU per approval",
      unit: "us",
      value: c.withHistory.cpuUsPerApproval,
      floor: { label: "without history", value: c.cpuUsPerApproval },
      note: `${fmt(c.withHistory.throughputPerSecond)}/s with 16 in flight, against ${fmt(c.throughputPerSecond)}/s without`,
    });
  }
  if (bypass) {
    const paced = summarize(bypass.pacedSamplesUs);
    const pacedMs = msFromUs(paced);
    const within = sdk
      ? paced.median / sdk.pacedUs.median <= 1.5 && paced.p99 / sdk.pacedUs.p99 <= 1.5
      : undefined;
    add({
      section: "1. Bypass",
      metric: "bypass round trip in the extension host, human-paced (1 per 100 ms)",
      unit: "ms",
      ...pacedMs,
      ...(sdk ? { floor: floorMs("SDK paced", sdk.pacedUs) } : {}),
      target: "p50 <= 1 ms, p99 <= 3 ms, <= 1.5x SDK floor",
      pass: pacedMs.median <= 1 && pacedMs.p99 <= 3 && within !== false,
    });
    add({
      section: "1. Bypass",
      metric: "bypass round trip in the extension host, hot loop",
      unit: "us",
      ...us(summarize(bypass.hotSamplesUs)),
      ...(sdk ? { floor: { label: "SDK hot", median: sdk.hotUs.median, p99: sdk.hotUs.p99 } } : {}),
    });
    add({
      section: "1. Bypass",
      metric: "bypass throughput, 16 in flight (sustained)",
      unit: "per s",
      value: bypass.throughput.perSecond,
      ...(sdk ? { floor: { label: "SDK 16 in flight", value: sdk.throughputPerSecond } } : {}),
      target: ">= 5,000/s",
      pass: bypass.throughput.perSecond >= 5000,
    });
    add({
      section: "1. Bypass",
      metric: "extension-host CPU per approval",
      unit: "us",
      value: bypass.cpuUsPerApproval,
      ...(sdk ? { floor: { label: "SDK client CPU", value: sdk.clientCpuUsPerRequest } } : {}),
      target: "<= 100 us",
      pass: bypass.cpuUsPerApproval <= 100,
    });
    const approvals = bypass.turns.reduce((sum, t) => sum + t.approvals, 0);
    const extraMessages = bypass.turns.reduce(
      (sum, t) => sum + Math.max(0, t.webviewMessages - bypass.emptyTurn.webviewMessages),
      0,
    );
    const extraOps = bypass.turns.reduce(
      (sum, t) => sum + Math.max(0, t.viewOps - bypass.emptyTurn.viewOps),
      0,
    );
    add({
      section: "1. Bypass",
      metric: "webview messages per auto-approval",
      unit: "count",
      value: extraMessages / approvals,
      target: "0",
      // A turn's start and end (header ops) may land in one batch or two; what must not happen is traffic that grows
      // with the number of approvals: no ViewOp beyond an empty turn's.
      pass: extraOps === 0,
      note:
        `${approvals.toLocaleString("en-US")} approvals in ${bypass.turns.length} turns: ${extraOps} ViewOps and ${extraMessages} messages beyond ` +
        `a turn without requests (${bypass.emptyTurn.viewOps} ViewOps, ${bypass.emptyTurn.webviewMessages} messages: turn start and end)`,
    });
    const denied = Object.entries(bypass.outcomes).filter(([k]) => k !== "allow-once");
    if (denied.length)
      add({
        section: "1. Bypass",
        metric: "requests not auto-approved",
        unit: "count",
        value: denied.reduce((s, [, v]) => s + v, 0),
        pass: false,
        note: JSON.stringify(bypass.outcomes),
      });
  }

  // -- 2. Memory ---------------------------------------------------------------------------------------------------
  if (r.memory) {
    add({
      section: "2. Memory",
      metric: `heap per pending request through AgentSessions (${r.memory.pending} held)`,
      unit: "KB",
      n: r.memory.rounds,
      median: r.memory.bytesPerPending.median / KB,
      p99: r.memory.bytesPerPending.max / KB,
      ...(sdk ? { floor: { label: "SDK heap", value: sdk.heapBytesPerPending / KB } } : {}),
      target: "<= 16 KB",
      pass: r.memory.bytesPerPending.max <= 16 * KB,
      note: "p99 column: the largest of the rounds",
    });
  }

  // -- 3. Paint ----------------------------------------------------------------------------------------------------
  const plainFor = (toolCall: boolean) => r.host?.plainPaint?.find((p) => p.toolCall === toolCall)?.probes;
  for (const level of r.host?.paint ?? []) {
    const variant = level.toolCall ? ", after a tool call with a diff" : "";
    const plain = plainFor(level.toolCall);
    const inserted = summarize(
      level.probes.flatMap((p) => (p.insertedAt !== undefined ? [p.insertedAt - p.sentAt] : [])),
    );
    const plainInserted =
      plain && summarize(plain.flatMap((p) => (p.insertedAt !== undefined ? [p.insertedAt - p.sentAt] : [])));
    add({
      section: "3. Paint",
      metric: `agent request -> card inserted in the DOM, ${level.pending} already pending${variant}`,
      unit: "ms",
      n: inserted.n,
      median: inserted.median,
      p99: inserted.p99,
      ...(plainInserted ? { floor: { label: "plain webview card", ...pick(plainInserted) } } : {}),
    });
    const total = summarize(level.probes.map((p) => p.paintedAt - p.sentAt));
    const plainVisible = plain && summarize(plain.map((p) => p.paintedAt - p.sentAt));
    const limits = level.pending >= 1000 ? { p50: Infinity, p99: 100 } : { p50: 15, p99: 40 };
    add({
      section: "3. Paint",
      metric: `agent request -> card visible (first frame rendered after it), ${level.pending} already pending${variant}`,
      unit: "ms",
      n: total.n,
      median: total.median,
      p99: total.p99,
      ...(plainVisible ? { floor: { label: "plain webview card", ...pick(plainVisible) } } : {}),
      target: level.pending >= 1000 ? "p99 <= 100 ms" : "p50 <= 15 ms, p99 <= 40 ms",
      pass: total.median <= limits.p50 && total.p99 <= limits.p99,
      note: `${paintBreakdown(level)}${plain ? `; plain card: ${plainBreakdown(plain)}` : ""}`,
    });
    if (level.heldPaintedMs !== undefined && level.pending > 0 && !level.toolCall) {
      add({
        section: "3. Paint",
        metric: `flood: ${level.pending} requests at once -> all painted`,
        unit: "ms",
        value: level.heldPaintedMs,
      });
    }
  }
  const starts = r.host?.sessionStart;
  for (const agent of starts?.ready ?? []) {
    const s = summarize(agent.ms);
    // Older result files have no floor runs.
    const floor = agent.floorMs?.length ? summarize(agent.floorMs) : undefined;
    add({
      section: "3. Paint",
      metric: `New Session -> ready: ${agent.label}`,
      unit: "ms",
      n: s.n,
      median: s.median,
      p99: s.p99,
      ...(floor ? { floor: { label: "the same agent, bare SDK client", ...pick(floor) } } : {}),
      note: agent.error
        ? `failed: ${agent.error}`
        : `first run ${fmt(agent.ms[0])} ms; each run spawns the agent: initialize, session/new; the floor runs alternate with Symposium's`,
    });
  }
  if (starts && starts.firstRequest.length > 0) {
    const visible = summarize(starts.firstRequest.map((p) => p.paintedAt - p.sentAt));
    const inserted = summarize(
      starts.firstRequest.flatMap((p) => (p.insertedAt !== undefined ? [p.insertedAt - p.sentAt] : [])),
    );
    add({
      section: "3. Paint",
      metric: "first request of a new session (after a tool call with a diff) -> card visible",
      unit: "ms",
      n: visible.n,
      median: visible.median,
      p99: visible.p99,
      note: `inserted p50 ${fmt(inserted.median)} / p99 ${fmt(inserted.p99)} ms`,
    });
  }

  // -- 4. Click ----------------------------------------------------------------------------------------------------
  const click = r.host?.click;
  if (click) {
    const s = summarize(click.clickToAgentMs);
    const toHost = summarize(click.clickToHostMs.filter(Number.isFinite));
    const toAgent = summarize(click.hostToAgentMs.filter(Number.isFinite));
    const plain = r.host?.plainClick;
    const plainTotal = plain && summarize(plain.clickToAgentMs.filter(Number.isFinite));
    const plainToHost = plain && summarize(plain.clickToHostMs.filter(Number.isFinite));
    add({
      section: "4. Click",
      metric: "click in the webview -> agent receives the outcome",
      unit: "ms",
      n: s.n,
      median: s.median,
      p99: s.p99,
      ...(plainTotal ? { floor: { label: "plain webview card", ...pick(plainTotal) } } : {}),
      // The shared doc asks p50 <= 5 ms, issue 14 <= 8: the stricter is the target.
      target: "p50 <= 5 ms, p99 <= 20 ms",
      pass: s.median <= 5 && s.p99 <= 20,
      note: click.parts
        ? `p50 of each part: ${partsNote(click.parts)}${plain?.parts ? `; plain card: ${partsNote(plain.parts)}` : ""} (fine clock: performance.now() anchored to Date.now()'s tick in each process)`
        : `webview -> host p50 ${fmt(toHost.median)} / p99 ${fmt(toHost.p99)} ms; host -> agent p50 ${fmt(toAgent.median)} / p99 ${fmt(toAgent.p99)} ms${plainToHost ? `; plain card: webview -> host p50 ${fmt(plainToHost.median)} ms` : ""} (Date.now(): 1 ms resolution)`,
    });
  }

  // -- After Stop or agent exit ---------------------------------------------------------------------------------
  for (const [label, stop] of [
    ["Stop", r.host?.stop],
    ["agent exit", r.host?.exit],
  ] as const) {
    if (!stop) continue;
    const cleared = summarize(stop.clearedMs);
    const settled = summarize(stop.hostSettledMs);
    const noticed = stop.hostNoticedMs?.length ? summarize(stop.hostNoticedMs) : undefined;
    add({
      section: "4b. Stop and exit",
      metric: `${label} with 50 cards pending -> cards cleared in the webview`,
      unit: "ms",
      n: cleared.n,
      median: cleared.median,
      p99: cleared.p99,
      target: "<= 100 ms",
      pass: cleared.max <= 100,
      note: noticed
        ? `the agent killed itself right after its last stamp; the host settled the first request after p50 ${fmt(noticed.median)} / p99 ${fmt(noticed.p99)} ms (noticing the exit), every request after p50 ${fmt(settled.median)} / p99 ${fmt(settled.p99)} ms`
        : `host settled every request after p50 ${fmt(settled.median)} ms`,
    });
    if (stop.processGoneMs.length) {
      const gone = summarize(stop.processGoneMs);
      add({
        section: "4b. Stop and exit",
        metric: "closing the session -> agent process gone",
        unit: "ms",
        n: gone.n,
        median: gone.median,
        p99: gone.p99,
        target: "<= 2 s",
        pass: gone.max <= 2000,
      });
    }
  }

  // -- 5. Cards ----------------------------------------------------------------------------------------------------
  for (const card of r.cards ?? []) {
    add({
      section: "5. Cards",
      metric: `build a card: ${card.label}`,
      unit: "ms",
      n: card.buildMs.n,
      median: card.buildMs.median,
      p99: card.buildMs.p99,
      target: "<= 5 ms",
      pass: card.buildMs.p99 <= 5,
      note: `request ${kb(card.requestBytes)}; message to the webview ${kb(card.messageBytes)}${card.messageBytes > 256 * 1024 ? " (over 256 KB)" : ""}; JSON.parse of the request p50 ${fmt(card.parseMs.median)} ms`,
    });
  }
  const render = r.host?.render;
  if (render) {
    const s = summarize(render.snapshotToPaintMs);
    add({
      section: "5. Cards",
      metric: `browser: ${render.cards} cards with ${render.lines.toLocaleString("en-US")}-line diffs, snapshot -> first frame`,
      unit: "ms",
      n: s.n,
      median: s.median,
      p99: s.p99,
      note: `reference: 66 ms with previews capped at 200 lines + content-visibility (shared doc); the snapshot in ${render.snapshotMessages} messages, ${kb(render.snapshotTotalBytes)} in all, the largest ${kb(render.largestSnapshotMessageBytes)}`,
    });
    const arrival = summarize(render.arrivalToPaintMs);
    add({
      section: "5. Cards",
      metric: `browser: the same ${render.cards} cards arriving at once, request -> painted`,
      unit: "ms",
      n: arrival.n,
      median: arrival.median,
      p99: arrival.p99,
    });
  }
  const largest = Math.max(
    0,
    render?.largestSnapshotMessageBytes ?? 0,
    render?.largestUpdateBytes ?? 0,
    ...(r.host?.paint ?? []).map((l) => l.largestMessageBytes),
    r.memory?.largestSnapshotMessageBytes ?? 0,
  );
  if (largest > 0) {
    add({
      section: "5. Cards",
      metric: "largest message from host to webview",
      unit: "KB",
      value: largest / KB,
      target: "<= 256 KB",
      pass: largest <= 256 * 1024,
      note: messageSizes(r),
    });
  }

  // -- 6. Activation -----------------------------------------------------------------------------------------------
  const a = r.activation;
  if (a) {
    add({
      section: "6. Activation",
      metric: "require(dist/extension.js), fresh process, stub vscode",
      unit: "ms",
      n: a.runs,
      median: a.requireMs.median,
      p99: a.requireMs.p99,
      target: "<= 20 ms",
      pass: a.requireMs.median <= 20,
    });
    add({
      section: "6. Activation",
      metric: "activate() with a fake vscode API, fresh process",
      unit: "ms",
      n: a.runs,
      median: a.activateMs.median,
      p99: a.activateMs.p99,
      target: "<= 5 ms",
      pass: a.activateMs.median <= 5,
    });
    add({
      section: "6. Activation",
      metric: "V8 compile of dist/extension.js alone (vm.Script, no evaluation)",
      unit: "ms",
      n: a.runs,
      median: a.compileMs.median,
      p99: a.compileMs.p99,
      note: "the part of require() that lazy evaluation cannot remove: it grows with the file",
    });
    add({
      section: "6. Activation",
      metric: "require() of the Node built-ins dist/extension.js loads",
      unit: "ms",
      n: a.runs,
      median: a.builtinsMs.median,
      p99: a.builtinsMs.p99,
      note: "in a fresh process; the extension host has most of them loaded already",
    });
    if (a.runtime) {
      add({
        section: "6. Activation",
        metric: "first agent start: evaluating the lazily imported SDK runtime",
        unit: "ms",
        n: a.runs,
        median: a.runtime.requireMs.median,
        p99: a.runtime.requireMs.p99,
        note: `${a.runtime.source} bundled alone (${kb(a.runtime.bytes)}) and required in a fresh process`,
      });
    }
  }
  if (r.host?.activation) {
    add({
      section: "6. Activation",
      metric: "extension.activate() in the real extension host (load + activate, 1 sample)",
      unit: "ms",
      n: 1,
      value: r.host.activation.activateMs,
      note: r.host.activation.wasActive ? "was already active" : "includes VS Code's own activation work",
    });
  }

  // -- 7. Bundles --------------------------------------------------------------------------------------------------
  const b = r.bundles;
  if (b) {
    for (const file of b.files) {
      const name = file.file.replace(/^dist\//, "");
      const target = BUNDLE_TARGETS_KB[name];
      const budget = BUNDLE_BUDGETS_KB[name];
      add({
        section: "7. Bundles",
        metric: `${file.file} (minified)`,
        unit: "KB",
        value: file.bytes / KB,
        ...(target ? { target: `<= ${target} KB`, pass: file.bytes <= target * KB } : {}),
        note: `${kb(file.gzipBytes)} gzipped${budget ? `; held by npm test to ${budget} KB against growth` : ""}${
          file.file === "dist/extension.js"
            ? `; ${b.composition
                .slice(0, 4)
                .map((c) => `${c.origin} ${kb(c.bytes)}`)
                .join(", ")}`
            : ""
        }`,
      });
    }
    add({
      section: "7. Bundles",
      metric: "symposium.vsix",
      unit: "KB",
      value: b.vsixBytes / KB,
      target: "<= 600 KB",
      pass: b.vsixBytes <= 600 * KB,
      note: `${b.vsixEntries.length} files`,
    });
    add({
      section: "7. Bundles",
      metric: "node_modules entries in the .vsix",
      unit: "count",
      value: b.nodeModulesInVsix.length,
      target: "0",
      pass: b.nodeModulesInVsix.length === 0,
    });
  }
  return rows;
}

type Probe = PaintLevelResult["probes"][number];
type Stamp =
  "sentAt" | "receivedAt" | "postedAt" | "postTickAt" | "webviewAt" | "insertedAt" | "frameAt" | "paintedAt";

/** Median of `to - from` over the probes that have both stamps. */
function between(probes: readonly Probe[], from: Stamp, to: Stamp): string {
  const spans = probes.flatMap((p) => {
    const [start, end] = [p[from], p[to]];
    return start !== undefined && end !== undefined && Number.isFinite(end - start) ? [end - start] : [];
  });
  return fmt(summarize(spans).median);
}

function paintBreakdown(level: PaintLevelResult): string {
  const p = level.probes;
  return `p50 parts: agent->host ${between(p, "sentAt", "receivedAt")}, host batching ${between(p, "receivedAt", "postedAt")}, host->webview ${between(p, "postedAt", "webviewAt")} (of which post -> next timer ${between(p, "postedAt", "postTickAt")}), webview message -> inserted ${between(p, "webviewAt", "insertedAt")}, inserted -> frame began ${between(p, "insertedAt", "frameAt")}, frame began -> rendered ${between(p, "frameAt", "paintedAt")} ms`;
}

function plainBreakdown(p: readonly Probe[]): string {
  return `agent->host ${between(p, "sentAt", "receivedAt")}, host->webview ${between(p, "postedAt", "webviewAt")}, webview message -> inserted ${between(p, "webviewAt", "insertedAt")}, inserted -> frame began ${between(p, "insertedAt", "frameAt")}, frame began -> rendered ${between(p, "frameAt", "paintedAt")} ms`;
}

function messageSizes(r: BenchResults): string {
  const parts: string[] = [];
  if (r.memory)
    parts.push(
      `snapshot with ${r.memory.pending} standard cards ${kb(r.memory.snapshotBytes)}, paged: largest message ${kb(r.memory.largestSnapshotMessageBytes)}`,
    );
  for (const level of r.host?.paint ?? [])
    if (level.pending > 0 && !level.toolCall)
      parts.push(`update adding ${level.pending} cards ${kb(level.largestMessageBytes)}`);
  if (r.host?.render)
    parts.push(
      `snapshot with ${r.host.render.cards} diff cards ${kb(r.host.render.snapshotTotalBytes)} in ${r.host.render.snapshotMessages} messages, largest ${kb(r.host.render.largestSnapshotMessageBytes)}`,
    );
  return parts.join("; ");
}

export function fmt(x: number | undefined): string {
  if (x === undefined || !Number.isFinite(x)) return "—";
  const abs = Math.abs(x);
  if (abs >= 1000) return Math.round(x).toLocaleString("en-US");
  if (abs >= 100) return x.toFixed(0);
  if (abs >= 10) return x.toFixed(1);
  if (abs >= 1) return x.toFixed(2);
  return x.toFixed(3);
}

export function kb(bytes: number): string {
  return `${fmt(bytes / KB)} KB`;
}

/** "name 1.23 ms, …": the median of each part of a way (NaN samples, a stamp that was not taken, left out). */
function partsNote(parts: Record<string, number[]>): string {
  return Object.entries(parts)
    .map(([name, values]) => `${name} ${fmt(summarize(values.filter(Number.isFinite)).median)} ms`)
    .join(", ");
}

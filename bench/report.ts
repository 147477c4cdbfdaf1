/**
 * Output of a run: the Markdown table (printed and written to bench/results/latest.md), the machine-readable JSON
 * (latest.json), and small hand-written SVG plots (no plotting dependency).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BenchResults } from "./results";
import { cdf, summarize } from "./stats";
import { fmt, type Row } from "./table";

// ---------------------------------------------------------------------------------------------------------------------
// Markdown

function unitLabel(row: Row): string {
  return row.unit === "per s" ? "/s" : row.unit === "count" ? "" : ` ${row.unit}`;
}

function ratio(value: number | undefined, floor: number | undefined): string {
  return value !== undefined && floor !== undefined && floor > 0 ? `${(value / floor).toFixed(1)}x` : "—";
}

export function markdownTable(rows: readonly Row[]): string {
  const lines = [
    "| metric | n | median | p99 | floor, same run (median / p99) | x floor (median / p99) | target | met |",
    "|---|---:|---:|---:|---|---:|---|:-:|",
  ];
  let section = "";
  for (const row of rows) {
    if (row.section !== section) {
      section = row.section;
      lines.push(`| **${section}** | | | | | | | |`);
    }
    const u = unitLabel(row);
    const single = row.value !== undefined;
    const median = single ? `${fmt(row.value)}${u}` : `${fmt(row.median)}${u}`;
    const p99 = single ? "—" : `${fmt(row.p99)}${u}`;
    let floor = "—";
    let times = "—";
    if (row.floor) {
      const f = row.floor;
      floor =
        f.value !== undefined
          ? `${f.label}: ${fmt(f.value)}${u}`
          : `${f.label}: ${fmt(f.median)} / ${fmt(f.p99)}${u}`;
      times = single
        ? ratio(row.value, f.value ?? f.median)
        : `${ratio(row.median, f.median)} / ${ratio(row.p99, f.p99)}`;
    }
    const met = row.pass === undefined ? "" : row.pass ? "yes" : "**no**";
    const metric = row.note ? `${row.metric}<br><sub>${row.note}</sub>` : row.metric;
    lines.push(
      `| ${metric} | ${row.n ?? ""} | ${median} | ${p99} | ${floor} | ${times} | ${row.target ?? ""} | ${met} |`,
    );
  }
  return lines.join("\n");
}

/**
 * CPU per request by category: each column's CPU per request measured without the profiler, split by the shares of
 * the samples of a separate, profiled throughput run (the profiler's own overhead distorts absolute figures). Columns:
 * the SDK floor's client, AgentSessions in plain Node, and the extension host. Rows under 2 us everywhere are summed
 * as "other".
 */
export function cpuAttributionTable(results: BenchResults): string | undefined {
  const columns = [
    {
      label: "SDK floor client",
      profile: results.floors?.sdk.profile,
      cpuUs: results.floors?.sdk.clientCpuUsPerRequest,
    },
    {
      label: "AgentSessions, plain Node",
      profile: results.clientBypass?.profile,
      cpuUs: results.clientBypass?.cpuUsPerApproval,
    },
    {
      label: "extension host",
      profile: results.host?.bypass?.profile,
      cpuUs: results.host?.bypass?.cpuUsPerApproval,
    },
  ].flatMap((c) => (c.profile && c.cpuUs ? [{ label: c.label, profile: c.profile, cpuUs: c.cpuUs }] : []));
  if (columns.length === 0) return undefined;
  type Column = (typeof columns)[number];
  const perRequest = (c: Column, category: string) =>
    (c.profile.byCategory.find((b) => b.category === category)?.share ?? 0) * c.cpuUs;
  const largest = (category: string) => Math.max(...columns.map((c) => perRequest(c, category)));
  const categories = [...new Set(columns.flatMap((c) => c.profile.byCategory.map((b) => b.category)))];
  const shown = categories
    .filter((category) => largest(category) >= 2)
    .sort((a, b) => largest(b) - largest(a));
  const other = categories.filter((category) => !shown.includes(category));
  return [
    `| CPU per request (us) | ${columns.map((c) => c.label).join(" | ")} |`,
    `|---|${columns.map(() => "---:").join("|")}|`,
    ...shown.map(
      (category) => `| ${category} | ${columns.map((c) => fmt(perRequest(c, category))).join(" | ")} |`,
    ),
    `| other | ${columns.map((c) => fmt(other.reduce((sum, category) => sum + perRequest(c, category), 0))).join(" | ")} |`,
    `| **CPU per request (measured unprofiled)** | ${columns.map((c) => `**${fmt(c.cpuUs)}**`).join(" | ")} |`,
  ].join("\n");
}

export function markdownReport(
  results: BenchResults,
  rows: readonly Row[],
  plots: readonly string[],
): string {
  const attribution = cpuAttributionTable(results);
  const m = results.meta;
  const misses = rows.filter((row) => row.pass === false);
  const errors = Object.entries(results.errors);
  return [
    `# Symposium benchmarks, ${m.startedAt}`,
    "",
    `Node ${m.node}, ${m.platform}, ${m.cpus} x ${m.cpuModel}; load average ${m.loadAverage.start.toFixed(2)} at the start, ${m.loadAverage.end.toFixed(2)} at the end (shared machine).`,
    `Commit ${m.commit}${m.dirty ? " plus uncommitted changes" : ""}. ${m.quick ? "**Quick run (fewer samples).** " : ""}Run time ${m.seconds.toFixed(0)} s.`,
    `Groups: ${m.groups.join(", ")}. Latencies: median and p99 over the n samples. Floors are measured in this run. KB = 1,000 bytes.`,
    "",
    markdownTable(rows),
    "",
    misses.length
      ? `Targets missed: ${misses.length} (${misses.map((row) => row.metric).join("; ")}).`
      : "Every target with a measurement is met.",
    ...(attribution
      ? [
          "",
          "Where the CPU of a bypassed request goes: CPU per request (us) measured without the profiler, split by the category shares of a separate profiled run:",
          "",
          attribution,
        ]
      : []),
    ...(errors.length
      ? ["", "Errors:", ...errors.map(([group, error]) => `- ${group}: ${error.split("\n")[0]}`)]
      : []),
    "",
    ...plots.map((plot) => `![${plot}](${plot})`),
    "",
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------------------------------
// SVG

interface Series {
  name: string;
  color: string;
  dashed?: boolean;
  points: [number, number][];
  markers?: boolean;
}

interface ChartOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  series: Series[];
  /** "log": log10; "symlog": log10(x + 1) (keeps 0). */
  xScale: "linear" | "log" | "symlog";
  yScale?: "linear" | "log";
  xTicks?: number[];
  yMax?: number;
  hlines?: { y: number; label: string; color: string }[];
}

const W = 800;
const H = 420;
const M = { left: 70, right: 220, top: 40, bottom: 55 };
const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** 1-2-5 ticks over a range of up to three decades, powers of ten over a wider one. */
function logTicks(min: number, max: number): number[] {
  const ticks: number[] = [];
  const steps = Math.log10(max / min) > 3 ? [1] : [1, 2, 5];
  for (let e = Math.floor(Math.log10(min)); e <= Math.ceil(Math.log10(max)); e++)
    for (const m of steps) ticks.push(Number((m * 10 ** e).toPrecision(1)));
  return ticks.filter((t) => t >= min * 0.999 && t <= max * 1.001);
}

/** An axis label: no trailing zeros, thousands separated. */
function tick(t: number): string {
  return t >= 1000 ? Math.round(t).toLocaleString("en-US") : String(Number(t.toPrecision(3)));
}

function linearTicks(max: number): number[] {
  const step = 10 ** Math.floor(Math.log10(max / 5 || 1));
  const nice = [1, 2, 5, 10].map((m) => m * step).find((s) => max / s <= 8) ?? step * 10;
  const ticks: number[] = [];
  for (let t = 0; t <= max * 1.0001; t += nice) ticks.push(Number(t.toPrecision(6)));
  return ticks;
}

export function lineChart(o: ChartOptions): string {
  const all = o.series.flatMap((s) => s.points);
  const xs = all.map(([x]) => x).filter((x) => o.xScale !== "log" || x > 0);
  const ys = all.map(([, y]) => y).concat((o.hlines ?? []).map((h) => h.y));
  const xMin = o.xScale === "log" ? Math.min(...xs) : 0;
  const xMax = Math.max(...xs, ...(o.xTicks ?? []));
  const yMin = o.yScale === "log" ? Math.min(...ys.filter((y) => y > 0)) : 0;
  const yMax = o.yMax ?? Math.max(...ys) * 1.08;
  const fx = (x: number) =>
    o.xScale === "log" ? Math.log10(x) : o.xScale === "symlog" ? Math.log10(x + 1) : x;
  const fy = (y: number) => (o.yScale === "log" ? Math.log10(y) : y);
  const px = (x: number) =>
    M.left + ((fx(x) - fx(xMin)) / (fx(xMax) - fx(xMin) || 1)) * (W - M.left - M.right);
  const py = (y: number) =>
    H - M.bottom - ((fy(Math.min(y, yMax)) - fy(yMin)) / (fy(yMax) - fy(yMin) || 1)) * (H - M.top - M.bottom);
  const xTicks = o.xTicks ?? (o.xScale === "log" ? logTicks(xMin, xMax) : linearTicks(xMax));
  const yTicks = o.yScale === "log" ? logTicks(yMin, yMax) : linearTicks(yMax);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${M.left}" y="22" font-size="15" font-weight="600">${escape(o.title)}</text>`,
  ];
  for (const t of xTicks) {
    parts.push(`<line x1="${px(t)}" x2="${px(t)}" y1="${M.top}" y2="${H - M.bottom}" stroke="#e5e5e5"/>`);
    parts.push(
      `<text x="${px(t)}" y="${H - M.bottom + 16}" text-anchor="middle" fill="#444">${tick(t)}</text>`,
    );
  }
  for (const t of yTicks) {
    parts.push(`<line x1="${M.left}" x2="${W - M.right}" y1="${py(t)}" y2="${py(t)}" stroke="#e5e5e5"/>`);
    parts.push(`<text x="${M.left - 6}" y="${py(t) + 4}" text-anchor="end" fill="#444">${tick(t)}</text>`);
  }
  parts.push(
    `<rect x="${M.left}" y="${M.top}" width="${W - M.left - M.right}" height="${H - M.top - M.bottom}" fill="none" stroke="#888"/>`,
  );
  parts.push(
    `<text x="${(M.left + W - M.right) / 2}" y="${H - 15}" text-anchor="middle">${escape(o.xLabel)}</text>`,
  );
  parts.push(
    `<text transform="translate(18 ${(M.top + H - M.bottom) / 2}) rotate(-90)" text-anchor="middle">${escape(o.yLabel)}</text>`,
  );
  for (const h of o.hlines ?? []) {
    parts.push(
      `<line x1="${M.left}" x2="${W - M.right}" y1="${py(h.y)}" y2="${py(h.y)}" stroke="${h.color}" stroke-dasharray="6 4"/>`,
    );
    parts.push(
      `<text x="${W - M.right - 4}" y="${py(h.y) - 4}" text-anchor="end" fill="${h.color}">${escape(h.label)}</text>`,
    );
  }
  o.series.forEach((s, i) => {
    const points = s.points.filter(([x]) => o.xScale !== "log" || x > 0);
    const path = points
      .map(([x, y], j) => `${j ? "L" : "M"}${px(x).toFixed(1)},${py(y).toFixed(1)}`)
      .join(" ");
    parts.push(
      `<path d="${path}" fill="none" stroke="${s.color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="5 3"' : ""}/>`,
    );
    if (s.markers)
      for (const [x, y] of points)
        parts.push(`<circle cx="${px(x)}" cy="${py(y)}" r="3.5" fill="${s.color}"/>`);
    const ly = M.top + 10 + i * 18;
    parts.push(
      `<line x1="${W - M.right + 12}" x2="${W - M.right + 36}" y1="${ly}" y2="${ly}" stroke="${s.color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="5 3"' : ""}/>`,
    );
    parts.push(`<text x="${W - M.right + 42}" y="${ly + 4}">${escape(s.name)}</text>`);
  });
  parts.push("</svg>");
  return parts.join("\n");
}

/** Horizontal bars on a log axis, one group per row. */
export function barChart(o: {
  title: string;
  xLabel: string;
  rows: { label: string; values: number[] }[];
  bars: { name: string; color: string }[];
  target?: { x: number; label: string };
}): string {
  const left = 360;
  const right = 30;
  const rowHeight = 14 * o.bars.length + 12;
  const top = 58;
  const height = top + o.rows.length * rowHeight + 50;
  const values = o.rows.flatMap((r) => r.values).filter((v) => v > 0);
  const min = 10 ** Math.floor(Math.log10(Math.min(...values)));
  const max = 10 ** Math.ceil(Math.log10(Math.max(...values, o.target?.x ?? 0)));
  const px = (x: number) =>
    left +
    ((Math.log10(Math.max(x, min)) - Math.log10(min)) / (Math.log10(max) - Math.log10(min))) *
      (W - left - right);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${height}" viewBox="0 0 ${W} ${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="${W}" height="${height}" fill="white"/>`,
    `<text x="12" y="22" font-size="15" font-weight="600">${escape(o.title)}</text>`,
  ];
  o.bars.forEach((bar, i) => {
    parts.push(`<rect x="${left + i * 90}" y="32" width="12" height="12" fill="${bar.color}"/>`);
    parts.push(`<text x="${left + i * 90 + 18}" y="42">${escape(bar.name)}</text>`);
  });
  for (const t of logTicks(min, max)) {
    parts.push(`<line x1="${px(t)}" x2="${px(t)}" y1="${top - 4}" y2="${height - 42}" stroke="#e5e5e5"/>`);
    parts.push(`<text x="${px(t)}" y="${height - 28}" text-anchor="middle" fill="#444">${tick(t)}</text>`);
  }
  o.rows.forEach((row, r) => {
    const y = top + r * rowHeight;
    parts.push(
      `<text x="${left - 8}" y="${y + rowHeight / 2}" text-anchor="end">${escape(row.label)}</text>`,
    );
    row.values.forEach((value, i) => {
      const barY = y + 4 + i * 14;
      parts.push(
        `<rect x="${left}" y="${barY}" width="${Math.max(1, px(value) - left)}" height="12" fill="${o.bars[i]!.color}"/>`,
      );
      parts.push(`<text x="${px(value) + 4}" y="${barY + 10}" fill="#333">${fmt(value)}</text>`);
    });
  });
  if (o.target) {
    parts.push(
      `<line x1="${px(o.target.x)}" x2="${px(o.target.x)}" y1="${top - 4}" y2="${height - 42}" stroke="#e67e22" stroke-dasharray="6 4"/>`,
    );
    parts.push(
      `<text x="${px(o.target.x) + 4}" y="${top + 6}" fill="#e67e22">${escape(o.target.label)}</text>`,
    );
  }
  parts.push(
    `<text x="${(left + W - right) / 2}" y="${height - 10}" text-anchor="middle">${escape(o.xLabel)}</text>`,
    "</svg>",
  );
  return parts.join("\n");
}

const COLORS = {
  host: "#c0392b",
  client: "#8e44ad",
  sdk: "#2471a3",
  raw: "#229954",
  p99: "#c0392b",
  p50: "#2471a3",
};

/** Writes the plots that have data; returns their file names. */
export function writePlots(results: BenchResults, dir: string): string[] {
  const written: string[] = [];
  const write = (name: string, svg: string) => {
    writeFileSync(join(dir, name), `${svg}\n`);
    written.push(name);
  };
  const paint = results.host?.paint;
  if (paint?.length) {
    const levels = paint.map((level) => ({
      pending: level.pending,
      s: summarize(level.probes.map((p) => p.paintedAt - p.sentAt)),
    }));
    write(
      "paint-vs-pending.svg",
      lineChart({
        title: "Agent request -> card painted in the webview",
        xLabel: "requests already pending (log scale)",
        yLabel: "ms",
        xScale: "symlog",
        xTicks: levels.map((l) => l.pending),
        series: [
          {
            name: "p50",
            color: COLORS.p50,
            markers: true,
            points: levels.map((l) => [l.pending, l.s.median]),
          },
          { name: "p99", color: COLORS.p99, markers: true, points: levels.map((l) => [l.pending, l.s.p99]) },
        ],
        hlines: [
          { y: 25, label: "p50 target (<= 50 pending)", color: "#7f8c8d" },
          { y: 60, label: "p99 target (<= 50 pending)", color: "#e67e22" },
          { y: 100, label: "p99 target (1,000 pending)", color: "#a04000" },
        ],
      }),
    );
  }
  const series: Series[] = [];
  const add = (name: string, color: string, samples: number[] | undefined, dashed = false) => {
    if (samples?.length)
      series.push({ name, color, dashed, points: cdf(samples).map(([x, y]) => [x / 1000, y]) });
  };
  add("extension host, paced", COLORS.host, results.host?.bypass?.pacedSamplesUs);
  add("AgentSessions (Node), paced", COLORS.client, results.clientBypass?.pacedSamplesUs);
  add("SDK floor, paced", COLORS.sdk, results.floors?.sdk.pacedSamplesUs);
  add("raw floor, paced", COLORS.raw, results.floors?.raw.pacedSamplesUs);
  add("extension host, hot", COLORS.host, results.host?.bypass?.hotSamplesUs, true);
  add("AgentSessions, hot", COLORS.client, results.clientBypass?.hotSamplesUs, true);
  add("SDK floor, hot", COLORS.sdk, results.floors?.sdk.hotSamplesUs, true);
  add("raw floor, hot", COLORS.raw, results.floors?.raw.hotSamplesUs, true);
  if (series.length) {
    write(
      "bypass-latency-cdf.svg",
      lineChart({
        title: "Bypass round trip (agent's clock): distribution",
        xLabel: "round trip, ms (log scale)",
        yLabel: "fraction of requests answered within",
        xScale: "log",
        yMax: 1,
        series,
      }),
    );
  }
  const cards = results.cards;
  if (cards?.length) {
    write(
      "card-build.svg",
      barChart({
        title: "Time to build one card from a request (plain Node)",
        xLabel: "ms (log scale)",
        rows: cards.map((c) => ({ label: c.label, values: [c.buildMs.median, c.buildMs.p99] })),
        bars: [
          { name: "median", color: COLORS.p50 },
          { name: "p99", color: COLORS.p99 },
        ],
        target: { x: 5, label: "target 5 ms" },
      }),
    );
  }
  return written;
}

export function writeResults(
  dir: string,
  results: BenchResults,
  rows: readonly Row[],
  markdown: string,
): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "latest.json"), `${JSON.stringify({ ...results, rows }, null, 2)}\n`);
  writeFileSync(join(dir, "latest.md"), markdown);
}

/**
 * Output of a run: the Markdown tables (printed and written to bench/results/latest.md, and with --docs into
 * docs/performance.md) and the machine-readable JSON (latest.json).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BenchResults } from "./results";
import { percentile } from "./stats";
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

export function markdownReport(results: BenchResults, rows: readonly Row[]): string {
  const attribution = cpuAttributionTable(results);
  const percentiles = bypassPercentiles(results);
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
    ...(percentiles ? ["", percentiles] : []),
    "",
  ].join("\n");
}

/**
 * The bypass round trip (agent's clock) at a few percentiles, per measured layer: what the docs used to show as a
 * CDF plot, in the table form the rest of the report uses.
 */
export function bypassPercentiles(results: BenchResults): string | undefined {
  const series: [string, number[] | undefined][] = [
    ["extension host, paced", results.host?.bypass?.pacedSamplesUs],
    ["AgentSessions (Node), paced", results.clientBypass?.pacedSamplesUs],
    ["SDK floor, paced", results.floors?.sdk.pacedSamplesUs],
    ["raw floor, paced", results.floors?.raw.pacedSamplesUs],
    ["extension host, hot", results.host?.bypass?.hotSamplesUs],
    ["AgentSessions (Node), hot", results.clientBypass?.hotSamplesUs],
    ["SDK floor, hot", results.floors?.sdk.hotSamplesUs],
    ["raw floor, hot", results.floors?.raw.hotSamplesUs],
  ];
  const rows = series.flatMap(([label, samples]) => {
    if (!samples?.length) return [];
    const sorted = [...samples].sort((a, b) => a - b);
    const at = (p: number) => fmt(percentile(sorted, p) / 1000);
    return [`| ${label} | ${sorted.length} | ${at(50)} | ${at(90)} | ${at(99)} | ${at(100)} |`];
  });
  if (rows.length === 0) return undefined;
  return [
    "| bypass round trip (ms) | n | p50 | p90 | p99 | max |",
    "|---|---:|---:|---:|---:|---:|",
    ...rows,
  ].join("\n");
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

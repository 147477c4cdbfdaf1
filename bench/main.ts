/**
 * `npm run bench` (scripts/bench.mjs compiles this and runs it with --expose-gc). Runs every benchmark group in one
 * process, in an order that puts the floors right before the extension-host measurements they are compared with,
 * then writes bench/results/latest.{json,md} and prints the table.
 *
 *   --quick          fewer samples (to try a change; the figures are noisier)
 *   --only <group>   repeatable: cards, memory, activation, bundles, floors, client, host
 *   --docs           also copy the tables into docs/performance.md (between its bench markers)
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { DEMO_AGENT_NAME } from "../src/core/settings";
import { measureInExtensionHost, type HostBenchSettings } from "./browser/extensionHost";
import { MANUAL_AGENT, V1_AGENT } from "./host/protocol";
import { buildProduction, stageExtension, type ProductionBuild } from "../tools/productionBuild";
import { measureActivation, RUNTIME_ENTRY, RUNTIME_SOURCE } from "./node/activation";
import { measureBundles } from "./node/bundles";
import { measureCardBuild } from "./node/cardBuild";
import { measureClientBypass } from "./node/clientBypass";
import { measureRawFloor, measureSdkFloor, type FloorSettings } from "./node/floors";
import { measureMemory } from "./node/memory";
import { repoRoot, resultsDir } from "./paths";
import { markdownReport, markdownTable, writeResults } from "./report";
import type { BenchResults } from "./results";
import { buildRows } from "./table";

/** Lines of the git patch on the tool call before each paint probe (a small edit, as agents mostly make). */
const PROBE_DIFF_LINES = 40;

const GROUPS = ["cards", "memory", "activation", "bundles", "floors", "client", "host"] as const;
type Group = (typeof GROUPS)[number];

function settingsFor(quick: boolean) {
  const floors: FloorSettings = quick
    ? {
        pacedCount: 20,
        pacedIntervalMs: 100,
        hotCount: 1000,
        throughputMs: 1000,
        inFlight: 16,
        heldCount: 1000,
      }
    : {
        pacedCount: 100,
        pacedIntervalMs: 100,
        hotCount: 5000,
        throughputMs: 3000,
        inFlight: 16,
        heldCount: 1000,
      };
  const host: HostBenchSettings = {
    bypass: {
      pacedCount: floors.pacedCount,
      pacedIntervalMs: floors.pacedIntervalMs,
      hotCount: floors.hotCount,
      throughputMs: floors.throughputMs,
      inFlight: floors.inFlight,
    },
    paint: {
      levels: [0, 50, 1000],
      toolCall: [false, true],
      diffLines: PROBE_DIFF_LINES,
      probes: quick ? 15 : 60,
      warmup: 3,
      gapMs: 100,
    },
    plainCard: {
      toolCall: [false, true],
      diffLines: PROBE_DIFF_LINES,
      probes: quick ? 15 : 60,
      warmup: 3,
      gapMs: 100,
    },
    sessionStart: {
      agents: [
        { name: DEMO_AGENT_NAME, label: "demo agent (built in)", protocol: 2 },
        { name: MANUAL_AGENT, label: "v2 agent (benchmark agent)", protocol: 2 },
        { name: V1_AGENT, label: "v1 agent (benchmark agent, protocol version 1)", protocol: 1 },
      ],
      runs: quick ? 3 : 8,
      firstRequests: quick ? 5 : 15,
      diffLines: PROBE_DIFF_LINES,
    },
    clicks: quick ? 8 : 40,
    render: { cards: 100, lines: 1000, reloads: quick ? 2 : 5 },
    // 20 runs: a p99 (a maximum, really) of 5 said little; each run takes about 0.8 s.
    stop: { held: 50, runs: quick ? 5 : 20 },
  };
  return {
    floors,
    memory: { pending: 1000, rounds: quick ? 1 : 3 },
    cards: quick ? { min: 5, max: 50, budgetMs: 300 } : { min: 20, max: 300, budgetMs: 1500 },
    activationRuns: quick ? 8 : 30,
    host,
  };
}

function git(args: string[]): string {
  try {
    return execFileSync("git", args, { cwd: repoRoot, encoding: "utf8" }).trim();
  } catch {
    return "";
  }
}

function parseArgs(argv: string[]) {
  const only = argv.flatMap((arg, i) => (arg === "--only" && argv[i + 1] ? [argv[i + 1]!] : []));
  for (const group of only)
    if (!GROUPS.includes(group as Group)) throw new Error(`--only ${group}: groups are ${GROUPS.join(", ")}`);
  return {
    quick: argv.includes("--quick"),
    docs: argv.includes("--docs"),
    groups: (only.length ? only : [...GROUPS]) as Group[],
  };
}

/** Replaces the generated part of docs/performance.md. */
function updateDocs(markdown: string): void {
  const doc = join(repoRoot, "docs", "performance.md");
  const start = "<!-- bench:results:start -->";
  const end = "<!-- bench:results:end -->";
  const text = readFileSync(doc, "utf8");
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${doc} has no ${start} ... ${end} section`);
  const body = markdown.replace(/^# .*\n/, "");
  writeFileSync(doc, `${text.slice(0, from + start.length)}\n${body.trim()}\n${text.slice(to)}`);
  console.log(`Updated ${doc}.`);
}

async function main(): Promise<number> {
  const started = Date.now();
  const { quick, docs, groups } = parseArgs(process.argv.slice(2));
  const settings = settingsFor(quick);
  const wants = (group: Group) => groups.includes(group);
  const results: BenchResults = {
    meta: {
      startedAt: new Date().toISOString(),
      seconds: 0,
      quick,
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? "?",
      loadAverage: { start: loadavg()[0]!, end: 0 },
      commit: git(["rev-parse", "--short", "HEAD"]),
      dirty: git(["status", "--porcelain", "--untracked-files=no"]) !== "",
      settings,
      groups,
    },
    errors: {},
  };
  const step = async <T>(group: string, title: string, run: () => Promise<T> | T): Promise<T | undefined> => {
    const stepStart = Date.now();
    console.log(`- ${title} ...`);
    try {
      const value = await run();
      console.log(`  done in ${((Date.now() - stepStart) / 1000).toFixed(1)} s`);
      return value;
    } catch (error) {
      results.errors[group] = error instanceof Error ? (error.stack ?? error.message) : String(error);
      console.log(`  FAILED: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  };

  let build: ProductionBuild | undefined;
  try {
    if (wants("activation") || wants("bundles") || wants("host")) {
      build = await step(
        "build",
        "production build (esbuild.config.mjs --production, into a temporary folder)",
        () => {
          const extraEntries: Record<string, string> = existsSync(join(repoRoot, RUNTIME_SOURCE))
            ? { [RUNTIME_ENTRY]: RUNTIME_SOURCE }
            : {};
          const made = buildProduction(repoRoot, { metafile: true, extraEntries });
          stageExtension(repoRoot, made);
          return made;
        },
      );
    }
    if (wants("cards"))
      results.cards = await step("cards", "card build with large inputs (plain Node)", () =>
        measureCardBuild(settings.cards),
      );
    if (wants("memory"))
      results.memory = await step("memory", "memory per pending request (AgentSessions, plain Node)", () =>
        measureMemory(settings.memory.pending, settings.memory.rounds),
      );
    if (build && wants("activation"))
      results.activation = await step("activation", "activation in fresh processes", () =>
        measureActivation(build!, settings.activationRuns),
      );
    if (build) rmSync(join(build.dist, `${RUNTIME_ENTRY}.js`), { force: true }); // not part of the package
    if (build && wants("bundles"))
      results.bundles = await step("bundles", "bundle and .vsix sizes", () =>
        measureBundles(repoRoot, build!),
      );
    if (wants("floors")) {
      const raw = await step("floors", "floor (a): raw newline-delimited JSON over child stdio", () =>
        measureRawFloor(settings.floors),
      );
      const sdk = await step("floors", "floor (b): SDK client and SDK agent over child stdio", () =>
        measureSdkFloor(settings.floors),
      );
      if (raw && sdk) results.floors = { raw, sdk };
    }
    if (wants("client"))
      results.clientBypass = await step("client", "bypass through AgentSessions in plain Node", () =>
        measureClientBypass(settings.host.bypass),
      );
    if (build && wants("host")) {
      results.host = await step("host", "extension host + webview (code-server, Chromium)", () =>
        measureInExtensionHost(build!, settings.host),
      );
      for (const [phase, error] of Object.entries(results.host?.errors ?? {}))
        results.errors[`host: ${phase}`] = error;
    }
  } finally {
    build?.remove();
  }

  results.meta.loadAverage.end = loadavg()[0]!;
  results.meta.seconds = (Date.now() - started) / 1000;
  const rows = buildRows(results);
  mkdirSync(resultsDir, { recursive: true });
  const markdown = markdownReport(results, rows);
  writeResults(resultsDir, results, rows, markdown);
  console.log(`\n${markdownTable(rows)}\n`);
  const misses = rows.filter((row) => row.pass === false);
  console.log(
    misses.length
      ? `Targets missed (${misses.length}): ${misses.map((row) => row.metric).join("; ")}`
      : "All measured targets met.",
  );
  for (const [group, error] of Object.entries(results.errors))
    console.log(`Error in ${group}: ${error.split("\n")[0]}`);
  console.log(`Wrote ${join(resultsDir, "latest.json")}, latest.md in ${results.meta.seconds.toFixed(0)} s.`);
  if (docs && existsSync(join(repoRoot, "docs", "performance.md"))) updateDocs(markdown);
  return Object.keys(results.errors).length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

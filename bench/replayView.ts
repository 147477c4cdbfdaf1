/**
 * Diagnosis, not a figure: replays a paint phase's messages (`BENCH_PAINT_DUMP=/tmp/posts.json`) into the view's
 * bundle in a bare Chromium page, without the workbench, code-server or an agent, so the view's own handling of each
 * card can be timed, traced and changed apart from the transport. Every message before the first probe is applied at
 * once; then each probe's message is dispatched alone (what followed it, up to the next probe, after its card was
 * painted), and the paint reporter's stamps give, per probe: the handling (the view's listener began -> the card in
 * the DOM, end of that task), the wait for the frame, and the frame (frame began -> rendered).
 *
 * Run (after `npm run bench`, which compiles it, and `node esbuild.config.mjs --production --no-tests`, which puts the
 * production bundles in dist/): `node out/bench/replayView.js /tmp/posts.json` with any of `--dist <folder>` (another
 * build: webview.js, webview.css, codicons/), `--css "<rules>"` (added after the view's own: hide a part to see what
 * it costs), `--trace out.json` (a Chromium trace; prints the message task's forced style and layout and the frame's
 * steps; REPLAY_TRACE_CATEGORIES adds categories), `--profile out.cpuprofile`, `--screenshot out.png` (after the
 * first probe). The page is 300 x 808 px with VS Code's dark theme fonts and colours, about the Symposium view in the
 * benchmark's workbench. Its timings are as noisy as the machine; the traced counts (elements styled, objects laid
 * out) are not.
 *
 * Paired: `--versus <folder>` (another build) and/or `--css-b "<rules>"` (CSS for the second view only) put two views
 * side by side in one page, each in a frame of its own, and send each probe to both, one after the other (which one
 * first alternates). The machine's speed drifts by half within minutes here, so two runs one after the other compare
 * the hours more than the builds; paired probes share the hour, and the median of their differences says which is
 * faster.
 */
import { readFileSync, writeFileSync } from "node:fs";
import type { Frame } from "playwright-core";
import { extname, join, resolve } from "node:path";
import { launchBrowser } from "../tools/browser";
import { summarizeProfile, type CpuProfile } from "./profile";
import { readTrace, rendererMainEvents, type TraceEvent } from "./trace";
import { percentile } from "./stats";

interface Posted {
  at: number;
  message: { type: string; ops?: { op: string; prompt?: { key: string; title: string } }[] };
}

interface Painted {
  key: string;
  at: number;
  insertedAt: number;
  frameAt: number;
  messageAt?: number;
}

const ORIGIN = "http://replay.invalid";
/** The few theme variables that change layout and paint (fonts, backgrounds), as VS Code's dark theme sets them. */
const THEME = `html {
  --vscode-font-family: system-ui, "Ubuntu", "Droid Sans", sans-serif; --vscode-font-size: 13px;
  --vscode-font-weight: normal; --vscode-editor-font-family: "Droid Sans Mono", "monospace", monospace;
  --vscode-editor-font-size: 14px; --vscode-foreground: #cccccc; --vscode-sideBar-background: #181818;
  --vscode-editor-background: #1f1f1f; --vscode-editorWidget-background: #202020; --vscode-focusBorder: #0078d4;
  --vscode-button-background: #0078d4; --vscode-button-foreground: #ffffff; --vscode-input-background: #313131;
  --vscode-textCodeBlock-background: #2b2b2b; --vscode-widget-border: #313131;
}`;
const TYPES: Record<string, string> = {
  ".js": "text/javascript",
  ".css": "text/css",
  ".ttf": "font/ttf",
  ".html": "text/html",
};

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

/** One view under test: its build, its extra CSS, its frame in the page and its samples. */
interface Side {
  name: "A" | "B";
  dist: string;
  css: string;
  target?: Frame;
  handling: number[];
  wait: number[];
  frames: number[];
  total: number[];
}

function newSide(name: Side["name"], dist: string, css: string): Side {
  return { name, dist, css, handling: [], wait: [], frames: [], total: [] };
}

/** The probe card an update carries, if any. */
function probeKey(posted: Posted): string | undefined {
  if (posted.message.type !== "update") return undefined;
  return posted.message.ops?.find((op) => op.op === "prompt" && op.prompt?.title.startsWith("Probe #"))
    ?.prompt?.key;
}

/**
 * Per probe, from the trace (medians): the message's task (`HandlePostMessage`) with the style and layout it forced,
 * and the frame that followed it (the next `BeginMainFrame` task) by step.
 */
function printBreakdown(traceFile: string): void {
  const events = readTrace(traceFile);
  const main = rendererMainEvents(events).filter((e) => e.ph === "X");
  const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);
  const within = (outer: TraceEvent) => main.filter((e) => e.ts >= outer.ts && end(e) <= end(outer));
  const total = (
    list: TraceEvent[],
    name: string,
    of: (e: TraceEvent) => number = (e) => (e.dur ?? 0) / 1000,
  ) => list.filter((e) => e.name === name).reduce((sum, e) => sum + of(e), 0);
  const rows = new Map<string, number[]>();
  const add = (name: string, value: number) => rows.set(name, [...(rows.get(name) ?? []), value]);
  for (const mark of events.filter((e) => e.name === "replay probe").map((e) => e.ts)) {
    const task = main.find((e) => e.name === "HandlePostMessage" && e.ts > mark);
    if (!task) continue;
    const inTask = within(task);
    add("task ms", (task.dur ?? 0) / 1000);
    add("  style ms", total(inTask, "UpdateLayoutTree"));
    add(
      "  elements styled",
      total(inTask, "UpdateLayoutTree", (e) => e.args?.elementCount ?? 0),
    );
    add("  layout ms", total(inTask, "Layout"));
    add(
      "  objects laid out",
      total(inTask, "Layout", (e) => e.args?.beginData?.dirtyObjects ?? 0),
    );
    const frame = main.find(
      (e) =>
        e.name === "ThreadControllerImpl::RunTask" &&
        e.ts > end(task) &&
        e.args?.src_func === "ScheduledActionSendBeginMainFrame",
    );
    if (!frame) continue;
    const inFrame = within(frame);
    add("frame ms", (frame.dur ?? 0) / 1000);
    for (const step of ["UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize", "Commit"])
      add(`  ${step} ms`, total(inFrame, step));
    // `content-visibility: auto` is an intersection observer per element, computed in every frame.
    add("  intersections ms", total(inFrame, "IntersectionObserverController::computeIntersections"));
    add("  script ms", total(inFrame, "FunctionCall"));
  }
  for (const [name, values] of rows) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(`${name.padEnd(32)} p50 ${percentile(sorted, 50).toFixed(2)}`);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const dumpFile = args[0];
  if (!dumpFile)
    throw new Error(
      "usage: replayView.js posts.json [--dist dir] [--css rules] [--versus dir] [--css-b rules] [--trace file] [--profile file] [--screenshot file]",
    );
  const dist = resolve(option(args, "--dist") ?? "dist");
  const versus = option(args, "--versus");
  const cssB = option(args, "--css-b");
  const paired = versus !== undefined || cssB !== undefined;
  const profileFile = option(args, "--profile");
  const traceFile = option(args, "--trace");
  const screenshotFile = option(args, "--screenshot");
  /** CSS added after the view's own, to try a style change without a build. */
  const extraCss = option(args, "--css") ?? "";
  const sides: Side[] = [newSide("A", dist, extraCss)];
  if (paired) sides.push(newSide("B", resolve(versus ?? dist), cssB ?? extraCss));
  const posts = JSON.parse(readFileSync(dumpFile, "utf8")) as Posted[];
  const firstProbe = posts.findIndex((p) => probeKey(p) !== undefined);
  if (firstProbe < 0) throw new Error(`no probe card in ${dumpFile}`);

  const browser = await launchBrowser();
  try {
    const { page, context } = browser;
    await page.setViewportSize({ width: 300 * sides.length, height: 808 });
    await context.route(`${ORIGIN}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === "/") {
        // Paired: the two views side by side, each the size of the view alone.
        await route.fulfill({
          contentType: "text/html",
          body: `<!DOCTYPE html><html><body style="margin:0;display:flex">${sides
            .map((side) => `<iframe src="/${side.name}/" style="border:0;width:300px;height:808px"></iframe>`)
            .join("")}</body></html>`,
        });
        return;
      }
      const [, name = "", ...rest] = path.split("/");
      const side = sides.find((candidate) => candidate.name === name);
      if (!side) return route.abort();
      if (rest.join("/") === "") {
        await route.fulfill({
          contentType: "text/html",
          body: `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8">
<link rel="stylesheet" id="vscode-codicon-stylesheet" href="codicons/codicon.css">
<link rel="stylesheet" href="webview.css">
<style>${THEME}${side.css}</style></head>
<body><div id="app" data-boot='{"reportPaint":true}'></div>
<script>window.acquireVsCodeApi = () => ({ getState: () => undefined, setState: () => undefined, postMessage: (m) => { if (m.type === "painted") console.debug("painted ${side.name} " + JSON.stringify(m)); } });</script>
<script src="webview.js"></script></body></html>`,
        });
        return;
      }
      await route.fulfill({
        contentType: TYPES[extname(path)] ?? "application/octet-stream",
        body: readFileSync(join(side.dist, ...rest)),
      });
    });
    if (paired) {
      await page.goto(`${ORIGIN}/`);
      for (const side of sides) {
        const frame = page.frames().find((candidate) => candidate.url().endsWith(`/${side.name}/`));
        if (!frame) throw new Error(`no frame for view ${side.name}`);
        side.target = frame;
      }
    } else {
      await page.goto(`${ORIGIN}/A/`);
      sides[0]!.target = page.mainFrame();
    }
    for (const side of sides) await side.target!.evaluate(() => document.fonts.ready);

    const dispatch = (side: Side, messages: unknown[]) =>
      side.target!.evaluate((list) => {
        for (const message of list) window.postMessage(message, "*");
      }, messages);
    // Reports come as console messages (CDP events): polling the page for them would run tasks on its main thread.
    const reports = new Map<string, Painted>();
    const waiting = new Map<string, (painted: Painted) => void>();
    page.on("console", (message) => {
      const match = /^painted (\w+) (.*)$/.exec(message.text());
      if (!match) return;
      const painted = JSON.parse(match[2]!) as Painted;
      const id = `${match[1]} ${painted.key}`;
      reports.set(id, painted);
      waiting.get(id)?.(painted);
    });
    const paintOf = (side: Side, key: string) =>
      new Promise<Painted>((resolve, reject) => {
        const id = `${side.name} ${key}`;
        const known = reports.get(id);
        if (known) return resolve(known);
        const timer = setTimeout(() => reject(new Error(`no paint report for ${id}`)), 15_000);
        waiting.set(id, (painted) => {
          clearTimeout(timer);
          resolve(painted);
        });
      });
    for (const side of sides)
      await dispatch(
        side,
        posts.slice(0, firstProbe).map((p) => p.message),
      );
    await page.waitForTimeout(500);

    const cdp = profileFile ? await context.newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 50 });
      await cdp.send("Profiler.start");
    }
    if (traceFile)
      await browser.context.browser()?.startTracing(page, {
        path: traceFile,
        screenshots: false,
        categories: [
          "devtools.timeline",
          "disabled-by-default-devtools.timeline",
          "blink.user_timing",
          "toplevel",
          // More to look at, e.g. disabled-by-default-devtools.timeline.invalidationTracking.
          ...(process.env.REPLAY_TRACE_CATEGORIES?.split(",") ?? []),
        ],
      });
    let probes = 0;
    for (let i = firstProbe; i < posts.length;) {
      const key = probeKey(posts[i]!);
      let next = i + 1;
      while (next < posts.length && probeKey(posts[next]!) === undefined) next++;
      if (key === undefined) {
        for (const side of sides)
          await dispatch(
            side,
            posts.slice(i, next).map((p) => p.message),
          );
        i = next;
        continue;
      }
      const order = probes % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) {
        await side.target!.evaluate((message) => {
          performance.mark("replay probe");
          window.postMessage(message, "*");
        }, posts[i]!.message);
        const painted = await paintOf(side, key);
        if (painted.messageAt !== undefined) {
          side.handling.push(painted.insertedAt - painted.messageAt);
          side.total.push(painted.at - painted.messageAt);
        }
        side.wait.push(painted.frameAt - painted.insertedAt);
        side.frames.push(painted.at - painted.frameAt);
        if (screenshotFile && probes === 0 && side === sides[0])
          await page.screenshot({ path: screenshotFile });
        await page.waitForTimeout(30);
        await dispatch(
          side,
          posts.slice(i + 1, next).map((p) => p.message),
        );
      }
      probes++;
      await page.waitForTimeout(70);
      i = next;
    }
    if (traceFile) await browser.context.browser()?.stopTracing();

    const row = (name: string, samples: number[]) => {
      const sorted = [...samples].sort((a, b) => a - b);
      const at = (p: number) => percentile(sorted, p).toFixed(2);
      console.log(
        `${name.padEnd(32)} n=${String(sorted.length).padStart(3)}  p50 ${at(50)}  p90 ${at(90)}  p99 ${at(99)} ms`,
      );
    };
    for (const side of sides) {
      if (paired) console.log(`view ${side.name}: ${side.dist}${side.css ? ` + ${side.css}` : ""}`);
      row("handling (message -> inserted)", side.handling);
      row("inserted -> frame began", side.wait);
      row("frame began -> rendered", side.frames);
      row("message -> rendered", side.total);
      // The same probes in order, ten at a time: what grows with the transcript's length.
      const tens: string[] = [];
      for (let i = 0; i < side.total.length; i += 10) {
        const group = [...side.total.slice(i, i + 10)].sort((a, b) => a - b);
        tens.push(percentile(group, 50).toFixed(1));
      }
      console.log(`message -> rendered, p50 per 10 probes in order: ${tens.join(" ")}`);
    }
    if (paired) {
      const [a, b] = sides as [Side, Side];
      for (const [name, of] of [
        ["handling", (side: Side) => side.handling],
        ["wait for the frame", (side: Side) => side.wait],
        ["frame", (side: Side) => side.frames],
        ["message -> rendered", (side: Side) => side.total],
      ] as const) {
        const differences = of(b)
          .map((value, i) => value - (of(a)[i] ?? Number.NaN))
          .filter(Number.isFinite)
          .sort((x, y) => x - y);
        const faster = differences.filter((d) => d < 0).length;
        // The middle 80 %: a pair where one side met a stall (a collection, another process) says nothing of either.
        const middle = differences.slice(
          Math.floor(differences.length / 10),
          Math.ceil((differences.length * 9) / 10),
        );
        const trimmedMean = middle.reduce((sum, d) => sum + d, 0) / Math.max(1, middle.length);
        console.log(
          `B - A, ${name}: median ${percentile(differences, 50).toFixed(2)}, trimmed mean ${trimmedMean.toFixed(2)} ms over ${differences.length} pairs (B faster in ${faster})`,
        );
      }
    }
    if (traceFile && !paired) printBreakdown(traceFile);
    if (cdp && profileFile) {
      const { profile } = (await cdp.send("Profiler.stop")) as { profile: CpuProfile };
      writeFileSync(profileFile, JSON.stringify(profile));
      const summary = summarizeProfile(
        profile,
        (f) => (f.url.endsWith("webview.js") ? "webview.js" : f.url ? f.url : f.functionName),
        undefined,
        30,
      );
      console.log(`busy ${summary.busyMs.toFixed(0)} ms`);
      for (const f of summary.topFunctions)
        console.log(
          `${f.ms.toFixed(1).padStart(8)} ms ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.name}`,
        );
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

/**
 * Drives the benchmarks that need the real VS Code: code-server with the production build of Symposium as the
 * extension under development (ExtensionMode.Test, so `activate()` returns the test API), `bench/host/index.ts` as
 * `extensionTestsPath`, two benchmark agents in user settings (one with bypassPermissions), and Chromium showing the
 * workbench with the Symposium view open. Each phase is a command to the host (see host/protocol.ts); the click
 * phase also clicks in the webview.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { format } from "node:util";
import type { Frame, Page } from "playwright-core";
import { openSymposiumView, symposiumWebview } from "../../tools/browser";
import { freePort } from "../../tools/codeServer";
import { openWorkbench, type Workbench } from "../../tools/workbench";
import type { ProductionBuild } from "../../tools/productionBuild";
import {
  BYPASS_AGENT,
  ENV_BYPASS_LOG,
  ENV_MANUAL_LOG,
  ENV_PORT,
  ENV_REPORT_PAINT,
  MANUAL_AGENT,
  V1_AGENT,
  type ActivationHostResult,
  type BypassHostResult,
  type BypassSettings,
  type ClickHostResult,
  type ClickStart,
  type PaintLevelResult,
  type PaintSettings,
  type PlainCardSettings,
  type PlainCardStart,
  type PlainClickResult,
  type PlainPaintResult,
  type RenderHostResult,
  type RenderSettings,
  type SessionStartResult,
  type SessionStartSettings,
  type StopRunResult,
  type StopSettings,
} from "../host/protocol";
import { FINE_CLOCK_SOURCE } from "../fineClock";
import { BENCH_AGENT, benchOut } from "../paths";
import { sleep } from "../stats";

export interface HostBenchSettings {
  bypass: BypassSettings;
  paint: PaintSettings;
  plainCard: PlainCardSettings;
  sessionStart: SessionStartSettings;
  clicks: number;
  render: RenderSettings;
  stop: StopSettings;
}

export interface StopResult {
  /** ms from Stop (or the agent's last stamp before exiting) to the first frame with no card in the webview. */
  clearedMs: number[];
  /** ms until the host had settled every pending request of the session. */
  hostSettledMs: number[];
  hostNoticedMs: number[];
  /** Stop only: ms from closing the session to the agent process having exited. */
  processGoneMs: number[];
}

export interface ClickResult {
  /** ms from the click event in the webview to the agent receiving the answer (fine clock where stamped). */
  clickToAgentMs: number[];
  /** ms from the click event to the host running `choose` (webview -> host). */
  clickToHostMs: number[];
  /** ms from the host running `choose` to the agent receiving the answer (host -> agent). */
  hostToAgentMs: number[];
  /** ms from the driver's call to Playwright's click (includes Playwright's own work) to the agent receiving it. */
  driverToAgentMs: number[];
  /** The way split in consecutive parts (fine clock, ms), in order; their sum is `clickToAgentMs`. */
  parts?: Record<string, number[]>;
}

export interface HostBenchResult {
  activation?: ActivationHostResult;
  bypass?: BypassHostResult;
  paint?: PaintLevelResult[];
  /** Same-run floor: a plain webview card (bench/host/plainCard.ts). */
  plainPaint?: PlainPaintResult[];
  click?: ClickResult;
  /** Same-run floor: click on a plain webview card -> agent. */
  plainClick?: { clickToAgentMs: number[]; clickToHostMs: number[]; parts?: Record<string, number[]> };
  sessionStart?: SessionStartResult;
  render?: RenderHostResult;
  stop?: StopResult;
  exit?: StopResult;
  errors: Record<string, string>;
  seconds: number;
}

type Call = <T>(command: string, args?: unknown) => Promise<T>;

function caller(port: number): Call {
  return async <T>(command: string, args: unknown = {}) => {
    const response = await fetch(`http://127.0.0.1:${port}/${command}`, {
      method: "POST",
      body: JSON.stringify(args),
    });
    const value = (await response.json()) as T & { error?: string };
    if (!response.ok) throw new Error(`host command ${command}: ${value.error ?? response.status}`);
    return value;
  };
}

async function waitForHost(port: number, exited: () => number | undefined, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`, {
        method: "POST",
        body: "{}",
        signal: AbortSignal.timeout(1000),
      });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (exited() !== undefined)
      throw new Error(`the benchmark in the extension host ended (exit ${exited()}) before it listened`);
    if (Date.now() > deadline)
      throw new Error(`the extension host did not start the benchmark within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

/**
 * Stamps, in the webview document, when each card's first update message arrives (key -> Date.now()). A fallback
 * only: this listener runs after the view's own (it is added later), so its stamp includes the view's handling of
 * the message; the view's paint report carries a stamp from the start of its listener.
 */
async function watchArrivals(page: Page): Promise<void> {
  await symposiumWebview(page)
    .locator("body")
    .evaluate(() => {
      const w = window as unknown as { __benchArrivals?: Record<string, number> };
      if (w.__benchArrivals) return;
      const arrivals: Record<string, number> = (w.__benchArrivals = {});
      window.addEventListener(
        "message",
        (event: MessageEvent<{ type?: string; ops?: { op: string; prompt?: { key: string } }[] }>) => {
          const at = Date.now();
          if (event.data?.type !== "update") return;
          for (const op of event.data.ops ?? [])
            if (op.op === "prompt" && op.prompt && !(op.prompt.key in arrivals)) arrivals[op.prompt.key] = at;
        },
        true,
      );
    });
}

async function arrivals(page: Page): Promise<Record<string, number>> {
  return symposiumWebview(page)
    .locator("body")
    .evaluate(
      () => (window as unknown as { __benchArrivals?: Record<string, number> }).__benchArrivals ?? {},
    );
}

/**
 * BENCH_TRACE=<file.json>: records a Chromium trace (the Performance panel's timeline events: Recalculate Style,
 * Layout, Paint, ...) over `run` and writes it there, to see what a frame spends its time on. Tracing slows the
 * renderer: figures from a traced run are not comparable with untraced ones.
 */
async function traced<T>(page: Page, phase: string, run: () => Promise<T>): Promise<T> {
  const file = process.env.BENCH_TRACE?.replace(/(\.json)?$/, `-${phase}.json`);
  if (!file) return run();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Tracing.start", {
    transferMode: "ReturnAsStream",
    traceConfig: {
      includedCategories: [
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "disabled-by-default-devtools.timeline.frame",
        "blink.user_timing",
        "v8.execute",
        // BENCH_TRACE_CATEGORIES=a,b adds categories (e.g. toplevel,ipc,mojom,v8.gc,cc,viz,gpu for the browser and GPU processes).
        ...(process.env.BENCH_TRACE_CATEGORIES?.split(",").map((category) => category.trim()) ?? []),
      ],
    },
  });
  try {
    return await run();
  } finally {
    const complete = new Promise<string>((resolve) =>
      cdp.once("Tracing.tracingComplete", (event) => resolve(event.stream ?? "")),
    );
    await cdp.send("Tracing.end");
    const handle = await complete;
    const chunks: string[] = [];
    for (;;) {
      const read = await cdp.send("IO.read", { handle });
      chunks.push(read.base64Encoded ? Buffer.from(read.data, "base64").toString("utf8") : read.data);
      if (read.eof) break;
    }
    await cdp.send("IO.close", { handle });
    writeFileSync(file, chunks.join(""));
    console.log(`  trace written to ${file}`);
  }
}

async function paint(page: Page, call: Call, settings: PaintSettings): Promise<PaintLevelResult[]> {
  await watchArrivals(page);
  const levels = await traced(page, "paint", () => call<PaintLevelResult[]>("paint", settings));
  const seen = await arrivals(page);
  for (const level of levels) for (const probe of level.probes) probe.webviewAt ??= seen[probe.key];
  return levels;
}

/** The plain card panel's document (the floor), found by the marker on its body. */
async function plainCardFrame(page: Page): Promise<Frame> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    for (const frame of page.frames()) {
      const marked = await frame
        .evaluate(() => document.body?.dataset.bench === "plain-card")
        .catch(() => false);
      if (marked) return frame;
    }
    if (Date.now() > deadline) throw new Error("the plain card panel did not appear");
    await sleep(100);
  }
}

async function plainClicks(page: Page, call: Call, measuredCount: number) {
  const count = CLICK_WARMUP + measuredCount;
  const start = await call<PlainCardStart>("plainClickStart", { count });
  const frame = await plainCardFrame(page);
  for (let i = 0; i < count; i++) {
    const card = frame.locator(`.card[data-key="plain-${i}"]`);
    await card.locator("button.reject").click({ timeout: 20_000 });
    await card.waitFor({ state: "detached", timeout: 20_000 });
  }
  const result = await call<PlainClickResult>("plainClickResult", start);
  const measured = (values: number[]) => values.slice(CLICK_WARMUP);
  const fine = result.fine;
  if (!fine)
    return {
      clickToAgentMs: measured(result.clickedAt.map((at, i) => result.answeredAt[i]! - at)),
      clickToHostMs: measured(result.clickedAt.map((at, i) => result.hostAt[i]! - at)),
    };
  const parts = {
    ...splitWay(
      [fine.clickedAt, fine.handledAt, fine.receivedAt, fine.writtenAt, fine.inputAt, fine.answeredAt],
      [
        "click handler",
        "handler returned -> host received",
        "host received -> written to the agent's stdin",
        "pipe -> agent's stdin read",
        "agent reads the answer",
      ],
    ),
    "(handler returned -> next webview task)": fine.nextTaskAt.map((at, i) => at - fine.handledAt[i]!),
  };
  return {
    clickToAgentMs: measured(fine.clickedAt.map((at, i) => fine.answeredAt[i]! - at)),
    clickToHostMs: measured(fine.clickedAt.map((at, i) => fine.receivedAt[i]! - at)),
    parts: Object.fromEntries(Object.entries(parts).map(([name, values]) => [name, measured(values)])),
  };
}

/** Arms a watcher in the webview: the first animation frame after the last card left the DOM is stamped. */
async function watchCleared(page: Page): Promise<void> {
  await symposiumWebview(page)
    .locator("body")
    .evaluate(() => {
      const w = window as unknown as {
        __benchSeen?: boolean;
        __benchCleared?: number;
        __benchObserver?: MutationObserver;
        __benchClearSplit?: number[];
      };
      w.__benchSeen = document.querySelector(".card") !== null;
      w.__benchCleared = undefined;
      w.__benchClearSplit = undefined;
      if (w.__benchObserver) return;
      w.__benchObserver = new MutationObserver(() => {
        if (document.querySelector(".card")) w.__benchSeen = true;
        else if (w.__benchSeen && w.__benchCleared === undefined) {
          w.__benchSeen = false;
          const removedAt = Date.now();
          // In the task that removed the last card (a trace's "bench cards removed" mark finds that task).
          performance.mark("bench cards removed");
          requestAnimationFrame(() => {
            w.__benchCleared = Date.now();
            w.__benchClearSplit = [removedAt, w.__benchCleared];
          });
        }
      });
      w.__benchObserver.observe(document.body, { childList: true, subtree: true });
    });
}

async function clearedAt(page: Page, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const at = await symposiumWebview(page)
      .locator("body")
      .evaluate(() => (window as unknown as { __benchCleared?: number }).__benchCleared);
    if (at !== undefined) return at;
    if (Date.now() > deadline) throw new Error("the cards were not cleared from the webview");
    await sleep(20);
  }
}

async function stops(
  page: Page,
  call: Call,
  settings: StopSettings,
  mode: "stop" | "exit",
): Promise<StopResult> {
  const result: StopResult = { clearedMs: [], hostSettledMs: [], hostNoticedMs: [], processGoneMs: [] };
  for (let i = 0; i < settings.runs; i++) {
    await watchCleared(page);
    const run = await call<StopRunResult>("stopRun", { held: settings.held, mode });
    const cleared = await clearedAt(page, 10_000);
    result.clearedMs.push(cleared - run.startedAt);
    if (process.env.BENCH_CLEAR_SPLIT) {
      const split = await symposiumWebview(page)
        .locator("body")
        .evaluate(() => (window as unknown as { __benchClearSplit?: number[] }).__benchClearSplit);
      const [removedAt, frameAt] = split ?? [];
      console.log(
        `  ${mode}: host settled ${run.hostSettledMs} ms, cards removed ${removedAt! - run.startedAt} ms, frame ${frameAt! - run.startedAt} ms`,
      );
    }
    result.hostSettledMs.push(run.hostSettledMs);
    if (run.hostNoticedMs !== undefined) result.hostNoticedMs.push(run.hostNoticedMs);
    if (run.processGoneMs !== undefined) result.processGoneMs.push(run.processGoneMs);
  }
  return result;
}

/** Consecutive stamps (one list per point of the way, one entry per click) -> each named part's durations, in ms. */
function splitWay(stamps: number[][], names: string[]): Record<string, number[]> {
  const parts: Record<string, number[]> = {};
  names.forEach((name, s) => (parts[name] = stamps[s]!.map((at, i) => stamps[s + 1]![i]! - at)));
  return parts;
}

/** Clicks made first and left out of the figures. */
const CLICK_WARMUP = 2;

async function clicks(page: Page, call: Call, measuredCount: number): Promise<ClickResult> {
  const count = CLICK_WARMUP + measuredCount;
  const start = await call<ClickStart>("clickStart", { count });
  const frame = symposiumWebview(page);
  const body = frame.locator("body");
  // The fine clock's source as an expression: evaluated by the driver's protocol, which the page's CSP (no eval) allows.
  await body.evaluate(`window.__benchFineNow ??= (${FINE_CLOCK_SOURCE})()`);
  // Stamp every click in the webview document on that clock: in the capture phase (before the card's own handler
  // runs), after its handler (the window's bubble phase comes last) and when the next task starts (a message-channel
  // tick: the thread is free again).
  await body.evaluate(() => {
    const w = window as unknown as { __benchClicks: number[][]; __benchFineNow: () => number };
    const now = w.__benchFineNow;
    w.__benchClicks = [];
    document.addEventListener("click", () => w.__benchClicks.push([now()]), true);
    window.addEventListener("click", () => {
      const stamp = w.__benchClicks[w.__benchClicks.length - 1];
      if (!stamp) return;
      stamp.push(now());
      const channel = new MessageChannel();
      channel.port1.onmessage = () => stamp.push(now());
      channel.port2.postMessage(undefined);
    });
  });
  const clickedAt: number[] = [];
  const fineClicks: number[][] = [];
  const calledAt: number[] = [];
  let failure: Error | undefined;
  try {
    for (let i = 0; i < count; i++) {
      const card = frame.locator(`.card[aria-label="Click #${i}"]`);
      // A new card ignores clicks for a moment (its guard); wait until it takes them.
      await frame
        .locator(`.card[aria-label="Click #${i}"]:not(.guarded)`)
        .waitFor({ state: "visible", timeout: 20_000 });
      await body.evaluate(
        () => ((window as unknown as { __benchClicks: number[] }).__benchClicks.length = 0),
      );
      calledAt.push(Date.now());
      await card.locator("button.option-reject:not(.option-reason)").click({ timeout: 10_000 });
      await card.waitFor({ state: "detached", timeout: 20_000 });
      const stamp = await body.evaluate(
        () => (window as unknown as { __benchClicks: number[][] }).__benchClicks[0] ?? [],
      );
      clickedAt.push(stamp[0] ?? Number.NaN);
      fineClicks.push(stamp);
    }
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
  }
  const result = await call<ClickHostResult>("clickResult", start); // also ends the session
  if (failure) throw failure;
  const measured = (values: number[]) => values.slice(CLICK_WARMUP);
  const fine = result.fine;
  const answered = result.probes.map((p) => p.answeredFineAt ?? Number.NaN);
  const handled = fineClicks.map((stamp) => stamp[1] ?? Number.NaN);
  const nextTask = fineClicks.map((stamp) => stamp[2] ?? Number.NaN);
  const parts = fine
    ? {
        ...splitWay(
          [
            clickedAt,
            handled,
            fine.receivedAt,
            fine.chosenAt,
            fine.returnedAt,
            fine.writtenAt,
            result.probes.map((p) => p.inputAt ?? Number.NaN),
            answered,
          ],
          [
            "click handler",
            "handler returned -> host received",
            "message parsed and routed",
            "choose call (settle, listeners)",
            "call returned -> written to the agent's stdin",
            "pipe -> agent's stdin read",
            "agent reads the answer",
          ],
        ),
        // Beside the way, not part of it: how long the webview's thread stayed busy after the handler.
        "(handler returned -> next webview task)": nextTask.map((at, i) => at - handled[i]!),
      }
    : undefined;
  const chosen = fine?.chosenAt ?? result.chosenAt.map((at) => at ?? Number.NaN);
  return {
    clickToAgentMs: measured(clickedAt.map((at, i) => answered[i]! - at)),
    clickToHostMs: measured(clickedAt.map((at, i) => chosen[i]! - at)),
    hostToAgentMs: measured(clickedAt.map((_, i) => answered[i]! - chosen[i]!)),
    driverToAgentMs: measured(calledAt.map((at, i) => result.probes[i]!.answeredAt - at)),
    ...(parts
      ? { parts: Object.fromEntries(Object.entries(parts).map(([name, values]) => [name, measured(values)])) }
      : {}),
  };
}

export async function measureInExtensionHost(
  build: ProductionBuild,
  settings: HostBenchSettings,
): Promise<HostBenchResult> {
  const started = Date.now();
  const errors: Record<string, string> = {};
  const result: HostBenchResult = { errors, seconds: 0 };
  const logs = mkdtempSync(join(tmpdir(), "symposium-bench-host-"));
  const bypassLog = join(logs, "bypass-agent.jsonl");
  const manualLog = join(logs, "agent.jsonl");
  const port = await freePort();
  const hostLines: string[] = [];
  let exitCode: number | undefined;
  let workbench: Workbench | undefined;
  const agent = (log: string, bypassPermissions: boolean) => ({
    command: process.execPath,
    args: [BENCH_AGENT],
    env: { BENCH_AGENT_LOG: log },
    bypassPermissions,
  });
  try {
    workbench = await openWorkbench({
      settings: {
        "symposium.agents": {
          [BYPASS_AGENT]: agent(bypassLog, true),
          [MANUAL_AGENT]: agent(manualLog, false),
          [V1_AGENT]: { ...agent(join(logs, "v1-agent.jsonl"), false), env: { BENCH_AGENT_PROTOCOL: "v1" } },
        },
      },
      extensionDevelopmentPath: build.dir,
      extensionTestsPath: join(benchOut, "host", "index"),
      env: {
        [ENV_PORT]: String(port),
        [ENV_BYPASS_LOG]: bypassLog,
        [ENV_MANUAL_LOG]: manualLog,
        [ENV_REPORT_PAINT]: "1",
      },
      beforeNavigate: async (page) => {
        await page.exposeFunction("codeAutomationLog", (_type: string, args: unknown[]) => {
          const line = format(...(Array.isArray(args) ? args : [args]));
          hostLines.push(line);
          if (hostLines.length > 400) hostLines.splice(0, 200);
          if (
            line.startsWith("[bench-host]") &&
            (process.env.BENCH_VERBOSE === "1" || / failed: /.test(line))
          )
            console.log(`  ${line}`);
        });
        await page.exposeFunction("codeAutomationExit", (code: number) => (exitCode = code));
      },
    });
    const page = workbench.page;
    await waitForHost(port, () => exitCode, 120_000);
    const call = caller(port);
    // BENCH_HOST_PHASES=paint,click (names as printed) runs only those phases, to try a change quickly.
    const only = process.env.BENCH_HOST_PHASES?.split(",").map((name) => name.trim());
    const phase = async <T>(name: string, run: () => Promise<T>): Promise<T | undefined> => {
      if (only && !only.some((wanted) => name.startsWith(wanted)) && name !== "activation") return undefined;
      const phaseStart = Date.now();
      try {
        const value = await run();
        console.log(`  extension host: ${name} (${((Date.now() - phaseStart) / 1000).toFixed(1)} s)`);
        return value;
      } catch (error) {
        errors[name] = error instanceof Error ? error.message : String(error);
        console.log(`  extension host: ${name} FAILED: ${errors[name]}`);
        return undefined;
      }
    };
    result.activation = await phase("activation", () => call<ActivationHostResult>("activation"));
    const viewOpen = await phase("open the view", async () => {
      await openSymposiumView(page);
      await symposiumWebview(page).locator("body").waitFor({ state: "attached", timeout: 30_000 });
      return call("viewReady");
    });
    result.bypass = await phase("bypass", () => call<BypassHostResult>("bypass", settings.bypass));
    if (viewOpen) {
      result.plainPaint = await phase("plain card paint (floor)", () =>
        traced(page, "plain", () => call<PlainPaintResult[]>("plainPaint", settings.plainCard)),
      );
      result.paint = await phase("paint", () => paint(page, call, settings.paint));
      result.plainClick = await phase("plain card click (floor)", () =>
        traced(page, "plainclick", () => plainClicks(page, call, settings.clicks)),
      );
      await call("plainClose").catch(() => undefined);
      result.click = await phase("click", () =>
        traced(page, "click", () => clicks(page, call, settings.clicks)),
      );
      result.sessionStart = await phase("new sessions", () =>
        call<SessionStartResult>("sessionStart", settings.sessionStart),
      );
      result.stop = await phase("stop", () =>
        traced(page, "stop", () => stops(page, call, settings.stop, "stop")),
      );
      result.exit = await phase("agent exit", () => stops(page, call, settings.stop, "exit"));
      result.render = await phase("render", () => call<RenderHostResult>("render", settings.render));
    }
    await call("done").catch(() => undefined);
  } catch (error) {
    errors.setup = error instanceof Error ? error.message : String(error);
    if (hostLines.length)
      errors.setup += `\n--- extension host log (last lines) ---\n${hostLines.slice(-30).join("\n")}`;
  } finally {
    await workbench?.close();
    rmSync(logs, { recursive: true, force: true });
  }
  result.seconds = (Date.now() - started) / 1000;
  return result;
}

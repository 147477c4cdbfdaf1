/**
 * The benchmark inside code-server's extension host, loaded as `extensionTestsPath` (the test-electron contract:
 * the host awaits `run()`). It activates Symposium (timing it), taps the test API, and serves the driver's commands
 * on 127.0.0.1:$BENCH_CONTROL_PORT until the driver posts `done`. Log lines reach the driver through the workbench's
 * automation log.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import * as vscode from "vscode";
import type { SymposiumTestApi } from "../../src/extension";
import { runBypass } from "./bypass";
import { clickResult, startClicks } from "./click";
import type { HostContext } from "./context";
import { ChooseRecorder, PaintWatcher, PostRecorder } from "./instruments";
import { until } from "../waits";
import { recordingGc } from "./gcRecorder";
import { runPaint } from "./paint";
import { ENV_BYPASS_LOG, ENV_MANUAL_LOG, ENV_PORT, type ActivationHostResult } from "./protocol";
import { closePlainCard, plainClickResult, runPlainPaint, startPlainClicks } from "./plainCard";
import { runRender } from "./render";
import { runSessionStart } from "./sessionStart";
import { stopRun } from "./stop";

const EXTENSION_ID = "symposium.symposium";
const GUARD_MS = 9 * 60_000;

function body(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (text += chunk));
    request.on("end", () => {
      try {
        resolve(text ? JSON.parse(text) : {});
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    request.on("error", reject);
  });
}

function reply(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(value));
}

export async function run(): Promise<void> {
  const extension = vscode.extensions.getExtension<SymposiumTestApi>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not loaded in this extension host`);
  const wasActive = extension.isActive;
  const started = performance.now();
  const api = await extension.activate();
  const activation: ActivationHostResult = { activateMs: performance.now() - started, wasActive };
  if (!api) throw new Error("activate() returned no test API: not running in ExtensionMode.Test?");
  const ctx: HostContext = {
    api,
    posts: new PostRecorder(api.view),
    paints: new PaintWatcher(api),
    chosen: new ChooseRecorder(api.sessions),
    bypassLog: process.env[ENV_BYPASS_LOG] ?? "",
    manualLog: process.env[ENV_MANUAL_LOG] ?? "",
  };
  const port = Number(process.env[ENV_PORT]);
  if (!port) throw new Error(`${ENV_PORT} is not set`);

  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const commands: Record<string, (args: never) => Promise<unknown>> = {
    health: () => Promise.resolve({ ok: true }),
    activation: () => Promise.resolve(activation),
    viewReady: () =>
      until(
        () => (api.view as unknown as { ready?: boolean }).ready === true,
        "the webview to send ready",
        60_000,
        20,
      ).then(() => ({ ready: true })),
    bypass: (args: Parameters<typeof runBypass>[1]) => runBypass(ctx, args),
    // BENCH_PAINT_GC=file.json: the extension host's collections over the phase (diagnosis).
    paint: (args: Parameters<typeof runPaint>[1]) =>
      recordingGc(process.env.BENCH_PAINT_GC, () => runPaint(ctx, args)),
    clickStart: (args: { count: number }) => startClicks(ctx, args.count),
    clickResult: (args: Parameters<typeof clickResult>[1]) => clickResult(ctx, args),
    render: (args: Parameters<typeof runRender>[1]) => runRender(ctx, args),
    plainPaint: (args: Parameters<typeof runPlainPaint>[0]) => runPlainPaint(args),
    plainClickStart: (args: { count: number }) => startPlainClicks(args.count),
    plainClickResult: (args: Parameters<typeof plainClickResult>[0]) => plainClickResult(args),
    plainClose: () => Promise.resolve(closePlainCard()).then(() => ({ ok: true })),
    sessionStart: (args: Parameters<typeof runSessionStart>[1]) => runSessionStart(ctx, args),
    stopRun: (args: Parameters<typeof stopRun>[1]) => stopRun(ctx, args),
    done: () => {
      setTimeout(finish, 50);
      return Promise.resolve({ ok: true });
    },
  };
  const server = createServer((request, response) => {
    const name = (request.url ?? "/").slice(1);
    const command = commands[name];
    if (!command) return reply(response, 404, { error: `no command ${name}` });
    body(request)
      .then((args) => {
        console.log(`[bench-host] ${name}`);
        return command(args as never);
      })
      .then(
        (value) => reply(response, 200, value),
        (error: unknown) => {
          console.log(
            `[bench-host] ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
          );
          reply(response, 500, { error: error instanceof Error ? error.message : String(error) });
        },
      );
  });
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  console.log(
    `[bench-host] listening on ${port}; Symposium activated in ${activation.activateMs.toFixed(1)} ms`,
  );
  const guard = setTimeout(finish, GUARD_MS);
  await finished;
  clearTimeout(guard);
  server.close();
}

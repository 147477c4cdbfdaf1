/**
 * Webview entry point. The VS Code API object is acquired inside this closure and never stored on `window`, so
 * nothing else in the page (nor anything injected into it) can post messages as the view.
 */
import "./styles/main.css";
import type { BootData, ToWebviewMessage } from "../src/shared/protocol";
import type { HostPort } from "./host";
import { App } from "./app";
import { fineClock } from "../src/shared/fineClock";
import { reportPaints } from "./paintReporter";

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

// Every type of the protocol's, checked at compile time: a type missing here would be dropped unseen.
const TYPES: Record<ToWebviewMessage["type"], true> = {
  snapshot: true,
  update: true,
  focusPrompt: true,
  focusComposer: true,
  fileMatches: true,
};
const MESSAGE_TYPES: ReadonlySet<string> = new Set(Object.keys(TYPES));

/** The host is trusted, but the page's message channel is shared with anything that can post to this window. */
function isToWebviewMessage(data: unknown): data is ToWebviewMessage {
  return (
    typeof data === "object" && data !== null && MESSAGE_TYPES.has(String((data as { type?: unknown }).type))
  );
}

/** The host's boot data on `#app` (`data-boot`); anything unreadable means the defaults. */
function readBootData(root: HTMLElement): BootData {
  try {
    const parsed: unknown = JSON.parse(root.dataset.boot ?? "{}");
    return { reportPaint: (parsed as Partial<BootData> | null)?.reportPaint === true };
  } catch {
    return { reportPaint: false };
  }
}

(() => {
  const vscode = acquireVsCodeApi();
  const host: HostPort = { post: (message) => vscode.postMessage(message) };
  const root = document.getElementById("app") ?? document.body.appendChild(document.createElement("div"));
  const app = new App(root, host, { get: () => vscode.getState(), set: (state) => vscode.setState(state) });
  const reportPaint = readBootData(root).reportPaint;
  /** When the latest host message began to be handled (paint reports only). */
  let messageAt: number | undefined;
  const now = reportPaint ? fineClock() : Date.now;
  if (reportPaint)
    reportPaints(
      root,
      () => messageAt,
      ({ key, messageAt, insertedAt, frameAt, paintedAt }) =>
        host.post({
          type: "painted",
          key,
          at: paintedAt,
          insertedAt,
          frameAt,
          ...(messageAt !== undefined ? { messageAt } : {}),
        }),
      now,
    );
  window.addEventListener("message", (event: MessageEvent<unknown>) => {
    if (reportPaint) messageAt = now();
    if (isToWebviewMessage(event.data)) app.receive(event.data);
  });
  host.post({ type: "ready" });
})();

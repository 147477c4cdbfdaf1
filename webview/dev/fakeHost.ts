/**
 * Preview only (never shipped): stands in for the extension host. Loaded before `dist/webview.js`, it defines a
 * fake `acquireVsCodeApi` that records what the view posts, answers `ready` with a fixture snapshot chosen by the
 * URL hash (#full, #empty, #blocked), and exposes `window.symposiumPreview` for the Playwright driver.
 */
import type { FromWebviewMessage, ToWebviewMessage, ViewOp } from "../../src/shared/protocol";
import { decision, emptySnapshot, floodPrompts, fullSnapshot, SESSION_A } from "./fixtures";

interface PreviewApi {
  posted: FromWebviewMessage[];
  send(message: ToWebviewMessage): void;
  flood(count: number): void;
  decide(key: string, summary: string, kindClass: "allow" | "reject" | "neutral"): void;
  ops(ops: ViewOp[]): void;
  cspViolations: string[];
}

declare global {
  interface Window {
    acquireVsCodeApi?: () => { postMessage(message: unknown): void };
    symposiumPreview?: PreviewApi;
  }
}

const posted: FromWebviewMessage[] = [];
const cspViolations: string[] = [];
document.addEventListener("securitypolicyviolation", (event) => {
  cspViolations.push(
    `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
  );
});

function send(message: ToWebviewMessage): void {
  window.postMessage(message, "*");
}

function snapshotFor(scenario: string): ToWebviewMessage {
  const now = Date.now();
  if (scenario === "empty") return { type: "snapshot", snapshot: emptySnapshot() };
  if (scenario === "blocked") {
    return {
      type: "snapshot",
      snapshot: emptySnapshot("Agents cannot run in an untrusted workspace. Trust this folder to start one."),
    };
  }
  return { type: "snapshot", snapshot: fullSnapshot(now) };
}

window.acquireVsCodeApi = () => ({
  postMessage(message: unknown) {
    const typed = message as FromWebviewMessage;
    posted.push(typed);
    if (typed.type === "ready") send(snapshotFor(location.hash.slice(1) || "full"));
  },
});

window.symposiumPreview = {
  posted,
  cspViolations,
  send,
  ops: (ops) => send({ type: "update", ops }),
  flood(count) {
    send({
      type: "update",
      ops: floodPrompts(count, Date.now()).map((prompt) => ({ op: "prompt", prompt })),
    });
  },
  decide(key, summary, kindClass) {
    send({
      type: "update",
      ops: [{ op: "decided", record: decision(key, SESSION_A, key, summary, kindClass) }],
    });
  },
};

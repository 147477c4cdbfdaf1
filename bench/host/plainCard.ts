/**
 * The same-run floors of the paint and click figures: what a plain webview card costs in this very VS Code. The
 * benchmark agent is spawned here, in the extension host, with an SDK v2 client of its own (no Symposium in the way);
 * each `session/request_permission` is posted to a webview panel whose page inserts a bare card (the title, the tool
 * call's patch in a `<pre>` capped at 200 lines, two buttons). The page stamps the card the way Symposium's webview
 * does (`webview/paintReporter.ts`: a MutationObserver for the insertion, a requestAnimationFrame plus a
 * message-channel tick for the first frame rendered after it) and posts the stamps back; the client answers the agent
 * then (paint) or when the card's Reject button is clicked (click; the page posts from the click handler).
 */
import * as v2 from "@agentclientprotocol/sdk/experimental/v2";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import * as vscode from "vscode";
import { commandId, waitForResult } from "../agentLog";
import type { AgentResult } from "../agents/ops";
import { REJECT_ONCE } from "../payload";
import { FINE_CLOCK_SOURCE, fineClock } from "../fineClock";
import { AnswerWrites } from "./answerWrites";
import { BENCH_AGENT } from "../paths";
import {
  paintVariantsWanted,
  type PaintProbe,
  type PlainCardStart,
  type PlainCardSettings,
  type PlainClickResult,
} from "./protocol";

/** What the plain page posts back. */
type PageMessage =
  | {
      type: "painted";
      key: string;
      messageAt: number;
      insertedAt: number;
      frameAt: number;
      paintedAt: number;
    }
  | { type: "clicked"; key: string; clickedAt: number; clickedFineAt: number }
  | { type: "clickTask"; key: string; handledAt: number; nextTaskAt: number };

const PREVIEW_LINES = 200;

function pageHtml(nonce: string, cspSource: string): string {
  const script = `
const vscode = acquireVsCodeApi();
const fineNow = (${FINE_CLOCK_SOURCE})();
// The click as Symposium's is stamped: in the capture phase, before the button's own handler.
let clickFineAt = NaN;
document.addEventListener("click", () => (clickFineAt = fineNow()), true);
// After the handler (the window's bubble phase comes last) and when the next task starts, as the click phase does.
let clickKey;
window.addEventListener("click", () => {
  if (clickKey === undefined) return;
  const key = clickKey;
  clickKey = undefined;
  const handledAt = fineNow();
  const channel = new MessageChannel();
  channel.port1.onmessage = () => vscode.postMessage({ type: "clickTask", key, handledAt, nextTaskAt: fineNow() });
  channel.port2.postMessage(undefined);
});
const list = document.getElementById("cards");
// When the message listener began (Symposium's view stamps its own the same way: first thing in its listener). The
// page's stamps are on the fine clock, as the view's paint reports are.
let messageAt = NaN;
const observer = new MutationObserver((records) => {
  const insertedAt = fineNow();
  const keys = [];
  for (const record of records) for (const node of record.addedNodes) if (node.dataset && node.dataset.key) keys.push(node.dataset.key);
  if (keys.length === 0) return;
  requestAnimationFrame(() => {
    const frameAt = fineNow();
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const paintedAt = fineNow();
      for (const key of keys) vscode.postMessage({ type: "painted", key, messageAt, insertedAt, frameAt, paintedAt });
    };
    channel.port2.postMessage(undefined);
  });
});
observer.observe(list, { childList: true });
window.addEventListener("message", (event) => {
  messageAt = fineNow();
  const data = event.data;
  if (data.type === "clear") { list.replaceChildren(); return; }
  if (data.type !== "card") return;
  const card = document.createElement("div");
  card.className = "card";
  card.dataset.key = data.key;
  const title = document.createElement("h3");
  title.textContent = data.title;
  card.appendChild(title);
  if (data.preview) {
    const pre = document.createElement("pre");
    pre.textContent = data.preview;
    card.appendChild(pre);
  }
  for (const [label, cls] of [["Allow once", "allow"], ["Reject", "reject"]]) {
    const button = document.createElement("button");
    button.className = cls;
    button.textContent = label;
    if (cls === "reject")
      button.addEventListener("click", () => {
        vscode.postMessage({ type: "clicked", key: data.key, clickedAt: Date.now(), clickedFineAt: clickFineAt });
        clickKey = data.key;
        card.remove();
      });
    card.appendChild(button);
  }
  list.appendChild(card);
});`;
  return `<!DOCTYPE html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${cspSource} 'unsafe-inline'; script-src 'nonce-${nonce}';">
<style>.card{border:1px solid #888;padding:8px;margin:8px}pre{max-height:200px;overflow:auto}</style></head>
<body data-bench="plain-card"><div id="cards"></div><script nonce="${nonce}">${script}</script></body></html>`;
}

/** The request's tool-call patch, capped like Symposium's preview (the plain card shows it as text). */
function previewOf(params: unknown): string | undefined {
  const content = (params as { subject?: { toolCall?: { content?: { patch?: { text?: string } }[] } } })
    .subject?.toolCall?.content;
  const text = content?.find((c) => typeof c.patch?.text === "string")?.patch?.text;
  return text === undefined ? undefined : text.split("\n").slice(0, PREVIEW_LINES).join("\n");
}

interface Waiting {
  receivedAt: number;
  answer: () => void;
}

class PlainCardClient {
  readonly child: ChildProcessWithoutNullStreams;
  readonly connection: v2.ClientConnection;
  sessionId = "";
  mode: "paint" | "click" = "paint";
  readonly stamps = new Map<
    string,
    Partial<PaintProbe> & {
      clickedAt?: number;
      answeredHostAt?: number;
      clickedFineAt?: number;
      receivedFineAt?: number;
      handledAt?: number;
      nextTaskAt?: number;
    }
  >();
  readonly fineNow = fineClock();
  /** While a click phase runs: when answers were written to the agent's stdin. */
  writes: AnswerWrites | undefined;
  private readonly waiting = new Map<string, Waiting>();
  private next = 0;

  /** Forgets earlier cards (and removes them from the page): keys start again at plain-0. */
  reset(): void {
    this.stamps.clear();
    this.next = 0;
    void this.panel.webview.postMessage({ type: "clear" });
  }
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly panel: vscode.WebviewPanel,
    private readonly cwd: string,
    logFile: string,
  ) {
    this.child = spawn(process.execPath, [BENCH_AGENT], {
      cwd,
      env: { ...process.env, ELECTRON_RUN_AS_NODE: "1", BENCH_AGENT_LOG: logFile },
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.subscription = panel.webview.onDidReceiveMessage((message: PageMessage) => this.onPage(message));
    const app = v2
      .client({ name: "bench-plain-card" })
      .onRequest(v2.methods.client.session.requestPermission, ({ params }) => {
        const receivedAt = Date.now();
        const key = `plain-${this.next++}`;
        this.stamps.set(key, { key, receivedAt });
        return new Promise((resolve) => {
          this.waiting.set(key, {
            receivedAt,
            answer: () => resolve({ outcome: { outcome: "selected", optionId: REJECT_ONCE } }),
          });
          this.stamps.get(key)!.postedAt = Date.now();
          void panel.webview.postMessage({
            type: "card",
            key,
            title: params.title,
            preview: previewOf(params),
          });
        });
      })
      .onNotification(v2.methods.client.session.update, () => undefined);
    this.connection = app.connect(
      v2.ndJsonStream(
        Writable.toWeb(this.child.stdin),
        Readable.toWeb(this.child.stdout) as ReadableStream<Uint8Array>,
      ),
    );
  }

  /** Answers in the task that received the page's message. */
  private onPage(message: PageMessage): void {
    const receivedFineAt = this.fineNow();
    const stamp = this.stamps.get(message.key);
    if (!stamp) return;
    if (message.type === "clickTask") {
      stamp.handledAt = message.handledAt;
      stamp.nextTaskAt = message.nextTaskAt;
    } else if (message.type === "painted") {
      if (Number.isFinite(message.messageAt)) stamp.webviewAt = message.messageAt;
      stamp.insertedAt = message.insertedAt;
      stamp.frameAt = message.frameAt;
      stamp.paintedAt = message.paintedAt;
      if (this.mode === "paint") this.answer(message.key);
    } else {
      stamp.clickedAt = message.clickedAt;
      stamp.answeredHostAt = Date.now();
      stamp.clickedFineAt = message.clickedFineAt;
      stamp.receivedFineAt = receivedFineAt;
      this.answer(message.key);
    }
  }

  private answer(key: string): void {
    const waiting = this.waiting.get(key);
    this.waiting.delete(key);
    waiting?.answer();
  }

  async open(): Promise<void> {
    await this.connection.agent.request(v2.methods.agent.initialize, {
      protocolVersion: 2,
      info: { name: "bench-plain-card", version: "0.0.0" },
      capabilities: {},
    });
    const session = await this.connection.agent.request(v2.methods.agent.session.new, {
      cwd: this.cwd,
      mcpServers: [],
    });
    this.sessionId = session.sessionId;
  }

  prompt(command: unknown): Promise<unknown> {
    return this.connection.agent.request(v2.methods.agent.session.prompt, {
      sessionId: this.sessionId,
      prompt: [{ type: "text", text: JSON.stringify(command) }],
    });
  }

  dispose(): void {
    this.subscription.dispose();
    this.child.kill();
  }
}

let current: { client: PlainCardClient; panel: vscode.WebviewPanel; logs: string } | undefined;

/** Opens the plain card's panel (beside the editor) and connects its own agent. */
async function open(): Promise<NonNullable<typeof current>> {
  if (current) return current;
  const panel = vscode.window.createWebviewPanel(
    "symposiumBench.plainCard",
    "Plain card (benchmark floor)",
    { viewColumn: vscode.ViewColumn.One, preserveFocus: true },
    { enableScripts: true },
  );
  panel.webview.html = pageHtml(randomBytes(16).toString("base64"), panel.webview.cspSource);
  const logs = mkdtempSync(join(tmpdir(), "symposium-bench-plain-"));
  const workspace = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? logs;
  const client = new PlainCardClient(panel, workspace, join(logs, "agent.jsonl"));
  await client.open();
  current = { client, panel, logs };
  return current;
}

export function closePlainCard(): void {
  current?.client.dispose();
  current?.panel.dispose();
  if (current) rmSync(current.logs, { recursive: true, force: true });
  current = undefined;
}

/** Paint floor: human-paced probes, answered once painted; per variant (with and without a tool call and diff). */
export async function runPlainPaint(
  settings: PlainCardSettings,
): Promise<{ toolCall: boolean; probes: PaintProbe[] }[]> {
  const { client, logs } = await open();
  client.mode = "paint";
  const results: { toolCall: boolean; probes: PaintProbe[] }[] = [];
  for (const toolCall of paintVariantsWanted(settings.toolCall)) {
    client.reset();
    const id = commandId("plain-paint");
    void client.prompt({
      op: "probe",
      id,
      count: settings.warmup + settings.probes,
      gapMs: settings.gapMs,
      title: "Plain",
      toolCall,
      diffLines: settings.diffLines,
    });
    const result = await waitForResult<Extract<AgentResult, { op: "probe" }>>(
      join(logs, "agent.jsonl"),
      id,
      120_000,
    );
    const stamps = [...client.stamps.values()];
    const probes = result.probes.map((probe, i) => ({
      key: stamps[i]?.key ?? "",
      sentAt: probe.sentAt,
      receivedAt: stamps[i]?.receivedAt ?? Number.NaN,
      ...(stamps[i]?.insertedAt !== undefined ? { insertedAt: stamps[i].insertedAt } : {}),
      ...(stamps[i]?.frameAt !== undefined ? { frameAt: stamps[i].frameAt } : {}),
      ...(stamps[i]?.postedAt !== undefined ? { postedAt: stamps[i].postedAt } : {}),
      ...(stamps[i]?.webviewAt !== undefined ? { webviewAt: stamps[i].webviewAt } : {}),
      ...(stamps[i]?.postTickAt !== undefined ? { postTickAt: stamps[i].postTickAt } : {}),
      paintedAt: stamps[i]?.paintedAt ?? Number.NaN,
    }));
    results.push({ toolCall, probes: probes.slice(settings.warmup) });
  }
  return results;
}

/** Click floor: the driver clicks each card's Reject button; the client answers when the page posts the click. */
export async function startPlainClicks(count: number): Promise<PlainCardStart> {
  const { client } = await open();
  client.mode = "click";
  client.reset();
  client.writes?.dispose();
  client.writes = new AnswerWrites(client.fineNow);
  const id = commandId("plain-click");
  void client.prompt({ op: "probe", id, count, gapMs: 0, title: "Plain click" });
  return { id };
}

export async function plainClickResult(start: PlainCardStart): Promise<PlainClickResult> {
  const { client, logs } = await open();
  const result = await waitForResult<Extract<AgentResult, { op: "probe" }>>(
    join(logs, "agent.jsonl"),
    start.id,
    60_000,
  ).finally(() => {
    client.writes?.dispose();
  });
  const stamps = [...client.stamps.values()];
  const receivedAt = stamps.map((s) => s.receivedFineAt ?? Number.NaN);
  return {
    clickedAt: stamps.map((s) => s.clickedAt ?? Number.NaN),
    hostAt: stamps.map((s) => s.answeredHostAt ?? Number.NaN),
    answeredAt: result.probes.map((p) => p.answeredAt),
    fine: {
      clickedAt: stamps.map((s) => s.clickedFineAt ?? Number.NaN),
      receivedAt,
      writtenAt: client.writes?.firstAfter(receivedAt) ?? receivedAt.map(() => Number.NaN),
      handledAt: stamps.map((s) => s.handledAt ?? Number.NaN),
      nextTaskAt: stamps.map((s) => s.nextTaskAt ?? Number.NaN),
      inputAt: result.probes.map((p) => p.inputAt ?? Number.NaN),
      answeredAt: result.probes.map((p) => p.answeredFineAt ?? Number.NaN),
    },
  };
}

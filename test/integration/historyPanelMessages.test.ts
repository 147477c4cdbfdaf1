/**
 * The approval history panel's messages in a real extension host, its page played by the test: a page that posts
 * `ready` again and again gets the rows re-read a few times, spaced (each read is of every history file), and one
 * posting `export` again and again gets one save dialog at a time.
 */
import * as assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import * as vscode from "vscode";
import { ApprovalHistory } from "../../src/core/approvalHistory";
import { HistoryPanel } from "../../src/host/historyPanel";
import { silentLog } from "../support/silentLog";

const EXTENSION_ID = "symposium.symposium";

describe("the approval history panel's messages (integration)", () => {
  const window = vscode.window as { -readonly [K in keyof typeof vscode.window]: (typeof vscode.window)[K] };
  const createWebviewPanel = window.createWebviewPanel;
  const showSaveDialog = window.showSaveDialog;
  let folder: string;

  before(() => {
    folder = mkdtempSync(join(tmpdir(), "symposium-history-messages-"));
  });

  after(() => {
    window.createWebviewPanel = createWebviewPanel;
    window.showSaveDialog = showSaveDialog;
    rmSync(folder, { recursive: true, force: true });
  });

  it("re-reads the rows for a page's repeated ready a few times, spaced, and opens one save dialog at a time", async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    const history = new ApprovalHistory(folder);
    let reads = 0;
    const rows = history.rows.bind(history);
    history.rows = (...args: Parameters<typeof rows>) => (reads++, rows(...args));
    let fromPage: (message: unknown) => void = () => undefined;
    const none = { dispose: () => undefined };
    window.createWebviewPanel = (() => ({
      webview: {
        options: {},
        html: "",
        cspSource: "vscode-webview:",
        asWebviewUri: (uri: vscode.Uri) => uri,
        postMessage: () => Promise.resolve(true),
        onDidReceiveMessage: (listener: (message: unknown) => void) => ((fromPage = listener), none),
      },
      visible: true,
      reveal: () => undefined,
      dispose: () => undefined,
      onDidDispose: () => none,
    })) as unknown as typeof window.createWebviewPanel;
    let dialogs = 0;
    let closeDialog: () => void = () => undefined;
    window.showSaveDialog = () => {
      dialogs++;
      return new Promise((resolve) => (closeDialog = () => resolve(undefined)));
    };
    const panel = new HistoryPanel(extension.extensionUri, history, silentLog);
    try {
      panel.show();
      fromPage({ type: "ready" });
      await sleep(50);
      assert.equal(reads, 1, "the page's first ready is answered at once");
      for (let i = 0; i < 200; i++) fromPage({ type: "ready" });
      await sleep(700);
      assert.ok(reads >= 2 && reads <= 4, `spaced, not one read per ready: ${reads} reads`);
      for (let i = 0; i < 20; i++) fromPage({ type: "export" });
      await sleep(50);
      assert.equal(dialogs, 1, "one save dialog for twenty exports");
      closeDialog();
      await sleep(50);
      fromPage({ type: "export" });
      await sleep(50);
      assert.equal(dialogs, 2, "the next export, once the dialog closed");
      closeDialog();
    } finally {
      panel.dispose();
    }
  });
});

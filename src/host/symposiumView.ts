/**
 * The Symposium webview view. It renders what the host holds: on `ready` it gets a snapshot, then batched updates.
 * Nothing lives only in the webview, so a hidden, disposed or reloading view loses nothing (the webview keeps no
 * context of its own while hidden). Every inbound message is parsed; what does not parse is logged and ignored.
 */
import * as vscode from "vscode";
import { errorMessage } from "../core/errorMessage";
import { LaterTimer } from "../core/laterTimer";
import type { Logger } from "../core/logger";
import { pageSnapshot, SNAPSHOT_PAGE_BYTES } from "../core/snapshotPages";
import { ViewOpBatcher } from "../core/viewOpBatcher";
import type { FromWebviewMessage, Snapshot, ToWebviewMessage, ViewOp } from "../shared/protocol";
import { webviewMessage } from "./webviewMessages";
import { makeNonce, renderUnavailableHtml, renderWebviewHtml, webviewOptions } from "./webviewHtml";
import { STORED_SCRIPT_FOLDER, storedWebviewScript } from "./webviewScript";

export const VIEW_ID = "symposium.view";

/**
 * A `ready` from a page already served (its frame reloaded without VS Code saying so, or a page that posts it again
 * and again) gets a snapshot too, but spaced: each one rebuilds every session's state (50-70 ms of the extension host
 * with 30 MB of transcripts), and a page looping on it would hold the host.
 */
const SNAPSHOT_AGAIN_SPACING_MS = 250;
/** And at most this share of the host's time while it goes on, however much a snapshot costs. */
const SNAPSHOT_AGAIN_SHARE = 0.2;

/** What the view hands on: every intent but the two it handles itself. */
export type ViewIntent = Exclude<FromWebviewMessage, { type: "ready" | "painted" }>;

/**
 * Paint reports are for benchmarks: on only in an extension host started in test mode whose environment asks for
 * them (the benchmark harness sets the variable), never in a user's window.
 */
export function paintReportsRequested(mode: vscode.ExtensionMode): boolean {
  return mode === vscode.ExtensionMode.Test && process.env.SYMPOSIUM_REPORT_PAINT === "1";
}

export class SymposiumView implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private ready = false;
  /** A reveal request (focus a card or the composer) that arrived before the webview was ready. */
  private afterReady: ToWebviewMessage | undefined;
  private readonly batcher = new ViewOpBatcher((ops) => this.post({ type: "update", ops }));
  private readonly snapshotAgain = new LaterTimer(
    () => this.sendSnapshot(),
    0,
    SNAPSHOT_AGAIN_SPACING_MS,
    SNAPSHOT_AGAIN_SHARE,
  );
  private readonly visibilityEmitter = new vscode.EventEmitter<boolean>();
  /** Fires when the view becomes visible or hidden (or is disposed). */
  readonly onDidChangeVisibility = this.visibilityEmitter.event;
  private readonly paintEmitter = new vscode.EventEmitter<{
    key: string;
    at: number;
    insertedAt?: number;
    frameAt?: number;
    messageAt?: number;
  }>();
  /** A card was inserted and then painted (webview clock, ms); fires only when paint reports are on. */
  readonly onDidPaint = this.paintEmitter.event;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly snapshot: () => Snapshot,
    private readonly onIntent: (message: ViewIntent) => void,
    private readonly log: Logger,
    /** `storage`: the global storage, where a packaged build's script is written out (`webviewScript.ts`). */
    private readonly options: { reportPaint?: boolean; storage?: vscode.Uri } = {},
  ) {}

  get visible(): boolean {
    return this.view?.visible ?? false;
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    this.ready = false;
    const webview = view.webview;
    const { storage } = this.options;
    let stored: string | undefined;
    try {
      stored =
        storage && storedWebviewScript(vscode.Uri.joinPath(this.extensionUri, "dist").fsPath, storage.fsPath);
    } catch (error) {
      const reason = `Symposium could not write its view's script into ${storage!.fsPath}: ${errorMessage(error)}`;
      this.log.error(reason);
      webview.html = renderUnavailableHtml(reason);
      return;
    }
    const storedFolder = stored && vscode.Uri.joinPath(storage!, STORED_SCRIPT_FOLDER);
    webview.options = webviewOptions(this.extensionUri, storedFolder ? [storedFolder] : []);
    const asset = (...path: string[]) =>
      webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, ...path)).toString();
    webview.html = renderWebviewHtml({
      cspSource: webview.cspSource,
      nonce: makeNonce(),
      scriptUri: storedFolder
        ? webview.asWebviewUri(vscode.Uri.joinPath(storedFolder, stored!)).toString()
        : asset("dist", "webview.js"),
      styleUri: asset("dist", "webview.css"),
      codiconsUri: asset("dist", "codicons", "codicon.css"),
      boot: { reportPaint: this.options.reportPaint === true },
    });
    const subscriptions = [
      webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)),
      view.onDidChangeVisibility(() => {
        // The view keeps no page while hidden: shown again, it loads anew, says `ready` and gets the snapshot then.
        // Until then nothing is sent: a message would reach no page, or the new page before its snapshot (a reveal's
        // focus request, for a session it does not know yet).
        if (!view.visible) this.pageGone();
        this.visibilityEmitter.fire(view.visible);
      }),
    ];
    view.onDidDispose(() => {
      for (const subscription of subscriptions) subscription.dispose();
      if (this.view === view) {
        this.view = undefined;
        this.pageGone();
        this.visibilityEmitter.fire(false);
      }
    });
    this.visibilityEmitter.fire(view.visible);
  }

  /** Queues changes for the view; before `ready` they are dropped, since the snapshot will carry them. */
  push(ops: readonly ViewOp[]): void {
    if (this.ready) this.batcher.push(ops);
  }

  set badge(badge: vscode.ViewBadge | undefined) {
    if (this.view) this.view.badge = badge;
  }

  /** Shows the view without taking focus from the editor, then asks it to show a card or the composer. */
  async reveal(message?: ToWebviewMessage, preserveFocus = true): Promise<void> {
    if (this.view) this.view.show(preserveFocus);
    else await vscode.commands.executeCommand(`${VIEW_ID}.focus`);
    if (message) {
      if (this.ready) this.post(message);
      else this.afterReady = message;
    }
  }

  /** Answers a request of the view's; dropped while no view is ready (the one that asked is gone). */
  send(message: ToWebviewMessage): void {
    if (this.ready) this.post(message);
  }

  dispose(): void {
    this.batcher.clear();
    this.snapshotAgain.dispose();
    this.visibilityEmitter.dispose();
    this.paintEmitter.dispose();
  }

  private receive(raw: unknown): void {
    const parsed = webviewMessage().safeParse(raw);
    if (!parsed.success) {
      this.log.warn(`Ignored a malformed message from the webview (${describe(raw)}).`);
      return;
    }
    if (parsed.data.type === "ready") {
      if (this.ready) this.snapshotAgain.schedule();
      else {
        this.ready = true;
        this.sendSnapshot();
      }
      return;
    }
    if (parsed.data.type === "painted") {
      if (this.options.reportPaint) this.paintEmitter.fire(parsed.data);
      return;
    }
    this.onIntent(parsed.data);
  }

  /** Everything the view shows, to a page that is ready, then what waited for it. */
  private sendSnapshot(): void {
    if (!this.ready) return;
    this.batcher.clear();
    // Paged: one message of several megabytes would hold up the transport and the webview for its whole length.
    const pages = pageSnapshot(this.snapshot(), SNAPSHOT_PAGE_BYTES);
    this.post({ type: "snapshot", snapshot: pages.snapshot });
    for (const ops of pages.updates) this.post({ type: "update", ops });
    if (this.afterReady) this.post(this.afterReady);
    this.afterReady = undefined;
  }

  /** The page is gone (hidden or disposed): nothing waits for it, and the next page's `ready` starts over. */
  private pageGone(): void {
    this.ready = false;
    this.batcher.clear();
  }

  private post(message: ToWebviewMessage): void {
    void this.view?.webview.postMessage(message);
  }
}

/** The message's type only: its content is untrusted and may be huge. */
function describe(raw: unknown): string {
  const type = typeof raw === "object" && raw !== null ? (raw as { type?: unknown }).type : undefined;
  return typeof type === "string" ? `type ${type.slice(0, 40)}` : typeof raw;
}

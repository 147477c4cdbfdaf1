/**
 * Symposium: Show Approval History — the recorded decisions in a searchable table, exportable as JSON lines or CSV.
 */
import * as vscode from "vscode";
import { Disposable, toDisposable } from "../core/disposable";
import type { Logger } from "../core/logger";
import { fsPromises, toCsv, toJsonLines, type ApprovalHistory } from "../core/approvalHistory";
import { LaterTimer } from "../core/laterTimer";
import type { ToHistoryMessage } from "../shared/protocol";
import { historyMessage } from "./webviewMessages";
import { makeNonce, renderWebviewHtml, webviewOptions } from "./webviewHtml";

/** An open history panel refreshes this long after a new decision. */
const HISTORY_REFRESH_MS = 300;
/**
 * At most this share of the extension host's time goes to refreshing the history panel during a flood of automatic
 * decisions: a refresh of full history files read 49k rows and posted 10.5 MB, 285-646 ms, which every 300 ms held
 * the host's thread most of the time.
 */
const HISTORY_REFRESH_SHARE = 0.1;

export class HistoryPanel extends Disposable {
  private panel: vscode.WebviewPanel | undefined;
  /** The export whose save dialog or write is under way. */
  private exporting: Promise<void> | undefined;
  /** Each refresh reads the whole history again: spaced by what the last one cost. */
  private readonly refresher = new LaterTimer(
    () => this.sendRows(),
    HISTORY_REFRESH_MS,
    0,
    HISTORY_REFRESH_SHARE,
  );

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly history: ApprovalHistory,
    private readonly log: Logger,
  ) {
    super();
    this._register(
      toDisposable(() => {
        this.refresher.dispose();
        this.panel?.dispose();
      }),
    );
  }

  show(): void {
    if (this.panel) {
      this.panel.reveal();
      void this.sendRows();
      return;
    }
    const panel = vscode.window.createWebviewPanel(
      "symposium.history",
      vscode.l10n.t("Symposium: Approval History"),
      vscode.ViewColumn.Active,
      webviewOptions(this.extensionUri),
    );
    this.panel = panel;
    const asset = (...path: string[]) =>
      panel.webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, ...path)).toString();
    panel.webview.html = renderWebviewHtml({
      cspSource: panel.webview.cspSource,
      nonce: makeNonce(),
      scriptUri: asset("dist", "history.js"),
      styleUri: asset("dist", "history.css"),
      codiconsUri: asset("dist", "codicons", "codicon.css"),
    });
    // Its page's first `ready` is answered at once; one more (the frame reloaded, or a page posting it in a loop) is a
    // refresh, spaced by what reading the history costs. One export asks for its file at a time.
    let served = false;
    const received = panel.webview.onDidReceiveMessage((raw: unknown) => {
      const message = historyMessage().safeParse(raw);
      if (!message.success) return this.log.warn("Ignored a malformed message from the history panel.");
      if (message.data.type !== "ready") this.exportOnce();
      else if (served) this.refresher.schedule();
      else {
        served = true;
        void this.sendRows();
      }
    });
    panel.onDidDispose(() => {
      received.dispose();
      if (this.panel === panel) this.panel = undefined;
    });
  }

  /** Refreshes an open panel after new decisions, at most a few times a second (less often as the history grows). */
  refreshSoon(): void {
    if (this.panel?.visible) this.refresher.schedule();
  }

  private async sendRows(): Promise<void> {
    const message: ToHistoryMessage = { type: "rows", rows: await this.history.rows() };
    void this.panel?.webview.postMessage(message);
  }

  private exportOnce(): void {
    if (this.exporting) return;
    this.exporting = this.export().finally(() => (this.exporting = undefined));
  }

  async export(): Promise<void> {
    const target = await vscode.window.showSaveDialog({
      title: vscode.l10n.t("Export approval history"),
      filters: { "JSON Lines": ["jsonl"], CSV: ["csv"] },
      defaultUri: vscode.Uri.file("symposium-approvals.jsonl"),
    });
    if (!target) return;
    // With its gaps: where older decisions were let go, the export says so.
    const rows = (await this.history.rows(Number.MAX_SAFE_INTEGER)).reverse();
    const text = target.fsPath.endsWith(".csv") ? toCsv(rows) : toJsonLines(rows);
    await fsPromises().writeFile(target.fsPath, text, "utf8");
    const decisions = rows.filter((row) => "provenance" in row).length;
    const gaps = rows.length - decisions;
    void vscode.window.showInformationMessage(
      gaps === 0
        ? vscode.l10n.t("Exported {0} decisions.", decisions)
        : vscode.l10n.t(
            "Exported {0} decisions, and {1} places where older ones were let go.",
            decisions,
            gaps,
          ),
    );
  }
}

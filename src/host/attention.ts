/**
 * Telling the user a request waits, without stealing focus: a status bar item with the count (click reveals the
 * view), the view's badge, and, while the view is hidden, one notification at a time naming the agent and how many
 * requests wait. The request's title stays on the card: agent text in a notification can become a command link.
 * While the view is hidden, a turn that ends is announced the same way (`symposium.notifyWhenTurnEnds`), so a person
 * who went to the editor during a long turn knows the agent is done.
 */
import * as vscode from "vscode";
import type { AgentSessions } from "../acp/agentSessions";
import type { PermissionPrompt } from "../core/permissionPrompt";
import { ATTENTION_DELAY_MS, ATTENTION_SPACING_MS, LaterTimer } from "../core/laterTimer";
import { turnEnd } from "../core/turnEnd";
import { inertText } from "../core/untrustedText";
import { elapsedText } from "../shared/elapsedText";
import type { SessionHeader } from "../shared/protocol";
import type { SymposiumView } from "./symposiumView";

export const REVEAL_COMMAND = "symposium.revealPending";
/** True while a request waits: the keybinding of REVEAL_COMMAND (package.json) holds its key only then. */
const REQUESTS_WAITING_CONTEXT = "symposium.requestsWaiting";
/** Turns that end within this of the last one announced are not announced again (their tabs say so). */
const TURN_NOTICE_SPACING_MS = 3_000;
/**
 * Requests that arrive within this of the last one announced, while requests wait, are not announced again (the
 * badge and the status bar count them). Spaced, not one at a time: a notification VS Code hid into the notification
 * center stays unanswered, and waiting for it silenced every later request of the window.
 */
const REQUEST_NOTICE_SPACING_MS = 10_000;

export class Attention implements vscode.Disposable {
  private readonly statusItem = vscode.window.createStatusBarItem(
    "symposium.pending",
    vscode.StatusBarAlignment.Right,
    100,
  );
  private readonly subscriptions: vscode.Disposable[] = [];
  /** When the last request notification showed; undefined once nothing waits (the next request is announced). */
  private lastRequestNotice: number | undefined;
  /** When the last turn notification showed: a burst of turns ending (several sessions) shows one. */
  private lastTurnNotice = 0;
  /** Each session's last header, to see its turn end. */
  private readonly headers = new Map<string, SessionHeader>();
  /** When each session's running turn started (`Date.now()`), from its headers, to say how long it took. */
  private readonly turnStarts = new Map<string, number>();
  private readonly refreshLater = new LaterTimer(
    () => this.refresh(),
    ATTENTION_DELAY_MS,
    ATTENTION_SPACING_MS,
  );
  /** What the badge and the status bar show now; they are written only when it changes. */
  private shown: string | undefined;
  private waiting: boolean | undefined;

  constructor(
    private readonly sessions: AgentSessions,
    private readonly view: SymposiumView,
    private readonly notifyWhenTurnEnds: () => boolean,
  ) {
    this.statusItem.name = vscode.l10n.t("Symposium pending requests");
    this.statusItem.command = REVEAL_COMMAND;
    this.subscriptions.push(
      sessions.pending.onDidChange((event) => {
        this.queueRefresh();
        if (sessions.pending.size === 0) this.lastRequestNotice = undefined;
        if (event.type === "added" && !view.visible) void this.notify(event.prompt);
      }),
      sessions.onDidChange((ops) => {
        if (ops.some((op) => op.op === "agents" || op.op === "session")) this.queueRefresh();
        for (const op of ops) {
          if (op.op === "sessionRemoved") {
            this.headers.delete(op.sessionKey);
            this.turnStarts.delete(op.sessionKey);
          }
          if (op.op !== "session") continue;
          const { key, turnElapsedMs } = op.header;
          const ended = turnEnd(this.headers.get(key), op.header);
          const startedAt = this.turnStarts.get(key);
          this.headers.set(key, op.header);
          if (turnElapsedMs === undefined) this.turnStarts.delete(key);
          else this.turnStarts.set(key, Date.now() - turnElapsedMs);
          if (ended && !view.visible && this.notifyWhenTurnEnds())
            void this.notifyTurnEnd(
              op.header,
              ended,
              startedAt === undefined ? "" : elapsedText(Date.now() - startedAt),
            );
        }
      }),
      view.onDidChangeVisibility(() => this.queueRefresh()),
    );
    this.refresh();
  }

  /** Reveals the oldest pending card (or just the view). */
  async revealPending(): Promise<void> {
    const first = this.sessions.pending.list()[0];
    await this.view.reveal(first ? { type: "focusPrompt", key: first.key } : undefined);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.statusItem.dispose();
    this.refreshLater.dispose();
  }

  /** After the card's message and frame (see `LaterTimer`); a flood of requests updates the count once. */
  private queueRefresh(): void {
    this.refreshLater.schedule();
  }

  private refresh(): void {
    const count = this.sessions.pending.size;
    const bypassed = this.sessions.agentChoices().filter((a) => a.bypassed && this.hasRunningSession(a.name));
    // VS Code sends every write of a status bar item to the workbench, changed or not: a count that came back
    // between two updates (a card answered before the update) sends nothing.
    const shown = JSON.stringify([count, bypassed.map((a) => a.name)]);
    if (shown === this.shown) return;
    this.shown = shown;
    if (this.waiting !== count > 0) {
      this.waiting = count > 0;
      void vscode.commands.executeCommand("setContext", REQUESTS_WAITING_CONTEXT, this.waiting);
    }
    // A zero badge rather than `undefined`: VS Code 1.100's webview view pane ignores `badge = undefined` and keeps
    // showing the last number; a number badge of 0 is hidden.
    this.view.badge =
      count > 0
        ? { value: count, tooltip: vscode.l10n.t("{0} permission requests waiting", count) }
        : { value: 0, tooltip: "" };
    if (count === 0 && bypassed.length === 0) {
      this.statusItem.hide();
      return;
    }
    const parts: string[] = [];
    if (count > 0) parts.push(`$(shield) ${count}`);
    if (bypassed.length > 0) parts.push(`$(warning) ${vscode.l10n.t("Bypass")}`);
    this.statusItem.text = parts.join("  ");
    // With nothing waiting, the Bypass marker leads to where Bypass (and every other grant) is taken back.
    this.statusItem.command = count > 0 ? REVEAL_COMMAND : "symposium.managePermissions";
    this.statusItem.tooltip = [
      count > 0 ? vscode.l10n.t("{0} permission requests waiting. Click to review.", count) : undefined,
      bypassed.length > 0
        ? vscode.l10n.t(
            "Bypass Permissions is on for: {0}",
            inertText(bypassed.map((a) => a.name).join(", "), 400),
          )
        : undefined,
      count > 0 ? undefined : vscode.l10n.t("Click to manage permissions."),
    ]
      .filter(Boolean)
      .join("\n");
    this.statusItem.backgroundColor =
      count > 0 ? new vscode.ThemeColor("statusBarItem.warningBackground") : undefined;
    this.statusItem.show();
  }

  private hasRunningSession(agentName: string): boolean {
    return this.sessions.sessionKeys().some((key) => {
      const session = this.sessions.session(key);
      return session?.agentName === agentName && session.status !== "ended" && session.status !== "error";
    });
  }

  /**
   * Names the agent only (from user settings). Spaced rather than one at a time: a notification that hid itself into
   * the notification center stays unanswered, and would silence every later turn.
   */
  private async notifyTurnEnd(
    header: SessionHeader,
    ended: "finished" | "failed",
    /** How long the turn took (`elapsedText`), "" when not known or under a second. */
    took: string,
  ): Promise<void> {
    const now = Date.now();
    if (now - this.lastTurnNotice < TURN_NOTICE_SPACING_MS) return;
    this.lastTurnNotice = now;
    const agent = inertText(header.agentName, 80);
    const show = vscode.l10n.t("Show");
    // A turn can end with its requests still waiting: "finished" alone would read as nothing left to answer.
    const waiting = this.sessions.pending.list().filter((p) => p.sessionKey === header.key);
    const message =
      waiting.length > 0
        ? vscode.l10n.t(
            "{0} ended its turn with {1} permission requests still waiting.",
            agent,
            waiting.length,
          )
        : ended === "finished"
          ? took === ""
            ? vscode.l10n.t("{0} has finished its turn.", agent)
            : vscode.l10n.t("{0} has finished its turn after {1}.", agent, took)
          : took === ""
            ? vscode.l10n.t("{0} stopped with an error.", agent)
            : vscode.l10n.t("{0} stopped with an error after {1}.", agent, took);
    const choice = await (ended === "finished"
      ? vscode.window.showInformationMessage(message, show)
      : vscode.window.showWarningMessage(message, show));
    if (choice !== show) return;
    this.sessions.selectSession(header.key);
    // To the oldest card still waiting, else the session's message box.
    const oldest = this.sessions.pending.list().find((p) => p.sessionKey === header.key);
    await this.view.reveal(
      oldest ? { type: "focusPrompt", key: oldest.key } : { type: "focusComposer", sessionKey: header.key },
      false,
    );
  }

  private async notify(prompt: PermissionPrompt): Promise<void> {
    const now = Date.now();
    if (this.lastRequestNotice !== undefined && now - this.lastRequestNotice < REQUEST_NOTICE_SPACING_MS)
      return;
    this.lastRequestNotice = now;
    const show = vscode.l10n.t("Show");
    const choice = await vscode.window.showInformationMessage(
      vscode.l10n.t(
        "{0} asks for permission ({1} waiting)",
        inertText(prompt.agentName, 80),
        this.sessions.pending.size,
      ),
      show,
    );
    // The card it named, or, answered since, the oldest still waiting.
    const shown = this.sessions.pending.get(prompt.key) ?? this.sessions.pending.list()[0];
    if (choice === show) await this.view.reveal(shown ? { type: "focusPrompt", key: shown.key } : undefined);
  }
}

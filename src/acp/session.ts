/**
 * One ACP session: its model, its turn, the Stop timer and the terminal grants. Everything it emits goes through
 * `emit`, which is silent once the session is disposed: a closed tab never comes back because a late answer (a v1
 * turn's end, a session that finished starting) still had something to say.
 */
import { errorMessage } from "../core/errorMessage";
import { asString, type Json } from "../core/json";
import { SessionModel, type PathCheck } from "../core/sessionModel";
import type { TranscriptItem, ViewOp } from "../shared/protocol";
import type { AgentConnection } from "./agentConnection";
import { headerOp, itemOps } from "./viewProjection";

export interface SessionHost {
  emit(ops: ViewOp[]): void;
  isBypassed(agentName: string): boolean;
  /** Stop's duty to the spec: every pending request of the session is answered `cancelled`. */
  cancelApprovals(sessionKey: string): void;
  /** After Stop, how long the turn may take to end before the agent is killed. */
  stopGraceMs: number;
}

/** A session closed (its tab, or the window) before it finished starting. */
export class SessionClosedError extends Error {
  constructor() {
    super("The session was closed before it started.");
  }
}

export class Session {
  readonly model: SessionModel;
  private attachment: { connection: AgentConnection; agentSessionId: string } | undefined;
  private turnActive = false;
  /** The person pressed Stop during the running turn: only then does a `cancelled` end say "Stopped.". */
  private stopRequested = false;
  private stopTimer: ReturnType<typeof setTimeout> | undefined;
  /** Approvals of this session not yet used by a `terminal/create`: a terminal runs only for an approved tool call. */
  private terminalGrants = 0;
  private isDisposed = false;

  constructor(
    key: string,
    agentName: string,
    inWorkspace: PathCheck,
    private readonly host: SessionHost,
  ) {
    this.model = new SessionModel(key, agentName, inWorkspace);
  }

  get key(): string {
    return this.model.key;
  }

  get disposed(): boolean {
    return this.isDisposed;
  }

  get connection(): AgentConnection | undefined {
    return this.attachment?.connection;
  }

  get agentSessionId(): string | undefined {
    return this.attachment?.agentSessionId;
  }

  /** The agent created the session: it is ready for prompts. */
  attach(connection: AgentConnection, agentSessionId: string): void {
    this.attachment = { connection, agentSessionId };
    this.model.status = "ready";
    this.emitHeader();
  }

  startFailed(error: unknown): void {
    this.model.status = "error";
    this.model.error = errorMessage(error);
    this.emitHeader();
  }

  async prompt(text: string): Promise<void> {
    const attachment = this.attachment;
    if (this.isDisposed || !attachment || attachment.connection.isClosed) return;
    const { connection, agentSessionId } = attachment;
    if (this.turnActive) {
      this.showItems(this.model.addNotice("info", "The agent is still working; press Stop first."));
      return;
    }
    this.turnActive = true;
    this.stopRequested = false;
    this.model.status = "running";
    this.emit([...itemOps(this.key, this.model.addUserMessage(text)), this.header()]);
    try {
      const response = await connection.prompt(agentSessionId, text);
      if (connection.version === 1) {
        // The SDK resolves a response a few microtasks before it runs the handlers of the updates sent just
        // before it; end the turn after them.
        await new Promise((resolve) => setImmediate(resolve));
        this.endTurn(asString(response.stopReason));
      }
    } catch (error) {
      if (!connection.isClosed)
        this.showItems(this.model.addNotice("error", `The prompt failed: ${errorMessage(error)}`));
      this.endTurn("error");
    }
  }

  /**
   * Stop: the session's cards are answered `cancelled` and the kill is armed before `session/cancel` is sent, and
   * the cancel is not awaited: an agent that stopped reading its stdin cannot hold Stop up.
   */
  stop(): void {
    if (this.isDisposed) return;
    const attachment = this.attachment;
    const turnRunning = this.turnActive && attachment !== undefined && !attachment.connection.isClosed;
    this.host.cancelApprovals(this.key);
    if (!turnRunning) return;
    const { connection, agentSessionId } = attachment;
    this.stopRequested = true;
    this.model.status = "stopping";
    this.emitHeader();
    clearTimeout(this.stopTimer);
    this.stopTimer = setTimeout(() => {
      if (!this.turnActive) return;
      const seconds = Math.round(this.host.stopGraceMs / 1000);
      void connection.dispose(
        `${connection.name} did not stop within ${seconds} s after Stop and was shut down.`,
      );
    }, this.host.stopGraceMs);
    connection.cancel(agentSessionId).catch(() => undefined);
  }

  /** `session/cancel` for the running turn, without Stop's timer (shutdown kills the agent next). */
  async sendCancel(): Promise<void> {
    if (this.running)
      await this.attachment?.connection.cancel(this.attachment.agentSessionId).catch(() => undefined);
  }

  /** Whether a turn is running that shutdown should cancel. */
  get running(): boolean {
    return this.turnActive && this.attachment !== undefined && !this.attachment.connection.isClosed;
  }

  applyUpdate(update: Json, version: 1 | 2): void {
    const { status, title } = this.model;
    const ops = itemOps(this.key, this.model.applyUpdate(update));
    if (this.model.status !== status) {
      if (version === 2 && this.model.status === "ready") this.endTurn(asString(update.stopReason));
      ops.push(this.header());
    } else if (this.model.title !== title) {
      // `session_info_update`: the tab takes the agent's title for the session.
      ops.push(this.header());
    }
    this.emit(ops);
  }

  /** Emits changed transcript items (tool-call patches, terminal output, decisions). */
  showItems(items: TranscriptItem[]): void {
    this.emit(itemOps(this.key, items));
  }

  grantTerminal(): void {
    this.terminalGrants++;
  }

  /** Uses one approval for a `terminal/create`; false when there is none. */
  takeTerminalGrant(): boolean {
    if (this.terminalGrants <= 0) return false;
    this.terminalGrants--;
    return true;
  }

  /** The connection ended under a live session: it stays as a tab that says why. */
  connectionEnded(reason: string): void {
    clearTimeout(this.stopTimer);
    this.turnActive = false;
    this.model.status = "ended";
    this.model.error = reason;
    this.emit([...itemOps(this.key, this.model.addNotice("error", reason)), this.header()]);
  }

  header(): ViewOp {
    return headerOp(this.model, this.host.isBypassed(this.model.agentName));
  }

  emitHeader(): void {
    this.emit([this.header()]);
  }

  /** Ends the session's lifetime: timers cleared, nothing more emitted. */
  dispose(): void {
    this.isDisposed = true;
    clearTimeout(this.stopTimer);
  }

  private endTurn(stopReason: string | undefined): void {
    if (!this.turnActive) return;
    this.turnActive = false;
    clearTimeout(this.stopTimer);
    if (this.model.status !== "ended") this.model.status = "ready";
    const stopped = this.stopRequested;
    this.stopRequested = false;
    // Codex ends a turn `cancelled` after a rejection: that is not the person's Stop.
    const afterRejection = !stopped && this.model.hasOpenRejectedToolCall();
    // Tool calls the turn left open will not finish: they show as rejected or stopped, not "Pending" forever.
    const settled = this.model.settleOpenToolCalls(stopped);
    const notice =
      stopReason === "cancelled"
        ? this.model.addNotice(
            "info",
            stopped
              ? "Stopped."
              : afterRejection
                ? "The agent ended the turn after your rejection."
                : "The agent ended the turn.",
          )
        : stopReason === "refusal"
          ? this.model.addNotice("warning", "The agent refused to continue.")
          : stopReason === "max_tokens" || stopReason === "max_turn_requests"
            ? this.model.addNotice("warning", `The turn ended early (${stopReason}).`)
            : [];
    this.emit([...itemOps(this.key, [...settled, ...notice]), this.header()]);
  }

  private emit(ops: ViewOp[]): void {
    if (!this.isDisposed && ops.length > 0) this.host.emit(ops);
  }
}

/**
 * One ACP session: its model, its turn, the Stop timer, the commands approved this turn and the messages queued while it could
 * not take them (sent one per turn once ready, failed with the error, dropped on Stop). Everything it emits goes through
 * `emit`, which is silent once the session is disposed: a closed tab never comes back because a late answer (a v1
 * turn's end, a session that finished starting) still had something to say.
 */
import { randomUUID } from "../core/randomUUID";
import { errorMessage } from "../core/errorMessage";
import { asString, type Json } from "../core/json";
import { HeldDecisions } from "../core/heldDecisions";
import { SessionGrants } from "../core/policy/sessionGrants";
import { MAX_QUEUED_MESSAGES, PromptQueue, type QueuedMessage } from "../core/promptQueue";
import { checkImage } from "../core/imageData";
import { copyableText } from "../core/untrustedText";
import {
  contextLabel,
  imagesLeftOut,
  imagesNotTaken,
  PendingContext,
  promptBlocks,
  type PromptContext,
} from "../core/promptContext";
import { SessionModel, type PathCheck } from "../core/sessionModel";
import { labelOf, levelWithin, modeOfOption, type ModeSwitchRequest } from "../core/sessionControls";
import type {
  DecisionRecord,
  SessionHeader,
  SessionStatus,
  TranscriptItem,
  UnattendedLevel,
  ViewOp,
} from "../shared/protocol";
import type { AgentConnection } from "./agentConnection";
import { headerOp, itemOps, sessionHeader, toolStateOps } from "./viewProjection";

export interface SessionHost {
  emit(ops: ViewOp[]): void;
  isBypassed(agentName: string): boolean;
  /** Stop's duty to the spec: every pending request of the session is answered `cancelled`. */
  cancelApprovals(sessionKey: string): void;
  /** Stop ends the commands the stopped turn runs in terminals (`ClientTerminals.stopTurn`). */
  stopTerminals(sessionKey: string, turn: number): void;
  /** After Stop, how long the turn may take to end before the agent is killed. */
  stopGraceMs: number;
  /** What the log should say (a prompt's late answer, dropped). */
  warn?(message: string): void;
  /** The session moved into or out of a mode where the agent acts without asking (for the history). */
  unattendedChanged?(session: Session, change: UnattendedChange): void;
}

/** Who changed the session's controls: the person, a default from settings, or the agent itself. */
export type ControlChangeBy = "user" | "settings" | "agent";

export interface UnattendedChange {
  before: { level: UnattendedLevel; label: string } | undefined;
  after: { level: UnattendedLevel; label: string } | undefined;
  by: ControlChangeBy;
}

/** How long a mode or config change may take the agent. */
const SET_CONTROL_TIMEOUT_MS = 30_000;
/**
 * The agent's own moves into or out of acting without asking told one by one per turn (and per wait between turns);
 * past them, where it ended is told when the turn ends or the person acts. Each is a history record and a notice:
 * 20,000 switches rotated the whole approval history away.
 */
const AGENT_MOVES_TOLD = 10;

/** A person's message: their text and what they added to it. */
export interface OutgoingMessage {
  readonly text: string;
  readonly context: readonly PromptContext[];
}

/** A session closed (its tab, or the window) before it finished starting. */
export class SessionClosedError extends Error {
  constructor() {
    super("The session was closed before it started.");
  }
}

/** A session failed to start (or to reopen); its tab says why, with Try again, so a caller need not say it again. */
export class SessionStartError extends Error {}

/** What one approved tool call may run in a terminal: any one of its simple commands (or its exact argv), in `cwd`. */
export interface ApprovedCommand {
  argvs: string[][];
  /** The call's cwd (else the session's folder) as the OS resolves it, inside the workspace. */
  cwd: string;
  /**
   * Decides again on the files as they are when the terminal starts: a name of the command that leads elsewhere, or
   * what now holds it back that did not when it was decided; undefined when neither.
   */
  recheck?: () => string | undefined;
}

function sameWords(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((word, i) => word === b[i]);
}

function sameCommand(a: ApprovedCommand, b: ApprovedCommand): boolean {
  return (
    a.cwd === b.cwd && a.argvs.length === b.argvs.length && a.argvs.every((w, i) => sameWords(w, b.argvs[i]!))
  );
}

/**
 * Distinct approved commands a turn keeps for `terminal/create`: a flood of approvals in one turn (Bypass answers
 * thousands a second) stays bounded. The oldest go first; a terminal for one of them is refused, never run unapproved.
 */
export const MAX_APPROVED_COMMANDS = 1_000;

export class Session {
  readonly model: SessionModel;
  private attachment: { connection: AgentConnection; agentSessionId: string } | undefined;
  private turnActive = false;
  /** When the running turn started (`Date.now()`), for the view's elapsed time. */
  private turnStartedAt = 0;
  /** Counts the turns run: an approval is for the turn its request arrived in. */
  private turns = 0;
  /** The person pressed Stop during the running turn: only then does a `cancelled` end say "Stopped.". */
  private stopRequested = false;
  private stopCount = 0;
  private stopTimer: ReturnType<typeof setTimeout> | undefined;
  /** The transcript's `itemsPut` when the running turn began: nothing put since means the agent did not reply. */
  private itemsPutAtTurnStart = 0;
  /** The agent sent an update or a call about this session since the running turn began (`heard`). */
  private heardInTurn = false;
  /**
   * Commands of this turn's approved tool calls not yet run by a `terminal/create`: a terminal runs only a command a
   * tool call was approved for, once, in the turn it was approved in.
   */
  private approvedCommands: { command: ApprovedCommand; uses: number }[] = [];
  /** Messages sent before the session could take them (still starting, or behind another queued one). */
  private readonly queue = new PromptQueue();
  /** What the person added to their next message and has not sent yet (the composer shows it). */
  private readonly pendingContext = new PendingContext();
  /** Images pasted so far, for their names ("Pasted image 2"). */
  private imagesPasted = 0;
  /** "Allow in this session" grants: part of this session's decisions, gone with it. */
  readonly grants = new SessionGrants();
  /**
   * The folder the agent's session was made in (ACP's `cwd`), where its commands without a cwd of their own run
   * however the workspace's folders change later (a folder removed or moved to the front).
   */
  cwd: string | undefined;
  private isDisposed = false;
  /** Called when a turn that went on after its tab closed ends (`whenClosedTurnEnds`). */
  private closedTurnEnded: (() => void) | undefined;
  /** Aborted when the tab closes: what waits for the person about its start (the sign-in picker) goes with it. */
  private readonly closing = new AbortController();
  /**
   * Mode or option changes the person (or settings) sent and the agent has not answered yet: control id -> the value
   * and the level of acting without asking confirmed for it (undefined: none, it read as asking).
   */
  private readonly pendingSets = new Map<
    string,
    { value: string | boolean; confirmed: UnattendedLevel | undefined }
  >();
  /** What the host was last told about acting without asking: each move is told once, as whoever made it. */
  private toldUnattended: UnattendedChange["before"];
  /** The agent's own moves told since the last turn began or ended (`AGENT_MOVES_TOLD`). */
  private agentMovesTold = 0;
  /**
   * Values the person's settings set (`defaultMode`, `defaultConfigOptions`), watched until the agent changes one (said
   * once each) or the person does: the agent undoing one would otherwise show only in the picker.
   */
  private readonly settingsValues = new Map<string, string | boolean>();
  /** Automatic decisions not yet sent to the view: they go with the session's next change (see `HeldDecisions`). */
  private readonly heldDecisions = new HeldDecisions(() => this.emitHeldDecisions());

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

  get closed(): AbortSignal {
    return this.closing.signal;
  }

  get connection(): AgentConnection | undefined {
    return this.attachment?.connection;
  }

  get agentSessionId(): string | undefined {
    return this.attachment?.agentSessionId;
  }

  /** The agent created the session: its controls can be set (defaults), but it does not take prompts yet. */
  bind(connection: AgentConnection, agentSessionId: string): void {
    this.attachment = { connection, agentSessionId };
    this.model.agentSessionId = agentSessionId;
  }

  /** The agent created the session: it is ready for prompts. */
  attach(connection: AgentConnection, agentSessionId: string): void {
    this.bind(connection, agentSessionId);
    this.model.status = "ready";
    // Images pasted while the agent started, for an agent that turned out not to take them: off the message, said so.
    const dropped = connection.promptCapabilities.image ? [] : this.pendingContext.takeImages();
    const notice =
      dropped.length === 0
        ? []
        : this.model.addNotice(
            "warning",
            imagesNotTaken(
              this.model.agentName,
              dropped.map((image) => image.name),
              "taken off your message",
            ),
          );
    this.emit([...itemOps(this.key, notice), this.header()]);
    this.sendNextQueued();
  }

  startFailed(error: unknown): void {
    this.model.status = "error";
    this.model.error = errorMessage(error);
    this.emitHeader();
    this.settleQueued("failed", this.model.error);
  }

  /**
   * A person's message: sent now, or queued while the agent starts, while its turn runs (a follow-up, sent when the
   * turn ends, as agents that queue do; ACP has no way to add to a running turn) or while earlier queued messages
   * wait. Nothing is lost. `contextIds` name the items of context the composer showed; those still waiting go with the
   * message.
   */
  async prompt(text: string, contextIds: readonly string[] = []): Promise<string | undefined> {
    if (this.isDisposed) return undefined;
    const attachment = this.attachment;
    const waits = this.mustWait;
    if (waits || !attachment || attachment.connection.isClosing) {
      // Checked before its context is taken: a message the queue has no room for keeps its files and images.
      if (this.queue.full) return this.notQueued(text, contextIds, "this message was not queued");
      this.enqueue({ text, context: this.pendingContext.take(contextIds) });
      // Sent as the agent went away, before the view said so (its box is cleared): kept, failed, as the messages
      // that waited are, with Copy and Send in a new session. A close still being handled fails it with its reason
      // (`connectionEnded`); sent, it would show as sent and reach no one.
      if (!waits && (!attachment || attachment.connection.isClosed))
        this.settleQueued("failed", this.model.error ?? `${this.model.agentName} is not running`);
      return undefined;
    }
    const message = { text, context: this.pendingContext.take(contextIds) };
    await this.runTurn(attachment, message, this.model.addUserMessage(text, labelsOf(message)));
    return undefined;
  }

  /**
   * The reason given with a Reject, as the person's next message: it is about the turn that is running, so it waits
   * before any follow-up the person sent during that turn. Resolves, like `prompt`, to the text when it could not be
   * queued, for the message box.
   */
  async sendReason(text: string): Promise<string | undefined> {
    if (this.isDisposed) return undefined;
    if (!this.mustWait) return this.prompt(text);
    if (this.queue.full) return this.notQueued(text, [], "your reason for the rejection was not sent");
    this.enqueue({ text, context: [] }, true);
    return undefined;
  }

  /**
   * A message the queue has no room for (`MAX_QUEUED_MESSAGES` wait): not taken, said in the transcript; its text is
   * returned for the message box (the view cleared it) and what the composer showed with it stays for the next
   * message, under new ids so the view shows it again (it hid what it sent).
   */
  private notQueued(text: string, contextIds: readonly string[], what: string): string {
    const context = this.pendingContext.take(contextIds);
    if (context.length > 0) this.giveBackContext([{ text, context }]);
    const status = this.model.status;
    const why =
      status === "ended" || status === "error"
        ? `${MAX_QUEUED_MESSAGES} of your messages are kept here unsent`
        : "Too many messages are waiting";
    const then = status === "ended" || status === "error" ? "" : ", to send once fewer wait";
    this.showItems(this.model.addNotice("warning", `${why}; ${what}. It is back in the message box${then}.`));
    this.emitHeader();
    return text;
  }

  /** A message now would wait: the agent is starting or working, or earlier messages wait. */
  private get mustWait(): boolean {
    return this.model.status === "starting" || this.queue.busy || this.running;
  }

  /**
   * Queues messages re-sent from a session that could not send them, in order, after any waiting here: sent once this
   * session is ready, at once when it is and no turn runs.
   */
  queueMessages(messages: readonly OutgoingMessage[]): void {
    // All of them, past the bound: the tab they come from is closed or says where they went.
    const carried = messages.map(({ text, context }) =>
      this.queue.carry(`user:${randomUUID()}`, text, context),
    );
    this.showMarkers(carried, { state: "waiting", reason: this.waitingReason() });
    this.sendNextQueued();
  }

  /** Adds context to the person's next message (`PendingContext.add`); the composer shows it from the header. */
  addContext(items: readonly PromptContext[]): { added: number; full: boolean } {
    if (this.isDisposed) return { added: 0, full: false };
    const result = this.pendingContext.add(items);
    if (result.added > 0) this.emitHeader();
    return result;
  }

  /**
   * An image pasted into the message box, as the view sent it: added as "Pasted image <n>" once its bytes say it is
   * an image a model reads (`checkImage`), unless the agent is known not to take images. The view checks the same
   * first and tells the person; a refusal here is a view that did not.
   */
  attachImage(data: string): { added: number; full: boolean } | { refused: string } {
    const status = this.model.status;
    if (this.isDisposed || status === "ended" || status === "error")
      return { refused: "the session has ended" };
    if (this.attachment && !this.attachment.connection.promptCapabilities.image)
      return { refused: `${this.model.agentName} does not take images` };
    const image = checkImage(data);
    if ("refused" in image) return image;
    const name = `Pasted image ${++this.imagesPasted}`;
    return this.addContext([{ id: randomUUID(), kind: "image", name, data, ...image }]);
  }

  removeContext(id: string): void {
    if (this.pendingContext.remove(id)) this.emitHeader();
  }

  /**
   * A waiting message the person takes back to edit: it is not sent (its item says so), its context waits for the
   * next message again, and its text is returned for the composer. Undefined once it is being sent.
   */
  takeBack(itemId: string): string | undefined {
    const reason = "taken back to edit";
    const message = this.queue.withdraw(itemId, reason);
    if (!message) return undefined;
    this.giveBackContext([message]); // before the markers, whose header carries it
    this.showMarkers([message], { state: "dropped", reason });
    return message.text;
  }

  /** The context of messages not sent waits for the next one; what has no room there is said, not dropped unseen. */
  private giveBackContext(messages: readonly OutgoingMessage[]): void {
    const { leftOut } = this.pendingContext.giveBack(messages.flatMap((message) => message.context));
    if (leftOut > 0)
      this.showItems(
        this.model.addNotice(
          "warning",
          `${leftOut} ${leftOut === 1 ? "file or image" : "files or images"} of the messages back in the message box did not fit on your next message and ${leftOut === 1 ? "was" : "were"} left out.`,
        ),
      );
  }

  /**
   * What Copy puts on the clipboard for an item: a message that was not sent (the person's own text), or an agent's
   * message as the agent wrote it (Markdown) with what the view marks marked (`copyableText`); undefined for any other
   * item. With `code`, one code block of an agent's message as the view shows it: taken only when its lines are in
   * that message, in order (a block's lines lose their fence, and a list's or quote's indentation), so a view can put
   * on the clipboard nothing the agent did not write there. One pass over the message, whatever the block's size.
   */
  copyText(itemId: string, code?: string): string | undefined {
    const unsent = this.queue.get(itemId)?.text;
    if (unsent !== undefined) return code === undefined ? unsent : undefined;
    const item = this.model.item(itemId);
    if (item?.kind !== "agent") return undefined;
    if (code === undefined) return copyableText(item.markdown);
    const written = item.markdown.replace(/\r\n/g, "\n");
    let from = 0;
    for (const line of code.split("\n")) {
      const at = written.indexOf(line, from);
      if (at < 0) return undefined;
      from = at + line.length;
    }
    return copyableText(code);
  }

  /** Messages not sent: waiting, or failed with the session. */
  get unsentCount(): number {
    return this.queue.unsent().length;
  }

  /** Files, lines and images added to the next message and not sent yet (its chips). */
  get unsentContextCount(): number {
    return this.pendingContext.chips().length;
  }

  get hasFailedMessages(): boolean {
    return this.queue.hasFailed;
  }

  /** Takes out what was added to the next message and not sent (its chips), for a new session to take. */
  takeUnsentContext(): PromptContext[] {
    const context = this.pendingContext.take(this.pendingContext.chips().map((chip) => chip.id));
    if (context.length > 0) this.emitHeader();
    return context;
  }

  /** Takes the failed messages out, to be re-sent in a new session; their items here say so. */
  takeFailedMessages(): OutgoingMessage[] {
    const messages = this.queue.takeFailed();
    this.showMarkers(messages, { state: "dropped", reason: "re-sent in a new session" });
    return messages.map(({ text, context }) => ({ text, context }));
  }

  /** A turn begins: the person's message went, or a v2 agent says it works without one. Returns its number. */
  private beginTurn(): number {
    this.tellAgentMoves();
    this.turnActive = true;
    this.turnStartedAt = Date.now();
    this.turns++;
    this.stopRequested = false;
    this.model.status = "running";
    this.model.usage.startTurn();
    this.model.turnBoundary();
    this.itemsPutAtTurnStart = this.model.itemsPut;
    this.heardInTurn = false;
    return this.turns;
  }

  private async runTurn(
    attachment: { connection: AgentConnection; agentSessionId: string },
    message: OutgoingMessage,
    items: TranscriptItem[],
  ): Promise<void> {
    const { connection, agentSessionId } = attachment;
    const turn = this.beginTurn();
    // A v2 agent may end this turn (`idle`) and start another before it answers this prompt: its late answer or error
    // must not end that later turn (Stop's kill disarmed, the next queued message sent over it).
    const current = () => this.turnActive && this.turns === turn;
    this.emit([...itemOps(this.key, items), this.header()]);
    try {
      const takes = connection.promptCapabilities;
      const leftOut = imagesLeftOut(message.context, takes);
      if (leftOut.length > 0)
        this.showItems(
          this.model.addNotice("warning", imagesNotTaken(this.model.agentName, leftOut, "not sent")),
        );
      const response = await connection.prompt(
        agentSessionId,
        promptBlocks(message.text, message.context, takes),
      );
      // The turn's own token usage (v1; the v2 response only acknowledges the message, its `idle` carries usage).
      if ("usage" in response && current()) this.model.applyTurnUsage(response.usage);
      if (connection.version === 1) {
        // The SDK resolves a response a few microtasks before it runs the handlers of the updates sent just
        // before it; end the turn after them.
        await new Promise((resolve) => setImmediate(resolve));
        if (current()) this.endTurn(asString(response.stopReason));
      }
    } catch (error) {
      // The agent went away during the turn: its scope ends the session (`connectionEnded`, with how the agent
      // exited), which also ends the turn. Ending it here first would show it ready for a moment, and tell a person
      // who is elsewhere that the agent finished.
      if (connection.isClosing) return this.notDelivered(turn, message, items[0]?.id, connection);
      if (!current()) {
        this.host.warn?.(`Dropped a late error of ${connection.name}: ${agentError(error)}`);
        return;
      }
      // Qwen's reason is in `data` ("Internal error" + details "400 …"): the person needs the model's words.
      this.showItems(this.model.addNotice("error", "The prompt failed:", { quote: agentError(error) }));
      // Its files and images (a pasted one is nowhere else) wait for the next message again; the header endTurn
      // emits shows them. The text comes back with Up in the empty message box (a message sent here).
      if (message.context.length > 0) {
        this.giveBackContext([message]);
        this.showItems(
          this.model.addNotice(
            "info",
            "Its files and images wait for your next message again. To send its text again, press Up in the empty message box.",
          ),
        );
      }
      this.endTurn("error");
    }
  }

  /**
   * A v2 agent went away without acknowledging the message that began `turn` (it acknowledges a prompt once it reads
   * it): it stopped reading (hung, or busy) and then died. Kept, failed, with its context, as a message sent as the
   * agent exits is, so Copy and Send in a new session have it; shown as sent, it would reach no one and could not be
   * had back. A v1 agent answers only at the turn's end: one that read the message, acted on it and died without a
   * word looks the same, and Send in a new session would act on it twice (a scripted crash did; Gemini CLI asks with
   * no update first), so its message stays sent.
   */
  private notDelivered(
    turn: number,
    message: OutgoingMessage,
    itemId: string | undefined,
    connection: AgentConnection,
  ): void {
    if (this.isDisposed || itemId === undefined || this.turns !== turn || this.heardInTurn) return;
    if (connection.version !== 2) return;
    const reason = `${this.model.agentName} ended before reading it`;
    const failed = this.queue.addFailed(itemId, message.text, message.context, reason);
    this.showMarkers([failed], { state: "failed", reason });
  }

  /**
   * Stop: the session's cards are answered `cancelled` and the kill is armed before `session/cancel` is sent, and
   * the cancel is not awaited: an agent that stopped reading its stdin cannot hold Stop up. The messages waiting are
   * not sent; as with Edit, their context waits for the next message again and their text is returned, for the
   * message box (undefined when none waited).
   */
  stop(): string | undefined {
    if (this.isDisposed) return undefined;
    this.stopCount++;
    const reason = "stopped, back in the message box";
    const dropped = this.queue.dropWaiting(reason);
    this.giveBackContext(dropped); // before the markers, whose header carries it
    if (dropped.length > 0) this.showMarkers(dropped, { state: "dropped", reason });
    const text = dropped.length > 0 ? dropped.map((message) => message.text).join("\n") : undefined;
    // Approved before Stop and not run yet: an agent that ignores Stop must not start them now.
    this.approvedCommands = [];
    const attachment = this.attachment;
    const turnRunning = this.turnActive && attachment !== undefined && !attachment.connection.isClosed;
    this.host.cancelApprovals(this.key);
    if (!turnRunning) return text;
    this.host.stopTerminals(this.key, this.turns);
    const { connection, agentSessionId } = attachment;
    // The grace runs from the turn's first Stop: pressing it again does not put off the end of an agent that ignores it.
    const armed = this.stopRequested;
    this.stopRequested = true;
    this.model.status = "stopping";
    this.emitHeader();
    if (!armed)
      this.stopTimer = setTimeout(() => {
        if (!this.turnActive) return;
        const seconds = Math.round(this.host.stopGraceMs / 1000);
        void connection.dispose(
          `${connection.name} did not stop within ${seconds} s after Stop and was shut down.`,
        );
      }, this.host.stopGraceMs);
    connection.cancel(agentSessionId).catch(() => undefined);
    return text;
  }

  /** `session/cancel` for the running turn, without Stop's timer (shutdown kills the agent next). */
  async sendCancel(): Promise<void> {
    if (this.running)
      await this.attachment?.connection.cancel(this.attachment.agentSessionId).catch(() => undefined);
  }

  /**
   * The person pressed Stop and the turn has not ended yet: what the agent asks meanwhile belongs to the turn the
   * person stopped, so nothing (no card, no Bypass, no rule) approves it.
   */
  get stopping(): boolean {
    return this.stopRequested && this.turnActive;
  }

  /**
   * How many times Stop has been pressed: what the agent asked before a Stop and is still being prepared (a protected
   * write's file being read for its card) is answered as Stop answered the cards, not shown after it.
   */
  get stops(): number {
    return this.stopCount;
  }

  /** Stop was pressed (or the tab closed) during a turn that has not ended yet, and its kill is armed. */
  get turnStillEnding(): boolean {
    return this.turnActive && this.stopRequested;
  }

  /** For a closed session whose turn goes on: `ended` runs once that turn ends (and the kill is disarmed). */
  whenClosedTurnEnds(ended: () => void): void {
    this.closedTurnEnded = ended;
  }

  /** An update to a closed session whose turn goes on: only the turn's end (a v2 `idle`) counts. */
  applyClosedUpdate(update: Json): void {
    if (update.sessionUpdate === "state_update" && update.state === "idle") this.endTurn(undefined);
  }

  /** Whether a turn is running that shutdown should cancel. */
  get running(): boolean {
    return this.turnActive && this.attachment !== undefined && !this.attachment.connection.isClosed;
  }

  /**
   * The agent sent something about this session (an update, a permission request, a file or terminal call): during a
   * turn, it read the message that began it (`notDelivered`).
   */
  heard(): void {
    if (this.turnActive) this.heardInTurn = true;
  }

  applyUpdate(update: Json, version: 1 | 2): void {
    const { status } = this.model;
    this.heard();
    const causeBefore = this.model.controls.unattendedControl()?.id;
    const ops = itemOps(this.key, this.model.applyUpdate(update));
    // Between turns nothing finishes a tool call the agent opens (or opens again after the turn settled it).
    const toolCallId = asString(update.toolCallId);
    if (toolCallId !== undefined && !this.turnActive && status === "ready" && !this.model.replayingHistory)
      ops.push(...itemOps(this.key, this.model.settleOpenToolCalls(false, toolCallId)));
    if (version === 2 && update.sessionUpdate === "state_update") this.agentStateSaid(status);
    const changed = this.model.status !== status;
    const controlsChanged = isControlsUpdate(update);
    if (controlsChanged) ops.push(...itemOps(this.key, this.settingsUndone()));
    // Titles name the tab; commands, usage, controls and the status are in the header too.
    if (this.model.takeHeaderChange() || changed || controlsChanged) ops.push(this.header());
    // The agent's echo of a change on its way is that change (told once, as the person's, when it is answered);
    // any other move into or out of acting without asking is the agent's, whatever the person has on its way.
    if (controlsChanged && !this.echoesPendingSet(causeBefore)) this.noteUnattended("agent");
    this.emit(ops);
    // After the update's items: ending the turn may start the next queued message's turn.
    if (changed && version === 2 && this.model.status === "ready") this.endTurn(asString(update.stopReason));
  }

  /**
   * A v2 agent said its state (`model.status` holds it now, `before` what it was). Until the session is attached
   * (starting, or replaying a reopened one) it is not the session's: the person's messages wait for the start, not for
   * the agent's word. Work it says it does outside a turn is a turn of its own, which Stop cancels (and the guard
   * after Stop covers) and the person's messages wait for; after Stop it reads as stopping until it ends.
   */
  private agentStateSaid(before: SessionStatus): void {
    const status = this.model.status;
    if (before === "starting" || before === "ended" || before === "error") {
      this.model.status = before;
      return;
    }
    if (status !== "running" && status !== "requires_action") return;
    if (!this.turnActive) this.beginTurn();
    this.model.status = this.stopRequested ? "stopping" : status;
  }

  /** Emits changed transcript items (tool-call patches, terminal output, decisions). */
  showItems(items: TranscriptItem[]): void {
    this.emit(itemOps(this.key, items));
  }

  /** Emits tool calls whose approval state alone changed (`setAwaitingApproval`): their state, not the whole items. */
  showToolStates(items: TranscriptItem[]): void {
    this.emit(toolStateOps(this.key, items));
  }

  /** An answer Bypass or a rule gave: in the transcript now, in the view with the session's next change. */
  showAutomaticDecision(record: DecisionRecord): void {
    this.model.addItem({ kind: "decision", id: `decision:${record.key}`, record });
    this.heldDecisions.hold(record);
  }

  /** The running turn (a request is about the turn it arrives in); undefined between turns. */
  get turn(): number | undefined {
    return this.turnActive ? this.turns : undefined;
  }

  /**
   * Records a command of an approved tool call of `turn` (the running one by default), until a `terminal/create` runs
   * it or the turn ends. Each approval lets one terminal run; the same command approved again in a row counts one more
   * use of its entry. An approval outside a turn, of a turn that has ended, or recorded after Stop (a click and Stop
   * handled in one task: the approval is recorded a microtask after its answer) lets nothing run.
   */
  approveCommand(command: ApprovedCommand, turn = this.turn): void {
    if (turn === undefined || turn !== this.turn || this.stopping) return;
    const last = this.approvedCommands.at(-1);
    if (last && sameCommand(last.command, command)) {
      last.uses++;
      return;
    }
    this.approvedCommands.push({ command, uses: 1 });
    if (this.approvedCommands.length > MAX_APPROVED_COMMANDS) this.approvedCommands.shift();
  }

  /** Uses up the first approved command that runs exactly `argv` in `cwd` (absolute); undefined when none does. */
  takeApprovedCommand(argv: readonly string[], cwd: string): ApprovedCommand | undefined {
    const index = this.approvedCommands.findIndex(
      ({ command }) => command.cwd === cwd && command.argvs.some((words) => sameWords(words, argv)),
    );
    if (index < 0) return undefined;
    const approved = this.approvedCommands[index]!;
    if (--approved.uses === 0) this.approvedCommands.splice(index, 1);
    return approved.command;
  }

  /** The connection ended under a live session: it stays as a tab that says why. */
  connectionEnded(reason: string): void {
    clearTimeout(this.stopTimer);
    this.turnActive = false;
    this.approvedCommands = [];
    this.model.status = "ended";
    this.model.error = reason;
    // Nothing finishes what the agent left open: its tool calls show as stopped, not running for good.
    const settled = this.model.settleOpenToolCalls(true);
    // The reason's first line is Symposium's; the lines after it are the agent's last output (`describeExit`).
    const [sentence = reason, ...output] = reason.split("\n");
    const notice = this.model.addNotice("error", sentence, { quote: output.join("\n") });
    this.emit([...itemOps(this.key, [...settled, ...notice]), this.header()]);
    this.settleQueued("failed", reason);
  }

  header(): ViewOp {
    return headerOp(this.headerView());
  }

  headerView(): SessionHeader {
    return sessionHeader(
      this.model,
      this.host.isBypassed(this.model.agentName),
      this.queue.waiting().length,
      this.pendingContext.chips(),
      this.attachment?.connection.promptCapabilities.image,
      this.turnActive ? Date.now() - this.turnStartedAt : undefined,
    );
  }

  emitHeader(): void {
    this.emit([this.header()]);
  }

  /** Ends the session's lifetime: timers cleared, nothing more emitted. */
  dispose(): void {
    this.isDisposed = true;
    this.closing.abort();
    // A turn Stop did not end yet keeps Stop's kill armed: closing a tab does no less than Stop.
    if (!this.turnStillEnding) clearTimeout(this.stopTimer);
    this.heldDecisions.dispose();
    this.grants.clear();
  }

  // --- Session controls (modes and config options) -------------------------------------------------------------

  /**
   * Sets a mode or config option the agent offers, through `session/set_mode` or `session/set_config_option`. The
   * header shows the control busy meanwhile; a failure leaves the agent's last values (the control reverts) and says
   * why in the transcript. Resolves with whether the agent took it. `confirmed`: the level of acting without asking
   * the person confirmed for the value (undefined: none, it read as asking); a move further than that is the agent's.
   */
  async setControl(
    controlId: string,
    value: string | boolean,
    by: ControlChangeBy,
    confirmed: UnattendedLevel | undefined,
  ): Promise<boolean> {
    const attachment = this.attachment;
    const control = this.model.controls.find(controlId);
    if (this.isDisposed) return false;
    if (!attachment || attachment.connection.isClosed || !control) {
      this.emitHeader(); // the view shows the person's pick until a header puts the agent's value back
      return false;
    }
    const { connection, agentSessionId } = attachment;
    this.tellAgentMoves(); // what the agent did before is not taken for the person's change
    const causeBefore = this.model.controls.unattendedControl()?.id;
    this.model.controls.setBusy(controlId, true);
    this.emitHeader();
    const pending = { value, confirmed };
    this.pendingSets.set(controlId, pending);
    if (by === "settings") this.settingsValues.set(controlId, value);
    else this.settingsValues.delete(controlId);
    try {
      if (control.via === "mode" && typeof value === "string") {
        await connection.setMode(agentSessionId, value, SET_CONTROL_TIMEOUT_MS);
        this.model.controls.setCurrentMode(value);
      } else {
        const response = await connection.setConfigOption(
          agentSessionId,
          controlId,
          value,
          SET_CONTROL_TIMEOUT_MS,
        );
        if (Array.isArray(response.configOptions)) this.model.controls.replaceOptions(response.configOptions);
      }
      return true;
    } catch (error) {
      this.settingsValues.delete(controlId);
      const shown =
        control.kind === "select"
          ? (control.choices.find((c) => c.value === value)?.name ?? value)
          : value
            ? "on"
            : "off";
      this.showItems(
        this.model.addNotice(
          "error",
          `${connection.name} did not change ${control.name} to ${String(shown)}: ${agentError(error)}`,
        ),
      );
      return false;
    } finally {
      // The answer may change other controls too: a move into acting without asking is the person's (or their
      // settings') only when it is the value they sent, at no more than they confirmed, else the agent's, told as such.
      const taken = this.echoesPendingSet(causeBefore);
      if (this.pendingSets.get(controlId) === pending) this.pendingSets.delete(controlId);
      this.model.controls.setBusy(controlId, false);
      this.showItems(this.settingsUndone());
      this.emitHeader();
      this.noteUnattended(taken ? by : "agent");
    }
  }

  /**
   * The person answered a request with an option that switches the mode (Claude's plan approval): the mode the agent
   * goes on in is theirs, not the agent undoing `defaultMode`. Keeping the default's mode ("keep planning") keeps it.
   */
  personChoseOption(optionId: string, request: ModeSwitchRequest): void {
    const controls = this.model.controls;
    const modeId = controls.mode()?.id;
    const mode = modeOfOption(optionId, controls.modeIds(), request);
    if (modeId !== undefined && mode !== undefined && this.settingsValues.get(modeId) !== mode)
      this.settingsValues.delete(modeId);
  }

  /** The agent offered its controls (a new or reopened session): one it starts in that acts without asking is told. */
  controlsOffered(): void {
    this.noteUnattended("agent");
  }

  /**
   * Whether the control that moved the session into (or out of) acting without asking now holds the value the person
   * (or settings) sent for it, at a level no higher than they confirmed: the agent taking that change, not a switch
   * of its own. The same value renamed in the answer ("Ask on request" become "Full access (never asks)") is the
   * agent's move: the person confirmed nothing of the kind.
   */
  private echoesPendingSet(causeBefore: string | undefined): boolean {
    const cause = this.model.controls.unattendedControl()?.id ?? causeBefore;
    const pending = cause !== undefined ? this.pendingSets.get(cause) : undefined;
    return (
      cause !== undefined &&
      pending !== undefined &&
      this.model.controls.find(cause)?.value === pending.value &&
      levelWithin(this.model.controls.choiceLevel(cause, pending.value), pending.confirmed)
    );
  }

  /** Notices for values from settings the agent has since changed by itself (each said once). */
  private settingsUndone(): TranscriptItem[] {
    const notices: TranscriptItem[] = [];
    for (const [controlId, value] of this.settingsValues) {
      const control = this.model.controls.find(controlId);
      if (!control || control.value === value || this.pendingSets.has(controlId)) continue;
      this.settingsValues.delete(controlId);
      const set = labelOf({ ...control, value } as typeof control);
      const text = `${this.model.agentName} set ${labelOf(control)}; your settings had set ${set}.`;
      notices.push(...this.model.addNotice("warning", text));
    }
    return notices;
  }

  /** Tells where the agent's own moves left the session, past the ones told one by one; counts afresh. */
  private tellAgentMoves(): void {
    this.agentMovesTold = 0;
    this.noteUnattended("agent");
  }

  /** Tells the host when the session entered or left a mode that acts without asking. */
  private noteUnattended(by: ControlChangeBy): void {
    const before = this.toldUnattended;
    const after = this.model.controls.unattended();
    if (this.isDisposed || before?.level === after?.level) return;
    if (by === "agent" && this.agentMovesTold++ >= AGENT_MOVES_TOLD) return;
    this.toldUnattended = after;
    this.host.unattendedChanged?.(this, { before, after, by });
  }

  private endTurn(stopReason: string | undefined): void {
    if (!this.turnActive) return;
    this.turnActive = false;
    this.tellAgentMoves();
    this.approvedCommands = [];
    clearTimeout(this.stopTimer);
    if (this.isDisposed) {
      const ended = this.closedTurnEnded;
      this.closedTurnEnded = undefined;
      return ended?.();
    }
    if (this.model.status !== "ended") this.model.status = "ready";
    this.model.turnBoundary();
    const stopped = this.stopRequested;
    this.stopRequested = false;
    // Codex ends a turn `cancelled` after a rejection: that is not the person's Stop.
    const afterRejection = !stopped && this.model.hasOpenRejectedToolCall();
    // Tool calls the turn left open will not finish: they show as rejected or stopped, not "Pending" forever.
    const settled = this.model.settleOpenToolCalls(stopped);
    const notice = this.turnEndNotice(stopReason, stopped, afterRejection);
    this.emit([...itemOps(this.key, [...settled, ...notice]), this.header()]);
    this.sendNextQueued();
  }

  /** What the transcript says of how the turn ended, when it says anything. */
  private turnEndNotice(
    stopReason: string | undefined,
    stopped: boolean,
    afterRejection: boolean,
  ): TranscriptItem[] {
    const model = this.model;
    if (stopReason === "cancelled")
      return model.addNotice(
        "info",
        stopped
          ? "Stopped."
          : afterRejection
            ? "The agent ended the turn after your rejection."
            : "The agent ended the turn.",
      );
    // Claude Code answers the first prompt after a Stop this way; the person would see nothing happen.
    if (stopReason === "end_turn" && model.itemsPut === this.itemsPutAtTurnStart)
      return model.addNotice(
        "info",
        `${model.agentName} ended the turn without a reply. To send your message again, press Up in the empty message box.`,
      );
    if (stopReason === "refusal") return model.addNotice("warning", "The agent refused to continue.");
    if (stopReason === "max_tokens" || stopReason === "max_turn_requests")
      return model.addNotice("warning", `The turn ended early (${stopReason}).`);
    return [];
  }

  private enqueue({ text, context }: OutgoingMessage, first = false): void {
    const message = this.queue.add(`user:${randomUUID()}`, text, context, first);
    if (!message) {
      this.showItems(
        this.model.addNotice("warning", "Too many messages are waiting; this one was not queued."),
      );
      return;
    }
    this.showMarkers([message], { state: "waiting", reason: this.waitingReason() });
  }

  private waitingReason(): string {
    return this.model.status === "starting"
      ? `Waiting for ${this.model.agentName} to start…`
      : "Waiting for the turn before it to end…";
  }

  /** Sends the oldest queued message when the session can take a turn: once it is ready, then after each turn. */
  private sendNextQueued(): void {
    const attachment = this.attachment;
    if (this.isDisposed || this.turnActive || this.model.status !== "ready") return;
    if (!attachment || attachment.connection.isClosing) return;
    const next = this.queue.takeNext();
    if (!next) return;
    this.queue.markSent(next.id);
    void this.runTurn(
      attachment,
      next,
      this.model.putQueuedMessage(next.id, next.text, undefined, labelsOf(next)),
    );
    this.showMarkers(this.queue.waiting(), { state: "waiting", reason: this.waitingReason() });
  }

  /** The waiting messages will not be sent here: dropped (Stop, Close) or failed (start failed, connection ended). */
  private settleQueued(state: "dropped" | "failed", reason: string): void {
    const settled = state === "dropped" ? this.queue.dropWaiting(reason) : this.queue.failWaiting(reason);
    this.showMarkers(settled, { state, reason });
  }

  /** Every marker change comes with the header, whose `queued` count the composer's Stop reads. */
  private showMarkers(
    messages: readonly QueuedMessage[],
    queued: { state: "waiting" | "dropped" | "failed"; reason: string },
  ): void {
    if (messages.length === 0) return;
    const ops = messages.flatMap((message) =>
      itemOps(this.key, this.model.putQueuedMessage(message.id, message.text, queued, labelsOf(message))),
    );
    this.emit([...ops, this.header()]);
  }

  /** Held automatic decisions go first: they were made before this change. */
  private emit(ops: ViewOp[]): void {
    if (!this.isDisposed && ops.length > 0) this.host.emit([...this.heldDecisions.take(), ...ops]);
  }

  private emitHeldDecisions(): void {
    const ops = this.heldDecisions.take();
    if (!this.isDisposed && ops.length > 0) this.host.emit(ops);
  }
}

function isControlsUpdate(update: Json): boolean {
  return update.sessionUpdate === "current_mode_update" || update.sessionUpdate === "config_option_update";
}

/** An agent's error with the reason it gives in `data` (Gemini: "Internal error" + `details`), capped. */
function agentError(error: unknown): string {
  const data = (error as { data?: unknown } | null)?.data;
  const details =
    data && typeof data === "object" ? ((data as Json).details ?? (data as Json).message) : data;
  const reason = typeof details === "string" && details ? ` (${details.slice(0, 500)})` : "";
  return `${errorMessage(error)}${reason}`;
}

function labelsOf(message: OutgoingMessage): string[] {
  return message.context.map(contextLabel);
}

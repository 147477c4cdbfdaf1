/**
 * The ACP client: agent connections (one process per agent, shared by its sessions), sessions routed by the
 * agent's `sessionId`, permission requests through `PendingApprovals`, and bypass within policy. It knows nothing of
 * VS Code: the host gives it an `Environment` and renders the `ViewOp`s it emits.
 */
import { randomUUID } from "node:crypto";
import { decideBypass } from "../core/bypassPolicy";
import { allowOnceOption, normalizePermissionRequest, type PermissionPrompt } from "../core/permissionPrompt";
import {
  decisionRecord,
  DEFAULT_PENDING_LIMITS,
  PendingApprovals,
  type PendingLimits,
  type PermissionOutcome,
} from "../core/pendingApprovals";
import { asObject, asString, SessionModel } from "../core/sessionModel";
import { DEMO_AGENT_NAME, type AgentSettings } from "../core/settings";
import type { WorkspacePaths } from "../core/workspacePaths";
import { PromptQueue, type QueuedMessage } from "../core/promptQueue";
import type {
  AgentChoice,
  DecisionRecord,
  PromptView,
  Snapshot,
  TranscriptItem,
  ViewOp,
} from "../shared/protocol";
import type { AgentConnection, ClientCallbacks, ProtocolVersion } from "./agentConnection";
import type { AgentLaunch } from "./agentProcess";
import type { ClientFileSystem, DocumentStore } from "./clientFileSystem";
import type { ClientTerminals } from "./clientTerminals";

type Sdk = typeof import("./connectionRuntime");

/** The SDK-backed parts, created on the first agent start. */
interface Runtime {
  sdk: Sdk;
  fileSystem: ClientFileSystem;
  terminals: ClientTerminals;
}

export interface Logger {
  /** Whether trace messages are kept; ACP traffic is traced only then (tracing every frame costs CPU per message). */
  traceEnabled?(): boolean;
  trace(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface Timeouts {
  initializeMs: number;
  newSessionMs: number;
  /** After Stop, how long the turn may take to end before the agent is killed. */
  stopGraceMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { initializeMs: 30_000, newSessionMs: 60_000, stopGraceMs: 5_000 };

export interface Environment {
  readAgents(): AgentSettings;
  /** How to start the built-in demo agent. */
  demoAgent: Omit<AgentLaunch, "name" | "cwd">;
  workspaceRoots(): string[];
  workspaceTrusted(): boolean;
  /** The workspace boundary (realpath-aware), rebuilt by the host when folders change. */
  workspacePaths(): WorkspacePaths;
  /** Open documents first, then disk: what `fs/*` reads and writes go through. */
  documents: DocumentStore;
  /** Persists `bypassPermissions` for an agent in user settings. */
  writeBypass(agentName: string, bypass: boolean): Promise<void>;
  /** Lets the user pick an authentication method; undefined = cancelled. */
  chooseAuthMethod(
    agentName: string,
    methods: { id: string; name: string; description?: string }[],
  ): Promise<string | undefined>;
  /** Protocol versions that worked before, by agent name. */
  versionMemory: {
    get(agentName: string): ProtocolVersion | undefined;
    set(agentName: string, version: ProtocolVersion): void;
  };
  log: Logger;
  clientVersion: string;
  limits?: PendingLimits;
  timeouts?: Timeouts;
  maxMessageBytes?: number;
}

interface SessionRecord {
  model: SessionModel;
  connection?: AgentConnection;
  agentSessionId?: string;
  turnActive: boolean;
  stopTimer?: ReturnType<typeof setTimeout>;
  /** Approved tool calls not yet used by a `terminal/create`: a terminal runs only for an approved tool call. */
  approvedToolCalls: number;
  /** Messages sent before the session could take them (still starting, or behind another queued one). */
  queue: PromptQueue;
}

type OpListener = (ops: ViewOp[]) => void;

/** Every decision, whoever made it (a person, bypass, a policy, a timeout, Stop, the agent, …), for the history. */
export type DecisionListener = (prompt: PermissionPrompt, record: DecisionRecord) => void;

export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

export class AgentSessions {
  readonly pending: PendingApprovals;
  private readonly connections = new Map<string, Promise<AgentConnection>>();
  private readonly sessions = new Map<string, SessionRecord>();
  /** connection id + agent session id -> session key. */
  private readonly routes = new Map<string, string>();
  private readonly sessionOnlyBypass = new Set<string>();
  private readonly listeners = new Set<OpListener>();
  private readonly decisionListeners = new Set<DecisionListener>();
  private readonly bypassPrompts = new WeakMap<PermissionPrompt, string>();
  /** Keys of requests that have a card (were added to the pending map). */
  private readonly shownPrompts = new Set<string>();
  private settings: AgentSettings;
  private activeSessionKey: string | undefined;
  private readonly timeouts: Timeouts;
  private runtime: Runtime | undefined;
  private runtimeLoading: Promise<Runtime> | undefined;
  private disposed = false;
  /** Aborted by `dispose`: an agent still starting (e.g. never answering `initialize`) is killed at once. */
  private readonly shuttingDown = new AbortController();

  constructor(private readonly env: Environment) {
    this.pending = new PendingApprovals(env.limits ?? DEFAULT_PENDING_LIMITS);
    this.timeouts = env.timeouts ?? DEFAULT_TIMEOUTS;
    this.settings = env.readAgents();
    this.pending.onDidChange((event) => {
      if (event.type === "settled") this.emitDecision(event.prompt, event.record);
      if (event.type === "added") {
        this.shownPrompts.add(event.prompt.key);
        this.emit([{ op: "prompt", prompt: this.promptView(event.prompt) }]);
        return;
      }
      if (!this.shownPrompts.delete(event.prompt.key)) {
        // Answered before any card existed (over the caps, duplicate id, already withdrawn): no view traffic, so a
        // flood of requests costs no rendering.
        this.env.log.trace(
          `Answered "${event.prompt.title}" without a card: ${event.record.summary} [${event.record.provenance}]`,
        );
        return;
      }
      const record = this.sessions.get(event.prompt.sessionKey);
      record?.model.addItem({ kind: "decision", id: `decision:${event.record.key}`, record: event.record });
      this.env.log.info(
        `Permission "${event.prompt.title}" (${event.prompt.agentName}): ${event.record.summary} [${event.record.provenance}]`,
      );
      this.emit([{ op: "decided", record: event.record }]);
    });
  }

  onDidDecide(listener: DecisionListener): { dispose(): void } {
    this.decisionListeners.add(listener);
    return { dispose: () => this.decisionListeners.delete(listener) };
  }

  onDidChange(listener: OpListener): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Re-reads agent settings (the host calls this on configuration changes). */
  reloadSettings(): void {
    this.settings = this.env.readAgents();
    this.emit([{ op: "agents", agents: this.agentChoices() }, ...this.headerOps()]);
  }

  setLimits(limits: PendingLimits): void {
    this.pending.setLimits(limits);
  }

  /** The agents to offer; `bypassed` is whether bypass is in effect (it never is in an untrusted workspace). */
  agentChoices(): AgentChoice[] {
    const effective = (name: string) => this.isBypassed(name) && this.env.workspaceTrusted();
    return [
      { name: DEMO_AGENT_NAME, builtIn: true, bypassed: effective(DEMO_AGENT_NAME) },
      ...[...this.settings.agents.keys()].map((name) => ({
        name,
        builtIn: false,
        bypassed: effective(name),
      })),
    ];
  }

  isBypassed(agentName: string): boolean {
    if (this.sessionOnlyBypass.has(agentName)) return true;
    if (agentName === DEMO_AGENT_NAME) return this.settings.demoBypass;
    return this.settings.agents.get(agentName)?.bypassPermissions ?? false;
  }

  /**
   * Sets an agent's bypass in memory, effective for the very next request, before the settings write round-trips
   * through the configuration service. Turning it off also ends a window-only bypass.
   */
  setBypass(agentName: string, on: boolean): void {
    if (!on) this.sessionOnlyBypass.delete(agentName);
    if (agentName === DEMO_AGENT_NAME) this.settings.demoBypass = on;
    else {
      const definition = this.settings.agents.get(agentName);
      if (definition) definition.bypassPermissions = on;
    }
    this.emit([{ op: "agents", agents: this.agentChoices() }, ...this.headerOps()]);
  }

  /** Bypass for this window's lifetime only; never written to settings. */
  setSessionOnlyBypass(agentName: string, on: boolean): void {
    if (on) this.sessionOnlyBypass.add(agentName);
    else this.sessionOnlyBypass.delete(agentName);
    this.emit([{ op: "agents", agents: this.agentChoices() }, ...this.headerOps()]);
  }

  /** Why agents cannot start here, and the button that fixes it; undefined when they can. */
  blocked(): { reason: string; action: string } | undefined {
    if (!this.env.workspaceTrusted()) {
      return {
        reason:
          "Agents do not start in an untrusted workspace, and bypass never applies there. Trust this folder to use Symposium.",
        action: "Manage Workspace Trust",
      };
    }
    if (this.env.workspaceRoots().length === 0) {
      return { reason: "Open a folder: agents work inside a workspace folder.", action: "Open Folder" };
    }
    return undefined;
  }

  blockedOp(): ViewOp {
    const blocked = this.blocked();
    return blocked ? { op: "blocked", reason: blocked.reason, action: blocked.action } : { op: "blocked" };
  }

  snapshot(): Snapshot {
    const blocked = this.blocked();
    return {
      agents: this.agentChoices(),
      sessions: [...this.sessions.values()].map((record) => ({
        header: record.model.header(this.isBypassed(record.model.agentName)),
        items: record.model.transcript(),
      })),
      pending: this.pending.list().map((prompt) => this.promptView(prompt)),
      ...(this.activeSessionKey ? { activeSessionKey: this.activeSessionKey } : {}),
      ...(blocked ? { blockedReason: blocked.reason, blockedAction: blocked.action } : {}),
    };
  }

  sessionKeys(): string[] {
    return [...this.sessions.keys()];
  }

  session(sessionKey: string): SessionModel | undefined {
    return this.sessions.get(sessionKey)?.model;
  }

  selectSession(sessionKey: string): void {
    if (!this.sessions.has(sessionKey)) return;
    this.activeSessionKey = sessionKey;
    this.emit([{ op: "activeSession", sessionKey }]);
  }

  /**
   * Starts a session with an agent. Resolves with the session key once the agent created the session.
   * `queued`: messages to send once it is ready, in order (re-sent from a session that could not send them).
   */
  async startSession(agentName: string, queued: readonly string[] = []): Promise<string> {
    const blocked = this.blocked();
    if (blocked) throw new Error(blocked.reason);
    const launch = this.launchFor(agentName);
    const key = randomUUID();
    const model = new SessionModel(key, agentName, (path) => this.env.workspacePaths().contains(path));
    const record: SessionRecord = {
      model,
      turnActive: false,
      approvedToolCalls: 0,
      queue: new PromptQueue(),
    };
    this.sessions.set(key, record);
    this.activeSessionKey = key;
    this.emit([this.headerOp(record), { op: "activeSession", sessionKey: key }]);
    for (const text of queued) this.enqueue(record, text);
    try {
      const connection = await this.connectionFor(agentName, launch);
      record.connection = connection;
      model.protocolVersion = connection.version;
      record.agentSessionId = await this.newSession(connection, launch.cwd);
      this.routes.set(routeKey(connection, record.agentSessionId), key);
      model.status = "ready";
      this.emit([this.headerOp(record)]);
      this.sendNextQueued(record);
      return key;
    } catch (error) {
      model.status = "error";
      model.error = errorMessage(error);
      this.env.log.error(`Starting a session with ${agentName} failed: ${model.error}`);
      this.emit([this.headerOp(record)]);
      this.settleQueued(record, "failed", model.error);
      throw error;
    }
  }

  async sendPrompt(sessionKey: string, text: string): Promise<void> {
    const record = this.sessions.get(sessionKey);
    if (!record) return;
    // Nothing a person types is lost: while the agent starts, or behind messages still waiting, it queues.
    if (record.model.status === "starting" || record.queue.busy) {
      this.enqueue(record, text);
      return;
    }
    const connection = record.connection;
    if (!connection || record.agentSessionId === undefined || connection.isClosed) return;
    if (record.turnActive) {
      this.emit(
        this.itemOps(record, record.model.addNotice("info", "The agent is still working; press Stop first.")),
      );
      return;
    }
    await this.runTurn(record, connection, text, record.model.addUserMessage(text));
  }

  // Queued messages (sent before the session could take them). Hooks elsewhere: `startSession` (queue on creation,
  // send on ready, fail on error), `sendPrompt` (queue), `endTurn` (send the next), `stop` (drop), agent exit (fail).

  /**
   * Starts a new session with the same agent and queues there the messages this session could not send.
   * Resolves with the new session's key (undefined when there was nothing to re-send).
   */
  async resendInNewSession(sessionKey: string): Promise<string | undefined> {
    const record = this.sessions.get(sessionKey);
    if (!record || !record.queue.hasFailed) return undefined;
    const blocked = this.blocked();
    if (blocked) throw new Error(blocked.reason);
    this.launchFor(record.model.agentName); // throws while the agent is no longer configured: keep the messages
    const messages = record.queue.takeFailed();
    this.emit(this.markerOps(record, messages, { state: "dropped", reason: "re-sent in a new session" }));
    return this.startSession(
      record.model.agentName,
      messages.map((message) => message.text),
    );
  }

  /** The text of a message that was not sent (for Copy); undefined for any other item. */
  unsentText(sessionKey: string, itemId: string): string | undefined {
    return this.sessions.get(sessionKey)?.queue.get(itemId)?.text;
  }

  private enqueue(record: SessionRecord, text: string): void {
    const message = record.queue.add(`user:${randomUUID()}`, text);
    if (!message) {
      this.emit(
        this.itemOps(
          record,
          record.model.addNotice("warning", "Too many messages are waiting; this one was not queued."),
        ),
      );
      return;
    }
    this.emit(this.markerOps(record, [message], { state: "waiting", reason: this.waitingReason(record) }));
  }

  private waitingReason(record: SessionRecord): string {
    return record.model.status === "starting"
      ? `Waiting for ${record.model.agentName} to start…`
      : "Waiting for the turn before it to end…";
  }

  /** Sends the oldest queued message when the session can take a turn: once it is ready, then after each turn. */
  private sendNextQueued(record: SessionRecord): void {
    const connection = record.connection;
    if (record.turnActive || record.model.status !== "ready" || !connection || connection.isClosed) return;
    const next = record.queue.takeNext();
    if (!next) return;
    record.queue.markSent(next.id);
    void this.runTurn(
      record,
      connection,
      next.text,
      record.model.putQueuedMessage(next.id, next.text, undefined),
    );
    const reason = this.waitingReason(record);
    this.emit(this.markerOps(record, record.queue.waiting(), { state: "waiting", reason }));
  }

  /** The waiting messages will not be sent here: dropped (Stop, Close) or failed (start failed, agent exited). */
  private settleQueued(record: SessionRecord, state: "dropped" | "failed", reason: string): void {
    const settled = state === "dropped" ? record.queue.dropWaiting(reason) : record.queue.failWaiting(reason);
    this.emit(this.markerOps(record, settled, { state, reason }));
  }

  private markerOps(
    record: SessionRecord,
    messages: readonly QueuedMessage[],
    queued: { state: "waiting" | "dropped" | "failed"; reason: string },
  ): ViewOp[] {
    return messages.flatMap((message) =>
      this.itemOps(record, record.model.putQueuedMessage(message.id, message.text, queued)),
    );
  }

  private async runTurn(
    record: SessionRecord,
    connection: AgentConnection,
    text: string,
    items: TranscriptItem[],
  ): Promise<void> {
    if (record.agentSessionId === undefined) return;
    record.turnActive = true;
    record.model.status = "running";
    this.emit([...this.itemOps(record, items), this.headerOp(record)]);
    try {
      const response = await connection.prompt(record.agentSessionId, text);
      if (connection.version === 1) {
        // The SDK resolves a response a few microtasks before it runs the handlers of the updates sent just
        // before it; end the turn after them.
        await new Promise((resolve) => setImmediate(resolve));
        this.endTurn(record, asString(response.stopReason));
      }
    } catch (error) {
      if (!connection.isClosed) {
        this.emit(
          this.itemOps(record, record.model.addNotice("error", `The prompt failed: ${errorMessage(error)}`)),
        );
      }
      this.endTurn(record, "error");
    }
  }

  /**
   * Stop: `session/cancel`, then `cancelled` to every pending request of the session (the spec's duty), then, if the
   * turn has not ended after a grace period, the agent is killed.
   */
  async stop(sessionKey: string): Promise<void> {
    const record = this.sessions.get(sessionKey);
    if (!record) return;
    this.settleQueued(record, "dropped", "stopped");
    const connection = record.connection;
    const turnRunning =
      record.turnActive &&
      connection !== undefined &&
      !connection.isClosed &&
      record.agentSessionId !== undefined;
    if (turnRunning) {
      record.model.status = "stopping";
      this.emit([this.headerOp(record)]);
      await connection.cancel(record.agentSessionId!).catch(() => undefined);
    }
    this.pending.cancelSession(sessionKey, "stop");
    if (!turnRunning) return;
    clearTimeout(record.stopTimer);
    record.stopTimer = setTimeout(() => {
      if (!record.turnActive) return;
      const seconds = Math.round(this.timeouts.stopGraceMs / 1000);
      void connection.dispose(
        `${connection.name} did not stop within ${seconds} s after Stop and was shut down.`,
      );
    }, this.timeouts.stopGraceMs);
  }

  async closeSession(sessionKey: string): Promise<void> {
    const record = this.sessions.get(sessionKey);
    if (!record) return;
    await this.stop(sessionKey);
    this.runtime?.terminals.releaseSession(sessionKey);
    this.sessions.delete(sessionKey);
    clearTimeout(record.stopTimer);
    if (record.connection && record.agentSessionId !== undefined) {
      this.routes.delete(routeKey(record.connection, record.agentSessionId));
    }
    if (this.activeSessionKey === sessionKey) this.activeSessionKey = [...this.sessions.keys()].at(-1);
    this.emit([{ op: "sessionRemoved", sessionKey }]);
    const connection = record.connection;
    if (connection && ![...this.sessions.values()].some((r) => r.connection === connection)) {
      this.connections.delete(connection.name);
      await connection.dispose();
    }
  }

  /** A person's click on an option. Ignored unless that option was offered for that pending request. */
  choose(key: string, optionId: string): boolean {
    const accepted = this.pending.resolve(key, optionId, "user");
    if (!accepted) this.env.log.warn(`Ignored a choice for ${key}: no such pending request or option.`);
    return accepted;
  }

  /**
   * Bypass Permissions on a card: approve this request once with `allow_once` and store `bypassPermissions: true`
   * for its agent in user settings. Refused when the workspace is untrusted or no `allow_once` is offered.
   */
  async bypass(key: string): Promise<boolean> {
    const prompt = this.pending.get(key);
    const allowOnce = prompt && allowOnceOption(prompt.options);
    // The webview is not an authority: the intent is honoured only where the card itself offers the button.
    if (!prompt || !allowOnce || !this.promptView(prompt).canBypass) {
      this.env.log.warn(
        `Ignored Bypass Permissions for ${key}: not pending, or bypass is not offered for it.`,
      );
      return false;
    }
    this.pending.resolve(key, allowOnce.optionId, "user");
    this.setBypass(prompt.agentName, true);
    await this.env.writeBypass(prompt.agentName, true);
    this.env.log.info(`Bypass Permissions turned on for ${prompt.agentName}.`);
    return true;
  }

  /** Deactivation: answer everything `cancelled`, cancel running turns, kill every agent. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.shuttingDown.abort("Symposium is shutting down.");
    this.pending.cancelAll("shutdown");
    this.runtime?.terminals.releaseAll();
    const connections = await Promise.allSettled([...this.connections.values()]);
    // The SDK drops writes still queued when its connection closes, so the `cancelled` answers and `session/cancel`
    // never reached the agents. Let them through first: one turn of the event loop queues the answers, the cancels
    // go out behind them, then one more turn hands them to the pipes. Bounded: an agent that stops reading its stdin
    // must not hold up shutdown.
    for (const record of this.sessions.values()) clearTimeout(record.stopTimer);
    const yieldOnce = () => new Promise<void>((resolve) => setImmediate(resolve));
    const flushed = (async () => {
      await yieldOnce();
      const cancels: Promise<unknown>[] = [];
      for (const record of this.sessions.values()) {
        if (
          record.turnActive &&
          record.connection &&
          !record.connection.isClosed &&
          record.agentSessionId !== undefined
        ) {
          cancels.push(record.connection.cancel(record.agentSessionId).catch(() => undefined));
        }
      }
      await Promise.all(cancels);
      await yieldOnce();
    })();
    let bound: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([flushed, new Promise((resolve) => (bound = setTimeout(resolve, 250)))]);
    clearTimeout(bound);
    await Promise.all(
      connections.flatMap((result) =>
        result.status === "fulfilled" ? [result.value.dispose("Symposium is shutting down.")] : [],
      ),
    );
    this.listeners.clear();
  }

  // -------------------------------------------------------------------------------------------------------------

  private launchFor(agentName: string): AgentLaunch {
    const cwd = this.env.workspaceRoots()[0];
    if (!cwd) throw new Error("Open a folder: agents work inside a workspace folder.");
    if (agentName === DEMO_AGENT_NAME) return { ...this.env.demoAgent, name: agentName, cwd };
    const definition = this.settings.agents.get(agentName);
    if (!definition) throw new Error(`No agent named "${agentName}" in symposium.agents (user settings).`);
    return { name: agentName, command: definition.command, args: definition.args, env: definition.env, cwd };
  }

  /** Loads the SDK-backed parts once, on the first agent start. */
  private loadRuntime(): Promise<Runtime> {
    this.runtimeLoading ??= import("./connectionRuntime").then((sdk) => {
      this.runtime = {
        sdk,
        fileSystem: new sdk.ClientFileSystem(() => this.env.workspacePaths(), this.env.documents),
        terminals: new sdk.ClientTerminals(
          () => this.env.workspacePaths(),
          () => this.env.workspaceRoots()[0],
          (sessionKey, terminalId, output, truncated, exit) => {
            const record = this.sessions.get(sessionKey);
            if (record)
              this.emit(
                this.itemOps(
                  record,
                  record.model.setTerminalOutput(terminalId, output, truncated, exit?.exitCode),
                ),
              );
          },
        ),
      };
      return this.runtime;
    });
    return this.runtimeLoading;
  }

  /** The runtime, which exists whenever an agent is connected (callbacks only run then). */
  private get loaded(): Runtime {
    if (!this.runtime) throw new Error("The ACP runtime is not loaded.");
    return this.runtime;
  }

  private async connectionFor(agentName: string, launch: AgentLaunch): Promise<AgentConnection> {
    const current = this.connections.get(agentName);
    if (current) {
      const existing = await current.catch(() => undefined);
      // A connection whose agent just died stays in the map until its close is handled: never hand it out.
      if (existing && !existing.isClosing) return existing;
      if (this.connections.get(agentName) !== current) return this.connectionFor(agentName, launch);
      this.connections.delete(agentName);
    }
    const opening = this.loadRuntime().then(({ sdk }) =>
      sdk.AgentConnection.open(launch, this.callbacks, {
        ...(this.env.versionMemory.get(agentName)
          ? { preferredVersion: this.env.versionMemory.get(agentName) }
          : {}),
        initializeTimeoutMs: this.timeouts.initializeMs,
        maxMessageBytes: this.env.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
        maxMalformedFrames: 20,
        clientVersion: this.env.clientVersion,
        // Decided per connection: turning trace on applies from the agent's next start.
        ...(this.env.log.traceEnabled?.()
          ? { trace: (line: string) => this.env.log.trace(`[${agentName}] ${line}`) }
          : {}),
        signal: this.shuttingDown.signal,
      }),
    );
    this.connections.set(agentName, opening);
    opening.then(
      (connection) => {
        this.env.versionMemory.set(agentName, connection.version);
        this.env.log.info(
          `${agentName} connected (ACP v${connection.version}, pid ${connection.process.pid ?? "?"}).`,
        );
        void connection.closed.then((reason) => this.onConnectionClosed(connection, reason));
      },
      () => {
        if (this.connections.get(agentName) === opening) this.connections.delete(agentName);
      },
    );
    return opening;
  }

  private async newSession(connection: AgentConnection, cwd: string): Promise<string> {
    try {
      return await connection.newSession(cwd, this.timeouts.newSessionMs);
    } catch (error) {
      const methods = connection.authMethods;
      if (!isAuthRequired(error) || methods.length === 0) throw error;
      const methodId = await this.env.chooseAuthMethod(connection.name, methods);
      if (!methodId)
        throw new Error(`${connection.name} needs you to sign in before it can start a session.`);
      await connection.authenticate(methodId, this.timeouts.newSessionMs);
      return connection.newSession(cwd, this.timeouts.newSessionMs);
    }
  }

  /** Keyed by process identity: a replaced connection's late close touches only its own sessions and requests. */
  private onConnectionClosed(connection: AgentConnection, reason: string): void {
    if (this.disposed) return;
    this.env.log.warn(reason);
    void this.connections.get(connection.name)?.then((current) => {
      if (current === connection) this.connections.delete(connection.name);
    });
    this.pending.cancelConnection(connection.process.id, "agent_exit");
    const ops: ViewOp[] = [];
    for (const record of this.sessions.values()) {
      if (record.connection !== connection) continue;
      this.runtime?.terminals.releaseSession(record.model.key);
      clearTimeout(record.stopTimer);
      record.turnActive = false;
      record.model.status = "ended";
      record.model.error = reason;
      ops.push(...this.itemOps(record, record.model.addNotice("error", reason)), this.headerOp(record));
      ops.push(...this.markerOps(record, record.queue.failWaiting(reason), { state: "failed", reason }));
    }
    this.emit(ops);
  }

  private readonly callbacks: ClientCallbacks = {
    requestPermission: (connection, params, request) => this.onPermissionRequest(connection, params, request),
    sessionUpdate: (connection, params) => {
      const record = this.route(connection, params.sessionId);
      const update = asObject(params.update);
      if (!record || !update) return;
      const wasActive = record.model.status;
      const items = record.model.applyUpdate(update);
      const ops = this.itemOps(record, items);
      if (record.model.status !== wasActive) {
        if (connection.version === 2 && record.model.status === "ready")
          this.endTurn(record, asString(update.stopReason));
        ops.push(this.headerOp(record));
      }
      this.emit(ops);
    },
    fileSystem: {
      read: async (connection, params) => {
        const record = this.routeOrThrow(connection, params.sessionId);
        const path = asString(params.path) ?? "";
        // Protected files hold secrets (.env) and repository internals: what leaves them goes to the agent's model.
        if (
          this.env.workspacePaths().isProtected(path) &&
          !(await this.confirmProtectedAccess(connection, record, path, "read"))
        ) {
          throw this.loaded.sdk.RequestError.invalidRequest(
            { path },
            "the user did not allow reading this protected file",
          );
        }
        return this.loaded.fileSystem.read(
          params as { path: string; line?: number | null; limit?: number | null },
        );
      },
      write: async (connection, params) => {
        const record = this.routeOrThrow(connection, params.sessionId);
        const path = asString(params.path) ?? "";
        if (
          this.env.workspacePaths().isProtected(path) &&
          !(await this.confirmProtectedAccess(connection, record, path, "write"))
        ) {
          throw this.loaded.sdk.RequestError.invalidRequest(
            { path },
            "the user did not allow writing this protected file",
          );
        }
        return this.loaded.fileSystem.write(params as { path: string; content: string });
      },
    },
    terminals: {
      create: async (connection, params) => {
        const record = this.routeOrThrow(connection, params.sessionId);
        if (record.approvedToolCalls <= 0) {
          throw this.loaded.sdk.RequestError.invalidRequest(
            undefined,
            "terminal/create needs a tool call the user approved first",
          );
        }
        const created = this.loaded.terminals.create(record.model.key, params as never);
        record.approvedToolCalls--;
        return Promise.resolve(created);
      },
      output: (connection, params) =>
        this.loaded.terminals.output(
          this.routeOrThrow(connection, params.sessionId).model.key,
          String(params.terminalId),
        ),
      waitForExit: async (connection, params) => {
        const record = this.routeOrThrow(connection, params.sessionId);
        return { ...(await this.loaded.terminals.waitForExit(record.model.key, String(params.terminalId))) };
      },
      kill: (connection, params) =>
        this.loaded.terminals.kill(
          this.routeOrThrow(connection, params.sessionId).model.key,
          String(params.terminalId),
        ),
      release: (connection, params) =>
        this.loaded.terminals.release(
          this.routeOrThrow(connection, params.sessionId).model.key,
          String(params.terminalId),
        ),
    },
  };

  private routeOrThrow(connection: AgentConnection, sessionId: unknown): SessionRecord {
    const record = this.route(connection, sessionId);
    if (!record)
      throw this.loaded.sdk.RequestError.sessionNotFound(typeof sessionId === "string" ? sessionId : "");
    return record;
  }

  /** Reading or writing a protected file (`.git/**`, `.env*`, …) always takes a person's explicit yes, bypass or not. */
  private async confirmProtectedAccess(
    connection: AgentConnection,
    record: SessionRecord,
    path: string,
    access: "read" | "write",
  ): Promise<boolean> {
    const prompt = normalizePermissionRequest({
      protocolVersion: 2,
      params: {
        sessionId: record.agentSessionId,
        title: `${access === "read" ? "Read" : "Write"} the protected file ${path}?`,
        description: `${connection.name} is ${access === "read" ? "reading" : "writing to"} a protected file. Bypass never covers protected files.`,
        options: [
          { optionId: access, name: `Allow this ${access}`, kind: "allow_once" },
          { optionId: "reject", name: "Reject", kind: "reject_once" },
        ],
      },
      agentName: connection.name,
      sessionKey: record.model.key,
      toolCall: undefined,
      inWorkspace: (p) => this.env.workspacePaths().contains(p),
    });
    this.bypassPrompts.set(prompt, "protected files always need your explicit answer");
    const outcome = await this.pending.add(prompt, {
      connectionId: connection.process.id,
      requestId: `${access}:${prompt.key}`,
    });
    return outcome.outcome === "selected" && outcome.optionId === access;
  }

  private async onPermissionRequest(
    connection: AgentConnection,
    params: Record<string, unknown>,
    request: { signal: AbortSignal; requestId: string | number | null },
  ): Promise<PermissionOutcome> {
    const record = this.route(connection, params.sessionId);
    if (!record) {
      this.env.log.warn(`${connection.name} asked permission for an unknown session; answered cancelled.`);
      return { outcome: "cancelled" };
    }
    const paths = this.env.workspacePaths();
    const subject =
      connection.version === 1 ? { type: "tool_call", toolCall: params.toolCall } : asObject(params.subject);
    const toolCallPatch = subject?.type === "tool_call" ? asObject(subject.toolCall) : undefined;
    if (toolCallPatch) this.emit(this.itemOps(record, record.model.applyToolCallPatch(toolCallPatch)));
    const toolCallId = asString(toolCallPatch?.toolCallId);
    const toolCall = toolCallId ? record.model.toolCall(toolCallId) : undefined;
    const prompt = normalizePermissionRequest({
      protocolVersion: connection.version,
      params,
      agentName: connection.name,
      sessionKey: record.model.key,
      toolCall: toolCall ? record.model.toolCallView(toolCall) : undefined,
      inWorkspace: (path) => paths.contains(path),
    });
    const decision = decideBypass(prompt, {
      bypassed: this.isBypassed(connection.name),
      workspaceTrusted: this.env.workspaceTrusted(),
      inWorkspace: paths.contains,
      isProtected: paths.isProtected,
    });
    if (decision.approve) {
      this.env.log.info(
        `Auto-approved "${prompt.title}" for ${connection.name} with ${decision.optionId}: ${decision.reason}.`,
      );
      record.approvedToolCalls++;
      this.emitDecision(
        prompt,
        decisionRecord(prompt, { outcome: "selected", optionId: decision.optionId }, "bypass", Date.now()),
      );
      return { outcome: "selected", optionId: decision.optionId };
    }
    if (decision.reason) {
      this.bypassPrompts.set(prompt, decision.reason);
      this.env.log.info(
        `Bypass did not apply to "${prompt.title}" for ${connection.name}: ${decision.reason}.`,
      );
    }
    const outcome = await this.pending.add(
      prompt,
      { connectionId: connection.process.id, requestId: request.requestId ?? "" },
      request.signal,
      () => (connection.isClosing ? "agent_exit" : "agent_cancel"),
    );
    if (
      outcome.outcome === "selected" &&
      prompt.options.find((o) => o.optionId === outcome.optionId)?.kindClass === "allow"
    ) {
      record.approvedToolCalls++;
    }
    return outcome;
  }

  private route(connection: AgentConnection, sessionId: unknown): SessionRecord | undefined {
    if (typeof sessionId !== "string") return undefined;
    const key = this.routes.get(routeKey(connection, sessionId));
    return key ? this.sessions.get(key) : undefined;
  }

  private endTurn(record: SessionRecord, stopReason: string | undefined): void {
    if (!record.turnActive) return;
    record.turnActive = false;
    clearTimeout(record.stopTimer);
    if (record.model.status !== "ended") record.model.status = "ready";
    const ops: ViewOp[] = [this.headerOp(record)];
    if (stopReason === "cancelled")
      ops.unshift(...this.itemOps(record, record.model.addNotice("info", "Stopped.")));
    else if (stopReason === "refusal")
      ops.unshift(
        ...this.itemOps(record, record.model.addNotice("warning", "The agent refused to continue.")),
      );
    else if (stopReason === "max_tokens" || stopReason === "max_turn_requests") {
      ops.unshift(
        ...this.itemOps(record, record.model.addNotice("warning", `The turn ended early (${stopReason}).`)),
      );
    }
    this.emit(ops);
    this.sendNextQueued(record);
  }

  promptView(prompt: PermissionPrompt): PromptView {
    const bypassed = this.isBypassed(prompt.agentName);
    const blocked = this.bypassPrompts.get(prompt);
    const timeoutMs = this.env.limits?.timeoutMs ?? 0;
    return {
      key: prompt.key,
      sessionKey: prompt.sessionKey,
      agentName: prompt.agentName,
      title: prompt.title,
      ...(prompt.description ? { description: prompt.description } : {}),
      subject: prompt.subject,
      options: prompt.options,
      canBypass: !bypassed && !blocked && this.bypassWouldApply(prompt),
      ...(blocked ? { bypassBlockedReason: blocked } : {}),
      receivedAt: prompt.receivedAt,
      ...(timeoutMs > 0 ? { expiresAt: prompt.receivedAt + timeoutMs } : {}),
    };
  }

  /** The Bypass button is offered only where bypass would have approved this very request (else it would mislead). */
  private bypassWouldApply(prompt: PermissionPrompt): boolean {
    const paths = this.env.workspacePaths();
    return decideBypass(prompt, {
      bypassed: true,
      workspaceTrusted: this.env.workspaceTrusted(),
      inWorkspace: paths.contains,
      isProtected: paths.isProtected,
    }).approve;
  }

  private headerOp(record: SessionRecord): ViewOp {
    return { op: "session", header: record.model.header(this.isBypassed(record.model.agentName)) };
  }

  private headerOps(): ViewOp[] {
    return [...this.sessions.values()].map((record) => this.headerOp(record));
  }

  private itemOps(record: SessionRecord, items: TranscriptItem[]): ViewOp[] {
    return items.map((item) => ({ op: "item", sessionKey: record.model.key, item }));
  }

  private emitDecision(prompt: PermissionPrompt, record: DecisionRecord): void {
    for (const listener of [...this.decisionListeners]) {
      try {
        listener(prompt, record);
      } catch (error) {
        this.env.log.error(`A decision listener failed: ${errorMessage(error)}`);
      }
    }
  }

  private emit(ops: ViewOp[]): void {
    if (ops.length === 0) return;
    for (const listener of [...this.listeners]) listener(ops);
  }
}

function routeKey(connection: AgentConnection, sessionId: string): string {
  return `${connection.process.id}\u0000${sessionId}`;
}

function isAuthRequired(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === -32000;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The ACP client's facade: what the host calls and listens to. It knows nothing of VS Code: the host gives it an
 * `Environment` and renders the `ViewOp`s it emits. The work is done by the owners of each lifetime: `Session` (one
 * ACP session), `ConnectionScope` (one agent connection) in a `ConnectionPool`, the `PermissionBroker` (one request's
 * way), `BypassState`, and `clientHandlers` (routing the agents' calls).
 */
import { randomUUID } from "../core/randomUUID";
import { homedir } from "node:os";
import { BypassState } from "../core/bypassState";
import { errorMessage } from "../core/errorMessage";
import type { Logger } from "../core/logger";
import { DEFAULT_PENDING_LIMITS, PendingApprovals, type PendingLimits } from "../core/pendingApprovals";
import type { PermissionPrompt } from "../core/permissionPrompt";
import type { Reopening, SessionModel } from "../core/sessionModel";
import { DEMO_AGENT_NAME, type AgentSettings } from "../core/settings";
import type { ProcessIdentity } from "../core/policy/processPatterns";
import type { PolicyBoundary } from "../core/policy/resolvePath";
import type { GitAliasReader } from "../core/policy/gitAliases";
import { parseRuleEntry, ruleToEntry, type PermissionRule, type Verdict } from "../core/policy/ruleSettings";
import type { RuleEdit } from "../core/policy/grantEdit";
import type { SessionGrant } from "../core/policy/sessionGrants";
import { placeIn } from "../core/workspacePlace";
import type { PromptContext } from "../core/promptContext";
import type {
  AgentChoice,
  DecisionRecord,
  SentPromptView,
  Snapshot,
  UnattendedLevel,
  ViewOp,
} from "../shared/protocol";
import { newestFirst, parsePastSessions, type PastSession } from "../core/pastSessions";
import { preferredAgent } from "../core/preferredAgent";
import {
  labelOf,
  modeOfOption,
  resolveChoice,
  switchesUnattended,
  unattendedSentence,
} from "../core/sessionControls";
import { LIMITS } from "../shared/limits";
import type { PastSessionSupport, ProtocolVersion, ReopenMethod, StartAgent } from "./agentConnection";
import type { AgentLaunch } from "./agentProcess";
import type { DocumentStore } from "./clientFileSystem";
import { ConnectionPool } from "./connectionPool";
import type { ConnectionScope } from "./connectionScope";
import { PermissionBroker, type GrantResult } from "./permissionBroker";
import {
  Session,
  SessionClosedError,
  SessionStartError,
  type ControlChangeBy,
  type OutgoingMessage,
  type UnattendedChange,
} from "./session";

export type { Logger } from "../core/logger";

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
  /** The workspace boundary (OS-exact paths, refused roots, protected names), rebuilt by the host when folders change. */
  workspacePaths(): PolicyBoundary;
  /** Permission rules from settings, read at each request (none when absent). */
  permissionRules?(): readonly PermissionRule[];
  /** git's aliases in a folder, for the policy; default: the policy engine's (git's configuration, cached per folder). */
  gitAliases?: GitAliasReader;
  /** Open documents first, then disk: what `fs/*` reads and writes go through. */
  documents: DocumentStore;
  /** Persists `bypassPermissions` for an agent in user settings. */
  writeBypass(agentName: string, bypass: boolean): Promise<void>;
  /**
   * Asks the person, the first time per agent, before a mode that lets the agent act without asking (remembered per
   * agent by the host). Without it such modes are never set by Symposium.
   */
  confirmUnattended?(agentName: string, change: { label: string; level: UnattendedLevel }): Promise<boolean>;
  /** Appends an allow rule ("Always allow …" from a card) to `symposium.permissions.allow` in user settings. */
  addPermissionRule?(entry: ReturnType<typeof ruleToEntry>): Promise<void>;
  /** Removes one entry from `symposium.permissions` in user settings; false when it is not there (any more). */
  removePermissionRule?(action: Verdict, entry: unknown): Promise<boolean>;
  /** Lets the user pick an authentication method; undefined = cancelled, or `closed` (the tab closed) aborted. */
  chooseAuthMethod(
    agentName: string,
    methods: { id: string; name: string; description?: string }[],
    closed: AbortSignal,
  ): Promise<string | undefined>;
  /**
   * Opens an http(s) page an agent's card asked a person to open (ACP URL elicitation: an MCP server's sign-in) in the
   * browser. Without it agents are not offered links to ask for.
   */
  openExternal?(url: string): void;
  /** The agent the person last started a session with, across windows (absent: not remembered). */
  lastAgent?: {
    get(): string | undefined;
    set(agentName: string): void;
  };
  /** Protocol versions that worked before, by agent name. */
  versionMemory: {
    get(agentName: string): ProtocolVersion | undefined;
    set(agentName: string, version: ProtocolVersion): void;
  };
  log: Logger;
  clientVersion: string;
  limits?: PendingLimits;
  /** Wall-clock limit for terminal commands in seconds (0 = none), read when each terminal starts. */
  terminalTimeoutSeconds?(): number;
  timeouts?: Timeouts;
  maxMessageBytes?: number;
  /** How agents start (default: their process); the seam tests' in-process agents. */
  startAgent?: StartAgent;
  /**
   * The window's scratch folder (`ScratchFolder`, the host's): agents and terminals get it as TMPDIR, and the boundary
   * counts it as a folder writes may go to.
   */
  scratchFolder?: string;
}

type OpListener = (ops: ViewOp[]) => void;

/** Every decision, whoever made it (a person, bypass, a policy, a timeout, Stop, the agent, …), for the history. */
export type DecisionListener = (prompt: PermissionPrompt, record: DecisionRecord) => void;

export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
/** Deactivation ends every agent within this (safety.md: killed within 2 s of a window reload). */
export const SHUTDOWN_MS = 2_000;

/** How "Resume Session…" ended: the agent cannot, the person picked nothing, or the session's tab. */
export type ResumeOutcome =
  { outcome: "unsupported" } | { outcome: "cancelled" } | { outcome: "opened"; sessionKey: string };

export type { PastSession } from "../core/pastSessions";

export class AgentSessions {
  readonly pending: PendingApprovals;
  private readonly sessions = new Map<string, Session>();
  private readonly listeners = new Set<OpListener>();
  private readonly decisionListeners = new Set<DecisionListener>();
  private readonly bypassState: BypassState;
  private readonly broker: PermissionBroker;
  /** The extension host and the processes it runs under (`editorProcesses`), read on the first request. */
  private ownProcesses: readonly ProcessIdentity[] | undefined;
  private readonly pool: ConnectionPool;
  private activeSessionKey: string | undefined;
  /** Whether each agent started so far can list and reopen its sessions (for "Resume Session…"). */
  private readonly resumeSupport = new Map<string, boolean>();
  /** The dialog confirming a mode that acts without asking, open per agent and level: a burst waits on its answer. */
  private readonly unattendedDialogs = new Map<string, Promise<boolean>>();
  /** Cards whose option that acts without asking waits for that dialog: a click again opens no second one. */
  private readonly confirmingCards = new Set<string>();
  private readonly timeouts: Timeouts;
  /** Settings writes, one after the other: two quick writes each read the setting the other wrote. */
  private settingsWrites: Promise<unknown> = Promise.resolve();
  /**
   * "Always allow" rules in effect from the click on, until the settings are read back with them (VS Code tells the
   * extension host of its own write some time after the file is written; the agent's next request may come first).
   */
  private savedRules: { rule: PermissionRule; written: boolean }[] = [];
  /** User rules removed from Manage Permissions, out of effect from the click on until read back without them. */
  private removedRules: { key: string; written: boolean }[] = [];
  private disposed = false;

  constructor(private readonly env: Environment) {
    this.pending = new PendingApprovals(env.limits ?? DEFAULT_PENDING_LIMITS);
    this.timeouts = env.timeouts ?? DEFAULT_TIMEOUTS;
    this.bypassState = new BypassState(() => env.readAgents());
    this.broker = new PermissionBroker({
      pending: this.pending,
      log: env.log,
      isBypassed: (name) => this.isBypassed(name),
      workspaceTrusted: () => env.workspaceTrusted(),
      paths: () => env.workspacePaths(),
      rules: () => this.rulesInEffect(),
      policy: () => this.pool.runtime.policy,
      home: homedir(),
      cwd: () => this.startFolder(),
      // Agents start with the host's environment (and their own settings' `env`, which are the person's).
      ...(process.env.CDPATH ? { cdPath: process.env.CDPATH } : {}),
      ...(process.env.TMPDIR !== undefined ? { editorTmpdir: true } : {}),
      // Read where the agents' commands run, with the configuration their git reads (the host's environment).
      ...(env.gitAliases ? { gitAliases: env.gitAliases } : {}),
      editorProcesses: () => (this.ownProcesses ??= this.pool.runtime.sdk.editorProcesses()),
      session: (key) => this.sessions.get(key),
      emit: (ops) => this.emit(ops),
      recordDecision: (prompt, record) => this.emitDecision(prompt, record),
    });
    this.pool = new ConnectionPool({
      log: env.log,
      pending: this.pending,
      createRuntime: (sdk) => ({
        sdk,
        callbacks: sdk.clientCallbacks({
          scopeOf: (connection) => this.pool.scopeOf(connection),
          runtime: () => this.pool.runtime,
          broker: this.broker,
          paths: () => env.workspacePaths(),
          log: env.log,
          ...(env.openExternal ? { openExternal: (url: string) => env.openExternal?.(url) } : {}),
        }),
        fileSystem: new sdk.ClientFileSystem(() => env.workspacePaths(), env.documents),
        terminals: new sdk.ClientTerminals(
          (sessionKey, terminalId, output, truncated, exit) => {
            const session = this.sessions.get(sessionKey);
            session?.showItems(
              session.model.setTerminalOutput(terminalId, output, truncated, exit?.exitCode),
            );
          },
          {
            timeoutSeconds: () => env.terminalTimeoutSeconds?.() ?? 0,
            ...(env.scratchFolder !== undefined ? { scratch: env.scratchFolder } : {}),
          },
        ),
      }),
      versionMemory: env.versionMemory,
      initializeTimeoutMs: this.timeouts.initializeMs,
      maxMessageBytes: env.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
      clientVersion: env.clientVersion,
      ...(env.startAgent ? { startAgent: env.startAgent } : {}),
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
    this.bypassState.reload();
    this.emitBypassChange();
    // A change read back, or one whose write has finished (the settings carry it, or the person changed them
    // since), is the settings' own now.
    if (this.savedRules.length === 0 && this.removedRules.length === 0) return;
    const read = new Set(
      (this.env.permissionRules?.() ?? []).filter((rule) => rule.source === "user").map(userRuleKey),
    );
    this.savedRules = this.savedRules.filter((saved) => !saved.written && !read.has(userRuleKey(saved.rule)));
    this.removedRules = this.removedRules.filter((removed) => !removed.written && read.has(removed.key));
  }

  /** The settings' rules, as changed from Symposium before the settings are read back. */
  private rulesInEffect(): readonly PermissionRule[] {
    const read = this.env.permissionRules?.() ?? [];
    if (this.savedRules.length === 0 && this.removedRules.length === 0) return read;
    const removed = new Set(this.removedRules.map((r) => r.key));
    return [...read, ...this.savedRules.map((saved) => saved.rule)].filter(
      (rule) => rule.source !== "user" || !removed.has(userRuleKey(rule)),
    );
  }

  /**
   * Removes a rule from user settings (Manage Permissions), out of effect for the very next request as revoking
   * Bypass is, whatever the write does. Resolves false when the entry is no longer there.
   */
  async removeRule(action: Verdict, entry: unknown): Promise<boolean> {
    const parsed = parseRuleEntry(entry, action, "user");
    const rule = "rule" in parsed ? parsed.rule : undefined;
    this.broker.dropOffers();
    const removed = rule && { key: userRuleKey(rule), written: false };
    if (removed) {
      this.removedRules.push(removed);
      this.savedRules = this.savedRules.filter((saved) => userRuleKey(saved.rule) !== removed.key);
    }
    const write = this.settingsWrites.then(() => this.env.removePermissionRule?.(action, entry) ?? false);
    this.settingsWrites = write.catch(() => undefined);
    try {
      const found = await write;
      if (!found) this.removedRules = this.removedRules.filter((other) => other !== removed);
      return found;
    } finally {
      if (removed) removed.written = true;
    }
  }

  setLimits(limits: PendingLimits): void {
    this.pending.setLimits(limits);
  }

  /** The agents to offer; `bypassed` is whether bypass is in effect (it never is in an untrusted workspace). */
  agentChoices(): AgentChoice[] {
    const choices = this.bypassState.choices(this.env.workspaceTrusted());
    const preferred = preferredAgent(choices, this.env.lastAgent?.get());
    return choices.map((agent) => ({
      ...agent,
      ...(this.resumeSupport.get(agent.name) === false ? { canResume: false as const } : {}),
      ...(agent.name === preferred ? { preferred: true as const } : {}),
    }));
  }

  isBypassed(agentName: string): boolean {
    return this.bypassState.isBypassed(agentName);
  }

  /**
   * Sets an agent's bypass in memory, effective for the very next request, and writes it to user settings. Turning
   * it off (revoking) holds in memory whatever the write does; turning it on holds only if the write succeeds.
   * Rejects when the write fails.
   */
  async setBypass(agentName: string, on: boolean): Promise<void> {
    this.bypassState.choose(agentName, on);
    this.emitBypassChange();
    const write = this.settingsWrites.then(() => this.env.writeBypass(agentName, on));
    this.settingsWrites = write.catch(() => undefined);
    try {
      await write;
    } catch (error) {
      this.env.log.error(`Could not save Bypass Permissions for ${agentName}: ${errorMessage(error)}`);
      if (on) {
        this.bypassState.choose(agentName, false);
        this.emitBypassChange();
      }
      throw error;
    }
  }

  /** Where each agent's Bypass comes from, for the agents whose Bypass is in effect (none in an untrusted workspace). */
  bypassOrigins(): { agentName: string; origins: ("settings" | "window")[] }[] {
    return this.agentChoices()
      .filter((agent) => agent.bypassed)
      .map((agent) => ({ agentName: agent.name, origins: this.bypassState.origins(agent.name) }));
  }

  /** Bypass for this window's lifetime only; never written to settings. */
  setWindowOnlyBypass(agentName: string, on: boolean): void {
    this.bypassState.setWindowOnly(agentName, on);
    this.emitBypassChange();
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
      sessions: [...this.sessions.values()].map((session) => ({
        header: session.headerView(),
        items: session.model.transcript(),
      })),
      pending: this.broker.views(),
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
   * Starts a session with an agent. Resolves with the session key once the agent created the session; rejects with
   * `SessionClosedError` when the tab was closed before that, `SessionStartError` when the start failed (the tab says
   * why), and anything else when no tab was made (agents blocked, the agent unknown). `queued`: messages to send once
   * it is ready, in order (re-sent from a session that could not send them); `context`: what goes with its next
   * message (its chips).
   */
  async startSession(
    agentName: string,
    queued: readonly OutgoingMessage[] = [],
    context: readonly PromptContext[] = [],
    replaces?: string,
  ): Promise<string> {
    const blocked = this.blocked();
    if (blocked) throw new Error(blocked.reason);
    const launch = this.launchFor(agentName);
    this.rememberStarted(agentName);
    const session = this.createSession(agentName, launch.cwd, undefined, replaces);
    const key = session.key;
    session.queueMessages(queued);
    if (context.length > 0) session.addContext(context);
    let scope: ConnectionScope | undefined;
    try {
      scope = await this.pool.acquire(launch);
      scope.begin(session);
      this.notePastSessionSupport(scope);
      if (session.disposed) throw new SessionClosedError();
      session.model.protocolVersion = scope.connection.version;
      const { sessionId: agentSessionId, response } = await this.newSession(
        scope,
        launch.cwd,
        session.closed,
      );
      if (session.disposed) throw new SessionClosedError();
      scope.add(agentSessionId, session);
      session.model.applyInitialCommands(response);
      session.model.controls.applySetup(response);
      session.controlsOffered();
      session.bind(scope.connection, agentSessionId);
      await this.applyDefaultControls(session);
      if (session.disposed) throw new SessionClosedError();
      // The agent went away meanwhile (a mode's confirmation waits for the person): ready, the tab would hide that.
      if (scope.connection.isClosing) throw new Error(await scope.connection.closed);
      session.attach(scope.connection, agentSessionId);
      return key;
    } catch (error) {
      scope?.remove(session);
      if (session.disposed) {
        // Closed while starting: the connection ends unless another session uses it, and the tab stays closed.
        if (scope) await this.releaseIfUnused(scope);
        throw new SessionClosedError();
      }
      // One its settings changed under takes no other session: it ends with its last. A usable one stays for Try
      // again and "Send in new session", which the agent's state (a sign-in) may let succeed.
      if (scope && !scope.usable) await this.releaseIfUnused(scope);
      this.env.log.error(`Starting a session with ${agentName} failed: ${errorMessage(error)}`);
      session.startFailed(error);
      throw new SessionStartError(errorMessage(error), { cause: error });
    }
  }

  /** A new tab for a session that is starting (new or reopened): shown at once, and made the active one. */
  /** `replaces`: the failed tab this one takes the place of (Try again), named in its header. */
  private createSession(agentName: string, cwd: string, reopens?: Reopening, replaces?: string): Session {
    const key = randomUUID();
    const session = new Session(key, agentName, (path) => placeIn(this.env.workspacePaths(), path), {
      emit: (ops) => this.emit(ops),
      isBypassed: (name) => this.isBypassed(name),
      cancelApprovals: (sessionKey) => this.pending.cancelSession(sessionKey, "stop"),
      stopTerminals: (sessionKey, turn) => this.pool.runtimeIfLoaded?.terminals.stopTurn(sessionKey, turn),
      stopGraceMs: this.timeouts.stopGraceMs,
      warn: (message) => this.env.log.warn(message),
      unattendedChanged: (changed, change) => this.recordUnattended(changed, change),
    });
    session.model.reopens = reopens;
    session.model.replaces = replaces;
    session.cwd = cwd;
    this.sessions.set(key, session);
    this.activeSessionKey = key;
    this.emit([session.header(), { op: "activeSession", sessionKey: key }]);
    return session;
  }

  // ----------------------------------------------------------------------------------------- past sessions (resume)

  /**
   * "Resume Session…": connects to the agent (or uses its live connection), lists its past sessions for this
   * workspace (`session/list` filtered by the workspace folder), lets `choose` pick one, and reopens it in a new tab
   * (`session/load` or a v2 resume replays the conversation; a v1 `session/resume` does not, and the tab says so).
   * An agent that does not offer listing and reopening is remembered, so the view stops offering it. `showTab` is
   * called with the tab as soon as there is one (reopening may take a while); a failed reopen rejects with
   * `SessionStartError`, and the tab says why.
   */
  async resumeSession(
    agentName: string,
    choose: (sessions: PastSession[]) => Promise<PastSession | undefined>,
    showTab: (sessionKey: string) => void = () => undefined,
  ): Promise<ResumeOutcome> {
    const blocked = this.blocked();
    if (blocked) throw new Error(blocked.reason);
    const launch = this.launchFor(agentName);
    const scope = await this.pool.acquire(launch);
    // Held until the chosen session is routed on it: a tab of the agent closed while the person picks would end it.
    const letGo = scope.hold();
    try {
      return await this.resumeOn(scope, launch.cwd, choose, showTab);
    } finally {
      letGo();
      await this.releaseIfUnused(scope);
    }
  }

  private async resumeOn(
    scope: ConnectionScope,
    cwd: string,
    choose: (sessions: PastSession[]) => Promise<PastSession | undefined>,
    showTab: (sessionKey: string) => void,
  ): Promise<ResumeOutcome> {
    const support = this.notePastSessionSupport(scope);
    const reopen = support.reopen;
    if (!support.list || !reopen) return { outcome: "unsupported" };
    const chosen = await choose(await this.listPastSessions(scope, cwd));
    if (!chosen) return { outcome: "cancelled" };
    // Open in a tab already, also on a connection its agent's settings changed under (another process).
    const open = this.liveTabOf(scope.name, chosen.sessionId);
    if (open) {
      this.selectSession(open.key);
      showTab(open.key);
      return { outcome: "opened", sessionKey: open.key };
    }
    const session = this.createSession(scope.name, cwd, {
      past: chosen,
      replaysMessages: reopen !== "resume",
    });
    showTab(session.key);
    return { outcome: "opened", sessionKey: await this.reopen(scope, reopen, session, cwd) };
  }

  /** Up to `LIMITS.pastSessions` of the agent's sessions for `cwd`, over at most five pages, newest first. */
  private async listPastSessions(scope: ConnectionScope, cwd: string): Promise<PastSession[]> {
    const sessions: PastSession[] = [];
    const cursors = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < 5 && sessions.length < LIMITS.pastSessions; page++) {
      const response = await scope.connection.listSessions(cwd, cursor, this.timeouts.newSessionMs);
      const parsed = parsePastSessions(response, cwd);
      sessions.push(...parsed.sessions);
      // A cursor seen before would list the same pages again.
      if (parsed.nextCursor === undefined || cursors.has(parsed.nextCursor)) break;
      cursors.add(parsed.nextCursor);
      cursor = parsed.nextCursor;
    }
    const unique = new Map(sessions.map((session) => [session.sessionId, session]));
    return newestFirst([...unique.values()]).slice(0, LIMITS.pastSessions);
  }

  /** Reopens `session.model.reopens` in `session`, a tab made for it. */
  private async reopen(
    scope: ConnectionScope,
    method: ReopenMethod,
    session: Session,
    cwd: string,
  ): Promise<string> {
    const past = session.model.reopens!.past;
    session.model.reopens = { past, replaysMessages: method !== "resume" };
    session.model.protocolVersion = scope.connection.version;
    if (past.title) session.model.applyUpdate({ sessionUpdate: "session_info_update", title: past.title });
    session.model.replayingHistory = method !== "resume";
    session.emitHeader();
    try {
      // Routed before asking: the agent replays the conversation as updates before it answers.
      scope.add(past.sessionId, session);
      const response = await scope.connection.reopenSession(
        method,
        past.sessionId,
        cwd,
        this.timeouts.newSessionMs,
      );
      session.model.applyInitialCommands(response);
      // A reopened session has modes and options too (no defaults: it keeps the ones it had).
      session.model.controls.applySetup(response);
      session.controlsOffered();
    } catch (error) {
      scope.remove(session);
      session.model.replayingHistory = false;
      if (session.disposed) throw new SessionClosedError();
      this.env.log.error(`Reopening a ${scope.name} session failed: ${errorMessage(error)}`);
      session.startFailed(error);
      await this.releaseIfUnused(scope);
      throw new SessionStartError(errorMessage(error), { cause: error });
    }
    session.model.replayingHistory = false;
    // A replayed tool call left open was cut off when that session's agent went (killed mid-turn): nothing runs it.
    if (method !== "resume") session.showItems(session.model.settleOpenToolCalls(true));
    if (session.disposed) {
      scope.remove(session);
      await this.releaseIfUnused(scope);
      throw new SessionClosedError();
    }
    if (method === "resume")
      session.showItems(
        session.model.addNotice(
          "info",
          `Resumed. ${scope.name} does not send the earlier messages of this session, so they are not shown here.`,
        ),
      );
    session.attach(scope.connection, past.sessionId);
    return session.key;
  }

  /** The agent offered first from now on (in this window's view at once, and after a reload). */
  private rememberStarted(agentName: string): void {
    const memory = this.env.lastAgent;
    if (!memory || memory.get() === agentName) return;
    memory.set(agentName);
    this.emit([{ op: "agents", agents: this.agentChoices() }]);
  }

  /** Remembers whether the agent can list and reopen sessions; the agent list says so once it is known. */
  private notePastSessionSupport(scope: ConnectionScope): PastSessionSupport {
    const support = scope.connection.pastSessionSupport;
    const can = support.list && support.reopen !== undefined;
    if (this.resumeSupport.get(scope.name) !== can) {
      this.resumeSupport.set(scope.name, can);
      this.emit([{ op: "agents", agents: this.agentChoices() }]);
    }
    return support;
  }

  /**
   * Sends a message, or queues it while the session starts (`Session.prompt`), with the items of context the composer
   * showed (by id; an id that is not waiting in this session adds nothing). Resolves to the text when the session
   * could not take it (too many messages wait), for the message box; undefined once it went or was queued.
   */
  async sendPrompt(
    sessionKey: string,
    text: string,
    contextIds: readonly string[] = [],
  ): Promise<string | undefined> {
    return this.sessions.get(sessionKey)?.prompt(text, contextIds);
  }

  /**
   * Adds context (files, folders, lines) to a session's next message (the active one unless named): its key, how many items
   * were added and whether its message is full; undefined when there is no session to add to (none, or it ended).
   */
  addContext(
    items: readonly PromptContext[],
    sessionKey = this.activeSessionKey,
  ): { sessionKey: string; added: number; full: boolean } | undefined {
    const session = sessionKey !== undefined ? this.sessions.get(sessionKey) : undefined;
    if (!session || session.model.status === "ended" || session.model.status === "error") return undefined;
    return { sessionKey: session.key, ...session.addContext(items) };
  }

  /** An image pasted into a session's message box (`Session.attachImage`). */
  attachImage(sessionKey: string, data: string): { added: number; full: boolean } | { refused: string } {
    return this.sessions.get(sessionKey)?.attachImage(data) ?? { refused: "the session has ended" };
  }

  removeContext(sessionKey: string, id: string): void {
    this.sessions.get(sessionKey)?.removeContext(id);
  }

  /**
   * Starts a new session with the same agent and queues there the messages this session could not send. Resolves
   * with the new session's key (undefined when there was nothing to re-send). When the agent (it exited, or was
   * killed) can reopen its sessions, the new tab reopens this one, so the agent goes on with the conversation it had.
   */
  async resendInNewSession(sessionKey: string): Promise<string | undefined> {
    const session = this.sessions.get(sessionKey);
    if (!session?.hasFailedMessages) return undefined;
    const blocked = this.blocked();
    if (blocked) throw new Error(blocked.reason);
    const agentName = session.model.agentName;
    this.launchFor(agentName); // throws while the agent is no longer configured: the messages stay
    const sessionId = session.agentSessionId;
    const method = session.connection?.pastSessionSupport.reopen;
    if (sessionId === undefined || method === undefined || this.liveTabOf(agentName, sessionId))
      return this.startSession(agentName, session.takeFailedMessages());
    const title = session.model.title !== agentName ? session.model.title : undefined;
    const reopens = {
      past: { sessionId, ...(title ? { title } : {}) },
      replaysMessages: method !== "resume",
    };
    try {
      return await this.reopenAgain(agentName, reopens, session.takeFailedMessages(), []);
    } catch (error) {
      // An agent that lost the session with its process (Gemini CLI killed mid-turn): a fresh one takes the messages.
      const failed = [...this.sessions.values()].find(
        (tab) => tab.model.status === "error" && tab.model.reopens?.past.sessionId === sessionId,
      );
      if (!(error instanceof SessionStartError) || !failed) throw error;
      // With what the person added to the reopening tab meanwhile (its files and images), which closes.
      const messages = failed.takeFailedMessages();
      const context = failed.takeUnsentContext();
      // The new tab first, in the failed one's place (`replaces`: what was typed there moves with it), as Try again.
      const starting = this.startSession(agentName, messages, context, failed.key);
      starting.catch(() => undefined); // its failure is the caller's, once the failed tab is closed
      await this.closeSession(failed.key);
      const key = await starting;
      const fresh = this.sessions.get(key);
      fresh?.showItems(
        fresh.model.addNotice(
          "warning",
          `${agentName} could not reopen the session: this is a new session, without the earlier conversation. Why:`,
          { quote: errorMessage(error) },
        ),
      );
      return key;
    }
  }

  /**
   * Try again, for a session that failed to start (its agent's settings fixed, or signed in since): the agent starts
   * in a new tab, with the messages this one could not send, and this tab closes. Throws, leaving the tab, while the
   * agent is no longer configured or the workspace blocks agents.
   */
  async retryStart(sessionKey: string): Promise<string | undefined> {
    const session = this.sessions.get(sessionKey);
    if (session?.model.status !== "error") return undefined;
    const blocked = this.blocked();
    if (blocked) throw new Error(blocked.reason);
    const agentName = session.model.agentName;
    this.launchFor(agentName);
    const messages = session.hasFailedMessages ? session.takeFailedMessages() : [];
    const context = session.takeUnsentContext();
    const reopens = session.model.reopens;
    // Reopened meanwhile in another tab: a second load would take that tab's updates and requests (one route per id).
    const open = reopens && this.liveTabOf(agentName, reopens.past.sessionId);
    if (open) {
      open.queueMessages(messages);
      if (context.length > 0) open.addContext(context);
      open.model.replaces = sessionKey;
      this.emit([open.header()]);
      this.selectSession(open.key);
      await this.closeSession(sessionKey);
      return open.key;
    }
    // The new tab first (made before the first await): while it starts, closing this one does not end a connection
    // the agent still has open, so a live agent is not spawned again. A failed reopen is tried again as a reopen.
    const starting = reopens
      ? this.reopenAgain(agentName, reopens, messages, context, sessionKey)
      : this.startSession(agentName, messages, context, sessionKey);
    starting.catch(() => undefined); // its failure is the caller's, once this tab is closed
    await this.closeSession(sessionKey);
    return starting;
  }

  /** The tab that has the agent's session `agentSessionId` open, or is reopening it. */
  private liveTabOf(agentName: string, agentSessionId: string): Session | undefined {
    for (const session of this.sessions.values()) {
      const { model } = session;
      if (session.disposed || model.agentName !== agentName) continue;
      if (model.status === "error" || model.status === "ended") continue;
      if (session.agentSessionId === agentSessionId || model.reopens?.past.sessionId === agentSessionId)
        return session;
    }
    return undefined;
  }

  /** Try again for a failed reopen: the same past session, reopened in a new tab with what the failed one kept. */
  private async reopenAgain(
    agentName: string,
    reopens: Reopening,
    queued: readonly OutgoingMessage[],
    context: readonly PromptContext[],
    replaces?: string,
  ): Promise<string> {
    const launch = this.launchFor(agentName);
    const session = this.createSession(agentName, launch.cwd, reopens, replaces);
    session.queueMessages(queued);
    if (context.length > 0) session.addContext(context);
    let scope: ConnectionScope;
    let method: ReopenMethod | undefined;
    try {
      scope = await this.pool.acquire(launch);
      method = this.notePastSessionSupport(scope).reopen;
      if (!method) {
        await this.releaseIfUnused(scope);
        throw new Error(`${agentName} no longer offers reopening its past sessions.`);
      }
    } catch (error) {
      if (session.disposed) throw new SessionClosedError();
      this.env.log.error(`Reopening a ${agentName} session failed: ${errorMessage(error)}`);
      session.startFailed(error);
      throw new SessionStartError(errorMessage(error), { cause: error });
    }
    if (session.disposed) {
      await this.releaseIfUnused(scope);
      throw new SessionClosedError();
    }
    return this.reopen(scope, method, session, launch.cwd);
  }

  /** A waiting message taken back to edit (`Session.takeBack`): its text, or undefined when it already went. */
  takeBackMessage(sessionKey: string, itemId: string): string | undefined {
    return this.sessions.get(sessionKey)?.takeBack(itemId);
  }

  /** What Copy puts on the clipboard for a session's item (`Session.copyText`). */
  copyText(sessionKey: string, itemId: string, code?: string): string | undefined {
    return this.sessions.get(sessionKey)?.copyText(itemId, code);
  }

  /**
   * Stop: `cancelled` to every pending request of the session (the spec's duty), the kill armed for a turn that has
   * not ended after a grace period, and `session/cancel` sent (not awaited). Resolves to the text of the messages that
   * waited (`Session.stop`), for the message box.
   */
  stop(sessionKey: string): Promise<string | undefined> {
    return Promise.resolve(this.sessions.get(sessionKey)?.stop());
  }

  /** How many of the session's messages were not sent (waiting, or failed with it): closing it drops them. */
  unsentCount(sessionKey: string): number {
    return this.sessions.get(sessionKey)?.unsentCount ?? 0;
  }

  /** How many files, lines and images wait to go with the session's next message: closing it drops them too. */
  unsentContextCount(sessionKey: string): number {
    return this.sessions.get(sessionKey)?.unsentContextCount ?? 0;
  }

  /** Closes a tab: Stop, then the session ends; its connection ends with its last session. */
  async closeSession(sessionKey: string): Promise<void> {
    const session = this.sessions.get(sessionKey);
    if (!session) return;
    const unsent = session.unsentCount;
    // The view asked the person first (`host/viewIntents`); the log keeps a word of what went with the tab.
    if (unsent > 0)
      this.env.log.info(
        `Closed a ${session.model.agentName} session with ${unsent} unsent message${unsent === 1 ? "" : "s"}; dropped.`,
      );
    session.stop();
    session.dispose();
    this.sessions.delete(sessionKey);
    if (this.activeSessionKey === sessionKey) this.activeSessionKey = [...this.sessions.keys()].at(-1);
    this.emit([{ op: "sessionRemoved", sessionKey }]);
    if (!session.connection) return this.closedFailedStart(session);
    const scope = this.pool.scopeOf(session.connection);
    if (!scope) return;
    // A turn going on after Stop, on an agent other tabs use: as after Stop, the agent is shut down unless the turn
    // ends within the grace, which its route stays for (and nothing else: a closed session gets no card or file).
    if (session.turnStillEnding && scope.carriesOtherThan(session)) {
      this.pool.runtimeIfLoaded?.terminals.releaseSession(session.key);
      session.whenClosedTurnEnds(() => {
        scope.remove(session);
        void this.releaseIfUnused(scope);
      });
      return;
    }
    scope.remove(session);
    await this.releaseIfUnused(scope);
  }

  // --- Session controls (modes and config options) -------------------------------------------------------------

  /**
   * The person set a mode or config option in the header. Only a control and a value the agent offers are sent; a
   * mode that lets the agent act without asking is confirmed first (once per agent). Resolves with whether the agent
   * took the change (the header reverts otherwise).
   */
  async setControl(sessionKey: string, controlId: string, value: string | boolean): Promise<boolean> {
    const session = this.sessions.get(sessionKey);
    const control = session?.model.controls.find(controlId);
    const offered =
      control?.kind === "select"
        ? typeof value === "string" && control.choices.some((choice) => choice.value === value)
        : typeof value === "boolean";
    if (!session || !control || !offered) {
      this.env.log.warn(
        `Ignored setControl for ${sessionKey}: no such control, or a value it does not offer.`,
      );
      session?.emitHeader();
      return false;
    }
    if (session.model.status === "ended" || !session.connection || session.connection.isClosed) {
      // Its agent is gone: nothing to set, nothing to confirm; the header puts the view's control back.
      this.env.log.info(`Ignored setControl for ${sessionKey}: its agent has exited.`);
      session.emitHeader();
      return false;
    }
    return this.setConfirmed(session, controlId, value, "user");
  }

  /** Confirms a change to a mode that acts without asking, then sets it. */
  private async setConfirmed(
    session: Session,
    controlId: string,
    value: string | boolean,
    by: ControlChangeBy,
  ): Promise<boolean> {
    const control = session.model.controls.find(controlId);
    if (!control) return false;
    const level = session.model.controls.choiceLevel(controlId, value);
    if (level) {
      const label = labelOf({ ...control, value } as typeof control);
      const confirmed = await this.confirmUnattended(session.model.agentName, { label, level });
      if (!confirmed) {
        this.env.log.info(`${session.model.agentName}: ${label} was not confirmed; not set.`);
        session.emitHeader(); // the control goes back to the agent's value
        return false;
      }
      // The agent renamed it while the person read the dialog ("Auto review" -> "YOLO"): a yes is to what it said.
      if (!session.disposed && session.model.controls.choiceLevel(controlId, value) !== level)
        return this.setConfirmed(session, controlId, value, by);
      session.model.controls.confirmed(controlId, value); // its level stays known, whatever the agent sends next
    }
    if (session.disposed) return false;
    // What was confirmed goes with it: the agent answering with the value renamed to go further is its own move.
    return session.setControl(controlId, value, by, level);
  }

  /**
   * `defaultMode` and `defaultConfigOptions` from the agent's settings entry, right after `session/new` and before
   * the first prompt. What the agent does not offer is left out with a warning in the transcript and the log.
   */
  private async applyDefaultControls(session: Session): Promise<void> {
    const definition = this.bypassState.definition(session.model.agentName);
    if (!definition) return;
    const controls = session.model.controls;
    const wanted: [string | undefined, string, string | boolean][] = [];
    if (definition.defaultMode !== undefined)
      wanted.push([controls.mode()?.id, "defaultMode", definition.defaultMode]);
    for (const [configId, value] of Object.entries(definition.defaultConfigOptions ?? {}))
      wanted.push([
        controls.find(configId) ? configId : undefined,
        `defaultConfigOptions.${configId}`,
        value,
      ]);
    for (const [controlId, setting, value] of wanted) {
      const control = controlId === undefined ? undefined : controls.find(controlId);
      const choice = control && resolveChoice(control, value);
      if (!control || !choice) {
        const offered =
          control?.kind === "select"
            ? `it offers ${control.choices.map((c) => c.value).join(", ")}`
            : control
              ? "it takes true or false"
              : "it offers no such option";
        const warning = `Settings: ${setting} ${JSON.stringify(value)} was not applied: ${session.model.agentName} does not offer it (${offered}).`;
        this.env.log.warn(warning);
        session.showItems(session.model.addNotice("warning", warning));
        continue;
      }
      if (control.value === choice.value) continue;
      await this.setConfirmed(session, control.id, choice.value, "settings");
    }
  }

  /** A move into or out of a mode that acts without asking goes into the approval history, like a Bypass change. */
  private recordUnattended(session: Session, change: UnattendedChange): void {
    const agentName = session.model.agentName;
    const who = change.by === "user" ? "You" : change.by === "settings" ? "Your settings" : agentName;
    const title = change.after
      ? `${who} set ${change.after.label}: ${unattendedSentence(change.after.level)}`
      : `${who} set a mode that asks again (was ${change.before?.label ?? "unattended"})`;
    const at = Date.now();
    const key = `mode:${randomUUID()}`;
    const prompt: PermissionPrompt = {
      key,
      agentName,
      sessionKey: session.key,
      sessionId: session.agentSessionId ?? "",
      protocolVersion: session.connection?.version ?? 1,
      title,
      subject: { type: "none" },
      options: [],
      rawSubject: undefined,
      paths: [],
      receivedAt: at,
    };
    const record: DecisionRecord = {
      key,
      sessionKey: session.key,
      agentName,
      title,
      provenance: "mode",
      modeBy: change.by,
      outcome: "selected",
      optionName: change.after?.label ?? "asks again",
      at,
      summary: title,
    };
    this.env.log.info(title);
    // The person did not make this move: the transcript says so where they are reading.
    if (change.by === "agent")
      session.showItems(session.model.addNotice(change.after ? "warning" : "info", title));
    this.emitDecision(prompt, record);
  }

  /**
   * VS Code's modal for a mode that acts without asking (`env.confirmUnattended`), one per agent and level at a time:
   * what the view asks again while it is open (a flood of messages from a compromised page, say) gets its answer.
   */
  private confirmUnattended(
    agentName: string,
    change: { label: string; level: UnattendedLevel },
  ): Promise<boolean> {
    const id = `${change.level}\0${agentName}`;
    let dialog = this.unattendedDialogs.get(id);
    if (!dialog) {
      const asked = this.env.confirmUnattended?.(agentName, change) ?? Promise.resolve(false);
      dialog = asked.finally(() => this.unattendedDialogs.delete(id));
      this.unattendedDialogs.set(id, dialog);
    }
    return dialog;
  }

  /** A choice by the agent's own option id (automation, tests). Ignored unless that option was offered for it. */
  choose(key: string, optionId: string): boolean {
    return this.chooseConfirmed(key, optionId, () => this.broker.choose(key, optionId));
  }

  /** A question card's allow option with the person's answers (`PermissionBroker.answerQuestions`). */
  answerQuestions(key: string, optionKey: string, answers: Readonly<Record<string, unknown>>): boolean {
    return this.broker.answerQuestions(key, optionKey, answers);
  }

  /** A person's click in the view, naming the option by its host key: any offered option, whatever its id. */
  chooseOption(key: string, optionKey: string): boolean {
    const optionId = this.pending.get(key)?.options.find((o) => o.key === optionKey)?.optionId;
    return this.chooseConfirmed(key, optionId, () => this.broker.chooseOption(key, optionKey));
  }

  /**
   * A card's option that switches the agent to a mode that acts without asking (leaving plan mode for
   * `bypassPermissions`, Qwen Code's way back to yolo) is confirmed first, as that mode picked beside Send is: the
   * view's click is a message, and a lasting "never ask" is granted in VS Code's own dialog, not in the page. The card
   * waits for the answer; a no leaves it waiting. Other options are chosen at once.
   */
  private chooseConfirmed(key: string, optionId: string | undefined, choose: () => boolean): boolean {
    const change = optionId === undefined ? undefined : this.unattendedChoice(key, optionId);
    if (!change || optionId === undefined) return choose();
    if (this.confirmingCards.has(key)) return false;
    this.confirmingCards.add(key);
    void this.confirmChoice(key, optionId, change, choose).finally(() => this.confirmingCards.delete(key));
    return true;
  }

  private async confirmChoice(
    key: string,
    optionId: string,
    change: { agentName: string; label: string; level: UnattendedLevel },
    choose: () => boolean,
  ): Promise<void> {
    const { agentName, label, level } = change;
    if (!(await this.confirmUnattended(agentName, { label, level }))) {
      this.env.log.info(`${agentName}: ${label} was not confirmed; its card waits.`);
      return;
    }
    // The agent renamed the mode to go further while the dialog was open: the yes was to what it said then.
    const now = this.unattendedChoice(key, optionId);
    if (now && now.level === "full" && level !== "full")
      return this.confirmChoice(key, optionId, now, choose);
    choose();
  }

  /** The mode that acts without asking a pending card's option switches the agent to, if it does. */
  private unattendedChoice(
    key: string,
    optionId: string,
  ): { agentName: string; label: string; level: UnattendedLevel } | undefined {
    const prompt = this.pending.get(key);
    const controls = prompt && this.sessions.get(prompt.sessionKey)?.model.controls;
    if (!prompt || !controls || !switchesUnattended(controls, optionId, prompt)) return undefined;
    const mode = modeOfOption(optionId, controls.modeIds(), prompt);
    // Qwen Code's way back to a mode it does not name: taken for the furthest.
    const level = (mode !== undefined ? controls.modeLevel(mode) : undefined) ?? "full";
    const label =
      mode !== undefined
        ? controls.modeName(mode)
        : (prompt.options.find((o) => o.optionId === optionId)?.name ?? optionId);
    return { agentName: prompt.agentName, label, level };
  }

  /** A person's Deny (button or Escape): the card's reject option, or `cancelled` when it offers none. */
  deny(key: string): boolean {
    return this.broker.deny(key);
  }

  /**
   * Reject with a reason: the card's reject option (reject_once first; `cancelled` when none is offered), then the
   * reason goes to the agent as the person's next message of that session. ACP has no field for a reason. The turn
   * the request belongs to is still running, so the message waits in the session's queue (before any follow-up the
   * person sent during that turn: it is about this turn) and goes out when that turn ends (shown as waiting until
   * then; Stop takes it back into the message box); with no turn running it is sent at once (`Session.sendReason`).
   * A reason the queue has no room for goes to `giveBack`, for the session's message box.
   */
  rejectWithReason(
    key: string,
    reason: string,
    giveBack?: (sessionKey: string, text: string) => void,
  ): boolean {
    const prompt = this.pending.get(key);
    const session = prompt && this.sessions.get(prompt.sessionKey);
    const text = reason.trim();
    if (!prompt || !session || text === "") {
      this.env.log.warn(`Ignored a reject with a reason for ${key}: no such pending request, or no reason.`);
      return false;
    }
    if (!this.broker.deny(key)) return false;
    void session.sendReason(text).then((back) => {
      if (back !== undefined) giveBack?.(session.key, back);
    });
    return true;
  }

  promptView(prompt: PermissionPrompt): SentPromptView {
    return this.broker.promptView(prompt);
  }

  /**
   * Bypass Permissions on a card, confirmed (`host/bypassCommands.bypassFromCard`): approve this request once with
   * `allow_once` and store `bypassPermissions: true` for its agent in user settings. Refused when the card does not
   * offer it. Rejects when the setting could not be
   * saved (the request stays approved; bypass stays off).
   */
  /** The agent of a waiting card that offers Bypass Permissions; undefined when it offers none (or is not waiting). */
  bypassOfferedFor(key: string): string | undefined {
    const prompt = this.pending.get(key);
    return prompt && this.broker.allowOnce(prompt) && this.broker.offeredBypass(prompt)
      ? prompt.agentName
      : undefined;
  }

  async bypass(key: string): Promise<boolean> {
    const prompt = this.pending.get(key);
    const allowOnce = prompt && this.broker.allowOnce(prompt);
    // The webview is not an authority: the intent is honoured only where the card itself offers the button.
    if (!prompt || !allowOnce || !this.broker.offeredBypass(prompt)) {
      this.env.log.warn(
        `Ignored Bypass Permissions for ${key}: not pending, or bypass is not offered for it.`,
      );
      return false;
    }
    this.pending.resolve(key, allowOnce.optionId, "user");
    if (this.isBypassed(prompt.agentName)) return true;
    // Removed or renamed in the settings since the card came: this request only. Written, the entry would have no
    // command, and the name would stay bypassed in memory for whatever agent the settings give it next.
    if (prompt.agentName !== DEMO_AGENT_NAME && !this.bypassState.definition(prompt.agentName)) {
      this.env.log.info(
        `Approved once; Bypass not turned on: ${prompt.agentName} is no longer in the settings.`,
      );
      return true;
    }
    await this.setBypass(prompt.agentName, true);
    this.env.log.info(`Bypass Permissions turned on for ${prompt.agentName}.`);
    return true;
  }

  /**
   * "Allow in this session" / "Always allow …" on a card: the broker re-checks the (edited) rule and approves the
   * request once; then the rule is kept for the session, or appended to user settings through the same chain as
   * the Bypass writes, in effect at once. Rejects when the setting could not be saved (the request stays approved,
   * the rule is dropped).
   */
  async grant(key: string, scope: "session" | "always", edit: RuleEdit): Promise<GrantResult> {
    const result = this.broker.grant(key, scope, edit);
    if (!result.ok) {
      this.env.log.warn(`Refused a grant for ${key}: ${result.reason}.`);
      return result;
    }
    if (scope === "session") {
      this.addSessionGrant(result.sessionKey, result.rule);
      return result;
    }
    const saved = { rule: result.rule, written: false };
    this.savedRules.push(saved);
    this.removedRules = this.removedRules.filter((removed) => removed.key !== userRuleKey(result.rule));
    const write = this.settingsWrites.then(() => this.env.addPermissionRule?.(ruleToEntry(result.rule)));
    this.settingsWrites = write.catch(() => undefined);
    try {
      await write;
      saved.written = true;
    } catch (error) {
      this.savedRules = this.savedRules.filter((other) => other !== saved);
      throw error;
    }
    return result;
  }

  /** "Also approve the N pending requests this rule covers": how many were approved. */
  approveOffer(offerId: string): number {
    return this.broker.approveOffer(offerId);
  }

  /** The pending list: allow once or reject several cards in one step; how many were answered. */
  answerMany(keys: readonly string[], answer: "allow" | "reject"): number {
    return this.broker.answerMany(keys, answer);
  }

  /** Every open session's grants ("Allow in this session"), for Manage Permissions. */
  sessionGrants(): {
    sessionKey: string;
    agentName: string;
    sessionTitle: string;
    /** The session's tab, counted from 1 in the order they were opened: the agent chooses the title, not this. */
    tab: number;
    grant: SessionGrant;
  }[] {
    return [...this.sessions.values()].flatMap((session, index) =>
      session.grants.list().map((grant) => ({
        sessionKey: session.key,
        agentName: session.model.agentName,
        sessionTitle: session.model.title,
        tab: index + 1,
        grant,
      })),
    );
  }

  /** Grants `rule` for the rest of a session; undefined when the session is gone. */
  addSessionGrant(sessionKey: string, rule: PermissionRule): SessionGrant | undefined {
    const session = this.sessions.get(sessionKey);
    if (!session || session.disposed) return undefined;
    const grant = session.grants.add(rule);
    this.env.log.info(`Granted for this ${session.model.agentName} session: ${grant.rule.label}.`);
    return grant;
  }

  /** Takes a session grant back, effective for the very next request. */
  revokeSessionGrant(sessionKey: string, grantId: string): boolean {
    const session = this.sessions.get(sessionKey);
    if (!session?.grants.revoke(grantId)) return false;
    this.broker.dropOffers();
    this.env.log.info(`Revoked a grant of a ${session.model.agentName} session.`);
    return true;
  }

  /** Deactivation: answer everything `cancelled`, cancel running turns, kill every agent. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    // Every agent is gone within this, what ignores TERM included: the second the answers may take to go out comes
    // out of the kill's grace, not on top of it.
    const killBy = Date.now() + SHUTDOWN_MS;
    const opened = this.pool.shutdown();
    this.pending.cancelAll("shutdown");
    this.pool.runtimeIfLoaded?.terminals.releaseAll();
    const scopes = await opened;
    const running = scopes.flatMap((scope) => scope.runningSessions());
    for (const session of this.sessions.values()) session.dispose();
    // The SDK drops writes still queued when its connection closes, so the `cancelled` answers and `session/cancel`
    // never reached the agents. Let them through first: one turn of the event loop queues the answers, the cancels
    // go out behind them, then one more turn hands them to the pipes. Bounded: an agent that stops reading its stdin
    // must not hold up shutdown; a second, not less, since on a loaded machine the turns alone took over 250 ms and
    // the cancels were dropped (the kill's grace follows, and VS Code waits for deactivation longer).
    const yieldOnce = () => new Promise<void>((resolve) => setImmediate(resolve));
    const flushed = (async () => {
      await yieldOnce();
      await Promise.all(running.map((session) => session.sendCancel()));
      await yieldOnce();
    })();
    let bound: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([flushed, new Promise((resolve) => (bound = setTimeout(resolve, 1_000)))]);
    clearTimeout(bound);
    await Promise.all(scopes.map((scope) => scope.end("Symposium is shutting down.", "shutdown", killBy)));
    this.listeners.clear();
  }

  // -------------------------------------------------------------------------------------------------------------

  /**
   * Where new sessions start: the first workspace folder the policy works in. A workspace listing the home folder (or
   * `/`) first would start agents where nothing counts as inside and every command asks.
   */
  private startFolder(): string | undefined {
    const roots = this.env.workspaceRoots();
    const paths = this.env.workspacePaths();
    return roots.find((root) => paths.check(root).status === "inside") ?? roots[0];
  }

  private launchFor(agentName: string): AgentLaunch {
    const cwd = this.startFolder();
    if (!cwd) throw new Error("Open a folder: agents work inside a workspace folder.");
    const scratch = this.env.scratchFolder !== undefined ? { scratch: this.env.scratchFolder } : {};
    if (agentName === DEMO_AGENT_NAME) return { ...this.env.demoAgent, name: agentName, cwd, ...scratch };
    const definition = this.bypassState.definition(agentName);
    if (!definition) throw new Error(`No agent named "${agentName}" in symposium.agents (user settings).`);
    const { command, args, env } = definition;
    return { name: agentName, command, args, env, cwd, ...scratch };
  }

  /**
   * A tab whose start failed closed: the agent kept for its Try again ends, unless a session uses it or another failed
   * tab of the agent may still try again on it.
   */
  private async closedFailedStart(session: Session): Promise<void> {
    const name = session.model.agentName;
    if (session.model.status !== "error") return;
    const failedTabLeft = [...this.sessions.values()].some(
      (other) => other.model.agentName === name && !other.connection && other.model.status === "error",
    );
    const scope = failedTabLeft ? undefined : await this.pool.current(name);
    if (scope) await this.releaseIfUnused(scope);
  }

  /**
   * Ends a connection that carries no session and that no session is starting on: those that got it count as its own
   * (`ConnectionScope.begin`); those still waiting for a connection may get it unless it is retired.
   */
  private async releaseIfUnused(scope: ConnectionScope): Promise<void> {
    // Tabs that failed or ended hold no connection either, and wait for none.
    const starting =
      scope.usable &&
      [...this.sessions.values()].some(
        (session) =>
          session.model.agentName === scope.name &&
          !session.connection &&
          session.model.status === "starting",
      );
    if (scope.isEmpty && !starting) await this.pool.release(scope);
  }

  private async newSession(
    scope: ConnectionScope,
    cwd: string,
    closed: AbortSignal,
  ): Promise<{ sessionId: string; response: Record<string, unknown> }> {
    const { connection } = scope;
    try {
      return await connection.createSession(cwd, this.timeouts.newSessionMs);
    } catch (error) {
      const methods = connection.authMethods;
      if (!isAuthRequired(error) || methods.length === 0) throw error;
      // The tab closed before or while the person picked: no sign-in (a browser login, for some agents) for a session
      // nobody waits for.
      if (closed.aborted) throw new SessionClosedError();
      const methodId = await this.env.chooseAuthMethod(connection.name, methods, closed);
      if (closed.aborted) throw new SessionClosedError();
      if (!methodId)
        throw new Error(`${connection.name} needs you to sign in before it can start a session.`);
      await connection.authenticate(methodId, this.timeouts.newSessionMs);
      return connection.createSession(cwd, this.timeouts.newSessionMs);
    }
  }

  private emitBypassChange(): void {
    const headers = [...this.sessions.values()].map((session) => session.header());
    this.emit([{ op: "agents", agents: this.agentChoices() }, ...headers]);
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

function isAuthRequired(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === -32000;
}

/** A user rule as its settings entry says it, to tell the same rule read back from the settings. */
function userRuleKey(rule: PermissionRule): string {
  return `${rule.action} ${JSON.stringify(ruleToEntry(rule))}`;
}

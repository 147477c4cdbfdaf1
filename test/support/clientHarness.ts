/**
 * Runs the real ACP client (`AgentSessions`) in plain Node against real agent processes: the scripted test agent
 * (`out/test/agents/scriptedAgent.js`) or the demo agent. Everything the agent received is read back from its log
 * and checked against the official JSON schema of the negotiated version.
 */
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AgentSessions, type Environment, type Logger } from "../../src/acp/agentSessions";
import type { PendingLimits } from "../../src/core/pendingApprovals";
import { parseAgentSettings } from "../../src/core/settings";
import type { RevisionReader } from "../../src/core/policy/gitChanges";
import { PolicyBoundary, type BoundaryOptions } from "../../src/core/policy/resolvePath";
import { ScratchFolder } from "../../src/core/scratchFolder";
import type { ViewOp } from "../../src/shared/protocol";
import { validateFrame, type AcpVersion } from "./acpSchema";
import { readJsonLines } from "../../tools/jsonLines";

export const SCRIPTED_AGENT = join(__dirname, "..", "agents", "scriptedAgent.js");
export const DEMO_AGENT = join(__dirname, "..", "..", "..", "dist", "demoAgent.js");

export type LogEntry = { kind: string; t: number } & Record<string, unknown>;

export interface HarnessOptions {
  protocol?: "v1" | "v2" | "dual";
  bypass?: boolean;
  agentEnv?: Record<string, string>;
  command?: string;
  /** With `command`: its arguments (default none). */
  args?: string[];
  /** How the "person" picks a sign-in method (default: cancels). */
  chooseAuthMethod?: Environment["chooseAuthMethod"];
  limits?: PendingLimits;
  timeouts?: Partial<NonNullable<Environment["timeouts"]>>;
  maxMessageBytes?: number;
  trusted?: boolean;
  /** How the agent starts (default: its process, spawned by the client). */
  startAgent?: Environment["startAgent"];
  /** Permission rules, as settings would give them. */
  rules?: Environment["permissionRules"];
  /** The person's answer when a mode would let the agent act without asking (default: no such confirmation). */
  confirmUnattended?: Environment["confirmUnattended"];
  /** Where "Always allow …" writes its rule (user settings in the product). */
  addPermissionRule?: Environment["addPermissionRule"];
  removePermissionRule?: Environment["removePermissionRule"];
  /** Folders outside the workspace that count as inside it (`symposium.additionalFolders`). */
  additionalFolders?: string[];
  /** What a revision writes, as git lists it (the product's `revisionChanges`); default: not read, so such commands ask. */
  revisionChanges?: RevisionReader;
  /** The folder git runs hooks from (the product's `hooksFolder`); default: not read. */
  hooksFolder?: BoundaryOptions["hooksFolder"];
  /**
   * A scratch folder as the extension makes one (agents' and terminals' TMPDIR, a folder writes may go to), removed
   * by `dispose` after the client, as the extension's shutdown does; default none.
   */
  scratchFolder?: boolean;
  /** The editor's open text of a file (default none: every file is read from disk); called as the client reads one. */
  openText?: (path: string) => string | undefined;
}

export class ClientHarness {
  readonly workspace = realpathSync(mkdtempSync(join(tmpdir(), "symposium-client-")));
  readonly logFile = join(this.workspace, "..", `${this.workspace.split("/").pop()}-agent.jsonl`);
  readonly ops: ViewOp[] = [];
  readonly logLines: string[] = [];
  readonly versions = new Map<string, 1 | 2>();
  /** The links opened for agents (`Environment.openExternal`), in order. */
  readonly opened: string[] = [];
  readonly sessions: AgentSessions;
  agentsSetting: Record<string, unknown>;
  bypassWrites: { agent: string; value: boolean }[] = [];
  /** The workspace's folders, first where agents start: `workspace` alone unless a test changes them. */
  private folders: string[] = [this.workspace];
  private paths: PolicyBoundary;
  private readonly boundaryFor: (folders: string[]) => PolicyBoundary;
  readonly scratch: ScratchFolder | undefined;

  constructor(options: HarnessOptions = {}) {
    writeFileSync(join(this.workspace, "README.md"), "# Test workspace\n");
    writeFileSync(this.logFile, "");
    this.agentsSetting = {
      Scripted: {
        command: options.command ?? process.execPath,
        args: options.command
          ? (options.args ?? [])
          : [SCRIPTED_AGENT, "--protocol", options.protocol ?? "dual"],
        env: { SCRIPTED_AGENT_LOG: this.logFile, ...options.agentEnv },
        bypassPermissions: options.bypass ?? false,
      },
    };
    const log: Logger = {
      trace: () => undefined,
      debug: (m) => this.logLines.push(`debug ${m}`),
      info: (m) => this.logLines.push(`info ${m}`),
      warn: (m) => this.logLines.push(`warn ${m}`),
      error: (m) => this.logLines.push(`error ${m}`),
    };
    this.scratch = options.scratchFolder ? new ScratchFolder() : undefined;
    const scratch = this.scratch?.path;
    this.boundaryFor = (folders) =>
      new PolicyBoundary(folders, {
        additionalFolders: [
          ...(options.additionalFolders ?? []),
          ...(scratch !== undefined ? [scratch] : []),
        ],
        ...(options.revisionChanges ? { revisionChanges: options.revisionChanges } : {}),
        ...(options.hooksFolder ? { hooksFolder: options.hooksFolder } : {}),
      });
    this.paths = this.boundaryFor(this.folders);
    this.sessions = new AgentSessions({
      readAgents: () => parseAgentSettings(this.agentsSetting),
      demoAgent: { command: process.execPath, args: [DEMO_AGENT], env: {} },
      workspaceRoots: () => [...this.folders],
      workspaceTrusted: () => options.trusted ?? true,
      workspacePaths: () => this.paths,
      ...(options.rules ? { permissionRules: options.rules } : {}),
      ...(options.addPermissionRule ? { addPermissionRule: options.addPermissionRule } : {}),
      ...(options.removePermissionRule ? { removePermissionRule: options.removePermissionRule } : {}),
      // No editor: every file is read and written from disk by the client itself.
      documents: { openText: options.openText ?? (() => undefined) },
      writeBypass: (agent, value) => {
        this.bypassWrites.push({ agent, value });
        return Promise.resolve();
      },
      chooseAuthMethod: options.chooseAuthMethod ?? (() => Promise.resolve(undefined)),
      openExternal: (url) => this.opened.push(url),
      versionMemory: { get: (name) => this.versions.get(name), set: (name, v) => this.versions.set(name, v) },
      log,
      clientVersion: "0.0.0-test",
      ...(options.limits ? { limits: options.limits } : {}),
      timeouts: { initializeMs: 10_000, newSessionMs: 10_000, stopGraceMs: 2_000, ...options.timeouts },
      ...(options.maxMessageBytes ? { maxMessageBytes: options.maxMessageBytes } : {}),
      ...(options.startAgent ? { startAgent: options.startAgent } : {}),
      ...(options.confirmUnattended ? { confirmUnattended: options.confirmUnattended } : {}),
      ...(scratch !== undefined ? { scratchFolder: scratch } : {}),
    });
    this.sessions.onDidChange((ops) => this.ops.push(...ops));
  }

  /** The workspace's folders change (added, removed, reordered), as `onDidChangeWorkspaceFolders` tells the host. */
  setFolders(folders: string[]): void {
    this.folders = [...folders];
    this.paths = this.boundaryFor(this.folders);
  }

  /** Starts a session and sends a script (or plain text) without waiting for the turn to end. */
  async run(script: object | string, agentName = "Scripted"): Promise<string> {
    const key = await this.sessions.startSession(agentName);
    void this.sessions.sendPrompt(key, typeof script === "string" ? script : JSON.stringify(script));
    return key;
  }

  agentLog(): LogEntry[] {
    return readJsonLines<LogEntry>(this.logFile);
  }

  /** How many answers the agent logged, without parsing the log (cheap enough to poll during a flood). */
  outcomeCount(): number {
    return readFileSync(this.logFile, "utf8").split('"kind":"outcome"').length - 1;
  }

  outcomes(): LogEntry[] {
    return this.agentLog().filter((e) => e.kind === "outcome");
  }

  /** Sends a script (or plain text) as the next prompt of an existing session, without waiting for the turn. */
  send(sessionKey: string, script: object | string): void {
    void this.sessions.sendPrompt(sessionKey, typeof script === "string" ? script : JSON.stringify(script));
  }

  /** The log's entries of one kind, parsing only the lines that may be one (every test's `afterEach` reads two). */
  entriesOf(kind: string): LogEntry[] {
    return readJsonLines<LogEntry>(this.logFile, `"kind":${JSON.stringify(kind)}`).filter(
      (e) => e.kind === kind,
    );
  }

  /** Pids of every agent process started so far (from the log's `start` entries), oldest first. */
  agentPids(): number[] {
    return this.entriesOf("start").map((e) => e.pid as number);
  }

  /** Pids of the children agents started with `spawnChild`. */
  childPids(): number[] {
    return this.entriesOf("child").flatMap((e) => (typeof e.pid === "number" ? [e.pid] : []));
  }

  /** The answers to `call` steps (v1 `fs/*`, `terminal/*`), in the order they arrived. */
  callResults(): LogEntry[] {
    return this.agentLog().filter((e) => e.kind === "callResult");
  }

  /**
   * Permission requests the agents sent through the SDK and how many answers each got, keyed by
   * `<agentPid>:<requestIndex>`. A request that was never answered maps to 0.
   */
  answerCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const entry of this.agentLog()) {
      if (entry.kind === "frame" && entry.direction === "sent" && typeof entry.requestIndex === "number") {
        counts.set(`${String(entry.agentPid)}:${entry.requestIndex}`, 0);
      }
      if (entry.kind === "outcome") {
        const key = `${String(entry.agentPid)}:${String(entry.requestIndex)}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
    return counts;
  }

  /** Schema errors in what the client sent, per the version the agent negotiated. */
  clientFrameErrors(version: AcpVersion): string[] {
    const methodsById = new Map<string, string>();
    const errors: string[] = [];
    for (const entry of this.agentLog()) {
      if (entry.kind !== "frame") continue;
      const frame = entry.frame as Record<string, unknown> | undefined;
      if (!frame) continue;
      if (entry.direction === "sent" && typeof frame.method === "string" && "id" in frame) {
        methodsById.set(JSON.stringify(frame.id), frame.method);
      }
      if (entry.direction !== "received") continue;
      // Frames before the version was chosen (the v2 `initialize` a v1-only agent refused) belong to the attempt
      // in that version; they are validated against the version they asked for.
      const frameVersion =
        frame.method === "initialize"
          ? (frame.params as { protocolVersion?: number })?.protocolVersion === 1
            ? 1
            : 2
          : version;
      const method = "method" in frame ? undefined : methodsById.get(JSON.stringify(frame.id));
      for (const error of validateFrame(frameVersion, "client", frame, method)) {
        errors.push(`${JSON.stringify(frame).slice(0, 160)}: ${error}`);
      }
    }
    return errors;
  }

  async dispose(): Promise<void> {
    await this.sessions.dispose();
    this.scratch?.dispose();
    rmSync(this.workspace, { recursive: true, force: true });
    rmSync(this.logFile, { force: true });
  }
}

export { waitFor } from "../../tools/waitFor";

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

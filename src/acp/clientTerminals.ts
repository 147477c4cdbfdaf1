/**
 * `terminal/*` for v1 agents: commands run without a shell, in their own process group, with `cwd` inside the
 * workspace, output kept to `outputByteLimit` (cut on a UTF-8 character boundary), a bounded number per session, and
 * the whole group killed on `kill`, `release`, session end and deactivation.
 */
import * as v1 from "@agentclientprotocol/sdk";
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import type { WorkspacePaths } from "../core/workspacePaths";

export const TERMINAL_LIMITS = {
  perSession: 8,
  defaultOutputBytes: 1024 * 1024,
  maxOutputBytes: 16 * 1024 * 1024,
};

export interface ExitStatus {
  exitCode: number | null;
  signal: string | null;
}

interface Terminal {
  id: string;
  sessionKey: string;
  child: ChildProcess;
  output: Buffer<ArrayBufferLike>;
  truncated: boolean;
  limit: number;
  exit: Promise<ExitStatus>;
  exitStatus?: ExitStatus;
}

export interface CreateTerminalParams {
  command: string;
  args?: string[] | null;
  env?: { name: string; value: string }[] | null;
  cwd?: string | null;
  outputByteLimit?: number | null;
}

/** Output changes, for showing a terminal's output on its tool call. */
export type TerminalListener = (
  sessionKey: string,
  terminalId: string,
  output: string,
  truncated: boolean,
  exit?: ExitStatus,
) => void;

export class ClientTerminals {
  private readonly terminals = new Map<string, Terminal>();

  constructor(
    private readonly paths: () => WorkspacePaths,
    private readonly defaultCwd: () => string | undefined,
    private readonly onChange: TerminalListener,
  ) {}

  create(sessionKey: string, params: CreateTerminalParams): { terminalId: string } {
    if (
      [...this.terminals.values()].filter((t) => t.sessionKey === sessionKey).length >=
      TERMINAL_LIMITS.perSession
    ) {
      throw v1.RequestError.invalidRequest(
        undefined,
        `at most ${TERMINAL_LIMITS.perSession} terminals per session; release one first`,
      );
    }
    const requestedCwd = params.cwd ?? this.defaultCwd();
    const cwd = requestedCwd ? this.paths().resolveInside(requestedCwd) : undefined;
    if (!cwd)
      throw v1.RequestError.invalidParams(
        { cwd: requestedCwd },
        "the terminal's cwd must be inside the workspace",
      );
    if (typeof params.command !== "string" || params.command.length === 0 || params.command.includes("\0")) {
      throw v1.RequestError.invalidParams(undefined, "a command is required");
    }
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const variable of params.env ?? []) env[variable.name] = variable.value;
    const limit = Math.min(
      Math.max(0, params.outputByteLimit ?? TERMINAL_LIMITS.defaultOutputBytes),
      TERMINAL_LIMITS.maxOutputBytes,
    );
    const child = spawn(params.command, params.args ?? [], {
      cwd,
      env,
      shell: false,
      detached: process.platform !== "win32",
      stdio: ["ignore", "pipe", "pipe"],
      windowsHide: true,
    });
    const id = randomUUID();
    const terminal: Terminal = {
      id,
      sessionKey,
      child,
      output: Buffer.alloc(0),
      truncated: false,
      limit,
      exit: new Promise((resolve) => {
        const finish = (status: ExitStatus) => {
          if (terminal.exitStatus) return;
          terminal.exitStatus = status;
          this.notify(terminal);
          resolve(status);
        };
        child.once("error", (error) => {
          this.append(terminal, Buffer.from(`${error.message}\n`));
          finish({ exitCode: null, signal: null });
        });
        child.once("close", (code, signal) => finish({ exitCode: code, signal }));
        // "close" waits until every holder of the output pipes is gone, so a daemon or watcher the command left
        // running (still in its group, killed on release) made wait_for_exit hang after the command had ended.
        // The exit counts; the pipes get a moment to deliver what the command wrote before it exited.
        child.once("exit", (code, signal) => setTimeout(() => finish({ exitCode: code, signal }), 100));
      }),
    };
    child.stdout?.on("data", (chunk: Buffer) => this.append(terminal, chunk));
    child.stderr?.on("data", (chunk: Buffer) => this.append(terminal, chunk));
    this.terminals.set(id, terminal);
    return { terminalId: id };
  }

  output(
    sessionKey: string,
    terminalId: string,
  ): { output: string; truncated: boolean; exitStatus?: ExitStatus } {
    const terminal = this.get(sessionKey, terminalId);
    return {
      output: terminal.output.toString("utf8"),
      truncated: terminal.truncated,
      ...(terminal.exitStatus ? { exitStatus: terminal.exitStatus } : {}),
    };
  }

  async waitForExit(sessionKey: string, terminalId: string): Promise<ExitStatus> {
    return this.get(sessionKey, terminalId).exit;
  }

  kill(sessionKey: string, terminalId: string): Record<string, never> {
    killGroup(this.get(sessionKey, terminalId).child);
    return {};
  }

  release(sessionKey: string, terminalId: string): Record<string, never> {
    this.remove(this.get(sessionKey, terminalId));
    return {};
  }

  releaseSession(sessionKey: string): void {
    for (const terminal of [...this.terminals.values()])
      if (terminal.sessionKey === sessionKey) this.remove(terminal);
  }

  releaseAll(): void {
    for (const terminal of [...this.terminals.values()]) this.remove(terminal);
  }

  private remove(terminal: Terminal): void {
    killGroup(terminal.child);
    this.terminals.delete(terminal.id);
  }

  /** A terminal of that session: another session's terminal id is "no such terminal", not a way to reach it. */
  private get(sessionKey: string, terminalId: string): Terminal {
    const terminal = this.terminals.get(terminalId);
    if (!terminal || terminal.sessionKey !== sessionKey)
      throw v1.RequestError.invalidParams({ terminalId }, "no such terminal");
    return terminal;
  }

  private append(terminal: Terminal, chunk: Buffer): void {
    let output: Buffer<ArrayBufferLike> = Buffer.concat([terminal.output, chunk]);
    if (output.length > terminal.limit) {
      output = dropToCharBoundary(output.subarray(output.length - terminal.limit));
      terminal.truncated = true;
    }
    terminal.output = output;
    this.notify(terminal);
  }

  private notify(terminal: Terminal): void {
    this.onChange(
      terminal.sessionKey,
      terminal.id,
      terminal.output.toString("utf8"),
      terminal.truncated,
      terminal.exitStatus,
    );
  }
}

/** Drops leading UTF-8 continuation bytes so the kept tail starts on a character boundary. */
export function dropToCharBoundary(bytes: Buffer<ArrayBufferLike>): Buffer<ArrayBufferLike> {
  let start = 0;
  while (start < bytes.length && start < 4 && (bytes[start]! & 0xc0) === 0x80) start++;
  return bytes.subarray(start);
}

/** Kills the whole group: children the command forked die with it, even after the leader exited. */
function killGroup(child: ChildProcess): void {
  try {
    if (process.platform === "win32") child.kill("SIGKILL");
    else if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

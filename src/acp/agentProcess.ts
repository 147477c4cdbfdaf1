/**
 * One agent process: its bare command resolved on PATH without the current folder, spawned without a shell in its own
 * process group and marked as a tree (`processTree`), stderr kept in a ring buffer, and the whole tree killed on the
 * way out (TERM, then KILL), when it exits on its own, and by a watchdog when the extension host dies. Its `id` is its
 * identity: everything keyed to a process (pending requests, sessions) uses it, so a late exit of a replaced process
 * never touches its successor.
 */
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { randomUUID } from "node:crypto";
import { statSync } from "node:fs";
import { homedir } from "node:os";
import { parse } from "node:path";
import { RingBuffer } from "../core/text";
import { resolveCommand, withAbsolutePath } from "../core/commandPath";
import { markedEnv, newTreeMarker, signalTree, spawnResolved, startWatchdog } from "./processTree";

export interface AgentLaunch {
  /** The settings key, used in messages. */
  name: string;
  command: string;
  args: readonly string[];
  /** Added over the host's environment. */
  env: Readonly<Record<string, string>>;
  /** The folder its sessions work in (`session/new`), not the folder the process starts in (`AgentProcess.start`). */
  cwd: string;
  /** The window's scratch folder: its TMPDIR unless `env` sets one, which stands. */
  scratch?: string;
}

export interface AgentExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export class AgentStartError extends Error {}

const KILL_GRACE_MS = 2_000;

export class AgentProcess {
  readonly id = randomUUID();
  readonly stderr = new RingBuffer(200);
  readonly exited: Promise<AgentExit>;
  private exitInfo: AgentExit | undefined;
  private readonly watchdog: { dispose(): void } | undefined;

  private constructor(
    readonly launch: AgentLaunch,
    readonly child: ChildProcessWithoutNullStreams,
    /** The absolute path that was spawned (for the log). */
    readonly resolvedCommand: string,
    private readonly marker: string,
  ) {
    this.watchdog = child.pid !== undefined ? startWatchdog(child.pid, marker) : undefined;
    this.exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        this.exitInfo = { code, signal };
        // Whatever the agent started ends with it, daemons and `setsid` children included. Node has reaped it: its
        // pid may be another process's by now.
        signalTree(child.pid, marker, "SIGKILL", true);
        this.watchdog?.dispose();
        resolve(this.exitInfo);
      });
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => this.stderr.push(chunk));
    // A broken pipe to a dead agent surfaces as the connection closing; it must not crash the host.
    child.stdin.on("error", () => undefined);
  }

  /** Spawns the agent and waits until the OS started it; a missing command becomes a clear `AgentStartError`. */
  static async start(launch: AgentLaunch): Promise<AgentProcess> {
    // It runs in the repository: what it runs by name (its own `#!/usr/bin/env node` included) is not looked up there.
    const env = withAbsolutePath({
      ...process.env,
      ...(launch.scratch !== undefined ? { TMPDIR: launch.scratch } : {}),
      ...launch.env,
    });
    // Windows: the agent's own lookups of bare names (cmd.exe's) skip the current folder too.
    if (process.platform === "win32") env.NoDefaultCurrentDirectoryInExePath = "1";
    // The process starts in the home folder, and a command or argument relative to a folder names one there: started in
    // the workspace, `npx -y <agent>` ran the repository's own `node_modules/.bin/<agent>` (or its `node`, through the
    // package's `#!/usr/bin/env node`), took the registry of its `.npmrc` and put its `node_modules/.bin` first on the
    // agent's PATH; a command such as `./bin/agent` ran the file of any repository open. The agent is told the
    // workspace in `session/new`. `~/` is the home folder, as a shell reads it.
    const home = startFolder();
    const command = launch.command.replace(/^~(?=[/\\])/, home);
    const resolved = resolveCommand(command, env);
    if (!resolved) throw startError(launch, Object.assign(new Error("not found"), { code: "ENOENT" }));
    const marker = newTreeMarker();
    // A batch file (`npx.cmd`) runs through cmd.exe on Windows (`spawnResolved`).
    let child: ChildProcessWithoutNullStreams;
    try {
      child = spawnResolved(resolved, launch.args, {
        cwd: home,
        env: markedEnv(env, marker),
        shell: false,
        detached: process.platform !== "win32", // own process group, so the whole tree can be killed
        stdio: ["pipe", "pipe", "pipe"],
        windowsHide: true,
      }) as ChildProcessWithoutNullStreams; // all three piped
    } catch (error) {
      throw startError(launch, error as NodeJS.ErrnoException); // an argument no process can take (a NUL)
    }
    await new Promise<void>((resolve, reject) => {
      child.once("spawn", resolve);
      child.once("error", (error: NodeJS.ErrnoException) => reject(startError(launch, error)));
    });
    return new AgentProcess(launch, child, resolved, marker);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get stdin(): ChildProcessWithoutNullStreams["stdin"] {
    return this.child.stdin;
  }

  get stdout(): ChildProcessWithoutNullStreams["stdout"] {
    return this.child.stdout;
  }

  get hasExited(): boolean {
    return this.exitInfo !== undefined;
  }

  /**
   * Kills the process tree: TERM, then KILL after a grace period, or at `killBy` (a `Date.now()` time) when given.
   * Resolves once the process itself exited.
   */
  async kill(killBy?: number): Promise<AgentExit> {
    if (!this.hasExited) {
      this.signalGroup("SIGTERM");
      const grace = killBy === undefined ? KILL_GRACE_MS : Math.max(0, killBy - Date.now());
      const timer = setTimeout(() => this.signalGroup("SIGKILL"), grace);
      await this.exited;
      clearTimeout(timer);
    }
    // Children that ignored TERM or left the group may outlive the leader.
    this.signalGroup("SIGKILL");
    this.watchdog?.dispose();
    return this.exited;
  }

  /** A sentence for the user: how it ended and the last lines it wrote to stderr. */
  describeExit(exit: AgentExit | undefined = this.exitInfo): string {
    const how = !exit
      ? "stopped responding"
      : exit.signal
        ? `was stopped by ${exit.signal}`
        : `exited with code ${exit.code ?? "unknown"}`;
    const tail = this.stderr.tail(5).filter((line) => line.trim());
    return tail.length
      ? `${this.launch.name} ${how}. Last output:\n${tail.join("\n")}`
      : `${this.launch.name} ${how}.`;
  }

  private signalGroup(signal: NodeJS.Signals): void {
    signalTree(this.child.pid, this.marker, signal, this.hasExited);
  }
}

/** The home folder, or where there is none (a container's `HOME=/nonexistent`) the file system's root. */
function startFolder(): string {
  const home = homedir();
  try {
    if (statSync(home).isDirectory()) return home;
  } catch {
    // No such folder: a spawn there fails as if the command were missing.
  }
  return parse(home).root || "/";
}

function startError(launch: AgentLaunch, error: NodeJS.ErrnoException): AgentStartError {
  const where = `symposium.agents → "${launch.name}" → command in your user settings`;
  if (error.code === "ENOENT") {
    return new AgentStartError(
      `Could not start ${launch.name}: the command "${launch.command}" was not found. Check ${where}.`,
    );
  }
  if (error.code === "EACCES") {
    return new AgentStartError(
      `Could not start ${launch.name}: "${launch.command}" is not executable. Check ${where}.`,
    );
  }
  return new AgentStartError(`Could not start ${launch.name}: ${error.message}. Check ${where}.`);
}

/**
 * `terminal/*` for v1 agents: commands run without a shell, in their own process group and marked as a tree
 * (`processTree`), with `cwd` inside the workspace, output kept in a ring of `outputByteLimit` bytes (cut on a UTF-8
 * character boundary when read), a bounded number per session, an optional wall-clock limit, and the whole tree
 * (descendants that call `setsid` or daemonise included) killed on `kill`, `release`, session end and deactivation,
 * and by a watchdog when the extension host dies.
 */
import * as v1 from "@agentclientprotocol/sdk";
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { closeSync, constants, openSync, readlinkSync } from "node:fs";
import { isAbsolute } from "node:path";
import { LIMITS } from "../shared/protocol";
import { markedEnv, newTreeMarker, signalTree, spawnResolved, startWatchdog } from "./processTree";
import { resolveCommand, withAbsolutePath } from "../core/commandPath";
import { errorMessage } from "../core/errorMessage";

export const TERMINAL_LIMITS = {
  perSession: 8,
  defaultOutputBytes: 1024 * 1024,
  maxOutputBytes: 16 * 1024 * 1024,
};

export interface ExitStatus {
  exitCode: number | null;
  signal: string | null;
}

/** How long output changes are gathered before the view hears of them: a flood updates it a few times a second. */
const NOTIFY_INTERVAL_MS = 100;
/** The view shows the tail of the output; only that much is decoded per update. */
const VIEW_TAIL_BYTES = LIMITS.terminalOutputChars;

/** Chunks shorter than this are copied into a shared block (`ByteRing.push`). */
const SMALL_CHUNK = 1024;
const BLOCK_BYTES = 16 * 1024;

/**
 * The last `limit` bytes of a stream, kept as the chunks that arrived: appending never copies what is already held,
 * and only a read joins (a part of) it. Small chunks are copied into blocks instead: a command writing a byte at a
 * time made each byte a Buffer of its own, about 300 bytes of host memory per byte of output.
 */
export class ByteRing {
  private chunks: Buffer[] = [];
  private first = 0; // index of the oldest chunk still held
  private skip = 0; // bytes of that chunk already dropped
  private held = 0;
  /** The block the last chunk views while small chunks still fit in it. */
  private block: Buffer | undefined;
  private blockFill = 0;
  truncated = false;

  constructor(private readonly limit: number) {}

  /** How many bytes are held. */
  get size(): number {
    return this.held;
  }

  push(chunk: Buffer): void {
    if (this.limit === 0) {
      this.truncated ||= chunk.length > 0;
      return;
    }
    if (chunk.length >= SMALL_CHUNK) {
      this.block = undefined;
      this.chunks.push(chunk);
    } else if (this.block && this.blockFill + chunk.length <= this.block.length) {
      chunk.copy(this.block, this.blockFill);
      this.blockFill += chunk.length;
      this.chunks[this.chunks.length - 1] = this.block.subarray(0, this.blockFill);
    } else {
      this.block = Buffer.allocUnsafe(BLOCK_BYTES);
      this.blockFill = chunk.copy(this.block, 0);
      this.chunks.push(this.block.subarray(0, this.blockFill));
    }
    this.held += chunk.length;
    while (this.held > this.limit) {
      const oldest = this.chunks[this.first]!;
      const room = oldest.length - this.skip;
      const excess = this.held - this.limit;
      this.truncated = true;
      if (room <= excess) {
        this.held -= room;
        this.first++;
        this.skip = 0;
      } else {
        this.skip += excess;
        this.held -= excess;
      }
    }
    if (this.first > 64 && this.first * 2 > this.chunks.length) {
      this.chunks = this.chunks.slice(this.first);
      this.first = 0;
    }
  }

  /** The last `maxBytes` bytes held (all by default), starting on a character boundary when anything was cut. */
  tail(maxBytes = this.limit): Buffer<ArrayBufferLike> {
    const want = Math.min(maxBytes, this.held);
    const parts: Buffer[] = [];
    let got = 0;
    for (let i = this.chunks.length - 1; i >= this.first && got < want; i--) {
      let chunk = this.chunks[i]!;
      if (i === this.first) chunk = chunk.subarray(this.skip);
      const take = Math.min(chunk.length, want - got);
      parts.push(take === chunk.length ? chunk : chunk.subarray(chunk.length - take));
      got += take;
    }
    const bytes = Buffer.concat(parts.reverse(), got);
    return this.truncated || want < this.held ? dropToCharBoundary(bytes) : bytes;
  }
}

/**
 * The folder a command is spawned in, held open (Linux): the child changes into the very folder that was checked,
 * through its descriptor (`/proc/self/fd/N`, still open in the child until it execs; `spawn` returns after that),
 * so a name swapped for a symlink after the check (a race an agent's own process can run) no longer leads it outside
 * the workspace.
 */
function heldFolder(folder: string): { cwd: string; release(): void } {
  if (process.platform !== "linux") return { cwd: folder, release: () => undefined };
  const fd = openSync(folder, constants.O_RDONLY | constants.O_DIRECTORY);
  let opened: string | undefined;
  try {
    opened = readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    opened = undefined; // no /proc: the name as checked
  }
  if (opened === folder) return { cwd: `/proc/self/fd/${fd}`, release: () => closeSync(fd) };
  closeSync(fd);
  if (opened !== undefined)
    throw v1.RequestError.invalidParams({ cwd: folder }, "the terminal's folder moved while it was opened");
  return { cwd: folder, release: () => undefined };
}

interface Terminal {
  id: string;
  sessionKey: string;
  /** The session's turn the command was started in (`Session.turn`): Stop ends that turn's commands. */
  turn: number | undefined;
  child: ChildProcess;
  marker: string;
  output: ByteRing;
  exit: Promise<ExitStatus>;
  exitStatus?: ExitStatus;
  notifyTimer?: ReturnType<typeof setTimeout>;
  deadline?: ReturnType<typeof setTimeout>;
  /** Kills the tree if the extension host dies before the terminal is released (`startWatchdog`). */
  watchdog?: { dispose(): void } | undefined;
}

export interface TerminalOptions {
  /** Wall-clock limit for one command in seconds; 0 or absent: none (`symposium.terminalTimeoutSeconds`). */
  timeoutSeconds?: () => number;
  /** The window's scratch folder, the commands' TMPDIR (`terminal/create` sets no variable: `clientHandlers`). */
  scratch?: string;
}

/**
 * What `terminal/create` runs. Its `cwd` is not read here: the command runs in the folder the caller checked and
 * matched the approval against (`create`'s `folder`), as resolving the agent's name for it again could reach another
 * folder by then (a link on its way re-pointed between the checks).
 */
export interface CreateTerminalParams {
  command: string;
  args?: string[] | null;
  env?: { name: string; value: string }[] | null;
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

/** Whether a child process has exited (and was reaped: its pid may be another process's since). */
function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

export class ClientTerminals {
  private readonly terminals = new Map<string, Terminal>();

  constructor(
    private readonly onChange: TerminalListener,
    private readonly options: TerminalOptions = {},
  ) {}

  /**
   * Runs a command in `folder`: the absolute folder, as the OS resolves it, that the caller checked (inside the
   * workspace) and approved the command in (`ApprovedCommand.cwd`). It is held open as that path (`heldFolder`),
   * and the terminal is refused when it no longer is that folder.
   */
  create(
    sessionKey: string,
    params: CreateTerminalParams,
    folder: string,
    turn?: number,
  ): { terminalId: string } {
    if (
      [...this.terminals.values()].filter((t) => t.sessionKey === sessionKey).length >=
      TERMINAL_LIMITS.perSession
    ) {
      throw v1.RequestError.invalidRequest(
        undefined,
        `at most ${TERMINAL_LIMITS.perSession} terminals per session; release one first`,
      );
    }
    if (!isAbsolute(folder))
      throw v1.RequestError.invalidParams(undefined, "the terminal's folder is not absolute");
    if (typeof params.command !== "string" || params.command.length === 0 || params.command.includes("\0")) {
      throw v1.RequestError.invalidParams(undefined, "a command is required");
    }
    const marker = newTreeMarker();
    const given: NodeJS.ProcessEnv = { ...process.env };
    if (this.options.scratch !== undefined) given.TMPDIR = this.options.scratch;
    for (const variable of params.env ?? []) given[variable.name] = variable.value;
    const env = withAbsolutePath(given);
    const limit = Math.min(
      Math.max(0, params.outputByteLimit ?? TERMINAL_LIMITS.defaultOutputBytes),
      TERMINAL_LIMITS.maxOutputBytes,
    );
    // A bare name is looked up in PATH's absolute folders only: an empty or relative entry would find a
    // repository's own `npm` in the cwd instead of the program the person approved.
    const program = resolveCommand(params.command, env);
    if (program === undefined)
      throw v1.RequestError.invalidParams(
        { command: params.command },
        `${params.command} was not found on PATH`,
      );
    const held = heldFolder(folder);
    let child: ChildProcess;
    try {
      // A batch file (`npm.cmd`) runs through cmd.exe on Windows (`spawnResolved`).
      child = spawnResolved(program, params.args ?? [], {
        argv0: params.command,
        cwd: held.cwd,
        env: markedEnv(env, marker), // set last: the agent's env cannot unmark the tree
        shell: false,
        detached: process.platform !== "win32",
        stdio: ["ignore", "pipe", "pipe"],
        windowsHide: true,
      });
    } catch (error) {
      // An argument cmd.exe cannot take in one command line (a line break): the agent is told why.
      throw v1.RequestError.invalidParams({ command: params.command }, errorMessage(error));
    } finally {
      held.release();
    }
    const id = randomUUID();
    const terminal: Terminal = {
      id,
      sessionKey,
      turn,
      child,
      marker,
      // Released terminals are killed by `remove`; a host that dies first (a crash, a kill) runs no code, and the
      // command leads a group of its own, so nothing else would end it.
      watchdog: child.pid !== undefined ? startWatchdog(child.pid, marker) : undefined,
      output: new ByteRing(limit),
      exit: new Promise((resolve) => {
        const finish = (status: ExitStatus) => {
          if (terminal.exitStatus) return;
          terminal.exitStatus = status;
          clearTimeout(terminal.deadline);
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
    const seconds = this.options.timeoutSeconds?.() ?? 0;
    if (Number.isFinite(seconds) && seconds > 0) {
      terminal.deadline = setTimeout(() => {
        this.append(terminal, Buffer.from(`\n[Symposium stopped the command after ${seconds} s]\n`));
        signalTree(child.pid, marker, "SIGKILL", exited(child));
      }, seconds * 1000);
    }
    this.terminals.set(id, terminal);
    return { terminalId: id };
  }

  output(
    sessionKey: string,
    terminalId: string,
  ): { output: string; truncated: boolean; exitStatus?: ExitStatus } {
    const terminal = this.get(sessionKey, terminalId);
    return {
      output: terminal.output.tail().toString("utf8"),
      truncated: terminal.output.truncated,
      ...(terminal.exitStatus ? { exitStatus: terminal.exitStatus } : {}),
    };
  }

  async waitForExit(sessionKey: string, terminalId: string): Promise<ExitStatus> {
    return this.get(sessionKey, terminalId).exit;
  }

  kill(sessionKey: string, terminalId: string): Record<string, never> {
    const terminal = this.get(sessionKey, terminalId);
    signalTree(terminal.child.pid, terminal.marker, "SIGKILL", exited(terminal.child));
    return {};
  }

  /**
   * The person pressed Stop: the commands the stopped turn started end with everything they started, whether or not
   * the agent kills them. They stay until the agent releases them, so it can still read how they ended; commands of
   * earlier turns (a dev server left running) are not the turn's and keep running. One that has exited is swept too:
   * what it left running (`npm run dev &`) is still the turn's.
   */
  stopTurn(sessionKey: string, turn: number): void {
    for (const terminal of this.terminals.values()) {
      if (terminal.sessionKey !== sessionKey || terminal.turn !== turn) continue;
      if (!terminal.exitStatus)
        this.append(terminal, Buffer.from("\n[Symposium stopped the command: Stop was pressed]\n"));
      signalTree(terminal.child.pid, terminal.marker, "SIGKILL", exited(terminal.child));
    }
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
    signalTree(terminal.child.pid, terminal.marker, "SIGKILL", exited(terminal.child));
    terminal.watchdog?.dispose();
    clearTimeout(terminal.deadline);
    clearTimeout(terminal.notifyTimer);
    terminal.notifyTimer = undefined;
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
    terminal.output.push(chunk);
    // Gathered: a flood of chunks becomes a few view updates a second, each decoding only the tail the card shows.
    terminal.notifyTimer ??= setTimeout(() => this.notify(terminal), NOTIFY_INTERVAL_MS);
  }

  private notify(terminal: Terminal): void {
    clearTimeout(terminal.notifyTimer);
    terminal.notifyTimer = undefined;
    const tail = terminal.output.tail(VIEW_TAIL_BYTES);
    // Shortened for the view too when it holds more than the view's tail: a first line the tail leaves out is not
    // passed off as never written.
    const shortened = terminal.output.truncated || terminal.output.size > VIEW_TAIL_BYTES;
    this.onChange(terminal.sessionKey, terminal.id, tail.toString("utf8"), shortened, terminal.exitStatus);
  }
}

/** Drops leading UTF-8 continuation bytes so the kept tail starts on a character boundary. */
export function dropToCharBoundary(bytes: Buffer<ArrayBufferLike>): Buffer<ArrayBufferLike> {
  let start = 0;
  while (start < bytes.length && start < 4 && (bytes[start]! & 0xc0) === 0x80) start++;
  return bytes.subarray(start);
}

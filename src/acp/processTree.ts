/**
 * Containment of a process tree we started (an agent or a terminal command), whatever its descendants do.
 *
 * - Linux: every process of the tree carries `SYMPOSIUM_TREE=<random id>` in its environment (set on spawn,
 *   inherited by descendants, also by those that call `setsid` or daemonise); ending the tree kills its process group
 *   and then every process whose `/proc/<pid>/environ` carries the marker, repeated until none is left.
 * - macOS: the process group plus the descendants found through `ps -o pid=,ppid=` at kill time.
 * - Windows: `taskkill /T /F` on the root (the whole tree by parent links).
 *
 * A process that clears its own environment and leaves the group escapes on Linux; that is the documented limit.
 */
import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import spawnBatchFile from "cross-spawn";
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { processRunning } from "../core/processRunning";

export const TREE_MARKER_VARIABLE = "SYMPOSIUM_TREE";

/** A fresh marker value for one tree. */
export function newTreeMarker(): string {
  return randomUUID();
}

/** Pids of live processes whose environment carries `SYMPOSIUM_TREE=<marker>` (Linux; elsewhere none). */
export function markedPids(marker: string): number[] {
  if (process.platform !== "linux") return [];
  const needle = Buffer.from(`\0${TREE_MARKER_VARIABLE}=${marker}\0`);
  const first = Buffer.from(`${TREE_MARKER_VARIABLE}=${marker}\0`);
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const entry of entries) {
    if (entry.charCodeAt(0) < 48 || entry.charCodeAt(0) > 57) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`);
      if (environ.includes(needle) || environ.subarray(0, first.length).equals(first)) found.push(pid);
    } catch {
      // Not ours to read, or it exited meanwhile.
    }
  }
  return found;
}

/** Descendants of `root` by parent links, from one `ps` snapshot (macOS and other Unix without /proc environ). */
function descendantsByPs(root: number): number[] {
  let table: string;
  try {
    table = execFileSync("/bin/ps", ["-A", "-o", "pid=,ppid="], {
      encoding: "utf8",
      timeout: 2_000,
      cwd: "/",
    });
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const line of table.split("\n")) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    if (!pid || ppid === undefined || Number.isNaN(ppid)) continue;
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const tree: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      tree.push(child);
      queue.push(child);
    }
  }
  return tree;
}

function signal(pid: number, sig: NodeJS.Signals): void {
  // Never 0 or ±1: `kill(0)` is our own process group (the extension host), `kill(-1)` every process we may signal.
  if (!Number.isInteger(pid) || Math.abs(pid) <= 1 || Math.abs(pid) === process.pid) return;
  try {
    process.kill(pid, sig);
  } catch {
    // Already gone, or not ours.
  }
}

/**
 * Signals the whole tree rooted at `pid` (leader of its own process group on Unix) and marked with `marker`.
 * SIGKILL sweeps the marked processes until none is left, so a process forked during the sweep is caught too.
 * `leaderExited`: the leader has exited and been reaped, so its pid may since be another process's. A pid in use as a
 * group's id is not given out again, so while what the leader left runs on in its group, no process has the pid;
 * one that does is someone else's, and its group (`kill(-pid)`: a shell job, a daemon) is left alone: the marked
 * processes are still swept. A terminal command the agent releases long after it ended met that.
 */
export function signalTree(
  pid: number | undefined,
  marker: string,
  sig: NodeJS.Signals,
  leaderExited = false,
): void {
  if (process.platform === "win32") {
    if (pid === undefined) return;
    try {
      // /T: the whole tree by parent links; /F: force. Windows has no TERM for console processes.
      // By its full path: a bare name is looked up in the current folder first, which may be a repository.
      const taskkill = `${process.env.SystemRoot ?? "C:\\Windows"}\\System32\\taskkill.exe`;
      spawn(taskkill, ["/PID", String(pid), "/T", "/F"], { stdio: "ignore", windowsHide: true }).on(
        "error",
        () => undefined,
      );
    } catch {
      // taskkill missing: nothing more we can do.
    }
    return;
  }
  if (pid !== undefined && leaderExited && processRunning(pid)) pid = undefined;
  const descendants = process.platform === "linux" || pid === undefined ? [] : descendantsByPs(pid);
  if (pid !== undefined) signal(-pid, sig);
  for (const child of descendants) signal(child, sig);
  for (let round = 0; round < 10; round++) {
    const marked = markedPids(marker);
    if (marked.length === 0) return;
    for (const other of marked) signal(other, sig);
    if (sig !== "SIGKILL") return; // TERM is a request; the KILL that follows sweeps until the tree is empty
  }
}

/** The environment for a process of the tree marked `marker`. */
export function markedEnv(env: NodeJS.ProcessEnv, marker: string): NodeJS.ProcessEnv {
  return { ...env, [TREE_MARKER_VARIABLE]: marker };
}

/**
 * The watchdog: a shell holding the read end of a pipe whose write end only the extension host has. When the host
 * dies, however it dies, `cat` sees EOF and the shell kills the agent's process group ($1) and every process carrying
 * its marker ($2), then exits. A shell, not Node: it costs a few MB per agent instead of tens. In a group of its own,
 * so it outlives the host's group. The group is left alone where a live process without the marker has its pid (on
 * Linux): the leader exited and the pid is another's (see `signalTree`). `kill -s KILL --` as POSIX spells it: dash,
 * Debian's sh, refuses `kill -KILL -- -pid` ("Illegal number"), which left the group to the marker sweep alone.
 */
const WATCHDOG_SCRIPT = `cat >/dev/null 2>&1
state=$(sed -n 's/^[0-9]* (.*) \\(.\\) .*/\\1/p' /proc/"$1"/stat 2>/dev/null)
if [ -z "$state" ] || [ "$state" = Z ] || grep -qzx "${TREE_MARKER_VARIABLE}=$2" /proc/"$1"/environ 2>/dev/null; then
  kill -s KILL -- -"$1" 2>/dev/null
fi
for round in 1 2 3 4 5 6 7 8 9 10; do
  pids=$(grep -lzx "${TREE_MARKER_VARIABLE}=$2" /proc/[0-9]*/environ 2>/dev/null | cut -d/ -f3)
  [ -z "$pids" ] && break
  kill -KILL $pids 2>/dev/null
done`;

/**
 * Starts the watchdog for the tree of `pid` marked `marker` (Unix only). `dispose()` ends it after a clean kill;
 * if the host dies first, the watchdog does the killing.
 */
export function startWatchdog(pid: number, marker: string): { dispose(): void } | undefined {
  if (process.platform === "win32") return undefined;
  let child: ChildProcess;
  try {
    child = spawn("/bin/sh", ["-c", WATCHDOG_SCRIPT, "symposium-watchdog", String(pid), marker], {
      // The system's folders, from `/`: the host may run in a repository, and PATH may name it (`:` or `.`).
      env: { PATH: "/usr/bin:/bin" },
      cwd: "/",
      stdio: ["pipe", "ignore", "ignore"],
      detached: true,
      windowsHide: true,
    });
  } catch {
    return undefined;
  }
  child.on("error", () => undefined);
  child.stdin?.on("error", () => undefined);
  // Neither the watchdog nor its pipe keeps the host's event loop alive.
  child.unref();
  (child.stdin as { unref?: () => void } | null)?.unref?.();
  return {
    dispose: () => {
      child.stdin?.end();
    },
  };
}

/**
 * Spawns a program resolved to its absolute path, without a shell. On Windows a batch file (`npx.cmd`, `npm.cmd`),
 * which Node spawns only through a shell (EINVAL without one), runs through `cmd.exe /d` with each argument quoted
 * for it by cross-spawn (a line break, which cmd.exe cannot take in one, refused). Only a batch file: cross-spawn
 * would also run other files through cmd.exe (by file association) and look up a shebang's interpreter in the
 * current folder first, neither of which is the program the person approved.
 */
export function spawnResolved(program: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  if (process.platform === "win32" && /\.(cmd|bat)$/i.test(program))
    return spawnBatchFile(program, [...args], options);
  return spawn(program, [...args], options);
}

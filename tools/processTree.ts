// Stopping a server must also stop what it started (extension hosts, agents, terminals), even when those moved to
// process groups of their own. So we snapshot the whole descendant tree from /proc before signalling.
import { readdirSync, readFileSync } from "node:fs";
import { waitFor } from "./waitFor";

/** Parent pid of every live process, read from /proc (Linux only; elsewhere returns an empty map). */
function parentPids(): Map<number, number> {
  const parents = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return parents;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name (field 2) is in parentheses and may contain spaces; fields after it are plain.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // The process exited while we were reading.
    }
  }
  return parents;
}

/** `pid` and all of its descendants. */
export function processTree(pid: number): number[] {
  const parents = parentPids();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  }
  return tree;
}

/** True while `pid` runs; a zombie (exited, not yet reaped by its parent) counts as gone. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true; // No /proc: trust kill(0).
  }
}

/**
 * SIGKILLs processes a test left behind. Only real child pids: `kill(0)` would signal the test's own process group
 * (mocha, npm and the CI script with it) and `kill(-1)` every process of the user, so a pid read as 0 or garbage from
 * a half-written pid file must never reach `process.kill`.
 */
export function killLeftovers(pids: number[]): void {
  for (const pid of pids.splice(0)) {
    if (!isRealPid(pid)) continue;
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}

/** A positive pid that is neither init, this process nor its parent. */
export function isRealPid(pid: number): boolean {
  return Number.isInteger(pid) && pid > 1 && pid !== process.pid && pid !== process.ppid;
}

function signal(pid: number, sig: NodeJS.Signals, group: boolean): void {
  if (!isRealPid(pid)) return;
  try {
    process.kill(group ? -pid : pid, sig);
  } catch {
    // Already gone.
  }
}

/**
 * Stops a process we spawned with `detached: true` (so it leads its own group) and everything below it:
 * SIGTERM to the group and to each descendant, then SIGKILL to whatever is left after `graceMs`.
 */
export async function killTree(pid: number, graceMs = 5000): Promise<void> {
  const tree = processTree(pid);
  signal(pid, "SIGTERM", true);
  for (const p of tree) signal(p, "SIGTERM", false);
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && tree.some(isAlive)) await new Promise((r) => setTimeout(r, 100));
  // Descendants started during the grace period are caught by a second look at the tree.
  const left = [...new Set([...tree, ...processTree(pid)])].filter(isAlive);
  signal(pid, "SIGKILL", true);
  for (const p of left) signal(p, "SIGKILL", false);
}

/** Synchronous last resort for `process.on('exit')`: SIGKILL the group and every descendant. */
export function killTreeSync(pid: number): void {
  const tree = processTree(pid);
  signal(pid, "SIGKILL", true);
  for (const p of tree) signal(p, "SIGKILL", false);
}

/**
 * The `count` pids a test's command writes to `pidFile` (space-separated). Waits for all of them: the file exists,
 * empty, between its creation and the write, and a read in that moment gave one empty "pid" under load.
 */
export function pidsWritten(pidFile: string, count: number): Promise<number[]> {
  return waitFor(() => {
    const pids = readFileSync(pidFile, "utf8").trim().split(/\s+/).map(Number);
    return pids.length === count && pids.every((pid) => Number.isInteger(pid) && pid > 0) && pids;
  }, `${count} pids in ${pidFile}`);
}

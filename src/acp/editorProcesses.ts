/**
 * The editor's own processes as `pkill` and `killall` see them: the extension host and every process it runs under
 * (in a browser's VS Code the server, `node`; on the desktop the `code` main process), up to the system's first
 * process, with the TCP ports they listen on (a browser's VS Code serves on one, often 8080). An agent's
 * `killall node`, `pkill -f code` or `lsof -ti:8080 | xargs kill` would end them and the person's editor with them.
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { basename } from "node:path";
import type { ProcessIdentity } from "../core/policy/processPatterns";

/** More ancestors than any editor has: a loop in a corrupt table ends here. */
const MAX_ANCESTORS = 32;

/** A process (this one) and its ancestors (Linux: from `/proc`; elsewhere this process alone, as Node knows it). */
export function editorProcesses(from = process.pid): ProcessIdentity[] {
  const own = {
    name: basename(process.execPath),
    commandLine: [process.execPath, ...process.argv.slice(1)].join(" "),
    pid: process.pid,
  };
  if (process.platform !== "linux") return [own];
  const found: ProcessIdentity[] = [];
  let pid = from;
  for (let i = 0; i < MAX_ANCESTORS && pid > 1; i++) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // `pid (name) state ppid …`: the name may hold spaces and parentheses, so read from the last `)`.
      const close = stat.lastIndexOf(")");
      const name = stat.slice(stat.indexOf("(") + 1, close);
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0$/, "").split("\0").join(" ");
      // After the name: state, ppid, process group.
      const [, parent, group] = stat.slice(close + 2).split(" ");
      found.push({ name, commandLine: cmdline || name, pid, group: Number(group) });
      pid = Number(parent);
    } catch {
      break;
    }
  }
  if (found.length === 0) return [own];
  const listening = listeningSockets();
  for (const process of found) {
    const ports = socketInodes(process.pid!).flatMap((inode) => listening.get(inode) ?? []);
    if (ports.length > 0) process.ports = [...new Set(ports)];
  }
  return found;
}

/** The TCP sockets listening in this network namespace (`/proc/net/tcp`, `tcp6`): inode to port. */
function listeningSockets(): Map<string, number> {
  const sockets = new Map<string, number>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    // `sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode`; st 0A is LISTEN.
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[3] !== "0A" || fields[9] === undefined) continue;
      sockets.set(fields[9], parseInt(fields[1]!.slice(fields[1]!.lastIndexOf(":") + 1), 16));
    }
  }
  return sockets;
}

/** The inodes of a process's open sockets (`/proc/<pid>/fd/*` reading `socket:[inode]`). */
function socketInodes(pid: number): string[] {
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return [];
  }
  return fds.flatMap((fd) => {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
      return inode === undefined ? [] : [inode];
    } catch {
      return [];
    }
  });
}

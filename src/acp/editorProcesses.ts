/**
 * The editor's own processes as `pkill` and `killall` see them: the extension host and every process it runs under
 * (in a browser's VS Code the server, `node`; on the desktop the `code` main process), up to the system's first
 * process. An agent's `killall node` or `pkill -f code` would end them and the person's editor with them.
 */
import { readFileSync } from "node:fs";
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
  return found.length > 0 ? found : [own];
}

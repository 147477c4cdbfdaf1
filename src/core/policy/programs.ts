/**
 * Programs the policy knows by name: shells, interpreters and wrappers run whatever their arguments say. A module of
 * its own, without the shell parser, so that Manage Permissions can tell a rule naming one alone (it allows any
 * code) without loading the policy engine.
 */

/** Shells whose `-c` script is parsed in place of the wrapper (`bash -lc 'npm test'` is `npm test`). */
export const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "mksh", "ash"]);

export const INTERPRETERS = new Set([
  "python",
  "python3",
  "node",
  "deno",
  "bun",
  "perl",
  "ruby",
  "php",
  "fish",
  "pwsh",
  "powershell",
  "iex",
  "Invoke-Expression",
  "source",
  ".",
]);

/** Commands that run the command after them (`env`, `nohup`, `timeout 10`, `xargs`). */
export const WRAPPERS = new Set([
  "env",
  "nohup",
  "time",
  "command",
  "builtin",
  "exec",
  "nice",
  "ionice",
  "timeout",
  "stdbuf",
  "xargs",
  "chronic",
  "unbuffer",
]);

/**
 * Programs that run whatever their arguments say: shells, interpreters, package runners, wrappers, and git (`git -c
 * core.pager=…`). Named alone (the next word a flag or a path: `node --version`, `python3 -m pytest`, `npx -y …`,
 * `git --no-pager log`), a rule would allow any code.
 */
const RUNS_ANY_CODE: ReadonlySet<string> = new Set([
  ...SHELLS,
  ...INTERPRETERS,
  ...WRAPPERS,
  "npx",
  "bunx",
  "pnpx",
  "uvx",
  "git",
]);

/** A prefix that names a program of `RUNS_ANY_CODE` alone: as a rule, it would allow any code. */
export function runsAnyCode(prefix: readonly string[]): boolean {
  return prefix.length === 1 && RUNS_ANY_CODE.has(basename(prefix[0]!));
}

/** The last component of a command name (`/usr/bin/sudo` is `sudo`), separators of both kinds. */
export function basename(name: string): string {
  return name.slice(Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\")) + 1);
}

/**
 * Which processes a command picks by name to signal or list (`killall node`, `pkill -f code-server`, `pgrep -x node`,
 * `pidof node`), and whether one of them is a given process: the rules hold back a line that would end the editor's
 * own processes (the extension host and those it runs under), which no workspace folder contains.
 */
import { basename } from "./programs";
import { readOptions } from "./commandEffects";

/** A running process as `pkill` and `killall` see it. */
export interface ProcessIdentity {
  /** The kernel's name for it (`/proc/<pid>/comm`: at most 15 characters). */
  name: string;
  /** Its arguments joined by spaces, as `pkill -f` matches them. */
  commandLine: string;
  pid?: number;
  /** Its process group, which `kill -- -<group>` signals. */
  group?: number;
}

/** What one of a command's patterns is matched against, and how; `pattern: null` is computed at run time. */
export interface ProcessPattern {
  pattern: string | null;
  /** pkill's and pgrep's extended regular expression, found anywhere (whole with `-x`), or killall's exact name. */
  kind: "regex" | "name";
  /** Matched against the whole command line (`pkill -f`) rather than the name. */
  commandLine: boolean;
  wholeMatch: boolean;
  ignoreCase: boolean;
  /** Every process but the matching ones (`pgrep -v`). */
  inverse: boolean;
}

// procps' pkill and pgrep: the options that take a value.
const PGREP_VALUES = "dgGPstuUFrqO";
const PGREP_LONG_VALUES = [
  "--delimiter",
  "--pgroup",
  "--group",
  "--parent",
  "--session",
  "--terminal",
  "--euid",
];
const PGREP_MORE_LONG = [
  "--uid",
  "--pidfile",
  "--runstates",
  "--queue",
  "--older",
  "--signal",
  "--ns",
  "--nslist",
];
// psmisc's killall: the options that take a value.
const KILLALL_VALUES = "soynZu";
const KILLALL_LONG_VALUES = ["--signal", "--older-than", "--younger-than", "--ns", "--context", "--user"];

/**
 * The process patterns of `pkill`, `pgrep`, `killall` or `pidof`, or undefined for any other command. A first word
 * naming a signal (`-9`, `-KILL`, `-SIGTERM`) is not an option.
 */
export function processesPicked(
  name: string,
  argv: readonly (string | null)[],
): ProcessPattern[] | undefined {
  let words = argv.slice(1);
  if (
    ["pkill", "pgrep", "killall"].includes(name) &&
    /^-(?:\d+|(?:SIG)?[A-Z][A-Z0-9+-]+)$/.test(words[0] ?? "")
  )
    words = words.slice(1);
  switch (name) {
    case "pkill":
    case "pgrep": {
      const { options, operands } = readOptions(words, PGREP_VALUES, [
        ...PGREP_LONG_VALUES,
        ...PGREP_MORE_LONG,
      ]);
      const has = (letter: string, long: string) => options.some(([o]) => o === letter || o === long);
      // Without a pattern (`pkill -u x`, `pkill -F pidfile`) the other options pick; those are not read here.
      return (operands.length > 0 ? operands : [null]).map((pattern) => ({
        pattern,
        kind: "regex",
        commandLine: has("f", "--full"),
        wholeMatch: has("x", "--exact"),
        ignoreCase: has("i", "--ignore-case"),
        inverse: has("v", "--inverse"),
      }));
    }
    case "killall": {
      const { options, operands } = readOptions(words, KILLALL_VALUES, KILLALL_LONG_VALUES);
      const has = (letter: string, long: string) => options.some(([o]) => o === letter || o === long);
      if (has("l", "--list")) return [];
      const regex = has("r", "--regexp");
      return operands.map((pattern) => ({
        pattern,
        kind: regex ? "regex" : "name",
        commandLine: false,
        wholeMatch: !regex,
        ignoreCase: has("I", "--ignore-case"),
        inverse: false,
      }));
    }
    case "pidof": {
      const { operands } = readOptions(words, "o", ["--omit-pid"]);
      return operands.map((pattern) => ({
        pattern,
        kind: "name",
        commandLine: false,
        wholeMatch: true,
        ignoreCase: false,
        inverse: false,
      }));
    }
    default:
      return undefined;
  }
}

/**
 * Whether a pattern picks the process. A pattern computed at run time, or one JavaScript cannot read as the
 * expression it is (POSIX classes, `[[:alpha:]]`), may pick anything.
 */
export function picksProcess(pattern: ProcessPattern, process: ProcessIdentity): boolean {
  if (pattern.pattern === null || pattern.inverse) return true;
  const argv0 = process.commandLine.split(" ")[0] ?? "";
  if (pattern.kind === "name") {
    // killall and pidof compare a name with a path by the program's file (`killall /usr/bin/node`).
    const wanted = pattern.pattern.includes("/") ? basename(pattern.pattern) : pattern.pattern;
    const same = (a: string, b: string) =>
      pattern.ignoreCase ? a.toLowerCase() === b.toLowerCase() : a === b;
    // The kernel keeps 15 characters of a name; killall then compares with the program's file.
    return same(wanted, process.name) || same(wanted, basename(argv0));
  }
  if (pattern.pattern.includes("[:")) return true;
  let expression: RegExp;
  try {
    const source = pattern.wholeMatch ? `^(?:${pattern.pattern})$` : pattern.pattern;
    expression = new RegExp(source, pattern.ignoreCase ? "i" : "");
  } catch {
    return true;
  }
  return expression.test(pattern.commandLine ? process.commandLine : process.name);
}

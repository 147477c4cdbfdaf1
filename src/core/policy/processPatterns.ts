/**
 * Which processes a command picks by name to signal or list (`killall node`, `pkill -f code-server`, `pgrep -x node`,
 * `pidof node`), and whether one of them is a given process: the rules hold back a line that would end the editor's
 * own processes (the extension host and those it runs under), which no workspace folder contains.
 */
import { basename } from "./programs";
import { readOptions, wordSet } from "./commandEffects";

/** A running process as `pkill` and `killall` see it. */
export interface ProcessIdentity {
  /** The kernel's name for it (`/proc/<pid>/comm`: at most 15 characters). */
  name: string;
  /** Its arguments joined by spaces, as `pkill -f` matches them. */
  commandLine: string;
  pid?: number;
  /** Its process group, which `kill -- -<group>` signals. */
  group?: number;
  /** The TCP ports it listens on, by which `fuser -k 8080/tcp` or `lsof -ti:8080` picks it. */
  ports?: number[];
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
  ...wordSet(
    "--delimiter --pgroup --group --parent --session --terminal --euid --uid --pidfile --runstates --queue --older",
    "--signal --ns --nslist",
  ),
];
// psmisc's killall: the options that take a value.
const KILLALL_VALUES = "soynZu";
const KILLALL_LONG_VALUES = [...wordSet("--signal --older-than --younger-than --ns --context --user")];

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
      const { options, operands } = readOptions(words, PGREP_VALUES, PGREP_LONG_VALUES);
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

/**
 * The TCP ports a command picks processes by (null: any port, or one not read): to signal them (`fuser -k 8080/tcp`,
 * `kill-port 8080`), or to list them for a kill of its line (`lsof -ti:8080`, `lsof -i tcp:3000-3010`). Undefined for
 * any other command, or one that picks none.
 */
export function portsPicked(
  name: string,
  argv: readonly (string | null)[],
): { ports: (number | null)[]; signals: boolean } | undefined {
  const words = argv.slice(1);
  switch (name) {
    case "lsof": {
      // `-i[46][protocol][@host][:port]`, in a cluster of flags (`-ti:8080`) or as the next word (`-i :8080`).
      const specs: (string | null)[] = [];
      for (const [at, word] of words.entries()) {
        const option = word === null ? null : /^-[a-zA-Z]*?i(.*)$/.exec(word);
        if (option === null) continue;
        const next = words[at + 1];
        specs.push(option[1] !== "" ? option[1]! : next !== undefined && !next?.startsWith("-") ? next : "");
      }
      if (specs.length === 0) return undefined;
      return { ports: specs.flatMap(portsOf), signals: false };
    }
    case "fuser": {
      const { options, operands } = readOptions(words, "n", ["--namespace"]);
      // `8080/tcp`, or a number with `-n tcp`; any other operand is a file, whose users may be anyone.
      const tcp = options.some(([o, value]) => (o === "n" || o === "--namespace") && value === "tcp");
      return {
        ports: operands.map((word) => {
          const port = word === null ? undefined : /^(\d+)(?:\/tcp)?$/.exec(word);
          return port && (tcp || word!.endsWith("/tcp")) ? Number(port[1]) : null;
        }),
        // Without -k it prints their pids, for a kill on the line (`kill $(fuser -m /)`).
        signals: options.some(([o]) => o === "k" || o === "--kill"),
      };
    }
    case "kill-port": {
      const { options, operands } = readOptions(words, "p", ["--port"]);
      const given = options.flatMap(([o, value]) => (o === "p" || o === "--port" ? [value] : []));
      return {
        ports: [...operands, ...given].flatMap((word) =>
          word === null ? [null] : word.split(",").map(portNumber),
        ),
        signals: true,
      };
    }
    default:
      return undefined;
  }
}

/** The ports of an lsof `-i` address: after its last `:`, a list of numbers and ranges; none is any port. */
function portsOf(spec: string | null): (number | null)[] {
  if (spec === null) return [null];
  const colon = spec.lastIndexOf(":");
  if (colon < 0) return [null];
  return spec
    .slice(colon + 1)
    .split(",")
    .flatMap((part) => {
      const range = /^(\d+)-(\d+)$/.exec(part);
      if (range === null) return [portNumber(part)];
      const [low, high] = [Number(range[1]), Number(range[2])];
      return high - low > 1024 ? [null] : Array.from({ length: high - low + 1 }, (_, i) => low + i);
    });
}

function portNumber(word: string): number | null {
  return /^\d+$/.test(word) ? Number(word) : null;
}

/**
 * The commands a tool call will run, from its raw input as the agents send it: `command` as a string (Claude, Qwen,
 * Copilot, Gemini) or an argv array (Codex: `["/bin/bash", "-lc", "…"]`), `cmd`, or `commands` (a list of either).
 * The card shows them whatever the agent's title says (a title is the model's description of the command, not the
 * command), and the policy's footprint reads them from here too, so the two never read different fields.
 */
import { asObject } from "./json";

/** Raw-input fields that name one path, as the agents people use send them. */
export const PATH_FIELDS = [
  "file_path", // Claude Code, Qwen Code, Gemini CLI
  "absolute_path", // Qwen Code, Gemini CLI
  "notebook_path", // Claude Code
  "fileName", // GitHub Copilot CLI
  "filePath",
  "path", // GitHub Copilot CLI, Gemini CLI
  "dir_path", // Gemini CLI
  "old_path",
  "new_path",
  "source",
  "destination",
];
/** Raw-input fields that name several paths. */
export const PATH_LIST_FIELDS = ["paths", "file_paths"];

/** The most paths `namedPaths` gives, and the longest it keeps: the agent's raw input is unbounded. */
const MAX_NAMED_PATHS = 64;
const MAX_NAMED_PATH_CHARS = 4_096;

/** The paths a raw input names in its path fields (`PATH_FIELDS`, `PATH_LIST_FIELDS`), at its top level. */
export function namedPaths(rawInput: unknown): string[] {
  const input = asObject(rawInput);
  if (!input) return [];
  const named: unknown[] = PATH_FIELDS.map((field) => input[field]);
  for (const field of PATH_LIST_FIELDS) {
    const list: unknown = input[field];
    if (Array.isArray(list)) named.push(...(list as unknown[]).slice(0, MAX_NAMED_PATHS));
  }
  return named
    .filter((path): path is string => typeof path === "string" && path.length <= MAX_NAMED_PATH_CHARS)
    .slice(0, MAX_NAMED_PATHS);
}

/** The raw-input fields that name where a tool runs its command (Codex's `workdir`); the first one given counts. */
export const CWD_FIELDS = ["cwd", "workdir", "directory"];

/** Shells whose `-c`/`-lc` script is the command itself. */
const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "fish", "pwsh", "powershell", "cmd"]);

/**
 * One command a raw input states: its text as the card shows it (a string as sent; an argv's shell script, else the
 * argv quoted) and the argv when it came as one; or why it cannot be read. `from` says where it was found.
 */
export type StatedCommand =
  { from: string; text: string; argv?: string[] } | { from: string; unreadable: string };

/**
 * The raw-input fields that state one command: `command` and `cmd` as the agents send them, and the names other tools
 * give one (`script`, `shell`, `argv`, `cmdline`, …), which a card and the policy read as a command too.
 */
export const COMMAND_FIELDS: ReadonlySet<string> = new Set([
  "command",
  "cmd",
  "commands",
  "script",
  "shell",
  "argv",
  "cmdline",
  "command_line",
  "commandLine",
  "shell_command",
  "bash",
  // What a tool types into a shell it keeps running (Copilot's `write_bash`, Codex's `write_stdin`).
  "input",
  "chars",
  "stdin",
]);

/**
 * Every command the raw input states, in every field that may state one (`COMMAND_FIELDS`, each of `commands`):
 * what the card shows is read from these, and the policy reads all of them. A field holding something else is
 * `unreadable`, never skipped.
 */
export function statedCommands(rawInput: unknown): StatedCommand[] {
  const input = asObject(rawInput);
  if (!input) return [];
  const stated: StatedCommand[] = [];
  for (const field of COMMAND_FIELDS) {
    if (field === "commands") continue;
    const value = input[field];
    if (value !== undefined && value !== null) stated.push(statedCommand(value, `rawInput.${field}`));
  }
  const list = input.commands;
  if (list !== undefined && list !== null) {
    if (!Array.isArray(list) || list.length === 0)
      stated.push({ from: "rawInput.commands", unreadable: "is not a list of commands" });
    else list.forEach((value, i) => stated.push(statedCommand(value, `rawInput.commands[${i}]`)));
  }
  return stated;
}

/** What the card shows as the command: each readable command stated, once, a line each; undefined for none. */
export function commandOfRawInput(rawInput: unknown): string | undefined {
  const texts = new Set<string>();
  for (const command of statedCommands(rawInput))
    if ("text" in command && command.text.trim() !== "") texts.add(command.text);
  return texts.size > 0 ? [...texts].join("\n") : undefined;
}

function statedCommand(value: unknown, from: string): StatedCommand {
  if (typeof value === "string") return { from, text: value };
  // Only `command` and `cmd` (Codex) hold an argv; a list elsewhere (`"bash": ["rm -rf ~"]`) is not one.
  if (Array.isArray(value) && !/\.(?:command|cmd|argv|commands\[\d+\])$/.test(from))
    return { from, unreadable: "is a list where a command line was expected" };
  if (!Array.isArray(value) || !value.every((a) => typeof a === "string"))
    return { from, unreadable: "is neither a string nor a list of strings" };
  if (value.length === 0) return { from, unreadable: "is an empty list" };
  const argv: string[] = value;
  return { from, text: argvText(argv), argv };
}

function argvText(argv: string[]): string {
  const [program = "", flag = "", script = ""] = argv;
  const shell = (program.split(/[\\/]/).pop() ?? "").replace(/\.exe$/i, "").toLowerCase();
  // `bash -lc "script"`: the script is what runs (the wrapper is how every command runs).
  if (argv.length === 3 && SHELLS.has(shell) && /^-\w*c$|^\/c$/i.test(flag)) return script;
  return argv.map(quoteArg).join(" ");
}

/** POSIX-quotes an argument that is not plain, so the argv shown is the argv that runs. */
function quoteArg(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

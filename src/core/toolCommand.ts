/**
 * The command a tool call will run, from its raw input as the agents send it: `command` as a string (Claude, Qwen,
 * Copilot, Gemini) or an argv array (Codex: `["/bin/bash", "-lc", "…"]`), or `commands` (a list of either). The card
 * shows it whatever the agent's title says: a title is the model's description of the command, not the command.
 */
import { asObject } from "./json";

/** Shells whose `-c`/`-lc` script is the command itself. */
const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "fish", "pwsh", "powershell", "cmd"]);

export function commandOfRawInput(rawInput: unknown): string | undefined {
  const input = asObject(rawInput);
  if (!input) return undefined;
  const single = commandText(input.command);
  if (single !== undefined) return single;
  if (Array.isArray(input.commands)) {
    const all = input.commands.map(commandText);
    if (all.length > 0 && all.every((c) => c !== undefined)) return all.join("\n");
  }
  return undefined;
}

function commandText(value: unknown): string | undefined {
  if (typeof value === "string") return value.trim() === "" ? undefined : value;
  if (!Array.isArray(value) || value.length === 0 || !value.every((a) => typeof a === "string"))
    return undefined;
  const argv: string[] = value;
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

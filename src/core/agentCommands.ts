/**
 * The slash commands an agent offers (`available_commands_update`, v1 and v2 shapes), validated and capped on the
 * way in: a command the person cannot type as `/name …` (empty, whitespace or control characters in its name) is left
 * out, duplicates keep their first entry, and every string is bounded by `LIMITS`.
 */
import { LIMITS, type SlashCommand } from "../shared/protocol";
import { asArray, asObject, asString } from "./json";
import { oneLine } from "./text";

/** Typable as one word after `/`: no whitespace, no control or format characters, no leading slash. */
const COMMAND_NAME = /^[^\s/\p{Cc}\p{Cf}\p{Zl}\p{Zp}][^\s\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u;

export function parseAgentCommands(raw: unknown): SlashCommand[] {
  const commands: SlashCommand[] = [];
  const seen = new Set<string>();
  // Bounded before looking at anything: a list of a million entries costs one slice.
  for (const entry of asArray(raw).slice(0, LIMITS.commands * 2)) {
    if (commands.length >= LIMITS.commands) break;
    const command = asObject(entry);
    const name = asString(command?.name);
    if (!command || !name || name.length > LIMITS.commandNameChars || !COMMAND_NAME.test(name)) continue;
    // v2 marks commands `type: "command"`; other types are future kinds this client does not know how to send.
    if (command.type !== undefined && command.type !== "command") continue;
    if (seen.has(name)) continue;
    seen.add(name);
    const input = asObject(command.input);
    // v1: `{hint}`; v2: `{type: "text", hint}`. Unknown input types: the command is still offered, without a hint.
    const hint =
      input && (input.type === undefined || input.type === "text") ? asString(input.hint) : undefined;
    const shownHint = hint === undefined ? "" : oneLine(hint, LIMITS.commandHintChars);
    commands.push({
      name,
      description: oneLine(asString(command.description) ?? "", LIMITS.commandDescriptionChars),
      ...(shownHint ? { hint: shownHint } : {}),
    });
  }
  return commands;
}

/**
 * Which of the agent's slash commands the `/` list offers for what is typed: pure, for plain-Node tests. The list is
 * open while the message is `/` plus a name being typed (no space yet); the name typed whole comes first (Enter takes
 * the first: `/init` typed must not become an `init-project` the agent lists before it), then names starting with
 * the typed text, then names containing it, each in the agent's order.
 */
import type { SlashCommand } from "../src/shared/protocol";

/** The name typed so far when the message box holds only `/name` (no space, no newline); undefined otherwise. */
export function slashQuery(text: string): string | undefined {
  const match = /^\/(\S*)$/u.exec(text);
  return match ? match[1] : undefined;
}

export function matchCommands(commands: readonly SlashCommand[], query: string): SlashCommand[] {
  const wanted = query.toLowerCase();
  const starts: SlashCommand[] = [];
  const contains: SlashCommand[] = [];
  for (const command of commands) {
    const name = command.name.toLowerCase();
    if (name.startsWith(wanted)) starts.push(command);
    else if (wanted !== "" && name.includes(wanted)) contains.push(command);
  }
  // The name as typed, else as typed in another case.
  let exact = starts.findIndex((command) => command.name === query);
  if (exact < 0) exact = starts.findIndex((command) => command.name.toLowerCase() === wanted);
  if (exact > 0) starts.unshift(...starts.splice(exact, 1));
  return [...starts, ...contains];
}

/** The message box's text once a command is chosen: its name and a space, ready for its input. */
export function completion(command: SlashCommand): string {
  return `/${command.name} `;
}

/** The command a message names, while its input is still empty (`/name ` or `/name`): its hint is shown. */
export function awaitingInput(commands: readonly SlashCommand[], text: string): SlashCommand | undefined {
  const match = /^\/(\S+) ?$/u.exec(text);
  return match ? commands.find((command) => command.name === match[1]) : undefined;
}

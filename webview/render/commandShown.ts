/**
 * What a card shows of a command, and what it says about it: a command too long to send whole arrives as its start,
 * the number of characters left out and its end (`CommandCut`), and the card says how many it does not show, so
 * nobody approves it believing they read all of it. Pure, for plain-Node tests.
 */
import type { CommandCut } from "../../src/shared/protocol";
import { LIMITS } from "../../src/shared/limits";

export interface ShownCommand {
  /** The command's start (all of it when nothing is left out). */
  head: string;
  /** Characters between `head` and `tail` that the card does not show. */
  omitted: number;
  /** The command's end; empty when nothing is left out. */
  tail: string;
}

/**
 * The parts of a command the card shows. The host sends at most `LIMITS.commandChars`; whatever arrives longer is
 * clipped here too (defence in depth) and counted as left out, never dropped silently.
 */
export function shownCommand(command: string, cut: CommandCut | undefined): ShownCommand {
  const tailChars = LIMITS.commandTailChars;
  const headChars = LIMITS.commandChars - tailChars;
  if (cut === undefined) {
    if (command.length <= LIMITS.commandChars) return { head: command, omitted: 0, tail: "" };
    return {
      head: command.slice(0, headChars),
      omitted: command.length - headChars - tailChars,
      tail: command.slice(-tailChars),
    };
  }
  const head = command.slice(0, headChars);
  const tail = cut.tail.length > tailChars ? cut.tail.slice(-tailChars) : cut.tail;
  return { head, omitted: cut.omitted + command.length - head.length + cut.tail.length - tail.length, tail };
}

/** A count as the card writes it: `92,000`. */
export function characters(count: number): string {
  return count.toLocaleString("en-US");
}

/** The marker between a cut command's start and end, in the command box. */
export function omittedMarker(shown: ShownCommand): string {
  return `[… ${characters(shown.omitted)} characters not shown …]`;
}

/** What the card says, above the command, of a command it shows only part of; null when it shows all of it. */
export function commandCutNote(shown: ShownCommand): string | null {
  if (shown.omitted === 0) return null;
  const total = shown.head.length + shown.omitted + shown.tail.length;
  return (
    `Only part of this command is shown: ${characters(shown.omitted)} of its ${characters(total)} characters, ` +
    "between the start and the end shown below, are not. Reject it unless you know what all of it does."
  );
}

/** Lines past which the command box scrolls: blank lines can push the part that matters out of sight. */
const VISIBLE_COMMAND_LINES = 12;
const VISIBLE_LINE_CHARS = 160;

/**
 * A note when the command shown is more than its box shows at once: blank lines (padding that hides what follows),
 * many lines, or a line longer than the box is wide. Null for an ordinary one-liner. Of a cut command it counts what
 * is shown (its start and end), and says so.
 */
export function commandContinuesNote(shown: ShownCommand): string | null {
  const cut = shown.omitted > 0;
  const lines = (cut ? [shown.head, shown.tail] : [shown.head]).flatMap((part) => part.split("\n"));
  const blank = lines.filter((line) => line.trim() === "").length;
  const longest = Math.max(...lines.map((line) => line.length));
  if (lines.length <= 1 && longest <= VISIBLE_LINE_CHARS) return null;
  if (blank === 0 && lines.length <= VISIBLE_COMMAND_LINES && longest <= VISIBLE_LINE_CHARS) return null;
  const parts = [`${lines.length} lines${cut ? " shown" : ""}`];
  if (blank > 0) parts.push(`${blank} of them blank`);
  if (longest > VISIBLE_LINE_CHARS) parts.push(`the longest ${longest} characters`);
  return `This command continues: ${parts.join(", ")}. Scroll to read all ${cut ? "that is shown" : "of it"}.`;
}

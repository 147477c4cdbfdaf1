/** Caps for agent-supplied text. Everything an agent sends is bounded here before it is stored or shown. */
import { LIMITS, type CommandCut } from "../shared/protocol";
import { boundedJson } from "./boundedJson";

export interface Capped {
  text: string;
  truncated: boolean;
}

/** Cut `text` to at most `max` UTF-16 units without splitting a surrogate pair. */
export function capText(text: string, max: number): Capped {
  if (text.length <= max) return { text, truncated: false };
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1; // do not leave half a surrogate pair
  return { text: text.slice(0, end), truncated: true };
}

/** `capText` with a visible ellipsis, for one-line labels such as titles. */
export function capLabel(text: string, max: number): string {
  const capped = capText(text, max);
  return capped.truncated ? `${capped.text}…` : capped.text;
}

/** One line for a label or a list row: control characters and line breaks become spaces; capped like `capLabel`. */
export function oneLine(text: string, max: number): string {
  return capLabel(text.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ").trim(), max);
}

/**
 * A command as the view gets it: whole when it fits `LIMITS.commandChars`; else its start and, in `cut`, its end
 * (`LIMITS.commandTailChars`) and how many characters between them are left out, so the card can say how much it
 * does not show and show where a chained command hides. Never split inside a surrogate pair.
 */
export function capCommand(command: string): { command: string; cut?: CommandCut } {
  if (command.length <= LIMITS.commandChars) return { command };
  const head = capText(command, LIMITS.commandChars - LIMITS.commandTailChars).text;
  let from = command.length - LIMITS.commandTailChars;
  const code = command.charCodeAt(from);
  if (code >= 0xdc00 && code <= 0xdfff) from += 1; // do not start with half a surrogate pair
  return { command: head, cut: { omitted: from - head.length, tail: command.slice(from) } };
}

/**
 * Pretty JSON of an untrusted value, capped at `max` characters: `JSON.stringify(value, null, 2)` when that fits,
 * otherwise its beginning ended with "…" (`truncated`). The walk stops at the budget (`boundedJson`): a 30 MB raw
 * input is not visited whole to show its first 64 KB.
 */
export function capJson(value: unknown, max: number): Capped {
  try {
    const { text, truncated } = boundedJson(value, max);
    return { text, truncated };
  } catch {
    return capText(String(value), max); // a bigint, which JSON cannot hold
  }
}

/** Keep the last `maxLines` lines (and at most `maxChars` characters) of a stream such as stderr. */
export class RingBuffer {
  private readonly lines: string[] = [];
  private partial = "";

  constructor(
    private readonly maxLines: number,
    private readonly maxLineChars = 2_000,
  ) {}

  push(chunk: string): void {
    const parts = (this.partial + chunk).split("\n");
    this.partial = capText(parts.pop() ?? "", this.maxLineChars).text;
    for (const line of parts) {
      this.lines.push(capText(line, this.maxLineChars).text);
      if (this.lines.length > this.maxLines) this.lines.shift();
    }
  }

  tail(count = this.maxLines): string[] {
    const all = this.partial ? [...this.lines, this.partial] : [...this.lines];
    return all.slice(-count);
  }
}

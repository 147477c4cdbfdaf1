/** Caps for agent-supplied text. Everything an agent sends is bounded here before it is stored or shown. */

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

/**
 * Pretty JSON of an untrusted value, capped. Serialisation stops early for huge values: a 30 MB raw input must not
 * be stringified whole just to show its first 64 KB.
 */
export function capJson(value: unknown, max: number): Capped {
  let json: string;
  try {
    json = JSON.stringify(value, boundedReplacer(max), 2) ?? String(value);
  } catch {
    json = String(value);
  }
  return capText(json, max);
}

/** A replacer that stops descending once roughly `budget` characters of strings and keys were emitted. */
function boundedReplacer(budget: number): (key: string, value: unknown) => unknown {
  let spent = 0;
  return (key, value) => {
    spent += key.length;
    if (spent > budget) return undefined;
    if (typeof value === "string") {
      const room = Math.max(0, budget - spent);
      spent += Math.min(value.length, room);
      return value.length > room ? `${value.slice(0, room)}…` : value;
    }
    return value;
  };
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

/**
 * The `@` of the message box: where a file mention is being typed, and the text once a file is chosen. Pure, for
 * plain-Node tests. A mention starts with `@` at the start of the text or after a space or newline (so `a@b.c` is no
 * mention) and runs to the caret without spaces.
 */
import { markerFor, visibleText } from "./hiddenCharacters";

export interface MentionAt {
  /** Where its `@` is. */
  start: number;
  /** What is typed after the `@`, up to the caret. */
  query: string;
}

export function mentionAt(text: string, caret: number): MentionAt | undefined {
  const match = /(?:^|\s)@([^\s@]*)$/u.exec(text.slice(0, caret));
  if (!match) return undefined;
  const query = match[1]!;
  return { start: caret - query.length - 1, query };
}

/**
 * The text with the mention at `start` (its whole word, also past the caret) replaced by `@path` and a space, and
 * where the caret goes: after that space.
 */
export function withMention(text: string, start: number, path: string): { text: string; caret: number } {
  const word = /^@[^\s]*/u.exec(text.slice(start))?.[0] ?? "@";
  const inserted = `@${path} `;
  const rest = text.slice(start + word.length).replace(/^ /u, "");
  return { text: text.slice(0, start) + inserted + rest, caret: start + inserted.length };
}

/** A repository's file path on one line: a newline or tab in a name is written as its marker (`␊`, `␉`). */
export function oneLine(path: string): string {
  return path.replace(/[\n\t]/gu, markerFor);
}

/**
 * A file path as the message's text takes it: one line, and every hidden character (a bidi override, say) written as
 * the marker the list shows, so a name cannot reorder or reshape the message. The file itself goes by its chip.
 */
export function mentionPath(path: string): string {
  return visibleText(oneLine(path));
}

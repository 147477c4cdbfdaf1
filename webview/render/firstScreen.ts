/**
 * Long code boxes (a diff preview, terminal output) are capped in height: the frame that first shows one shows only
 * its first screenful, yet it styled, shaped and laid out every line (a probe's 84-line diff, drawn on its tool call
 * and on its card, was most of what the frame after a diff cost over a plain card; docs/performance.md). So the
 * first screenful goes in with the box and the rest in a task after the next paint, into the same elements: once
 * appended, the DOM is what it was when built at once (find-in-page, copy and screen readers read every line).
 */

/**
 * Lines built with the box. The box is 400 px high (main.css), so this fills it down to a 9 px font at the
 * boxes' line height of 1.3 (VS Code's editor font is 12-14 px by default). A smaller font shows an empty foot for
 * one frame.
 */
export const FIRST_SCREEN_LINES = 34;

/** Characters built with a box whose first lines are long (terminal output wraps: each line may take several). */
export const FIRST_SCREEN_CHARS = 8 * 1024;

/**
 * Where `text` is cut between its first screenful and the rest: just after its `lines`-th line break, if that comes
 * within `maxChars`; otherwise after the last line break within `maxChars`; `text.length` when there is nothing to
 * put off (the text ends first) or no line break to cut at. A cut after a line break never splits a character, a
 * grapheme or an ANSI colour sequence, so both halves shown one after the other show what the whole text would.
 */
export function firstScreenEnd(text: string, lines: number, maxChars: number): number {
  let end = 0;
  for (let seen = 0; seen < lines; seen++) {
    const next = text.indexOf("\n", end);
    if (next < 0) return text.length;
    if (next + 1 > maxChars) break;
    end = next + 1;
  }
  return end === 0 ? text.length : end;
}

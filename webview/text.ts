/**
 * Makes deceptive characters visible in commands, paths, code and diffs: ANSI SGR sequences are stripped from prose
 * and terminal output (they only colour text there), every other control character, bidi control, zero-width or invisible "tag" character is shown
 * as a visible marker (`␛`, `␀`, `<U+202E>`), highlighted and explained in a tooltip.
 */
import { INVISIBLE } from "../src/shared/reading";
import { describeCharacter, lookalikeWords, markerFor, PROSE_HIDDEN, stripAnsi } from "./hiddenCharacters";
import "./styles/hiddenCharacters.css";

/** The longest text node `appendText` creates. */
const TEXT_NODE_CHARS = 256;
let graphemes: Intl.Segmenter | undefined;

/** A grapheme boundary at or a little before `index` (so a split never cuts a surrogate pair, emoji or accent). */
function boundaryBefore(text: string, index: number, floor: number): number {
  const from = Math.max(floor, index - 32);
  graphemes ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  let best = from;
  for (const segment of graphemes.segment(text.slice(from, index + 32))) {
    const at = from + segment.index;
    if (at > index) break;
    best = at;
  }
  return best > floor ? best : index;
}

/**
 * Appends `text` as text nodes of at most a few hundred characters each (same text, same rendering). Chromium lays
 * out a long run without spaces that may wrap anywhere (`overflow-wrap: anywhere`) in time quadratic in the length
 * of its text node: one 60,000-character word from an agent froze the view for about 30 s. Split, it is linear.
 */
export function appendText(parent: Node, text: string): void {
  if (text.length <= TEXT_NODE_CHARS) {
    parent.appendChild(document.createTextNode(text));
    return;
  }
  for (let start = 0; start < text.length;) {
    const end =
      start + TEXT_NODE_CHARS >= text.length
        ? text.length
        : boundaryBefore(text, start + TEXT_NODE_CHARS, start);
    parent.appendChild(document.createTextNode(text.slice(start, end)));
    start = end;
  }
}

/**
 * Appends `text` to `parent` as text nodes, with ANSI colour codes removed from prose and output (`hidden`:
 * `PROSE_HIDDEN`, `OUTPUT_HIDDEN`) and each invisible character (of `hidden`) replaced by a highlighted marker span;
 * outside prose, each word that only looks Latin (`lookalikeWords`: a Russian or Japanese word alone is not) is
 * highlighted as a hidden character is, and explained in its tooltip and to screen readers (`.lookalike` in
 * main.css). Returns the number of markers added.
 */
export function appendVisible(parent: Node, text: string, hidden: RegExp = INVISIBLE): number {
  const clean = stripAnsi(text, hidden);
  // Read in the whole text, hidden characters kept apart from words, so a word beside one has its neighbours still.
  const lookalikes =
    hidden === PROSE_HIDDEN ? [] : lookalikeWords(clean.replace(hidden, (c) => "_".repeat(c.length)));
  let next = 0;
  let markers = 0;
  const append = (from: number, to: number): void => {
    for (; next < lookalikes.length && lookalikes[next]!.index < to; next++) {
      const { 0: word, index } = lookalikes[next]!;
      appendText(parent, clean.slice(from, index));
      const marker = parent.appendChild(document.createElement("span"));
      marker.className = "hidden-char lookalike";
      marker.title = "Letters of another script that look like Latin ones";
      appendText(marker, word);
      markers++;
      from = index + word.length;
    }
    appendText(parent, clean.slice(from, to));
  };
  let last = 0;
  hidden.lastIndex = 0;
  for (let match = hidden.exec(clean); match !== null; match = hidden.exec(clean)) {
    if (match.index > last) append(last, match.index);
    const marker = document.createElement("span");
    marker.className = "hidden-char";
    marker.textContent = markerFor(match[0]);
    marker.title = describeCharacter(match[0]);
    parent.appendChild(marker);
    markers++;
    last = match.index + match[0].length;
  }
  if (last < clean.length) append(last, clean.length);
  return markers;
}

/** Truncates for display (defence in depth; the host already caps). */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

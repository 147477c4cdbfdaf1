/**
 * Makes deceptive characters visible in commands, paths, code and diffs: ANSI SGR sequences are stripped (they
 * only colour text), every other control character, bidi control, zero-width or invisible "tag" character is shown
 * as a visible marker (`␛`, `␀`, `<U+202E>`), highlighted and explained in a tooltip.
 */

/** ANSI "select graphic rendition" (colours, bold): ESC [ params m, or the one-byte C1 CSI form. */
const ANSI_SGR = /(?:\u001b\[|\u009b)[0-9;:]*m/g;

/**
 * Characters shown as markers. Newline and tab stay as they are (they are visible in monospace pre-wrap text).
 * C0 and C1 controls, DEL, ALM, MVS, zero-width and directional marks, line/paragraph separators, bidi embeddings,
 * overrides and isolates, word joiner and invisible operators, BOM, interlinear annotations, Unicode tags.
 */
const INVISIBLE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/g;

const NAMES: Readonly<Record<number, string>> = {
  0x1b: "ESCAPE",
  0x200b: "ZERO WIDTH SPACE",
  0x200c: "ZERO WIDTH NON-JOINER",
  0x200d: "ZERO WIDTH JOINER",
  0x200e: "LEFT-TO-RIGHT MARK",
  0x200f: "RIGHT-TO-LEFT MARK",
  0x2028: "LINE SEPARATOR",
  0x2029: "PARAGRAPH SEPARATOR",
  0x202a: "LEFT-TO-RIGHT EMBEDDING",
  0x202b: "RIGHT-TO-LEFT EMBEDDING",
  0x202c: "POP DIRECTIONAL FORMATTING",
  0x202d: "LEFT-TO-RIGHT OVERRIDE",
  0x202e: "RIGHT-TO-LEFT OVERRIDE",
  0x2066: "LEFT-TO-RIGHT ISOLATE",
  0x2067: "RIGHT-TO-LEFT ISOLATE",
  0x2068: "FIRST STRONG ISOLATE",
  0x2069: "POP DIRECTIONAL ISOLATE",
  0xfeff: "ZERO WIDTH NO-BREAK SPACE",
};

function stripAnsi(text: string): string {
  return text.replace(ANSI_SGR, "");
}

/** The marker shown for one invisible character. */
function markerFor(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20) return String.fromCodePoint(0x2400 + code); // Control Pictures: ␀ … ␟ (␛ for ESC)
  if (code === 0x7f) return "\u2421"; // ␡
  return `<U+${code.toString(16).toUpperCase().padStart(4, "0")}>`;
}

function describe(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  const name = NAMES[code];
  return `Hidden character ${hex}${name ? ` ${name}` : ""}`;
}

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

/** True when `text` contains something `appendVisible` would mark or strip. */
export function hasHiddenCharacters(text: string): boolean {
  ANSI_SGR.lastIndex = 0;
  INVISIBLE.lastIndex = 0;
  const found = ANSI_SGR.test(text) || INVISIBLE.test(text);
  ANSI_SGR.lastIndex = 0;
  INVISIBLE.lastIndex = 0;
  return found;
}

/**
 * Appends `text` to `parent` as text nodes, with ANSI colour codes removed and each invisible character replaced by
 * a highlighted marker span. Returns the number of markers added.
 */
export function appendVisible(parent: Node, text: string): number {
  const clean = stripAnsi(text);
  let markers = 0;
  let last = 0;
  INVISIBLE.lastIndex = 0;
  for (let match = INVISIBLE.exec(clean); match !== null; match = INVISIBLE.exec(clean)) {
    if (match.index > last) appendText(parent, clean.slice(last, match.index));
    const marker = document.createElement("span");
    marker.className = "hidden-char";
    marker.textContent = markerFor(match[0]);
    marker.title = describe(match[0]);
    parent.appendChild(marker);
    markers++;
    last = match.index + match[0].length;
  }
  if (last < clean.length) appendText(parent, clean.slice(last));
  return markers;
}

/** Truncates for display (defence in depth; the host already caps). */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

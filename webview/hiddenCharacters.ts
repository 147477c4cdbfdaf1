/**
 * Which characters are deceptive in text from agents and repositories, and the visible markers they are shown as
 * (`text.ts` puts them in the page): those of `INVISIBLE`, and ANSI colours. Pure, for plain-Node tests.
 */
import { INVISIBLE } from "../src/shared/reading";

/** ANSI "select graphic rendition" (colours, bold): ESC [ params m, or the one-byte C1 CSI form. */
const ANSI_SGR = /(?:\u001b\[|\u009b)[0-9;:]*m/g;

const NAMES: Readonly<Record<number, string>> = {
  0x09: "CHARACTER TABULATION",
  0x0a: "LINE FEED",
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

/**
 * The hidden characters prose marks (an agent's message, its thoughts, its plan): those of `INVISIBLE` but the joiners
 * and directional marks that ordinary text holds (Persian's zero-width non-joiner, the joiner of emoji sequences, the
 * left-to-right and right-to-left marks of mixed-direction text), which would put markers in every such word. The
 * overrides, embeddings and isolates that reorder what one reads are marked, as in cards: "photo_<U+202E>gnp.exe"
 * otherwise reads "photo_exe.png".
 */
export const PROSE_HIDDEN = new RegExp(`(?![\\u061c\\u200c-\\u200f])(?:${INVISIBLE.source})`, "g");

/**
 * Terminal output's hidden characters: those of `INVISIBLE`. Output and prose lose their colour codes; everywhere else
 * (commands, paths, titles, raw input) an escape is marked, since stripping `ESC[;m` took the shell's `;` with it.
 */
export const OUTPUT_HIDDEN = new RegExp(INVISIBLE.source, "g");

/** Text whose colour codes go: prose and terminal output, read by `hidden`. */
const coloured = (hidden: RegExp) => hidden === PROSE_HIDDEN || hidden === OUTPUT_HIDDEN;

/**
 * The hidden characters a path marks: those of `INVISIBLE`, and a tab or line break, which paths hardly ever hold and a
 * path's line shows as a space ("notes.txt\n.bashrc" read "notes.txt .bashrc").
 */
export const PATH_HIDDEN = new RegExp(`(?:[\\t\\n]|${INVISIBLE.source})`, "g");

/** Quotes the shell reads as letters: `echo “Done; git push #”` runs `git push` in what reads as one quoted word. */
const QUOTE_LOOKALIKES =
  "\\u00b4\\u02b9\\u02ba\\u02bc\\u02ee\\u05f3\\u05f4\\u2018-\\u201f\\u2032-\\u2036\\u275b-\\u275e\\u3003\\u301d-\\u301f\\ua78c\\uff02\\uff07\\uff40";

/** The hidden characters a command marks: those of `INVISIBLE`, and typographic quotes (`QUOTE_LOOKALIKES`). */
export const COMMAND_HIDDEN = new RegExp(`(?:[${QUOTE_LOOKALIKES}]|${INVISIBLE.source})`, "g");
const QUOTE_LOOKALIKE = new RegExp(`^[${QUOTE_LOOKALIKES}]$`);

/** Characters drawn as empty room: space, tab, the Unicode spaces and the Braille blank (U+2800); then the wide ones. */
const BLANKS = " \\t\\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u2800\\u3000";
const WIDE_BLANKS = "\\t\\u2001\\u2003\\u3000";
/** Variation selectors, drawn as nothing (`INVISIBLE` leaves them to the letters they vary): a run may hold them. */
const DRAWN_AS_NOTHING = "\\u180b-\\u180d\\u180f\\ufe00-\\ufe0f";
const BLANK = `[${BLANKS}][${DRAWN_AS_NOTHING}]*`;
/** Up to and with the run's next wide blank. */
const TO_WIDE = `(?:(?![${WIDE_BLANKS}])[${BLANKS}${DRAWN_AS_NOTHING}])*[${WIDE_BLANKS}]`;
/**
 * A run of blanks 16 columns wide or more, a tab or wide space counted as 4 (a tab draws 1 to 8): 16 blanks, or 13 with
 * a wide one among them, 10 with two, 7 with three, or four wide ones. Fewer push little out of sight, and tab-aligned
 * C (`#define X\t\t0x1`) stays as it is.
 */
const WIDE_RUN = [0, 1, 2, 3, 4].map(
  (wide) => `(?=(?:${TO_WIDE}){${wide}})(?=(?:${BLANK}){${16 - 3 * wide}})`,
);
/**
 * Indentation 48 columns wide or more (twelve levels of four spaces; a tab or wide space counted as 4): hardly ever
 * code's own, and enough to push the code after it past a side bar's edge.
 */
const DEEP_INDENT = Array.from(
  { length: 13 },
  (_, wide) => `(?=(?:${TO_WIDE}){${wide}})(?=(?:${BLANK}){${48 - 3 * wide}})`,
);
/** A run `DIFF_LINE_HIDDEN` marked: two blanks or more (other markers stand for one character; a path's tab is ␉). */
const BLANK_RUN = new RegExp(`^(?:${BLANK}){2,}$`);

/**
 * The hidden characters a diff line marks: those of `INVISIBLE`, and a run of blanks 16 columns wide or more
 * (`WIDE_RUN`) after the line's first character of code (one not blank, and not the diff's leading "+" or "-"). A
 * preview line is one row clipped at its box's edge, so "+const a = 1;", 300 spaces, then "require(…).exec(…)" showed
 * only its start; the run is drawn as one marker (`markerFor`), which puts the code after it in view. Indentation stays
 * as it is unless it is deep enough to do the same (`DEEP_INDENT`, after the diff's own "+", "-" or " ", and before
 * code: a blank line stays blank). For one line at a time (`^` is its start).
 */
export const DIFF_LINE_HIDDEN = new RegExp(
  `(?=[${BLANKS}])(?<=[^${BLANKS}${DRAWN_AS_NOTHING}\\n\\r][${DRAWN_AS_NOTHING}]*)(?<!^[+-][${DRAWN_AS_NOTHING}]*)` +
    `(?:${WIDE_RUN.join("|")})(?:${BLANK})+|` +
    `(?<=^[+\\- ])(?:${DEEP_INDENT.join("|")})(?:${BLANK})+(?=[^${BLANKS}${DRAWN_AS_NOTHING}])|` +
    `(?:${INVISIBLE.source})`,
  "g",
);

/**
 * A run of blanks `DIFF_LINE_HIDDEN` found: short, so that the code after it fits beside it in a side bar, in the signs
 * the editor draws whitespace with ("·×300", "→×16" for tabs), and said in full in its title.
 */
function blankRunMarker(run: string): { marker: string; title: string } {
  const blanks = run.replace(new RegExp(`[${DRAWN_AS_NOTHING}]`, "g"), "");
  const kinds = [...new Set(blanks)];
  const only = kinds.length === 1 ? kinds[0] : undefined;
  const names = kinds.map((c) => (c === " " ? "space" : c === "\t" ? "tab" : hexOf(c)));
  const what = only === " " ? "spaces" : only === "\t" ? "tabs" : `blank characters (${names.join(", ")})`;
  return {
    marker: `${only === "\t" ? "→" : "·"}×${blanks.length}`,
    title: `${blanks.length} ${what} in a row, shown as one mark so that what follows is in view`,
  };
}

/** A word: letters and the marks on them. */
export const WORD = /[\p{L}\p{M}]+/gu;

/** Latin letters in another form: fullwidth ("ａ") and mathematical ("𝚊", drawn as a monospace "a"). */
const LATIN_FORM = /[\uff21-\uff3a\uff41-\uff5a\u{1d400}-\u{1d6a5}]/gu;

/** Greek letters drawn unlike any Latin one, which code and formulas put beside Latin ones ("Δt", "dθ", "λx"). */
const UNLIKE_LATIN = /[ΓΔΘΛΞΠΦΨΩδθλξπφψ]/g;

/**
 * Whether a word reads as Latin but is not: it mixes Latin letters with those of a script that has Latin lookalikes
 * ("pаypal" with a Cyrillic "а") or with Latin ones in another form ("p𝚊ypal"), or holds Cherokee or Lisu letters,
 * most of which look like Latin ones ("ᏚᎪᎷ", "Ꭺllow", "ꓮꓡꓡꓳꓪ"). A word of another script alone (Russian, Greek), a
 * fullwidth one (Japanese text's "ＡＢＣ"), Latin beside kana or kanji, or beside Greek letters unlike Latin ones, is
 * real text and is not marked.
 */
export function isLookalikeWord(word: string): boolean {
  const plain = word.replace(LATIN_FORM, "");
  return (
    /[\p{sc=Cher}\p{sc=Lisu}]/u.test(word) ||
    (/\p{sc=Latn}/u.test(plain) &&
      (plain !== word ||
        /[\p{sc=Cyrl}\p{sc=Grek}\p{sc=Armn}\p{sc=Copt}]/u.test(plain.replace(UNLIKE_LATIN, ""))))
  );
}

/**
 * Letters of Cyrillic, Greek, Armenian and Coptic drawn as ASCII ones in the case they are written in: "р" and "Р",
 * "ο", but not "м", "н" or "т", whose capitals alone are (each reads as an ASCII letter in `readingOf`).
 */
export const DRAWN_AS_ASCII =
  /^[АВЕЅІЈКМНОРСТУХҮҺӀԚԜаеѕіјорсухүһԁӏԛԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧͿαινορυχϲϳՕօոսհⲞⲢⲤⲬⲟⲣⲥⲭ]+$/;

/**
 * The words of `text` that only look Latin: those `isLookalikeWord` finds, and those written wholly in letters drawn
 * as ASCII ones (`DRAWN_AS_ASCII`: "раураӏ", "АРІ") whose nearest other word before or after reads as Latin, or for a
 * one-letter one ("а.com"), the word next to it without a space between. Alone or among words of their own script
 * they are real text ("сахар и соль", "Работает с React") and are not marked. One pass over the words.
 */
export function lookalikeWords(text: string): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  /** Words drawn wholly as ASCII since the last other word, `before`, which reads as Latin when `latinBefore`. */
  let run: RegExpExecArray[] = [];
  let before: RegExpExecArray | undefined;
  let latinBefore = false;
  const joined = (a?: RegExpExecArray, b?: RegExpExecArray) =>
    !!a && !!b && !/\s/.test(text.slice(a.index + a[0].length, b.index));
  const settle = (after: RegExpExecArray | undefined, latinAfter: boolean) => {
    run.forEach((word, i) => {
      if (
        word[0].length > 1
          ? latinBefore || latinAfter
          : (i === 0 && latinBefore && joined(before, word)) ||
            (i === run.length - 1 && latinAfter && joined(word, after))
      )
        found.push(word);
    });
    run = [];
  };
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    if (DRAWN_AS_ASCII.test(word)) {
      run.push(match);
      continue;
    }
    const ascii = /^[a-z]+$/i.test(word);
    const lookalike = !ascii && isLookalikeWord(word);
    const latin = ascii || lookalike || /\p{sc=Latn}/u.test(word);
    if (run.length > 0) settle(match, latin);
    if (lookalike) found.push(match);
    before = match;
    latinBefore = latin;
  }
  if (run.length > 0) settle(undefined, false);
  return found;
}

/** `text` without its colour codes where `hidden` is prose's or output's (`coloured`), else as it is. */
export function stripAnsi(text: string, hidden: RegExp): string {
  return coloured(hidden) ? text.replace(ANSI_SGR, "") : text;
}

function hexOf(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/** The marker shown for one invisible character, or for a run of blanks (`DIFF_LINE_HIDDEN`). */
export function markerFor(char: string): string {
  if (BLANK_RUN.test(char)) return blankRunMarker(char).marker;
  if (QUOTE_LOOKALIKE.test(char)) return char; // highlighted as it is: "Don’t" stays readable
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20) return String.fromCodePoint(0x2400 + code); // Control Pictures: ␀ … ␟ (␛ for ESC)
  if (code === 0x7f) return "\u2421"; // ␡
  return `<${hexOf(char)}>`;
}

export function describeCharacter(char: string): string {
  if (BLANK_RUN.test(char)) return blankRunMarker(char).title;
  if (QUOTE_LOOKALIKE.test(char))
    return `Typographic quote ${hexOf(char)}: the shell reads it as a letter, not as a quote`;
  const code = char.codePointAt(0) ?? 0;
  const hex = hexOf(char);
  const name = NAMES[code];
  return `Hidden character ${hex}${name ? ` ${name}` : ""}`;
}

/** True when `text` contains something `appendVisible` would mark or strip (a lookalike word included). */
export function hasHiddenCharacters(text: string, hidden: RegExp = INVISIBLE): boolean {
  // `search` reads from the start whatever the global expressions' `lastIndex`, and leaves it as it was.
  return (
    (coloured(hidden) && text.search(ANSI_SGR) >= 0) ||
    text.search(hidden) >= 0 ||
    lookalikeWords(text).length > 0
  );
}

/**
 * `text` as `appendVisible` (`text.ts`) shows it, for a text field (which cannot hold marker spans): colour codes of
 * prose and output removed, each invisible character written as its marker.
 */
export function visibleText(text: string, hidden: RegExp = INVISIBLE): string {
  return stripAnsi(text, hidden).replace(hidden, markerFor);
}

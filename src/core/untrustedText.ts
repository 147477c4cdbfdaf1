/**
 * Making untrusted text (an agent's titles and errors, its stderr, a repository's file names) inert where VS Code
 * renders text itself: notifications turn `[label](command:id?args)` into a link that runs a command on click, status
 * bar items, quick picks and tooltips render `$(icon)` syntax, and the log shows each line as its own entry.
 */
import { INVISIBLE } from "../shared/reading";
import { httpUrl } from "../shared/httpUrl";

/** C0 and C1 control characters, DEL included (newlines and tabs too). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/**
 * Bidi controls and invisible characters that make text read differently from what it is: those the view marks
 * (`INVISIBLE`) but controls, which `CONTROL` handles. One list, so that a line separator or a Mongolian vowel
 * separator the view marks is not passed raw into a notification, a copy or the log.
 */
const DECEPTIVE = new RegExp(`(?![\\u0000-\\u001f\\u007f-\\u009f])(?:${INVISIBLE.source})`, "g");

function codePoint(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Cuts to at most `max` code points, with an ellipsis when anything was cut. */
function capCodePoints(text: string, max: number): string {
  if (text.length <= max) return text;
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max).join("")}…`;
}

/**
 * `inertText` in double quotes it cannot close, for an agent's words among Symposium's: its own double quote marks
 * (and lookalikes) become single ones, so no part of it reads as Symposium's text after the quotes.
 */
export function quotedInert(text: unknown, max: number): string {
  return `"${inertText(text, max).replace(/["“”„‟«»〝〞＂]/g, "'")}"`;
}

/**
 * One line of plain text for a notification, a status bar tooltip or a quick pick: control characters become
 * spaces, bidi and invisible characters are shown as `<U+202E>`, link syntax (`](`, which VS Code's link parser
 * needs adjacent) and codicon syntax (`$(`) are broken apart so nothing renders as a link or an icon, and the length
 * is capped.
 */
export function inertText(text: unknown, max = 200): string {
  const value = typeof text === "string" ? text : String(text);
  // Cap first (with room), so a 5 MB title costs no more than a short one.
  return capCodePoints(
    capCodePoints(value, max * 2)
      .replace(CONTROL, " ")
      .replace(DECEPTIVE, (char) => `<${codePoint(char)}>`)
      .replace(/ {2,}/g, " ")
      .trim()
      .replace(/\]\s*\(/g, "] (")
      .replace(/\$\(/g, "$ ("),
    max,
  );
}

/**
 * One log line: every control character (newlines included) and every bidi or invisible character escaped as
 * `\n`, `\x1b`, `\u202e`, so agent text cannot forge log lines or hide what it says. Capped.
 */
export function escapeForLog(text: string, max = 8_000): string {
  return capCodePoints(text, max)
    .replace(CONTROL, (char) =>
      char === "\n"
        ? "\\n"
        : char === "\r"
          ? "\\r"
          : char === "\t"
            ? "\\t"
            : `\\x${char.charCodeAt(0).toString(16).padStart(2, "0")}`,
    )
    .replace(DECEPTIVE, (char) => `\\u{${char.codePointAt(0)!.toString(16)}}`);
}

/** `DECEPTIVE` but the joiners (U+200C, U+200D) that emoji and several scripts need in ordinary text. */
const DECEPTIVE_IN_PROSE = new RegExp(`(?![\\u200c\\u200d])(?:${DECEPTIVE.source})`, "g");

/**
 * An agent's text as a person may copy it. Bidi controls, invisible characters and control characters (all but
 * newlines and tabs; Windows line ends become newlines) become `<U+202E>` markers, as the view shows them in code, so
 * what is pasted into an editor or a terminal reads as it looked and carries no escape sequence. Joiners stay.
 */
export function copyableText(text: string): string {
  return text
    .replace(/\r\n/g, "\n")
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (char) => `<${codePoint(char)}>`)
    .replace(DECEPTIVE_IN_PROSE, (char) => `<${codePoint(char)}>`);
}

/**
 * `value` as JSON whose bidi controls and invisible characters are written as `\u202e` escapes: the same data once
 * parsed, but an export opened in an editor reads as it is.
 */
export function inertJson(value: unknown): string {
  return JSON.stringify(value).replace(DECEPTIVE, (chars) =>
    Array.from(
      { length: chars.length },
      (_, i) => `\\u${chars.charCodeAt(i).toString(16).padStart(4, "0")}`,
    ).join(""),
  );
}

/**
 * The address a link in an agent's message may open (through VS Code's opener, which asks before an untrusted site),
 * or undefined: only http(s), and never one naming a user before its host. "https://github.com@evil.example/x" goes
 * to evil.example, but the tooltip and VS Code's question both begin "https://github.com".
 */
export function externalLinkTarget(href: string): string | undefined {
  const url = httpUrl(href);
  return url && url.username === "" && url.password === "" ? url.toString() : undefined;
}

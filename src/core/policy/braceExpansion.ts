/**
 * Bash's brace expansion of a word as written (quotes still in it): `src/{a,b}.ts` is `src/a.ts` and `src/b.ts`,
 * `{1..3}` is `1`, `2` and `3`. It follows bash's `braces.c`: a brace expands only around an unquoted comma or a
 * valid sequence, a `{}` at the word's start is literal, quoted and escaped characters are never syntax. The words
 * keep their quotes: the shell removes them, and expands `~` and patterns, after this.
 */

/** More words than this from one word (`{a,b}{c,d}…`, `{1..100000}`) are not listed: the word stays unknown. */
export const MAX_BRACE_WORDS = 100;
/** A longer word is not expanded (its words could be this many times as long). */
const MAX_BRACE_WORD_CHARS = 4096;

/** The words `word` expands to, in bash's order; undefined when they are too many or a sequence is not read. */
export function expandBraces(word: string): string[] | undefined {
  if (word.length > MAX_BRACE_WORD_CHARS) return undefined;
  // The first `{` that opens a list or a sequence, and its `}`.
  let open = -1;
  let close = -1;
  for (let from = 0; ; from = open + 1) {
    open = gobble(word, from, "{");
    if (open < 0) return [word];
    close = gobble(word, open + 1, "}");
    if (close >= 0) break;
  }
  const inside = word.slice(open + 1, close);
  let middle: string[] | undefined;
  // Without a comma (bash's test skips escaped characters only), a sequence or literal text.
  if (!/^(?:[^\\,]|\\[\s\S])*,/.test(inside)) {
    const sequence = expandSequence(inside);
    if (sequence === "unread") return undefined;
    middle = sequence ?? [word.slice(open, close + 1)];
  } else {
    middle = [];
    for (let from = 0; ;) {
      const comma = gobble(inside, from, ",");
      const each = expandBraces(inside.slice(from, comma < 0 ? undefined : comma));
      if (each === undefined) return undefined;
      middle.push(...each);
      if (comma < 0) break;
      from = comma + 1;
    }
  }
  const after = close + 1 < word.length ? expandBraces(word.slice(close + 1)) : [""];
  if (after === undefined || middle.length * after.length > MAX_BRACE_WORDS) return undefined;
  const before = word.slice(0, open);
  return middle.flatMap((m) => after.map((a) => before + m + a));
}

/**
 * Bash's `brace_gobbler`: the index of the first `wanted` from `from` that counts, else -1. Quoted and escaped
 * characters are skipped; a `{` must not be a `{}` at the word's start; a `}` must close a comma or a `..` outside
 * inner braces; a `,` must be outside inner braces.
 */
function gobble(word: string, from: number, wanted: "{" | "}" | ","): number {
  let level = 0;
  let quote = "";
  let commas = wanted === "}" ? 0 : 1;
  for (let i = from; i < word.length; i++) {
    const c = word[i]!;
    if (c === "\\" && quote !== "'") {
      i++;
      continue;
    }
    if (quote !== "") {
      if (c === quote) quote = "";
      continue;
    }
    if (c === "'" || c === '"' || c === "`") {
      quote = c;
      continue;
    }
    if (c === wanted && level === 0 && commas > 0) {
      if (c === "{" && (i === 0 || /\s/.test(word[i - 1]!)) && /^[\s}]/.test(word[i + 1] ?? "")) continue;
      return i;
    }
    if (c === "{") level++;
    else if (c === "}" && level > 0) level--;
    else if (
      wanted === "}" &&
      level === 0 &&
      (c === "," || (word.startsWith("..", i) && word[i + 2] !== "}"))
    )
      commas++;
  }
  return -1;
}

/**
 * The words of a sequence (`1..5`, `01..10..3`, `a..e`); undefined when `text` is none (the braces are then
 * literal); "unread" for one bash expands that is not read here (past letters of one case, huge numbers, too long).
 */
function expandSequence(text: string): string[] | undefined | "unread" {
  const numbers = /^([+-]?\d+)\.\.([+-]?\d+)(?:\.\.([+-]?\d+))?$/.exec(text);
  const letters = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.([+-]?\d+))?$/.exec(text);
  const found = numbers ?? letters;
  if (found === null) return undefined;
  const [, first, last, step] = found as unknown as [string, string, string, string | undefined];
  if ([first, last, step ?? ""].some((n) => n.length > 9)) return "unread";
  // Letters of one case only: bash goes through `[\]^_` and the backtick from `Z` to `a`.
  if (letters && /[a-z]/.test(first) !== /[a-z]/.test(last)) return "unread";
  const from = letters ? first.charCodeAt(0) : Number(first);
  const to = letters ? last.charCodeAt(0) : Number(last);
  const by = Math.abs(Number(step ?? 1)) || 1;
  const count = Math.floor(Math.abs(to - from) / by) + 1;
  if (count > MAX_BRACE_WORDS) return "unread";
  // A leading zero pads every number to the longer end's width (`%0*d`: `-03..3` is `-03` … `003`).
  const padded = [first, last].some((n) => /^-?0\d/.test(n));
  const width = padded ? Math.max(first.length, last.length) : 0;
  const sign = to < from ? -1 : 1;
  return Array.from({ length: count }, (_, i) => {
    const n = from + sign * by * i;
    if (letters) return String.fromCharCode(n);
    return n < 0 ? `-${String(-n).padStart(width - 1, "0")}` : String(n).padStart(width, "0");
  });
}

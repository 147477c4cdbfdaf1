/**
 * An agent's Markdown as `marked` tokens, in time about linear in its length whatever the agent writes. Pure (no
 * DOM), for plain-Node tests; `markdown.ts` builds the elements.
 *
 * `marked` takes time quadratic in the length of one run of inline text for some inputs ("a**a**a**…": each run of
 * asterisks is tried against every later one), and blows its stack, after seconds, on hundreds of nested quotes or
 * list markers on one line: a 200,000-character message froze the view for about 9 s, each time it was shown.
 * So a run of inline text longer than `INLINE_CHARS` is shown as its text, without inline Markdown, and a message
 * nested deeper than the page shows anyway is shown as plain text.
 */
import { Lexer, type Token, type TokensList } from "marked";

/** Deeper nesting than this is shown as plain text (a hostile document cannot blow the stack). */
export const MAX_DEPTH = 40;

/**
 * The longest run of inline text (a paragraph, a heading, a table cell) lexed for emphasis, code spans and links.
 * Longer ones are rare in what agents write, and one of this length costs a few milliseconds at worst.
 */
export const INLINE_CHARS = 8_000;

/** A line opening more nested quotes or list items than `MAX_DEPTH`. */
const DEEP_LINE = new RegExp(`^(?:[ \\t]*(?:>|[*+-][ \\t]|\\d{1,9}[.)][ \\t])){${MAX_DEPTH + 1}}`, "m");

/** The tokens of `markdown`, or undefined when it is to be shown as plain text. */
export function lexMarkdown(markdown: string): TokensList | undefined {
  if (DEEP_LINE.test(markdown)) return undefined;
  try {
    const lexer = new Lexer({ gfm: true, breaks: false });
    const inlineTokens = lexer.inlineTokens.bind(lexer);
    lexer.inlineTokens = (src: string, tokens: Token[] = []): Token[] => {
      if (src.length <= INLINE_CHARS) return inlineTokens(src, tokens);
      tokens.push({ type: "text", raw: src, text: src, escaped: false });
      return tokens;
    };
    return lexer.lex(markdown);
  } catch {
    return undefined;
  }
}

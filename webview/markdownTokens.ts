/**
 * An agent's Markdown as `marked` tokens, in time about linear in its length whatever the agent writes. Pure (no
 * DOM), for plain-Node tests; `markdown.ts` builds the elements.
 *
 * `marked` takes time quadratic in the length of one run of inline text for some inputs ("a**a**a**…": each run of
 * asterisks is tried against every later one), and blows its stack, after seconds, on hundreds of nested quotes or
 * list markers on one line: a 200,000-character message froze the view for about 9 s, each time it was shown.
 * So a run of inline text longer than `INLINE_CHARS` is shown as its text, without inline Markdown, and a message
 * nested deeper than the page shows anyway is shown as plain text. A table shows at most `TABLE_CELLS` cells
 * (`TABLE_COLUMNS` columns): 120,000 cells, streamed in 24 chunks, took about 13 s to lex and build again and again.
 */
import { Lexer, Tokenizer, type Token, type Tokens, type TokensList } from "marked";
import { httpUrl } from "../src/shared/httpUrl";

/** Deeper nesting than this is shown as plain text (a hostile document cannot blow the stack). */
export const MAX_DEPTH = 40;

/**
 * The longest run of inline text (a paragraph, a heading, a table cell) lexed for emphasis, code spans and links.
 * Longer ones are rare in what agents write, and one of this length costs a few milliseconds at worst.
 */
export const INLINE_CHARS = 8_000;

/** The most cells of a table shown, its header's included; the rest is said under it (`tableCutNote`). */
export const TABLE_CELLS = 2_000;
/** The most columns of a table shown. */
export const TABLE_COLUMNS = 40;

/** A table token with what it does not show. */
export interface ShownTable extends Tokens.Table {
  omittedRows?: number;
  omittedColumns?: number;
}

/** A line opening more nested quotes or list items than `MAX_DEPTH`. */
const DEEP_LINE = new RegExp(`^(?:[ \\t]*(?:>|[*+-][ \\t]|\\d{1,9}[.)][ \\t])){${MAX_DEPTH + 1}}`, "m");

/** The tokens of `markdown`, or undefined when it is to be shown as plain text. */
export function lexMarkdown(markdown: string): TokensList | undefined {
  if (DEEP_LINE.test(markdown)) return undefined;
  try {
    const tokenizer = new Tokenizer();
    const table = tokenizer.table.bind(tokenizer);
    tokenizer.table = (src: string) => {
      const queued = lexer.inlineQueue.length;
      const token = table(src);
      if (token && capTable(token)) {
        // The cells it does not show are not lexed for inline Markdown (marked queued every cell).
        const shown = new Set([...token.header, ...token.rows.flat()].map((cell) => cell.tokens));
        const cells = lexer.inlineQueue.splice(queued);
        lexer.inlineQueue.push(...cells.filter((cell) => shown.has(cell.tokens)));
      }
      return token;
    };
    const lexer = new Lexer({ gfm: true, breaks: false, tokenizer });
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

/**
 * An agent's message as it streams, lexed in time about proportional to what is new rather than to the whole message
 * on every chunk (a 60 KB answer in 1,500 chunks took 8-16 s of the view's thread): the top-level blocks no later text
 * can change keep their tokens, and only the rest is lexed again. `lex` gives the tokens `lexMarkdown` gives.
 *
 * A block is final once a blank line and the whole line that starts the next block follow it: no container
 * (a list, a quote, a table, an HTML block) or paragraph goes on past that, an unclosed fence or HTML comment runs to
 * the end (so nothing follows it), and what follows a blank line is lexed alike from there on. Two things reach back,
 * and no block after them is kept: a reference-link definition (any link above may name it, so the whole message is
 * lexed again; agents seldom write one), and a raw `<a ` tag, after which marked links no bare URL.
 *
 * A list that is not final yet keeps its items too (`ListHead`): a list of thousands of items cost 16-28 ms a chunk,
 * lexed whole. marked reads each item from its own lines alone, and an item is done once the whole first line of the
 * next item follows it; only the list's looseness reaches back (a blank line between two items makes every item a
 * paragraph), so a tight list is lexed whole again when what follows its kept items is loose. Of its last item, the
 * nested items of a tight list that ends it are kept alike (`ItemCut`). A quote that is not
 * final yet keeps its blocks that are (`QuoteHead`): a long quote cost about 14 ms a chunk, lexed whole.
 */
export class MarkdownStream {
  /** The start of the message whose blocks are final, and their tokens. */
  private done = "";
  private doneTokens: Token[] = [];
  /** The final part of the list or quote that starts the rest of the message. */
  private head: ListHead | QuoteHead | undefined;

  lex(markdown: string): Token[] | undefined {
    // marked reads a CR as a line end; so does the length of what is final.
    const text = markdown.replace(/\r\n?/g, "\n");
    if (!text.startsWith(this.done)) this.done = "";
    if (!this.done) this.doneTokens = [];
    const rest = text.slice(this.done.length);
    const head = this.head;
    this.head = undefined;
    const after = head && rest.startsWith(head.source) && rest.startsWith(head.next, head.source.length);
    const tokens = after
      ? head.kind === "list"
        ? lexAfter(head, rest)
        : lexAfterQuote(head, rest)
      : lexMarkdown(rest);
    if (!tokens) return;
    const defines = Object.keys(tokens.links).length > 0;
    if ((this.done || head) && defines) {
      this.done = "";
      return this.lex(text);
    }
    const all = this.doneTokens.concat(tokens);
    // Keep the blocks before the last one that starts a final block.
    let cut = 0;
    let at = 0;
    let offset = 0;
    for (const [i, token] of tokens.entries()) {
      if (tokens[i - 1]?.type === "space") {
        if (!rest.includes("\n", offset)) break;
        cut = i;
        at = offset;
      }
      if (defines || (token.type !== "code" && /<a /i.test(token.raw))) break;
      offset += token.raw.length;
    }
    this.done += rest.slice(0, at);
    this.doneTokens = all.slice(0, this.doneTokens.length + cut);
    this.head = defines
      ? undefined
      : (listHead(tokens[cut], rest.slice(at)) ?? quoteHead(tokens[cut], rest.slice(at)));
    return all;
  }
}

/** The tokens of `rest`, which starts with the items `head` holds: only what follows them is lexed. */
function lexAfter(head: ListHead, rest: string): TokensList | undefined {
  // After the items of a loose list, an item of its own marker and a blank line: what follows is read as loose too.
  const loose = head.loose ? `${/^ *(?:[*+-]|\d+[.)])/.exec(head.next)![0]} x\n\n` : "";
  const after = rest.slice(head.source.length);
  const inner = head.inner;
  const cut = inner && after.startsWith(inner.prefix + inner.middle + inner.next);
  if (!cut && head.items.length === 0) return lexMarkdown(rest);
  // The nested items kept are left out: in their place, an item of one line that is dropped again (`ItemCut`).
  const tokens = lexMarkdown(
    loose +
      (cut ? inner.prefix + inner.stand + after.slice(inner.prefix.length + inner.middle.length) : after),
  );
  const tail = tokens?.[0] as Tokens.List | undefined;
  // What follows the items begins at a whole item line, so it is lexed as the same list; when it is loose and the
  // items are not, they all change.
  if (!tokens || tail?.type !== "list" || tail.loose !== head.loose || tail.ordered !== head.ordered)
    return head.items.length > 0 && cut ? lexAfter({ ...head, inner: undefined }, rest) : lexMarkdown(rest);
  let raw = tail.raw.slice(loose.length);
  if (cut) {
    const at = loose ? 1 : 0;
    const item = tail.items[at] && putBack(inner, tail.items[at]);
    if (!item)
      return head.items.length > 0 ? lexAfter({ ...head, inner: undefined }, rest) : lexMarkdown(rest);
    tail.items[at] = item;
    raw = inner.prefix + inner.middle + raw.slice(inner.prefix.length + inner.stand.length);
  }
  tokens[0] = {
    type: "list",
    raw: head.source + raw,
    ordered: head.ordered,
    start: head.start,
    loose: head.loose,
    items: head.items.concat(tail.items.slice(loose ? 1 : 0)),
  } satisfies Tokens.List;
  return tokens;
}

/** The items of a list that no later text can change, and their source (where the list starts). */
interface ListHead {
  readonly kind: "list";
  readonly source: string;
  /** The whole first line of the item after them, which made them final (a message may start again). */
  readonly next: string;
  readonly loose: boolean;
  readonly ordered: boolean;
  readonly start: number | "";
  readonly items: Tokens.ListItem[];
  /** The final part of the item after them, the list's last. */
  readonly inner?: ItemCut;
}

/**
 * The nested items that no later text can change of a list that ends an item (the list's last): a long list under
 * one item was lexed whole with every chunk. The item is lexed without them (`middle`), a one-line item of their list
 * (`stand`, dropped again) in their place so that what follows them is read as items of the same list.
 */
interface ItemCut {
  /** The item's lines before its nested list, and the nested items kept, as the message has them. */
  readonly prefix: string;
  readonly middle: string;
  /** The whole line after them, the first of the nested item that follows. */
  readonly next: string;
  /** The item standing in for them, as the message would have it, and as the nested list reads it. */
  readonly stand: string;
  readonly standText: string;
  /** What the item's text holds before the nested list, and for the nested items kept. */
  readonly prefixText: string;
  readonly middleText: string;
  /** Where the nested list is among the item's blocks, and the nested items kept. */
  readonly index: number;
  readonly start: number | "";
  readonly items: Tokens.ListItem[];
}

/** `item`, lexed with the nested item `cut.stand` in place of those `cut` holds, with them put back. */
function putBack(cut: ItemCut, item: Tokens.ListItem): Tokens.ListItem | undefined {
  const nested = item.tokens[cut.index] as Tokens.List | undefined;
  const stand = nested?.items[0];
  if (
    nested?.type !== "list" ||
    nested.loose ||
    stand?.raw !== cut.standText ||
    !item.text.startsWith(cut.prefixText + cut.standText) ||
    !item.raw.startsWith(cut.prefix + cut.stand)
  )
    return undefined;
  const list: Tokens.List = {
    ...nested,
    raw: cut.middleText + nested.raw.slice(cut.standText.length),
    start: cut.start,
    items: cut.items.concat(nested.items.slice(1)),
  };
  const tokens = item.tokens.slice();
  tokens[cut.index] = list;
  return {
    ...item,
    raw: cut.prefix + cut.middle + item.raw.slice(cut.prefix.length + cut.stand.length),
    text: cut.prefixText + cut.middleText + item.text.slice(cut.prefixText.length + cut.standText.length),
    tokens,
  };
}

/**
 * The final part of `item`, a list's last, at the start of `source`: the items before the last whole item line of a
 * tight list that ends its blocks, or none.
 */
function itemCut(item: Tokens.ListItem | undefined, source: string): ItemCut | undefined {
  const index = (item?.tokens.length ?? 0) - 1;
  const nested = item?.tokens[index] as Tokens.List | undefined;
  if (!item || nested?.type !== "list" || nested.loose || /<a /i.test(item.raw)) return undefined;
  // The item's text up to its nested list is that of its blocks before it, a line each or more.
  let prefixText = "";
  for (const block of item.tokens.slice(0, index)) {
    if (!item.text.startsWith(block.raw, prefixText.length)) return undefined;
    prefixText += block.raw;
  }
  if (!prefixText.endsWith("\n") || !item.text.startsWith(nested.raw, prefixText.length)) return undefined;
  const items = nested.items.slice(0, -1);
  /** The offset in `source` after `lines` lines from `from`, or -1. */
  const after = (from: number, lines: number) => {
    for (let line = 0; line < lines && from >= 0; line++) from = source.indexOf("\n", from) + 1 || -1;
    return from;
  };
  const lines = (text: string) => text.split("\n").length - 1;
  const prefix = after(0, lines(prefixText));
  let middleText = items.map((nestedItem) => nestedItem.raw).join("");
  let middle = after(prefix, lines(middleText));
  // The next line not yet whole (a partial "-" may become a rule): the item before it is not final either.
  if (middle >= 0 && !source.includes("\n", middle)) {
    middleText = middleText.slice(0, middleText.length - (items.pop()?.raw.length ?? 0));
    middle = after(prefix, lines(middleText));
  }
  const end = middle < 0 ? -1 : source.indexOf("\n", middle);
  if (items.length === 0 || prefix < 0 || end < 0 || !middleText.endsWith("\n")) return undefined;
  const next = source.slice(middle, end + 1);
  const marker = /^([ \t]*)([*+-]|\d{1,9}([.)]))[ \t]/.exec(next);
  if (!marker) return undefined;
  const standText = `${nested.ordered ? `1${marker[3]!}` : marker[2]!} x\n`;
  return {
    prefix: source.slice(0, prefix),
    middle: source.slice(prefix, middle),
    next,
    stand: marker[1]! + standText,
    standText,
    prefixText,
    middleText,
    index,
    start: nested.start,
    items,
  };
}

/**
 * The final items of `token`, a list at the start of `source`: those before the last item whose first line is whole
 * (a partial "-" may yet become a rule, which ends the list and makes the item before it the last, trimmed). None
 * from an item with a raw `<a ` tag on (it unlinks bare URLs in the items after it).
 */
function listHead(token: Token | undefined, source: string): ListHead | undefined {
  if (token?.type !== "list") return undefined;
  const list = token as Tokens.List;
  const items: Tokens.ListItem[] = [];
  let length = 0;
  for (const item of list.items.slice(0, -1)) {
    if (/<a /i.test(item.raw)) break;
    items.push(item);
    length += item.raw.length;
  }
  if (!source.includes("\n", length)) length -= items.pop()?.raw.length ?? 0;
  const inner =
    items.length === list.items.length - 1 ? itemCut(list.items.at(-1), source.slice(length)) : undefined;
  if (items.length === 0 && !inner) return undefined;
  const next = source.slice(length, source.indexOf("\n", length) + 1);
  return {
    kind: "list",
    source: source.slice(0, length),
    next,
    loose: list.loose,
    ordered: list.ordered,
    start: list.start,
    items,
    inner,
  };
}

/**
 * The blocks of a quote that no later text can change, and their source: its first lines, each with its `>`. The
 * quote's blocks are read from its lines with the markers taken off, as a message's are (`MarkdownStream`), so those
 * before a blank line and the whole line that starts the next are final; what follows them, lexed alone, is a quote
 * of the same lines.
 */
interface QuoteHead {
  readonly kind: "quote";
  readonly source: string;
  /** The whole line after them, which made them final. */
  readonly next: string;
  /** What the quote's lines hold without their markers, up to `next`. */
  readonly text: string;
  readonly tokens: Token[];
}

/** The final blocks of `token`, a quote at the start of `source` (none after a raw `<a ` tag, as in the message). */
function quoteHead(token: Token | undefined, source: string): QuoteHead | undefined {
  if (token?.type !== "blockquote") return undefined;
  const quote = token as Tokens.Blockquote;
  let cut = 0;
  let at = 0;
  let offset = 0;
  for (const [i, block] of quote.tokens.entries()) {
    // A lazy line joins the blocks' text otherwise than its lines do: keep nothing from there on.
    if (!quote.text.startsWith(block.raw, offset)) break;
    if (quote.tokens[i - 1]?.type === "space") {
      if (!quote.text.includes("\n", offset)) break;
      cut = i;
      at = offset;
    }
    if (block.type !== "code" && /<a /i.test(block.raw)) break;
    offset += block.raw.length;
  }
  if (cut === 0) return undefined;
  // Each line of the text is one of the quote's lines without its marker (a lazy line has none); the next line is
  // marked, or the quote ended before it.
  const lines = quote.text.slice(0, at).split("\n").length - 1;
  let length = 0;
  for (let line = 0; line < lines; line++) {
    const end = source.indexOf("\n", length);
    if (end < 0) return undefined;
    length = end + 1;
  }
  const end = source.indexOf("\n", length);
  if (end < 0 || !/^ {0,3}>/.test(source.slice(length, end))) return undefined;
  return {
    kind: "quote",
    source: source.slice(0, length),
    next: source.slice(length, source.indexOf("\n", length) + 1),
    text: quote.text.slice(0, at),
    tokens: quote.tokens.slice(0, cut),
  };
}

/** The tokens of `rest`, which starts with the lines `head` holds: only what follows them is lexed. */
function lexAfterQuote(head: QuoteHead, rest: string): TokensList | undefined {
  const tokens = lexMarkdown(rest.slice(head.source.length));
  const tail = tokens?.[0] as Tokens.Blockquote | undefined;
  if (!tokens || tail?.type !== "blockquote") return lexMarkdown(rest);
  tokens[0] = {
    type: "blockquote",
    raw: head.source + tail.raw,
    tokens: head.tokens.concat(tail.tokens),
    text: head.text + tail.text,
  } satisfies Tokens.Blockquote;
  return tokens;
}

/** Keeps the rows and columns of `table` that it shows (`TABLE_CELLS`); true when it does not show them all. */
function capTable(table: ShownTable): boolean {
  const columns = Math.min(table.header.length, TABLE_COLUMNS);
  const rows = Math.min(table.rows.length, Math.floor(TABLE_CELLS / Math.max(1, columns)) - 1);
  const omittedRows = table.rows.length - rows;
  const omittedColumns = table.header.length - columns;
  if (omittedRows === 0 && omittedColumns === 0) return false;
  table.header = table.header.slice(0, columns);
  table.align = table.align.slice(0, columns);
  table.rows = table.rows.slice(0, rows).map((row) => row.slice(0, columns));
  table.omittedRows = omittedRows;
  table.omittedColumns = omittedColumns;
  return true;
}

/** The line under a table that does not show all it holds, or undefined when it shows all. */
export function tableCutNote(table: ShownTable): string | undefined {
  const count = (n: number, what: string) => `${n.toLocaleString("en-US")} more ${what}${n === 1 ? "" : "s"}`;
  const parts = [
    table.omittedRows ? count(table.omittedRows, "row") : "",
    table.omittedColumns ? count(table.omittedColumns, "column") : "",
  ].filter(Boolean);
  if (parts.length === 0) return undefined;
  return `${parts.join(" and ")} not shown; Copy copies the whole message.`;
}

/**
 * The host a link opens, said after its words ("the docs (evil.example)"), unless the words are its address as written
 * (with or without "https://" and a last "/"). The tooltip is not seen before a click, and VS Code opens the domains
 * it trusts (*.github.com, *.github.dev) without asking: words that read as one host, however spelt (lookalike dots
 * or letters, quotes, another subdomain), cannot open another unsaid. An international name is said in ASCII, as the
 * browser reads it. Undefined for an address that is not http(s) (the host opens none).
 */
export function linkHostNote(words: string, href: string): string | undefined {
  const url = httpUrl(href);
  if (!url) return undefined;
  const bare = (address: string) => address.replace(/^https?:\/\//i, "").replace(/\/$/, "");
  const written = bare(href);
  const hostFirst =
    written.toLowerCase().startsWith(url.host) && /^(?:[/?#]|$)/.test(written.slice(url.host.length));
  return hostFirst && bare(words) === written ? undefined : url.host;
}

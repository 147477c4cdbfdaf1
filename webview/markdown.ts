/**
 * Agent Markdown to DOM, without ever parsing HTML: `marked`'s lexer gives tokens, and we build the elements
 * ourselves with `textContent`. Raw HTML in the Markdown is shown as the literal text it is. Images are not loaded
 * ("[image: alt]"). Links are not navigable: they are `<a>` elements without `href` that ask the host to open the
 * target (the host checks it), with the target shown in the tooltip. Hidden characters that would disguise the text
 * (a bidi override) are shown as markers (`PROSE_HIDDEN`), in code as in the words around it.
 */
import type { Token, Tokens } from "marked";
import { el, type Attributes } from "./dom";
import { PROSE_HIDDEN, visibleText } from "./hiddenCharacters";
import { appendVisible } from "./text";
import { copyButton } from "./render/copyButton";
import { forgetBox, reachableWhenScrolling } from "./render/scrollBox";
import { morphChildren, type MorphHooks } from "./morph";
import { linkHostNote, MarkdownStream, MAX_DEPTH, tableCutNote, type ShownTable } from "./markdownTokens";

export interface MarkdownActions {
  openLink(href: string): void;
  /** Copy on a code block: its text as the block shows it. */
  copyCode(code: string): void;
}

function plain(markdown: string): HTMLElement {
  const p = el("p", { class: "md-plain" });
  prose(p, markdown);
  return p;
}

/** The agent's words as text, what would disguise them marked. */
function prose(parent: Node, text: string): void {
  appendVisible(parent, text, PROSE_HIDDEN);
}

/** A top-level block shown: its token, and how many of the root's nodes it made (none for a blank line). */
interface ShownBlock {
  readonly token: Token;
  readonly nodes: number;
}

/**
 * An agent's message that grows as it streams, shown in `root` (which holds nothing else). Each update keeps what is
 * already shown: the blocks that `MarkdownStream` kept (no later text can change them) are neither lexed nor built
 * again, nor the items it kept of a list still growing or the blocks of a quote (nor a growing code block's text but
 * its last lines), and the blocks after them are built and updated in place (text nodes extended, elements kept), so a
 * person selecting a sentence or on a code block's Copy keeps the selection and the focus while the agent writes below.
 */
export class StreamedMarkdown {
  private shown: ShownBlock[] = [];
  private readonly lexer = new MarkdownStream();

  constructor(
    private readonly root: HTMLElement,
    private readonly actions: MarkdownActions,
  ) {}

  show(markdown: string): void {
    const tokens = this.lexer.lex(markdown);
    if (tokens === undefined) {
      this.shown = [];
      morphChildren(this.root, 0, [plain(markdown)], KEEP_SHOWN);
      return;
    }
    this.shown = new MarkdownDom(this.actions).grow(this.root, 0, this.shown, tokens, 0);
  }
}

/** The blocks a quote or a list item shows (after a task item's box), kept with its element as it grows. */
interface ShownContent {
  readonly start: number;
  readonly blocks: readonly ShownBlock[];
}
const contents = new WeakMap<Element, ShownContent>();

/**
 * Updates `element`, which shows the list `shown`, to show `grown` when that is the same list with items added or
 * changed: the items `grown` shares with `shown` (the same tokens) are left as they are, and the first item that
 * changed is grown in place (`MarkdownDom.grow`) when it is the same kind of item.
 */
function growList(element: Element, shown: Token, grown: Token, dom: MarkdownDom, depth: number): boolean {
  if (shown.type !== "list" || grown.type !== "list" || !/^[OU]L$/.test(element.tagName)) return false;
  const before = shown as Tokens.List;
  const after = grown as Tokens.List;
  if (after.ordered !== before.ordered || after.start !== before.start || after.loose !== before.loose)
    return false;
  let kept = 0;
  while (after.items[kept] !== undefined && after.items[kept] === before.items[kept]) kept++;
  const old = before.items[kept];
  const item = after.items[kept];
  const li = element.childNodes[kept];
  const content = li instanceof Element ? contents.get(li) : undefined;
  if (
    old &&
    item &&
    li instanceof Element &&
    content &&
    old.task === item.task &&
    old.checked === item.checked
  ) {
    const blocks = dom.grow(li, content.start, content.blocks, item.tokens, depth + 1, after.loose);
    contents.set(li, { start: content.start, blocks });
    kept++;
  }
  if (kept === 0) return false;
  const items = after.items.slice(kept).map((item) => dom.listItem(item, after.loose, depth + 1));
  morphChildren(element, kept, items, KEEP_SHOWN);
  return true;
}

/** Updates `element`, which shows the quote `shown`, to show `grown`, keeping the blocks they share. */
function growQuote(element: Element, shown: Token, grown: Token, dom: MarkdownDom, depth: number): boolean {
  const content = contents.get(element);
  if (
    shown.type !== "blockquote" ||
    grown.type !== "blockquote" ||
    element.tagName !== "BLOCKQUOTE" ||
    !content
  )
    return false;
  const blocks = dom.grow(element, 0, content.blocks, (grown as Tokens.Blockquote).tokens, depth + 1);
  contents.set(element, { start: 0, blocks });
  return true;
}

/**
 * Updates `block`, which shows the code block `shown`, to show `grown` when its text only has text added: the pieces
 * of the text before its last piece (`appendCode`) stay as they are, and only the last one and the new text are built,
 * so a long code block costs the same with every chunk instead of building its whole text again.
 */
function growCode(block: Element, shown: Token, grown: Token): boolean {
  const before = codeShown.get(block);
  const code = block.firstElementChild?.firstElementChild;
  if (shown.type !== "code" || grown.type !== "code" || !before || !code) return false;
  const text = (grown as Tokens.Code).text;
  if (!text.startsWith(before.text)) return false;
  const fragment = document.createDocumentFragment();
  const last = appendCode(fragment, text, before.lastPiece);
  morphChildren(code, before.lastNode, Array.from(fragment.childNodes), KEEP_SHOWN);
  codeShown.set(block, { text, lastPiece: last.piece, lastNode: before.lastNode + last.node });
  return true;
}

/** Where the last piece of a code block's text starts, in its text and among its `<code>`'s nodes. */
interface LastPiece {
  readonly piece: number;
  readonly node: number;
}

/**
 * Appends `text` from `from` on, a code block's, to `parent` in pieces of whole lines (a line longer than
 * `CODE_PIECE` alone), each shown by `appendVisible`. Only the last piece may change as the text grows (a line joins
 * the piece before it only while it fits), so a growing block is updated from its last piece on (`growCode`) and
 * reads as the block built at once.
 */
function appendCode(parent: Node, text: string, from = 0): LastPiece {
  const first = parent.childNodes.length;
  let piece = from;
  let node = first;
  for (let line = from; line < text.length;) {
    const end = text.indexOf("\n", line) + 1 || text.length;
    if (line > piece && end - piece > CODE_PIECE) {
      appendVisible(parent, text.slice(piece, line));
      piece = line;
      node = parent.childNodes.length;
    }
    line = end;
  }
  if (piece < text.length) appendVisible(parent, text.slice(piece));
  return { piece, node: node - first };
}

/** The most characters of a code block's piece of several lines (about as long as a text node, `appendText`). */
const CODE_PIECE = 256;

/** A code block's text (which its Copy puts on the clipboard) and its last piece, kept current as it grows. */
interface CodeShown {
  readonly text: string;
  readonly lastPiece: number;
  readonly lastNode: number;
}
const codeShown = new WeakMap<Element, CodeShown>();

const KEEP_SHOWN: MorphHooks = {
  // A code block's Copy stays as it is (it may say "Copied", or have the focus); it reads its block's current text.
  keepAsIs: (old, fresh) => old.tagName === "BUTTON" && old.className === fresh.className,
  kept: (old, fresh) => {
    const code = codeShown.get(fresh);
    if (code !== undefined) codeShown.set(old, code);
    const content = contents.get(fresh);
    if (content !== undefined) contents.set(old, content);
    // A dropped code box must not stay observed (the observer would keep it alive).
    forgetBox(fresh);
  },
};

class MarkdownDom {
  constructor(private readonly actions: MarkdownActions) {}

  /**
   * Makes `parent`'s nodes from `offset` on, which show the blocks `shown`, show `tokens` (at `depth`; `loose` for a
   * list item's), and returns the blocks shown. A block whose token is the one shown is kept as it is (`MarkdownStream`
   * gives a block it kept as the same token); a list, quote or code block that grew is updated in place; any other
   * is built and morphed over the nodes of the one it replaces.
   */
  grow(
    parent: Node,
    offset: number,
    shown: readonly ShownBlock[],
    tokens: readonly Token[],
    depth: number,
    loose?: boolean,
  ): ShownBlock[] {
    const build = (token: Token): ChildNode[] => {
      const fragment = document.createDocumentFragment();
      if (loose === undefined) this.block(fragment, token, depth);
      else this.itemBlock(fragment, token, loose, depth);
      return Array.from(fragment.childNodes);
    };
    const blocks: ShownBlock[] = [];
    let i = 0;
    let fresh: ChildNode[] | undefined;
    for (; i < tokens.length && i < shown.length; i++) {
      const before = shown[i]!;
      const token = tokens[i]!;
      if (before.token === token) {
        blocks.push(before);
        offset += before.nodes;
        continue;
      }
      const element = parent.childNodes[offset];
      if (
        before.nodes === 1 &&
        element instanceof Element &&
        depth <= MAX_DEPTH &&
        (growList(element, before.token, token, this, depth) ||
          growQuote(element, before.token, token, this, depth) ||
          growCode(element, before.token, token))
      ) {
        blocks.push({ token, nodes: 1 });
        offset++;
        continue;
      }
      fresh = build(token);
      // A block made of as many nodes as the one it replaces is morphed over them; otherwise the rest is.
      if (fresh.length !== before.nodes || i === shown.length - 1) break;
      morphChildren(parent, offset, fresh, KEEP_SHOWN, before.nodes);
      blocks.push({ token, nodes: fresh.length });
      offset += fresh.length;
      fresh = undefined;
    }
    const rest: ChildNode[] = [];
    for (const token of tokens.slice(i)) {
      const nodes = fresh ?? build(token);
      fresh = undefined;
      blocks.push({ token, nodes: nodes.length });
      rest.push(...nodes);
    }
    morphChildren(parent, offset, rest, KEEP_SHOWN);
    return blocks;
  }

  /** Builds `tokens` into `parent` (a quote's blocks) and says what it shows (`grow`). */
  private shownBlocks(parent: Element, tokens: readonly Token[], depth: number): void {
    contents.set(parent, { start: 0, blocks: this.grow(parent, 0, [], tokens, depth) });
  }

  block(parent: Node, token: Token, depth: number): void {
    if (depth > MAX_DEPTH) {
      prose(parent, token.raw);
      return;
    }
    const next = depth + 1;
    switch (token.type) {
      case "space":
      case "def":
        return;
      case "paragraph": {
        const p = el("p");
        this.inlines(p, (token as Tokens.Paragraph).tokens, next);
        parent.appendChild(p);
        return;
      }
      case "heading": {
        const heading = token as Tokens.Heading;
        // Headings inside a chat message stay small: h3..h6 keeps the transcript's own structure intact.
        const level = Math.min(6, Math.max(3, heading.depth + 2));
        const h = el(`h${level}` as "h3", { class: "md-heading" });
        this.inlines(h, heading.tokens, next);
        parent.appendChild(h);
        return;
      }
      case "code": {
        const text = (token as Tokens.Code).text;
        const code = el("code", { class: "mono" });
        const last = appendCode(code, text);
        const block = el("div", { class: "md-code-block" });
        codeShown.set(block, { text, lastPiece: last.piece, lastNode: last.node });
        // Copy at the block's top right, shown while the pointer or the focus is on it (main.css).
        const copy = copyButton("md-code-copy", "Copy the code", "Copy", () =>
          this.actions.copyCode(codeShown.get(block)?.text ?? text),
        );
        block.append(reachableWhenScrolling(el("pre", { class: "md-code" }, code)), copy);
        parent.appendChild(block);
        return;
      }
      case "blockquote": {
        const quote = el("blockquote");
        this.shownBlocks(quote, (token as Tokens.Blockquote).tokens, next);
        parent.appendChild(quote);
        return;
      }
      case "list": {
        const list = token as Tokens.List;
        const attributes: Attributes =
          list.ordered && typeof list.start === "number" && list.start !== 1 ? { start: list.start } : {};
        const listElement = list.ordered ? el("ol", attributes) : el("ul", attributes);
        for (const item of list.items) listElement.appendChild(this.listItem(item, list.loose, next));
        parent.appendChild(listElement);
        return;
      }
      case "table": {
        const table = token as ShownTable;
        const head = el("tr");
        for (const cell of table.header) {
          const th = el("th");
          this.inlines(th, cell.tokens, next);
          head.appendChild(th);
        }
        const body = el("tbody");
        for (const row of table.rows) {
          const tr = el("tr");
          for (const cell of row) {
            const td = el("td");
            this.inlines(td, cell.tokens, next);
            tr.appendChild(td);
          }
          body.appendChild(tr);
        }
        parent.appendChild(
          reachableWhenScrolling(
            el("div", { class: "md-table-wrap" }, el("table", {}, el("thead", {}, head), body)),
          ),
        );
        const cut = tableCutNote(table);
        if (cut) parent.appendChild(el("p", { class: "note md-table-cut" }, cut));
        return;
      }
      case "hr":
        parent.appendChild(el("hr"));
        return;
      case "html":
        // Raw HTML is shown as the text it is, never parsed.
        const p = el("p", { class: "md-raw-html" });
        prose(p, (token as Tokens.HTML).text);
        parent.appendChild(p);
        return;
      case "text": {
        const text = token as Tokens.Text;
        const p = el("p");
        if (text.tokens) this.inlines(p, text.tokens, next);
        else prose(p, decodeEntities(text.text));
        parent.appendChild(p);
        return;
      }
      default: {
        const p = el("p");
        prose(p, token.raw);
        parent.appendChild(p);
      }
    }
  }

  /** An item of a list at `depth` (its list's own depth plus one). */
  listItem(item: Tokens.ListItem, loose: boolean, depth: number): HTMLElement {
    const li = el("li", item.task ? { class: "md-task" } : {});
    if (item.task)
      li.appendChild(el("span", { class: "md-checkbox", "aria-hidden": "true" }, item.checked ? "☑ " : "☐ "));
    const start = li.childNodes.length;
    contents.set(li, { start, blocks: this.grow(li, start, [], item.tokens, depth, loose) });
    return li;
  }

  /** A token of a list item (`loose` when its list is). */
  private itemBlock(parent: Node, child: Token, loose: boolean, depth: number): void {
    if (child.type === "checkbox") return;
    // Tight list items hold "text" tokens with inline children; loose ones hold paragraphs.
    if (child.type === "text" && !loose)
      this.inlines(parent, (child as Tokens.Text).tokens ?? [child], depth);
    else this.block(parent, child, depth);
  }

  private inlines(parent: Node, tokens: readonly Token[], depth: number): void {
    for (const token of tokens) this.inline(parent, token, depth);
  }

  private inline(parent: Node, token: Token, depth: number): void {
    if (depth > MAX_DEPTH) {
      prose(parent, token.raw);
      return;
    }
    const next = depth + 1;
    switch (token.type) {
      case "text": {
        const text = token as Tokens.Text;
        if (text.tokens && text.tokens.length > 0) this.inlines(parent, text.tokens, next);
        else prose(parent, text.escaped ? text.text : decodeEntities(text.text));
        return;
      }
      case "escape":
        prose(parent, (token as Tokens.Escape).text);
        return;
      case "strong":
      case "em":
      case "del": {
        const tag = token.type === "strong" ? "strong" : token.type === "em" ? "em" : "del";
        const element = el(tag);
        this.inlines(element, (token as Tokens.Strong).tokens, next);
        parent.appendChild(element);
        return;
      }
      case "codespan": {
        const code = el("code", { class: "mono md-codespan" });
        appendVisible(code, (token as Tokens.Codespan).text);
        parent.appendChild(code);
        return;
      }
      case "br":
        parent.appendChild(el("br"));
        return;
      case "link":
        parent.appendChild(this.link(token as Tokens.Link, next));
        return;
      case "image": {
        const image = token as Tokens.Image;
        const placeholder = el("span", { class: "md-image", title: visibleText(image.href) });
        prose(placeholder, `[image: ${image.text}]`);
        parent.appendChild(placeholder);
        return;
      }
      case "html":
        prose(parent, (token as Tokens.Tag).text);
        return;
      case "checkbox":
        return;
      default:
        prose(parent, token.raw);
    }
  }

  /**
   * A link that cannot navigate: no `href` (so neither the browser nor VS Code's webview link handler acts on it),
   * keyboard-reachable with role "link", the target in the tooltip, and the host it opens after its words unless they
   * are its address (`linkHostNote`).
   */
  private link(token: Tokens.Link, depth: number): HTMLElement {
    const href = token.href;
    const link = el("a", { class: "md-link", role: "link", tabindex: 0, title: visibleText(href) });
    this.inlines(link, token.tokens, depth);
    if (link.textContent === "") appendVisible(link, href);
    const host = linkHostNote(link.textContent, href);
    if (host) appendVisible(link, ` (${host})`);
    const open = (event: Event): void => {
      event.preventDefault();
      event.stopPropagation();
      this.actions.openLink(href);
    };
    link.addEventListener("click", open);
    link.addEventListener("keydown", (event) => {
      if (event.key === "Enter") open(event);
    });
    return link;
  }
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  copy: "©",
  reg: "®",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  rarr: "→",
  larr: "←",
};

/** Decodes the common character references into text (the result goes into `textContent`, so this is safe). */
function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (body.startsWith("#")) {
      const code =
        body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

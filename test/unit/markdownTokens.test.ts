import assert from "node:assert/strict";
import type { Token } from "marked";
import { INLINE_CHARS, lexMarkdown, MAX_DEPTH } from "../../webview/markdownTokens";

/** Every token of `tokens`, their children's included, depth first. */
function all(tokens: readonly Token[]): Token[] {
  return tokens.flatMap((token) => {
    const children = "tokens" in token && Array.isArray(token.tokens) ? token.tokens : [];
    const items = token.type === "list" ? (token.items as Token[]) : [];
    return [token, ...all(children), ...all(items)];
  });
}

const types = (markdown: string) => all(lexMarkdown(markdown) ?? []).map((token) => token.type);

describe("lexMarkdown", () => {
  it("reads an agent's ordinary Markdown: emphasis, code, links, lists, quotes, tables", () => {
    const found = new Set(
      types(
        "# Title\n\nSome **bold**, `code` and a [link](https://example.com).\n\n- one\n- two\n\n> quoted\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
      ),
    );
    for (const type of ["heading", "strong", "codespan", "link", "list", "blockquote", "table"])
      assert.ok(found.has(type), type);
  });

  it(`keeps the emphasis of a paragraph of ${INLINE_CHARS.toLocaleString("en-US")} characters`, () => {
    const paragraph = "**bold** " + "x".repeat(INLINE_CHARS - 9);
    assert.equal(paragraph.length, INLINE_CHARS);
    assert.ok(types(paragraph).includes("strong"));
  });

  it("shows a longer run of text as the text it is: '**' pairs against every later '**' would freeze the view", () => {
    // 200,000 characters of "a**": lexed for emphasis, about 9 s of the webview's only thread.
    const hostile = "a**".repeat(66_667);
    const tokens = lexMarkdown(hostile);
    assert.ok(tokens);
    assert.deepEqual(
      all(tokens).map((token) => token.type),
      ["paragraph", "text"],
    );
    assert.equal(all(tokens)[1]!.raw, hostile, "the asterisks are shown, not read");
    // Split in paragraphs short enough, each is read.
    const paragraphs = `${"**a** ".repeat(100)}\n\n`.repeat(3);
    assert.equal(types(paragraphs).filter((type) => type === "strong").length, 300);
  });

  it(`shows as plain text a line opening more than ${MAX_DEPTH} nested quotes or list items`, () => {
    assert.equal(lexMarkdown(">".repeat(MAX_DEPTH + 1) + " deep"), undefined);
    assert.equal(lexMarkdown("1. ".repeat(MAX_DEPTH + 1) + "deep"), undefined);
    assert.equal(lexMarkdown("Fine.\n\n" + "> - ".repeat(MAX_DEPTH / 2 + 1) + "deep"), undefined);
    assert.ok(lexMarkdown(">".repeat(MAX_DEPTH) + " as deep as shown"));
  });
});

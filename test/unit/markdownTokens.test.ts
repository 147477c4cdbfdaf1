import assert from "node:assert/strict";
import { Lexer, type Token, type Tokens, type TokensList } from "marked";
import {
  INLINE_CHARS,
  linkHostNote,
  lexMarkdown,
  MarkdownStream,
  MAX_DEPTH,
  TABLE_CELLS,
  TABLE_COLUMNS,
  tableCutNote,
  type ShownTable,
} from "../../webview/markdownTokens";
import { agentAnswer, MARKDOWN_CORPUS, randomChunks, randomMarkdown } from "../support/markdownCorpus";

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

  describe("a huge table", () => {
    /** A table of `columns` columns and `rows` rows, every cell bold. */
    const tableOf = (columns: number, rows: number) =>
      `|${" h |".repeat(columns)}\n|${"---|".repeat(columns)}\n` +
      `|${" **x** |".repeat(columns)}\n`.repeat(rows);
    const tableIn = (markdown: string) =>
      lexMarkdown(markdown)!.find((t) => t.type === "table") as ShownTable;
    const strongs = (table: ShownTable) =>
      all([...table.header, ...table.rows.flat()].flatMap((cell) => cell.tokens)).filter(
        (t) => t.type === "strong",
      ).length;

    it("shows all of an ordinary table, with no note", () => {
      const table = tableIn(tableOf(5, 100));
      assert.equal(table.rows.length, 100);
      assert.equal(strongs(table), 500);
      assert.equal(tableCutNote(table), undefined);
    });

    it(`shows ${TABLE_CELLS.toLocaleString("en-US")} cells of 120,000, lexes no others, and says how many rows it leaves out`, () => {
      // 20 columns of 6,000 rows: about 250 KB (a message's cap), streamed in 24 chunks it took about 13 s to show.
      const markdown = `Results:\n\n${tableOf(20, 6_000)}\nDone.`;
      const table = tableIn(markdown);
      assert.equal(table.header.length, 20);
      assert.equal(table.rows.length, TABLE_CELLS / 20 - 1);
      assert.ok(table.rows.every((row) => row.length === 20));
      assert.equal(strongs(table), table.rows.length * 20, "the shown cells keep their Markdown");
      assert.equal(table.omittedRows, 6_000 - table.rows.length);
      assert.equal(tableCutNote(table), "5,901 more rows not shown; Copy copies the whole message.");
      assert.equal(
        table.raw.trimEnd().split("\n").length,
        6_002,
        "its source is the whole table (a streamed table grows in place)",
      );
      // The cells not shown are not lexed: what follows the table is read as always.
      assert.equal(lexMarkdown(markdown)!.at(-1)!.type, "paragraph");
    });

    it(`shows ${TABLE_COLUMNS} columns of a wider table, and says how many it leaves out`, () => {
      const table = tableIn(tableOf(1_000, 3));
      assert.equal(table.header.length, TABLE_COLUMNS);
      assert.equal(table.align.length, TABLE_COLUMNS);
      assert.ok(table.rows.every((row) => row.length === TABLE_COLUMNS));
      assert.equal(
        tableCutNote(table),
        `${1_000 - TABLE_COLUMNS} more columns not shown; Copy copies the whole message.`,
      );
      const both = tableIn(tableOf(100, 100));
      assert.equal(
        tableCutNote(both),
        `${100 - (TABLE_CELLS / TABLE_COLUMNS - 1)} more rows and 60 more columns not shown; Copy copies the whole message.`,
      );
    });
  });
});

describe("MarkdownStream", function () {
  // The oracle, a whole lex after every chunk, costs what the stream saves: seconds for the larger documents.
  this.timeout(30_000);
  /** The tokens of `markdown` lexed at once. */
  const atOnce = (markdown: string) => [...lexMarkdown(markdown)!];

  /** Streams `markdown` in `seed`'s random chunks; after every chunk the tokens are those of the text so far at once. */
  const assertStreamsAsWhole = (markdown: string, seed: number) => {
    // Compared as JSON (every field of every token), which is many times faster than deepEqual.
    const read = (tokens: readonly Token[] | undefined) => JSON.stringify(tokens);
    const stream = new MarkdownStream();
    let text = "";
    for (const chunk of randomChunks(markdown, seed)) {
      text += chunk;
      const streamed = read(stream.lex(text));
      if (streamed !== read(lexMarkdown(text)))
        assert.fail(`seed ${seed}, after ${JSON.stringify(text)}:\n${streamed}\n${read(lexMarkdown(text))}`);
    }
  };

  /** What `lex` returns, and how many characters marked was given to lex meanwhile. */
  const counted = <T>(lex: () => T): [T, number] => {
    let lexed = 0;
    const prototype = Lexer.prototype as unknown as { lex: (this: Lexer, src: string) => TokensList };
    const original = prototype.lex;
    prototype.lex = function (this: Lexer, src: string) {
      lexed += src.length;
      return original.call(this, src);
    };
    try {
      return [lex(), lexed];
    } finally {
      prototype.lex = original;
    }
  };

  for (const [name, markdown] of Object.entries(MARKDOWN_CORPUS))
    it(`reads ${name}, streamed in chunks of random sizes, as the text so far at once after every chunk`, () => {
      for (let seed = 1; seed <= (markdown.length > 3_000 ? 3 : 8); seed++)
        assertStreamsAsWhole(markdown, seed);
    });

  it("reads random lists, rules, fences, lazy lines, HTML and definitions, streamed, as the text so far at once", () => {
    for (let seed = 1; seed <= 300; seed++) assertStreamsAsWhole(randomMarkdown(seed), seed);
  });

  it("reads random quotes, and lists, fences, lazy lines and HTML in them, streamed, as the text so far at once", () => {
    for (let seed = 1; seed <= 300; seed++) assertStreamsAsWhole(randomMarkdown(seed, 60, true), seed);
  });

  it("keeps the items of a long list before its last whole line, and lexes only what follows them", () => {
    const list = MARKDOWN_CORPUS["a long list whose items carry inline Markdown"]!;
    const end = list.indexOf("- item 100:");
    const stream = new MarkdownStream();
    const first = stream.lex(list.slice(0, end + 5))!;
    const text = list.slice(0, end + 200);
    const [last, lexed] = counted(() => stream.lex(text)!);
    assert.deepStrictEqual(last, atOnce(text));
    const items = (tokens: Token[]) => (tokens.find((token) => token.type === "list") as Tokens.List).items;
    assert.equal(items(last)[0], items(first)[0], "the first item's token is kept, not lexed again");
    assert.equal(items(last)[97], items(first)[97]);
    assert.ok(lexed < 300, `lexed ${lexed} characters of a ${text.length}-character message`);
  });

  it("keeps the blocks of a long quote before its last blank line, and lexes only what follows them", () => {
    const quote = MARKDOWN_CORPUS["a long quote of paragraphs, lists, code, nested quotes and lazy lines"]!;
    const end = quote.indexOf("> **Note 30**");
    const stream = new MarkdownStream();
    const first = stream.lex(quote.slice(0, end + 5))!;
    const text = quote.slice(0, end + 90);
    const [last, lexed] = counted(() => stream.lex(text)!);
    assert.deepStrictEqual(last, atOnce(text));
    const blocks = (tokens: Token[]) =>
      (tokens.find((token) => token.type === "blockquote") as Tokens.Blockquote).tokens;
    assert.equal(blocks(last)[0], blocks(first)[0], "the first note's token is kept, not lexed again");
    assert.ok(lexed < 200, `lexed ${lexed} characters of a ${text.length}-character message`);
  });

  it("keeps the nested items of a long list under one item, and lexes only what follows them", () => {
    const list = MARKDOWN_CORPUS["one item holding a long nested list, then a numbered one"]!;
    const end = list.indexOf("  - step 50:");
    const stream = new MarkdownStream();
    const first = stream.lex(list.slice(0, end + 5))!;
    const text = list.slice(0, end + 200);
    const [last, lexed] = counted(() => stream.lex(text)!);
    assert.deepStrictEqual(last, atOnce(text));
    const nested = (tokens: Token[]) => ((tokens[0] as Tokens.List).items[0]!.tokens[1] as Tokens.List).items;
    assert.equal(nested(last)[0], nested(first)[0], "the first nested item's token is kept, not lexed again");
    assert.equal(nested(last)[47], nested(first)[47]);
    assert.ok(lexed < 400, `lexed ${lexed} characters of a ${text.length}-character message`);
  });

  it("keeps the items of a long loose list, and reads what follows them as loose", () => {
    const list = MARKDOWN_CORPUS["a long loose list with tasks, paragraphs and code in its items"]!;
    const end = list.indexOf("\n", list.indexOf("- **Step 40**")) + 1;
    const stream = new MarkdownStream();
    const first = stream.lex(list.slice(0, end))!;
    // What follows the kept items, alone a tight list ("- **Step 40** …\n\n"), is read as items of the loose list.
    const text = list.slice(0, end + 1);
    const last = stream.lex(text)!;
    assert.deepStrictEqual(last, atOnce(text));
    const list0 = last[0] as Tokens.List;
    assert.ok(list0.loose);
    assert.equal(list0.items[0], (first[0] as Tokens.List).items[0], "the first item's token is kept");
  });

  it("keeps the tokens of the blocks no later text can change, and reads the rest again", () => {
    const answer = agentAnswer(20_000);
    const stream = new MarkdownStream();
    const first = stream.lex(answer.slice(0, 2_000))!;
    const last = stream.lex(answer)!;
    assert.deepStrictEqual(last, atOnce(answer));
    assert.equal(last[0], first[0], "the first heading's token is kept, not lexed again");
    const growing = first.findLastIndex((token) => token.type !== "space");
    assert.notEqual(last[growing], first[growing], "the block that was growing is lexed again");
  });

  it("keeps no block before a line not yet whole: '2' may become the list's next item", () => {
    const stream = new MarkdownStream();
    stream.lex("1. one\n\n2");
    const text = "1. one\n\n2. two\n";
    assert.deepStrictEqual(stream.lex(text), atOnce(text));
    assert.equal(stream.lex(text)![0]!.type, "list");
    assert.equal((stream.lex(text)![0] as Tokens.List).items.length, 2);
  });

  it("lexes the whole message again when a definition it gets changes a link above", () => {
    const stream = new MarkdownStream();
    const before = "See [the docs].\n\nMore.\n\nEven more.\n\n";
    const kept = stream.lex(before)![0];
    const text = `${before}[the docs]: https://example.com\n`;
    const after = stream.lex(text)!;
    assert.deepStrictEqual(after, atOnce(text));
    assert.notEqual(after[0], kept);
    assert.ok(all(after).some((token) => token.type === "link"));
  });

  it("starts again on a message that is not the last one grown", () => {
    const stream = new MarkdownStream();
    stream.lex("# One\n\nText.\n\nMore text.\n");
    assert.deepStrictEqual(stream.lex("- Two\n\nOther.\n"), atOnce("- Two\n\nOther.\n"));
    // The same first item, then another bullet: two lists, not the items kept of the last message's list.
    stream.lex("- a\n- b\n- c");
    assert.deepStrictEqual(stream.lex("- a\n* b\n* c"), atOnce("- a\n* b\n* c"));
  });
});

describe("linkHostNote", () => {
  const evil = "https://evil.example/x";
  it("says the host a link opens after words that read as another, however they spell it", () => {
    for (const [words, href, host] of [
      ["github\u2024com/microsoft/vscode", evil, "evil.example"], // ONE DOT LEADER
      ["github\uff0ecom/microsoft/vscode", evil, "evil.example"], // FULLWIDTH FULL STOP
      ["\u201cgithub.com\u201d", evil, "evil.example"],
      ["github.com\u2014docs", evil, "evil.example"],
      ["see:github.com", evil, "evil.example"],
      ["github.com_", evil, "evil.example"],
      // A Codespaces port forwarded by anyone is no part of github.dev, though VS Code trusts both.
      [
        "https://github.dev/microsoft/vscode",
        "https://attacker-8080.app.github.dev/microsoft/vscode?leak=API_KEY",
        "attacker-8080.app.github.dev",
      ],
      // A lookalike letter in the words and the address alike: the host as the browser reads it.
      ["g\u0456thub.com/microsoft/vscode", "https://g\u0456thub.com/microsoft/vscode", "xn--gthub-n2e.com"],
      ["the notes", "https://docs.example.com/search?q=1", "docs.example.com"],
      ["https://docs.python.org/3", "https://gist.github.com/x/y", "gist.github.com"],
      ["the dashboard", "http://localhost:8080/", "localhost:8080"],
      ["https://evil.example\\.github.com", "https://evil.example\\.github.com", "evil.example"],
    ])
      assert.equal(linkHostNote(words!, href!), host, `${words} -> ${href}`);
  });

  it("says nothing after words that are the address, nor for one the host does not open", () => {
    for (const [words, href] of [
      ["https://github.com/microsoft/vscode", "https://github.com/microsoft/vscode"],
      ["github.com/microsoft/vscode", "https://github.com/microsoft/vscode"],
      ["https://github.com", "https://github.com/"],
      ["www.example.com", "http://www.example.com"], // a GFM autolink
      ["HTTPS://Example.com/A?b=1#c", "HTTPS://Example.com/A?b=1#c"],
      ["click", "javascript:alert(1)"],
      ["mail me", "mailto:a@example.com"],
      ["docs", "../README.md"],
    ])
      assert.equal(linkHostNote(words!, href!), undefined, `${words} -> ${href}`);
  });
});

// An agent's message shown chunk by chunk reads exactly as the same text shown at once: the view's own Markdown code
// (`webview/markdown.ts`, which lexes only what is not final and keeps the elements of finished blocks) in a bare
// Chromium page, for Markdown where later text changes how earlier text reads, in chunks of random (seeded) sizes.
import * as assert from "node:assert/strict";
import { join } from "node:path";
import { launchBarePage, type BrowserSession } from "../../tools/browser";
import { repoRoot } from "../../tools/paths";
import { MARKDOWN_CORPUS } from "../support/markdownCorpus";

const PAGE_SCRIPT = `
import { StreamedMarkdown } from ${JSON.stringify(join(repoRoot, "webview", "markdown.ts"))};
import { agentAnswer, randomChunks, randomMarkdown } from ${JSON.stringify(join(repoRoot, "test", "support", "markdownCorpus.ts"))};
import { Lexer } from "marked";
// How many characters marked is given to lex, all lexers together.
let lexed = 0;
const lex = Lexer.prototype.lex;
Lexer.prototype.lex = function (src) {
  lexed += src.length;
  return lex.call(this, src);
};
const actions = { openLink: () => undefined, copyCode: () => undefined };
const shownAtOnce = (text) => {
  const root = document.createElement("div");
  new StreamedMarkdown(root, actions).show(text);
  return root.innerHTML;
};
// The first chunk after which the streamed message differs from its text shown at once, or undefined.
window.firstDifference = (markdown, seed) => {
  const root = document.createElement("div");
  const streamed = new StreamedMarkdown(root, actions);
  let text = "";
  for (const chunk of randomChunks(markdown, seed)) {
    text += chunk;
    streamed.show(text);
    // Agent text is hostile: nothing it writes becomes an element that runs, loads or navigates.
    const active = root.querySelector("script, img, iframe, object, a[href], [onerror], [onclick], [style]");
    if (active) return { text, active: active.outerHTML };
    const whole = shownAtOnce(text);
    if (root.innerHTML !== whole) return { text, streamed: root.innerHTML, whole };
  }
  return undefined;
};
window.randomMarkdown = randomMarkdown;
// How many list items are built, all messages together.
let items = 0;
const createElement = document.createElement.bind(document);
let paragraphs = 0;
document.createElement = (tag, options) => {
  if (tag === "li") items++;
  if (tag === "p") paragraphs++;
  return createElement(tag, options);
};
// Characters lexed and paragraphs built while a quote of \`count\` notes streams a line at a time.
window.whileQuoteStreams = (count) => {
  const streamed = new StreamedMarkdown(document.createElement("div"), actions);
  let text = "";
  lexed = 0;
  paragraphs = 0;
  for (let i = 1; i <= count; i++) {
    text += "> **Note " + i + "** in [the docs](https://example.com/" + i + ")\\n";
    streamed.show(text);
    text += ">\\n";
    streamed.show(text);
  }
  return { lexed, paragraphs, chars: text.length };
};
// Characters of text nodes made, all messages together.
let textBuilt = 0;
const createTextNode = document.createTextNode.bind(document);
document.createTextNode = (data) => {
  textBuilt += data.length;
  return createTextNode(data);
};
// Characters of text built while a code block of \`count\` lines streams a line at a time.
window.whileCodeStreams = (count) => {
  const streamed = new StreamedMarkdown(document.createElement("div"), actions);
  let text = "\`\`\`ts\\n";
  textBuilt = 0;
  for (let i = 1; i <= count; i++) {
    text += "export const value" + i + " = compute(" + i + "); // step " + i + "\\n";
    streamed.show(text);
  }
  return { built: textBuilt, chars: text.length };
};
// Characters lexed and list items built while a list of \`count\` items streams a line at a time.
window.whileListStreams = (count, loose, nested) => {
  const streamed = new StreamedMarkdown(document.createElement("div"), actions);
  let text = nested ? "- **Steps**:\\n" : "";
  lexed = 0;
  items = 0;
  for (let i = 1; i <= count; i++) {
    text += (nested ? "  - item " : "- item ") + i + ": **file" + i + ".ts** in [the docs](https://example.com/" + i + ")\\n";
    if (loose) text += "\\n  More about item " + i + ".\\n\\n";
    streamed.show(text);
  }
  return { lexed, items, chars: text.length };
};
// Characters lexed while an answer of \`chars\` streams in \`chunks\` equal chunks, and what lexing the whole message
// for every chunk would take.
window.lexedWhileStreaming = (chars, chunks) => {
  const full = agentAnswer(chars).slice(0, chars);
  const streamed = new StreamedMarkdown(document.createElement("div"), actions);
  let whole = 0;
  lexed = 0;
  for (let chunk = 1; chunk <= chunks; chunk++) {
    const text = full.slice(0, Math.round((full.length * chunk) / chunks));
    streamed.show(text);
    whole += text.length;
  }
  return { lexed, whole };
};
`;

describe("A message streamed in chunks reads as its text shown at once (bare page)", function () {
  this.timeout(120_000);
  let browser: BrowserSession;

  before(async () => {
    browser = await launchBarePage(PAGE_SCRIPT);
  });

  after(async () => {
    await browser?.close();
  });

  for (const [name, markdown] of Object.entries(MARKDOWN_CORPUS))
    it(name, async () => {
      for (let seed = 1; seed <= 4; seed++) {
        const difference = await browser.page.evaluate(
          ([m, s]) =>
            (globalThis as unknown as { firstDifference(m: string, s: number): unknown }).firstDifference(
              m,
              s,
            ),
          [markdown, seed] as const,
        );
        assert.equal(difference, undefined, `seed ${seed}: ${JSON.stringify(difference, null, 1)}`);
      }
    });

  it("lexes what is new as a long answer streams, not the whole message again for every chunk", async () => {
    // A 40 KB answer in 1,000 chunks: lexing all of it again for every chunk is 20 MB of lexing (about 10 s of the
    // view's thread once laid out).
    const { lexed, whole } = await browser.page.evaluate(
      ([c, n]) =>
        (
          globalThis as unknown as {
            lexedWhileStreaming(c: number, n: number): { lexed: number; whole: number };
          }
        ).lexedWhileStreaming(c, n),
      [40_000, 1_000] as const,
    );
    // What is lexed again is the block still growing: about twice the answer's length in all (20 MB before).
    assert.ok(lexed < 5 * 40_000, `lexed ${lexed} characters; the whole message every chunk is ${whole}`);
  });

  it("random lists, rules, fences, lazy lines, HTML and definitions", async () => {
    for (let seed = 1; seed <= 40; seed++) {
      const difference = await browser.page.evaluate((s) => {
        const page = globalThis as unknown as {
          randomMarkdown(s: number): string;
          firstDifference(m: string, s: number): unknown;
        };
        return page.firstDifference(page.randomMarkdown(s), s);
      }, seed);
      assert.equal(difference, undefined, `seed ${seed}: ${JSON.stringify(difference, null, 1)}`);
    }
  });

  for (const [loose, nested] of [
    [false, false],
    [true, false],
    [false, true],
  ] as const)
    it(`builds and lexes each item of a long ${loose ? "loose" : "tight"} list${nested ? " under one item" : ""} about once as it grows, not the whole list for every chunk`, async () => {
      // 2,000 items a chunk each: built whole for every chunk, 2 million items and 150 MB of lexing (15-28 ms a chunk).
      const { lexed, items, chars } = await browser.page.evaluate(
        ([n, l, u]) =>
          (
            globalThis as unknown as {
              whileListStreams(
                n: number,
                l: boolean,
                u: boolean,
              ): { lexed: number; items: number; chars: number };
            }
          ).whileListStreams(n, l, u),
        [2_000, loose, nested] as const,
      );
      assert.ok(items < 3 * 2_000, `built ${items} list items for a list of 2,000`);
      assert.ok(lexed < 3 * chars, `lexed ${lexed} characters of a ${chars}-character list`);
    });

  it("random quotes, and lists, fences, lazy lines and HTML in them", async () => {
    for (let seed = 1; seed <= 40; seed++) {
      const difference = await browser.page.evaluate((s) => {
        const page = globalThis as unknown as {
          randomMarkdown(s: number, lines: number, quoted: boolean): string;
          firstDifference(m: string, s: number): unknown;
        };
        return page.firstDifference(page.randomMarkdown(s, 60, true), s);
      }, seed);
      assert.equal(difference, undefined, `seed ${seed}: ${JSON.stringify(difference, null, 1)}`);
    }
  });

  it("builds and lexes each paragraph of a long quote about once as it grows, not the whole quote for every chunk", async () => {
    // 1,000 notes, two chunks each: built whole for every chunk, a million paragraphs (about 14 ms a chunk).
    const { lexed, paragraphs, chars } = await browser.page.evaluate(
      (n) =>
        (
          globalThis as unknown as {
            whileQuoteStreams(n: number): { lexed: number; paragraphs: number; chars: number };
          }
        ).whileQuoteStreams(n),
      1_000,
    );
    assert.ok(paragraphs < 3 * 2 * 1_000, `built ${paragraphs} paragraphs for a quote of 1,000`);
    // Each note is lexed again until the next one's first line is whole: a few times in all (200 MB before).
    assert.ok(lexed < 5 * chars, `lexed ${lexed} characters of a ${chars}-character quote`);
  });

  it("builds the text of a long code block about once as it grows, not all of it again for every chunk", async () => {
    // 2,000 lines a chunk each: built whole for every chunk, 90 million characters of text nodes (about 3 ms a chunk).
    const { built, chars } = await browser.page.evaluate(
      (n) =>
        (
          globalThis as unknown as { whileCodeStreams(n: number): { built: number; chars: number } }
        ).whileCodeStreams(n),
      2_000,
    );
    assert.ok(built < 10 * chars, `built ${built} characters of text for a ${chars}-character code block`);
  });

  it("shows all of them after one another in one message, as agents mix them", async function () {
    // One evaluation of about 25 s of the page's CPU alone, 63-67 s beside another test file: a hang still fails.
    this.timeout(300_000);
    const markdown = Object.values(MARKDOWN_CORPUS)
      .filter((text) => !text.includes("> > > > >"))
      .join("\n\n");
    const difference = await browser.page.evaluate(
      ([m, s]) =>
        (globalThis as unknown as { firstDifference(m: string, s: number): unknown }).firstDifference(m, s),
      [markdown, 7] as const,
    );
    assert.equal(difference, undefined, JSON.stringify(difference, null, 1));
  });
});

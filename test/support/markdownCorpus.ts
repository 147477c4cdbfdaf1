// Markdown that an agent's streamed message may hold, for the property that a message shown chunk by chunk reads as
// the whole text shown at once: each entry stresses a way later text changes how earlier text reads.
import { seededRandom } from "../../tools/seededRandom";

/** An ordinary long answer: headings, paragraphs with inline Markdown, lists, tables and code blocks. */
export function agentAnswer(chars: number): string {
  let text = "";
  for (let i = 1; text.length < chars; i++)
    text +=
      `## Step ${i}\n\nI looked at **file${i}.ts** and found \`value${i}\` used in [the docs](https://example.com/${i}).\n\n` +
      `- first point ${i}\n- second point, with *more* words ${i}\n\n| name | value |\n| --- | --- |\n| a${i} | **${i}** |\n\n` +
      `1. run the tests\n2. check step ${i}\n\n\`\`\`ts\nexport const value${i} = compute(${i});\n\nconsole.log(value${i});\n\`\`\`\n\n`;
  return text;
}

export const MARKDOWN_CORPUS: Readonly<Record<string, string>> = {
  "a fence opened and never closed":
    "Intro.\n\n```ts\nconst a = 1;\n\nconst b = 2;\n\nNot prose: still code.\n",
  "a tilde fence, and a longer closing fence": "~~~\nx\n\n~~~~\n\nafter\n\n````\n```\ninner\n````\n\nend\n",
  "a list that continues after a blank line":
    "- one\n- two\n\n- three\n\n  continued\n\n  - nested\n\nafter\n\n- new\n",
  "setext headings made by a later line":
    "Para one\n\nSome title\n---\n\nAnother\n===\n\ntwo lines\nof title\n---\n",
  "lazy continuation lines":
    "> quoted line\nlazy line\n\n- item\nlazy item text\n\npara\nmore para\n\n> q\n\nend\n",
  tables:
    "| a | b |\n|---|:-:|\n| 1 | **2** |\nlazy row\n\nafter the table\n\nText\n| x | y |\n| - | - |\n| 3 | 4 |\n\n| only |\n",
  "nested blockquotes": "> a\n> > b\n> > > c\n> back\n\n> d\n>\n> e\n\n>> f\n\nend\n",
  "reference links defined later":
    'See [the docs][d], [x] and [missing].\n\nMore text.\n\n[d]: https://example.com/d "Docs"\n[x]: /x\n\nAfter [d].\n\nAgain [d], later.\n\nAnd [x], later still.\n\n[x]: /second\n\n[x] once more.\n',
  "definitions in a quote and a list, a title on the next line, one undone":
    "[q] and [l] and [t]\n\n> [q]: /q\n\n- [l]: /l\n\n[t]: /t\n'title'\n\n[u]: /u trailing words\n\n[u]\n",
  "HTML blocks":
    "<div>\nhtml *here*\n</div>\n\ntext\n\n<!-- a comment\n\nstill the comment\n-->\n\n<pre>\n\nx\n</pre>\n\nend\n",
  "an unclosed comment": "para\n\n<!-- open\n\n# not a heading\n",
  "a raw link tag":
    "Go <a href=x>here\n\nhttps://example.com/bare\n\n</a> done https://b.example\n\nhttps://c.example\n",
  "indented code": "para\n\n    code\n\n    more code\nnot code\n\n    x\n\ny\n",
  "lists of every kind":
    "1. a\n2. b\n\n3) c\n\n- [ ] task\n- [x] done\n\n* other bullet\n+ plus\n\n10. ten\n11. eleven\n",
  "line ends of every kind": "a\r\n\r\nb\r\n- c\r\n\r\n- d\r\n\re\r\rf\n",
  "rules, setext and lists": "text\n\n---\n\n- a\n---\n\n* * *\n\n___\n",
  "headings and breaks":
    "# h1\n## h2 ##\n\n#nospace\n\nline with break  \nnext\\\nlast\n\n###### h6\n####### seven\n",
  "tabs and blank lines of spaces": "-\tone\n\n\ttwo\n\nthree\n  \n\t\nfour\n\n\tcode\n",
  "a fence open in a list item": "- item\n  ```\n  code\n\nafter\n\n> ```\n> in quote\n\nout\n",
  "emphasis across lines and paragraphs":
    "**bold\nstill bold** and *em\n\nnot em* and ~~del~~ `code\nspan`\n",
  "hidden characters":
    "Text with \u202e override\u202c and zero\u200bwidth.\n\n```\ncode \u202e here\n```\n\n| \u2066a | b |\n|---|---|\n",
  "a table over its caps": `Big:\n\n|${"h|".repeat(42)}\n|${"-|".repeat(42)}\n${`|*x*|${"x|".repeat(41)}\n`.repeat(50)}\nDone.\n`,
  "a paragraph too long for inline Markdown": `**a** ${"word ".repeat(1_700)}\n\nshort **b**\n`,
  "nesting deeper than shown, then not": `fine\n\n${"> ".repeat(45)}deep\n\nafter\n`,
  "an agent's answer": agentAnswer(4_000),
  "a long list whose items carry inline Markdown": longList(150),
  "a long loose list with tasks, paragraphs and code in its items": looseList(60),
  "a tight list that turns loose, then a new list": "- a\n- b\n- c\n\n- d\n- e\n\n1. f\n2. g\n\n\n- h\n",
  "a list ended by a rule, a fence, a heading, a quote or HTML":
    "- a\n- b\n---\n- c\n- d\n- - -\n* e\n* f\n```\n- in code\n- still code\n```\n- g\n# h\n- i\n> j\n- k\n<div>\n- l\n",
  "a list that turns into a code block or a setext heading":
    "- a\n- b\n\n    - indented: code\n\n- c\n- d\nlazy\n===\n\n1. x\n2. y\n   ---\n3. z\n",
  "list items with nested lists, lazy lines, code and quotes":
    "- a\n  - nested\n    more\nlazy\n- b\n  ```\n  code\n- c\n      indented\n- > quoted\n  > more\n-\n  late start\n- \t tab\n",
  "bullets and numbers that change the list":
    "- a\n- b\n* c\n* d\n+ e\n1. f\n2. g\n3) h\n4) i\n10. j\n010. k\n1234567890. l\n",
  "task items, and links defined after the list":
    "- [ ] todo [ref]\n- [x] done [ref][r2]\n- [ ]not a task\n- plain\n\n[ref]: https://example.com/ref\n\n- [r2] again\n- [ref]\n\n[r2]: /r2\n",
  "a long code block: long lines, hidden characters, colour codes, a fence closed late": codeBlock(120),
  "a long quote of paragraphs, lists, code, nested quotes and lazy lines": longQuote(40),
  "one item holding a long nested list, then a numbered one": nestedList(80),
  "raw HTML and a link tag in list items":
    '- <script>alert(1)</script>\n- <img src=x onerror="alert(1)"> &lt;b&gt; <b>b</b>\n- <a href="javascript:alert(1)">go\n- https://a.example\n- </a> https://b.example\n- https://c.example\n',
};

/**
 * A code block of `lines` lines, some longer than a text node, some with a hidden character or a colour code (which a
 * chunk may split) and blank lines, closed by a fence that may come a character at a time; then text and a fence left
 * open.
 */
function codeBlock(lines: number): string {
  let text = "Run:\n\n```ts\n";
  for (let i = 1; i <= lines; i++)
    text +=
      i % 13 === 0
        ? `const long${i} = "${"x".repeat(300 + i)} ${"word ".repeat(60)}";\n`
        : i % 7 === 0
          ? `log("\u001b[31mred ${i}\u001b[0m", "\u202eevil\u202c", "<script>alert(${i})</script>");\n\n`
          : `export const value${i} = compute(${i}); // step ${i}\n`;
  return `${text}\`\`\`\n\nAfter the code.\n\n~~~\nsecond\n~~\n`;
}

/** A quote of `notes` notes, a paragraph each, some with a list, a code block, a nested quote or a lazy line. */
function longQuote(notes: number): string {
  let text = "Quoted:\n\n";
  for (let i = 1; i <= notes; i++)
    text +=
      `> **Note ${i}**: run \`npm test\` in [the docs](https://example.com/${i})\n` +
      (i % 6 === 0 ? "lazy line\n" : "> and check it.\n") +
      ">\n" +
      (i % 5 === 0 ? "> - one\n> - two\n>\n" : "") +
      (i % 7 === 0 ? "> ```sh\n> npm test\n>\n> ```\n>\n" : "") +
      (i % 8 === 0 ? "> > nested\n> > more\n>\n" : "") +
      (i % 9 === 0 ? "> Title\n> ---\n>\n> <script>alert(1)</script>\n>\n" : "");
  return `${text}\nAfter the quote.\n`;
}

/**
 * Items holding long nested lists: bullets with inline Markdown, some a task, some with a list under them or a lazy
 * line, a link tag, then a numbered item holding numbered items, and a paragraph after a blank line.
 */
function nestedList(items: number): string {
  let text = "- **Steps**, each checked:\n";
  for (let i = 1; i <= items; i++)
    text +=
      `  - ${i % 9 === 0 ? "[x] " : ""}step ${i}: **file${i}.ts** uses \`value${i}\`, see [the docs](https://example.com/${i})\n` +
      (i % 10 === 0 ? `    - deeper ${i} https://example.com/bare${i}\n` : "") +
      (i % 17 === 0 ? "lazy words\n" : "") +
      (i === 60 ? '  - <a href="x">tag\n' : "");
  text += "- second\n\n1. Numbered:\n";
  for (let i = 1; i <= items / 2; i++) text += `   ${i}. point ${i} *em*\n`;
  return `${text}\n   After the points.\n\nDone.\n`;
}

/** A tight list of `items` items, each with emphasis, a code span and a link, some with a nested item. */
function longList(items: number): string {
  let text = "Items:\n\n";
  for (let i = 1; i <= items; i++)
    text +=
      `- item ${i}: **file${i}.ts** uses \`value${i}\`, see [the docs](https://example.com/${i})\n` +
      (i % 10 === 0 ? `  - nested ${i} https://example.com/bare${i}\n` : "");
  return `${text}\nDone.\n`;
}

/**
 * A random (seeded) message of lines that change how the lines above them read, mostly list items: bullets of every
 * kind and indent, blank lines, rules, fences, indented code, lazy and setext lines, tasks, HTML, link tags and
 * definitions; `quoted`, mostly in quotes.
 */
export function randomMarkdown(seed: number, lines = 60, quoted = false): string {
  const random = seededRandom(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  // Most items keep the message's own bullet, so its lists grow long.
  const bullet = pick(["-", "*", "1.", "2)"]);
  const fragments = [
    () =>
      `${random() < 0.8 ? bullet : pick(["-", "*", "+", "1.", "2.", "3)", "10."])} item ${pick(["**b**", "`c`", "[l](/l)", "[r]", "https://x.example", "x"])}`,
    () =>
      `${pick(["  ", "   ", "    ", "\t", " "])}${pick(["-", "1.", "*"])} nested ${pick(["a", "`b`", "*c*"])}`,
    () => pick(["", "", "  ", "\t"]),
    () => pick(["---", "- - -", "***", "===", "-", "1.", "- ", "-\t"]),
    () => pick(["```", "~~~", "    code", "      deep code", "  ```"]),
    () => pick(["lazy text", "more words *em", "em* end", "# heading", "> quote", "| a | b |", "|---|---|"]),
    () => pick(["- [ ] task", "- [x] done", "- [ ]no", "1. [x] num"]),
    () =>
      pick([
        "<div>",
        "</div>",
        "<!-- c",
        "-->",
        '<a href="x">',
        "</a>",
        "<script>alert(1)</script>",
        "&amp; &lt;",
      ]),
    () => pick(["[r]: https://r.example", "[r]: /other 'title'", "[unused]: /u"]),
  ];
  const weights = [16, 4, 3, 1, 0.5, 3, 2, 0.5, 0.2];
  const total = weights.reduce((a, b) => a + b, 0);
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    let r = random() * total;
    let which = 0;
    while (r >= weights[which]!) r -= weights[which++]!;
    const line = fragments[which]!();
    // Quoted: most lines in a quote, some in a nested one, some lazy.
    out.push(quoted && random() < 0.85 ? `${pick(["> ", "> ", ">", " > ", "> > ", ">> "])}${line}` : line);
  }
  return out.join(pick(["\n", "\n", "\n", "\r\n"])) + pick(["", "\n"]);
}

/** A loose list of `items` items: a paragraph under each, some tasks, some with a code block or a nested list. */
function looseList(items: number): string {
  let text = "";
  for (let i = 1; i <= items; i++)
    text +=
      `${i % 7 === 0 ? "- [x] " : "- "}**Step ${i}**: run \`npm test\` in [the docs](https://example.com/${i})\n\n` +
      `  It checks the output of step ${i}.\n\n` +
      (i % 5 === 0 ? "  ```sh\n  npm test\n\n  npm run lint\n  ```\n\n" : "") +
      (i % 9 === 0 ? "  - nested\n  - items\n\n" : "");
  return `${text}After the list.\n`;
}

/** `text` in chunks of random sizes, mostly small as agents stream, sometimes large; the same for the same seed. */
export function randomChunks(text: string, seed: number): string[] {
  const random = seededRandom(seed);
  const chunks: string[] = [];
  for (let at = 0; at < text.length;) {
    const size = 1 + Math.floor(random() ** 3 * 120);
    chunks.push(text.slice(at, at + size));
    at += size;
  }
  return chunks;
}

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
};

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

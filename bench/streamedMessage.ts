/**
 * Diagnosis, not a figure: what a streaming agent message costs the view's main thread (which the workbench shares),
 * in a bare Chromium page. The same message, with headings, lists, links, tables and code blocks as agents write them, grows
 * chunk by chunk into the view's own Markdown code (`webview/markdown.ts`), once updated in place as the view does
 * (`StreamedMarkdown`) and once built whole into a fresh element for every chunk, as the view did before; each chunk
 * is followed by a forced layout, since the frame after it lays the change out. Alternating rounds, one page.
 *
 * Run: `node out/bench/streamedMessage.js [chars=20000] [chunks=400] [rounds=3] [in-place] [mixed|list|loose|nested|quote|code]`
 * (`npm run bench` compiles it); `in-place` leaves out the build-whole way, whose cost grows with the square of the
 * length; `list` streams one long list (an item a line, with inline Markdown), `loose` one with a paragraph under each
 * item, `nested` one item holding a long list, `quote` one long quote of paragraphs, `code` one long code block,
 * `mixed` (the default) an answer of every kind of block.
 */
import { join } from "node:path";
import { launchBarePage } from "../tools/browser";
import { repoRoot } from "../tools/paths";

const PAGE_SCRIPT = `
import { StreamedMarkdown } from ${JSON.stringify(join(repoRoot, "webview", "markdown.ts"))};
const actions = { openLink: () => undefined, copyCode: () => undefined };
function message(chars, shape) {
  let text = "";
  if (shape === "list") {
    for (let i = 1; text.length < chars; i++)
      text += "- item " + i + ": **file" + i + ".ts** uses \`value" + i + "\`, see [the docs](https://example.com/" + i + ")\\n";
    return text.slice(0, chars);
  }
  if (shape === "loose") {
    for (let i = 1; text.length < chars; i++)
      text += "- **Step " + i + "**: run \`npm test\` in [the docs](https://example.com/" + i + ")\\n\\n  It checks the output of step " + i + ".\\n\\n";
    return text.slice(0, chars);
  }
  if (shape === "nested") {
    text = "- **Steps**, each checked:\\n";
    for (let i = 1; text.length < chars; i++)
      text += "  - step " + i + ": **file" + i + ".ts** uses \`value" + i + "\`, see [the docs](https://example.com/" + i + ")\\n";
    return text.slice(0, chars);
  }
  if (shape === "quote") {
    for (let i = 1; text.length < chars; i++)
      text += "> **Note " + i + "**: run \`npm test\` in [the docs](https://example.com/" + i + ")\\n> and check step " + i + ".\\n>\\n";
    return text.slice(0, chars);
  }
  if (shape === "code") {
    text = "\`\`\`ts\\n";
    for (let i = 1; text.length < chars; i++)
      text += "export const value" + i + " = compute(" + i + "); // step " + i + "\\n";
    return text.slice(0, chars);
  }
  for (let i = 1; text.length < chars; i++)
    text += "## Step " + i + "\\n\\nI looked at **file" + i + ".ts** and found \`value" + i + "\` used in " +
      "[the docs](https://example.com/" + i + ").\\n\\n- first point " + i + "\\n- second point, with more words " + i +
      "\\n\\n| name | value |\\n| --- | --- |\\n| a" + i + " | **" + i + "** |\\n| b" + i + " | \`b" + i + "\` |" +
      "\\n\\n1. run the tests\\n2. check the output of step " + i + "\\n\\n\`\`\`ts\\nexport const value" + i + " = compute(" + i + ");\\nconsole.log(value" + i + ");\\n\`\`\`\\n\\n";
  return text.slice(0, chars);
}
window.stream = (chars, chunks, inPlace, shape) => {
  const full = message(chars, shape);
  const root = document.createElement("div");
  document.body.replaceChildren(root);
  const shown = new StreamedMarkdown(root, actions);
  const times = [];
  for (let chunk = 1; chunk <= chunks; chunk++) {
    const text = full.slice(0, Math.round((full.length * chunk) / chunks));
    const start = performance.now();
    if (inPlace) shown.show(text);
    else {
      const fresh = document.createElement("div");
      new StreamedMarkdown(fresh, actions).show(text);
      root.replaceChildren(...fresh.childNodes);
    }
    void root.offsetHeight;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { total: times.reduce((a, b) => a + b, 0), p50: times[times.length >> 1], max: times[times.length - 1] };
};
`;

async function main(): Promise<void> {
  const [chars = 20_000, chunks = 400, rounds = 3] = process.argv.slice(2, 5).map(Number);
  const words = process.argv.slice(5);
  const ways = words.includes("in-place") ? [true] : [false, true];
  const shape = words.find((word) => ["list", "loose", "nested", "quote", "code"].includes(word)) ?? "mixed";
  const browser = await launchBarePage(PAGE_SCRIPT);
  try {
    const { page } = browser;
    console.log(
      `${chars} characters (${shape}) in ${chunks} chunks; ms of main thread (script and layout) per message:`,
    );
    for (let round = 1; round <= rounds; round++)
      for (const inPlace of ways) {
        const result = await page.evaluate(
          ([c, n, p, s]) =>
            (
              globalThis as unknown as {
                stream(
                  c: number,
                  n: number,
                  p: boolean,
                  s: string,
                ): { total: number; p50: number; max: number };
              }
            ).stream(c, n, p, s),
          [chars, chunks, inPlace, shape] as const,
        );
        const name = inPlace ? "in place     " : "rebuilt whole";
        console.log(
          `round ${round} ${name} total ${result.total.toFixed(0)}, per chunk p50 ${result.p50.toFixed(2)}, max ${result.max.toFixed(1)}`,
        );
      }
  } finally {
    await browser.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

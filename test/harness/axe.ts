// axe-core (the engine of Chromium's and other browsers' accessibility audits) run inside a webview's document.
import { readFileSync } from "node:fs";
import type { FrameLocator } from "playwright-core";

/** What axe reports per rule, reduced to what a failure message needs. */
interface Finding {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Runs axe's WCAG 2.x A and AA rules over the document of `webview`: one line per rule that fails, or that axe could
 * not decide (a name on an element that drops it, say), except colours it could not measure under something drawn
 * over them; and each icon drawn without a glyph (`iconsWithoutGlyph`). Empty when nothing is found.
 */
export async function axeFindings(webview: FrameLocator): Promise<string[]> {
  const frame = await (await webview.locator("body").elementHandle()).ownerFrame();
  if (!frame) throw new Error("the webview's document has no frame");
  // Evaluated as a string through the DevTools protocol: the webview's CSP (no eval, scripts by nonce) stays on.
  await frame.evaluate(readFileSync(require.resolve("axe-core/axe.min.js"), "utf8"));
  // Items settled away from the end skip their rendering (`content-visibility`), and axe cannot measure the colours
  // of what is not rendered: every item and card is rendered for the scan.
  await frame.evaluate(() => {
    const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): Iterable<unknown> } })
      .document;
    for (const element of doc.querySelectorAll(".item, .card"))
      (element as { style: { contentVisibility: string } }).style.contentVisibility = "visible";
  });
  const findings = await frame.evaluate(async () => {
    const axe = (
      globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } }
    ).axe;
    const result = (await axe.run((globalThis as unknown as { document: unknown }).document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      resultTypes: ["violations", "incomplete"],
    })) as { violations: Finding[]; incomplete: Finding[] };
    const undecided = result.incomplete.filter((finding) => finding.id !== "color-contrast");
    return [...result.violations, ...undecided].map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  });
  const blank = await iconsWithoutGlyph(webview);
  return [
    ...findings.map(({ id, impact, help, nodes }) => {
      const where = nodes
        .map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`)
        .join("\n    ");
      return `${impact}: ${id} (${help})\n    ${where}`;
    }),
    ...blank.map(
      (classes) => `serious: icon without a glyph ("${classes}"): the build's codicons leave it out`,
    ),
  ];
}

/**
 * The class lists of the codicons in the webview (its shadow roots included: a button's icon) that draw nothing: the
 * build keeps only the icons its scan of the views' sources finds (`scripts/codicons.mjs`).
 */
export async function iconsWithoutGlyph(webview: FrameLocator): Promise<string[]> {
  return webview.locator("body").evaluate((body) => {
    interface Element {
      className: string;
      shadowRoot: { querySelectorAll(selector: string): Iterable<Element> } | null;
      querySelectorAll(selector: string): Iterable<Element>;
    }
    const web = globalThis as unknown as {
      getComputedStyle(element: Element, pseudo: string): { content: string };
    };
    const blank: string[] = [];
    const visit = (root: { querySelectorAll(selector: string): Iterable<Element> }) => {
      for (const element of root.querySelectorAll("*")) {
        if (element.shadowRoot) visit(element.shadowRoot);
        if (!/\bcodicon-(?!modifier-)/.test(element.className)) continue;
        const content = web.getComputedStyle(element, "::before").content;
        if (content === "none" || content === "normal" || content === "") blank.push(element.className);
      }
    };
    visit(body);
    return blank;
  });
}

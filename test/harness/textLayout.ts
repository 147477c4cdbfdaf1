/** How text is laid out in the page, read in the browser. */
import type { Locator } from "playwright-core";

/** The words of the element's text that are drawn on more than one line (a word broken mid-way). */
export function splitWords(locator: Locator): Promise<string[]> {
  return locator.evaluate((root) => {
    interface Range {
      setStart(node: unknown, offset: number): void;
      setEnd(node: unknown, offset: number): void;
      getClientRects(): { length: number };
    }
    interface Walker {
      nextNode(): { textContent: string | null } | null;
    }
    const doc = (root as unknown as { ownerDocument: unknown }).ownerDocument as {
      createRange(): Range;
      createTreeWalker(root: unknown, show: number): Walker;
    };
    const split: string[] = [];
    const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      for (const word of (text.textContent ?? "").matchAll(/\S+/g)) {
        const range = doc.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        if (range.getClientRects().length > 1) split.push(word[0]);
      }
    }
    return split;
  });
}

/**
 * A box capped in height (a command, a command's output, raw input, a code block, a long description) is in the Tab
 * order while it holds more than it shows, so a keyboard can scroll it, and out of it while it shows everything: a
 * short box is no Tab stop. Recent Chromium does the same by itself (keyboard-focusable scrollers); the Electron of an
 * older VS Code may not. Checked when the box is laid out (a `ResizeObserver` reads sizes after layout, never forcing
 * one); a box that is not drawn (a skipped `content-visibility` subtree) costs nothing until it is.
 */
const observer =
  typeof ResizeObserver === "undefined"
    ? undefined
    : new ResizeObserver((entries) => {
        for (const { target } of entries) {
          const box = target as HTMLElement;
          // Removed from the page: let it go (an observed element is kept while observed).
          if (!box.isConnected) {
            observer?.unobserve(box);
            continue;
          }
          const scrolls = box.scrollHeight > box.clientHeight || box.scrollWidth > box.clientWidth;
          if (scrolls && box.tabIndex < 0) box.tabIndex = 0;
          else if (!scrolls && box.hasAttribute("tabindex")) box.removeAttribute("tabindex");
          scrollWatchers.get(box)?.(scrolls);
        }
      });

/** What a box says when it starts or stops holding more than it shows (`reachableWhenScrolling`). */
const scrollWatchers = new WeakMap<Element, (scrolls: boolean) => void>();

/**
 * Puts `box` in the Tab order whenever it scrolls (see above), and tells `onScrolls`, when given, whether it does
 * each time it is laid out at a new size; returns it.
 */
export function reachableWhenScrolling<T extends HTMLElement>(
  box: T,
  onScrolls?: (scrolls: boolean) => void,
): T {
  if (onScrolls) scrollWatchers.set(box, onScrolls);
  observer?.observe(box);
  return box;
}

/** Stops watching a box built but never shown (replaced by the one already on the page). */
export function forgetBox(box: Element): void {
  observer?.unobserve(box);
}

/**
 * A polite live region for things a screen reader user must hear about (new permission requests). What it says holds
 * agent text (a request's title, a command's description, a mode's name): its hidden characters are said as the
 * markers the view shows ("<U+202E>"), as everything else that shows agent text does.
 */
import { afterNextPaint, el } from "./dom";
import { visibleText } from "./hiddenCharacters";

export class Announcer {
  readonly root = el("div", {
    class: "sr-only",
    "aria-live": "polite",
    "aria-atomic": "true",
    role: "status",
  });
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Counts announcements: one put off by a later one is dropped. */
  private latest = 0;

  announce(text: string): void {
    clearTimeout(this.timer);
    const which = ++this.latest;
    // Nothing is written in the caller's task: clearing the region there laid it out again in the frame that shows a
    // new card. Cleared, then set a tick later, so that the same sentence twice in a row is announced twice.
    afterNextPaint(() => {
      if (which !== this.latest) return;
      this.root.textContent = "";
      this.timer = setTimeout(() => {
        this.root.textContent = visibleText(text);
      }, 50);
    });
  }
}

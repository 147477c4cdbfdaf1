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
  /** Counts announcements: one put off by a later one is dropped, unless the later one is `added` to it. */
  private latest = 0;
  /** What is waiting to be said. */
  private text = "";

  /**
   * `add`: said with what still waits to be said instead of dropping it (a card that came in the previous frame, or
   * one that ended, is not news a later card makes stale). Bounded: a flood of cards says the latest ones.
   */
  announce(text: string, add?: boolean): void {
    clearTimeout(this.timer);
    const which = ++this.latest;
    this.text = add && this.text && this.text.length < 600 ? `${this.text}. ${text}` : text;
    // Nothing is written in the caller's task: clearing the region there laid it out again in the frame that shows a
    // new card. Cleared, then set a tick later, so that the same sentence twice in a row is announced twice.
    afterNextPaint(() => {
      if (which !== this.latest) return;
      this.root.textContent = "";
      this.timer = setTimeout(() => {
        this.root.textContent = visibleText(this.text);
        this.text = "";
      }, 50);
    });
  }
}

/**
 * A polite live region for things a screen reader user must hear about (new permission requests). What it says holds
 * agent text (a request's title, a command's description, a mode's name): its hidden characters are said as the
 * markers the view shows ("<U+202E>"), as everything else that shows agent text does.
 */
import { afterNextPaint, el } from "./dom";
import { visibleText } from "./hiddenCharacters";

/** One announcement is said in at most this many characters: a long title must not crowd out the cards around it. */
const LINE_CHARS = 300;
/** What `add` keeps waiting to be said, at most: the newest lines past it. */
const KEPT_CHARS = 1_500;

export class Announcer {
  readonly root = el("div", {
    class: "sr-only",
    "aria-live": "polite",
    "aria-atomic": "true",
    role: "status",
  });
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Counts announcements: one put off by a later one is dropped, unless it was `added`. */
  private latest = 0;
  /** What is waiting to be said. */
  private text = "";
  /** The `add` announcements waiting: none of them is dropped for a later announcement. */
  private kept: string[] = [];

  /**
   * `add`: kept until said, with whatever comes after it (a card, or one that ended, is not news a later card or an
   * agent's control changing makes stale). Otherwise said in place of what else waits, after what was added. Bounded:
   * each announcement is cut short, and a flood of cards says the latest ones.
   */
  announce(text: string, add?: boolean): void {
    clearTimeout(this.timer);
    const which = ++this.latest;
    const line = text.length > LINE_CHARS ? `${text.slice(0, LINE_CHARS)}…` : text;
    if (add) {
      this.kept.push(line);
      while (this.kept.length > 1 && this.kept.join(". ").length > KEPT_CHARS) this.kept.shift();
    }
    this.text = [...this.kept, ...(add ? [] : [line])].join(". ");
    // Nothing is written in the caller's task: clearing the region there laid it out again in the frame that shows a
    // new card. Cleared, then set a tick later, so that the same sentence twice in a row is announced twice.
    afterNextPaint(() => {
      if (which !== this.latest) return;
      this.root.textContent = "";
      this.timer = setTimeout(() => {
        this.root.textContent = visibleText(this.text);
        this.text = "";
        this.kept = [];
      }, 50);
    });
  }
}

/**
 * A polite live region for things a screen reader user must hear about (new permission requests). What it says holds
 * agent text (a request's title, a command's description, a mode's name): its hidden characters are said as the
 * markers the view shows ("<U+202E>"), as everything else that shows agent text does. What it says when:
 * `Announcements`.
 */
import { Announcements } from "./announcements";
import { afterNextPaint, el } from "./dom";
import { visibleText } from "./hiddenCharacters";

export class Announcer {
  readonly root = el("div", {
    class: "sr-only",
    "aria-live": "polite",
    "aria-atomic": "true",
    role: "status",
  });
  private readonly said = new Announcements({
    afterPaint: afterNextPaint,
    clear: () => (this.root.textContent = ""),
    write: (text) => (this.root.textContent = visibleText(text)),
  });

  /** See `Announcements.announce`. */
  announce(text: string, add?: boolean): void {
    this.said.announce(text, add);
  }
}

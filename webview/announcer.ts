/** A polite live region for things a screen reader user must hear about (new permission requests). */
import { el } from "./dom";

export class Announcer {
  readonly root = el("div", {
    class: "sr-only",
    "aria-live": "polite",
    "aria-atomic": "true",
    role: "status",
  });
  private timer: ReturnType<typeof setTimeout> | undefined;

  announce(text: string): void {
    // Clear, then set on the next tick: the same sentence twice in a row is announced twice.
    clearTimeout(this.timer);
    this.root.textContent = "";
    this.timer = setTimeout(() => {
      this.root.textContent = text;
    }, 50);
  }
}

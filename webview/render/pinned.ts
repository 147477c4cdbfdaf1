/** Cards that have no tool call to sit on (commands, unknown or empty subjects, other sessions), above the composer. */
import { el } from "../dom";
import { pinnedHeading } from "./pinnedHeading";

export class PinnedCards {
  // A group, so its name is exposed (a name on a plain div is dropped).
  readonly list = el("div", {
    class: "pinned-list",
    role: "group",
    tabindex: -1,
    "aria-label": "Pending approvals",
  });
  private readonly heading = el("h2", { class: "pinned-heading" });
  readonly root = el(
    "section",
    { class: "pinned", "aria-label": "Waiting for your approval", hidden: true },
    this.heading,
    this.list,
  );

  /**
   * Takes these cards out of the page, wherever they are: when they are every pinned card (Stop, agent exit), in one
   * write of the list rather than one removal each.
   */
  removeCards(roots: readonly HTMLElement[]): void {
    const pinned = roots.filter((root) => root.parentElement === this.list).length;
    if (pinned > 0 && pinned === this.list.childElementCount) this.list.replaceChildren();
    for (const root of roots) root.remove();
  }

  /**
   * Runs after every message: written only on a change, since writing `hidden` restyles the section and writing the
   * same text replaces the heading's text node, which lays the page out again (a streamed chunk did both).
   */
  updateCount(waitingAbove = 0): void {
    const count = this.list.childElementCount;
    if (this.root.hidden !== (count === 0)) this.root.hidden = count === 0;
    const heading = pinnedHeading(count, waitingAbove);
    if (this.heading.textContent !== heading) this.heading.textContent = heading;
  }
}

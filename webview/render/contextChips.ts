/**
 * What the person added to their next message (Symposium: Add to Message), above the message box: a chip per file,
 * folder, lines or pasted image, each with its own Remove button. The host owns the list (`SessionHeader.context`);
 * Remove asks it to drop one, and Send names the ids shown, so nothing the person did not see goes with a message.
 */
import type { ContextChipView } from "../../src/shared/protocol";
import { button, el, icon } from "../dom";
import { PATH_HIDDEN, visibleText } from "../hiddenCharacters";
import { appendVisible } from "../text";

export interface ContextChipActions {
  remove(id: string): void;
  /** Where focus goes when the last chip is removed (the message box). */
  focusAfterLast(): void;
  announce(text: string): void;
}

const KIND_ICONS: Readonly<Record<ContextChipView["kind"], string>> = {
  file: "file",
  folder: "folder",
  lines: "list-selection",
  image: "file-media",
};

export class ContextChips {
  readonly root: HTMLElement;
  private shown: readonly ContextChipView[] = [];
  /**
   * Chips removed or sent here: a header the host sent before it heard of that does not bring them back (ids are
   * host-made and never reused).
   */
  private readonly gone = new Set<string>();

  constructor(private readonly actions: ContextChipActions) {
    this.root = el("ul", { class: "message-context", "aria-label": "Added to your message" });
    this.root.hidden = true;
  }

  /** The ids of the chips on screen, for Send. */
  get ids(): string[] {
    return this.shown.map((chip) => chip.id);
  }

  /**
   * `announceAdded`: the same session's chips changed, so new ones were added where the person may not be looking
   * (Add to Message runs in the editor and leaves focus in the message box): a screen reader says which.
   */
  show(chips: readonly ContextChipView[] | undefined, announceAdded = false): void {
    const next = (chips ?? []).filter((chip) => !this.gone.has(chip.id));
    const same =
      next.length === this.shown.length &&
      next.every((chip, i) => chip.id === this.shown[i]!.id && chip.label === this.shown[i]!.label);
    if (same) return;
    const added = next.filter((chip) => !this.shown.some((shown) => shown.id === chip.id));
    if (announceAdded && added.length > 0)
      this.actions.announce(`Added ${added.map((chip) => chip.label).join(", ")} to your message.`);
    this.shown = next;
    this.root.replaceChildren(...next.map((chip) => this.chip(chip)));
    this.root.hidden = next.length === 0;
  }

  private chip(chip: ContextChipView): HTMLElement {
    // Marked as a path is: a line break or tab in a file's name reads as a space on one line.
    const label = el("span", { class: "context-label" });
    appendVisible(label, chip.label, PATH_HIDDEN);
    const remove = button("icon-button context-remove", icon("close"));
    remove.setAttribute("aria-label", `Remove ${visibleText(chip.label, PATH_HIDDEN)}`);
    remove.title = "Remove from the message";
    remove.addEventListener("click", () => this.removeChip(chip));
    return el(
      "li",
      { class: "context-chip", title: visibleText(chip.detail, PATH_HIDDEN), "data-id": chip.id },
      icon(KIND_ICONS[chip.kind] ?? "file"),
      label,
      remove,
    );
  }

  /**
   * Gone at once; the host's next header agrees. Focus stays in the list (on the next chip's Remove) or goes back to
   * the message box.
   */
  private removeChip(chip: ContextChipView): void {
    const index = this.shown.findIndex((shown) => shown.id === chip.id);
    if (index < 0) return;
    this.actions.remove(chip.id);
    this.gone.add(chip.id);
    const rest = this.shown.filter((shown) => shown.id !== chip.id);
    this.show(rest);
    this.actions.announce(`Removed ${chip.label} from the message.`);
    const next =
      this.root.querySelectorAll<HTMLButtonElement>(".context-remove")[Math.min(index, rest.length - 1)];
    if (next) next.focus();
    else this.actions.focusAfterLast();
  }

  /**
   * Sent: the chips went with the message (the host's next header has none of them), and so did `unseen`, chips the
   * host had not shown yet (a header it sent before the message must not bring them back).
   */
  clear(unseen: readonly string[] = []): void {
    for (const id of unseen) this.gone.add(id);
    for (const chip of this.shown) this.gone.add(chip.id);
    this.show([]);
  }
}

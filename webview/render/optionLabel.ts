/** The words of an answer button that lasts beyond one request, shared by the agent's options and Symposium's grants. */
import { el, type Child } from "../dom";

/**
 * An option's name followed, in the same run of text, by a note of how long the choice lasts (hidden from screen
 * readers, which get it through the button's `aria-description`). In a narrow card the two wrap as one paragraph:
 * side by side as flex items, a long name squeezed the note into a column a few letters wide ("remem / bered").
 */
export function labelWithLastingNote(name: Child, ...note: Child[]): HTMLElement {
  return el(
    "span",
    { class: "option-label" },
    name,
    " ",
    el("span", { class: "option-lasting-note", "aria-hidden": "true" }, ...note),
  );
}

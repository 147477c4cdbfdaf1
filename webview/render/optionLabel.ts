/** The words of an answer button that lasts beyond one request, shared by the agent's options and Symposium's grants. */
import { el, type Child } from "../dom";

/**
 * An option's name followed, in the same run of text, by a note of how long the choice lasts. The note is part of the
 * button's accessible name: an agent can name its lasting option as it names its once-option ("Allow"), and only the
 * name is sure to be read or spoken to. In a narrow card the two wrap as one paragraph: side by side as flex items, a
 * long name squeezed the note into a column a few letters wide ("remem / bered").
 */
export function labelWithLastingNote(name: Child, ...note: Child[]): HTMLElement {
  return el(
    "span",
    { class: "option-label" },
    name,
    " ",
    el("span", { class: "option-lasting-note" }, ...note),
  );
}

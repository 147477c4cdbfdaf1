/**
 * The way back from reading further up: a button over the transcript's bottom edge, shown while the person is away
 * from the end. While requests of the shown session wait in the transcript it says how many, and goes to the oldest
 * (the agent waits on it); otherwise it goes to the end.
 */
import { button, icon } from "../dom";

export class ToEndButton {
  readonly root: HTMLButtonElement;
  private shown = { away: false, waiting: 0 };

  constructor(press: (waiting: number) => void) {
    this.root = button("to-end");
    this.root.hidden = true;
    this.root.addEventListener("click", () => press(this.shown.waiting));
    this.write();
  }

  /** `away`: the transcript is scrolled away from its end; `waiting`: the shown session's cards in the transcript. */
  update(away: boolean, waiting: number): void {
    if (away === this.shown.away && waiting === this.shown.waiting) return;
    this.shown = { away, waiting };
    this.write();
  }

  private write(): void {
    const { away, waiting } = this.shown;
    this.root.hidden = !away;
    if (waiting > 0) {
      this.root.classList.add("waiting");
      this.root.removeAttribute("aria-label");
      this.root.title =
        waiting === 1 ? "Go to the request waiting for your approval" : "Go to the oldest request";
      this.root.replaceChildren(
        icon("arrow-down"),
        waiting === 1 ? "1 request waiting" : `${waiting} requests waiting`,
      );
    } else {
      this.root.classList.remove("waiting");
      this.root.setAttribute("aria-label", "Go to the end");
      this.root.title = "Go to the end";
      this.root.replaceChildren(icon("arrow-down"));
    }
  }
}

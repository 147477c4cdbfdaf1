/**
 * How long the shown session's turn has run, after "Working…" in its bar ("Working… 1m 05s"), as the agents' own
 * terminals show it: an agent can work a long while with nothing to show (a model call retried, a long build), and
 * the count says the turn is still going and how long it has taken. Written once a second while shown; not a live
 * region, so a screen reader is not told every second (the bar's status is read when reached).
 */
import { el } from "../dom";
import { elapsedText } from "../../src/shared/elapsedText";

export class TurnClock {
  readonly root = el("span", { class: "session-elapsed" });
  /** `performance.now()` when the shown turn started; undefined while none is shown. */
  private startedAt: number | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** Counts from `startedAt` (on `performance.now()`'s clock), or stops and clears for undefined. */
  show(startedAt: number | undefined): void {
    if (startedAt === this.startedAt) return;
    this.startedAt = startedAt;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.tick();
  }

  private tick(): void {
    const startedAt = this.startedAt;
    const elapsed = startedAt === undefined ? 0 : performance.now() - startedAt;
    const count = elapsedText(elapsed);
    // A space of its own: read and copied as "Working… 5s", not run together.
    const text = count === "" ? "" : ` ${count}`;
    if (this.root.textContent !== text) this.root.textContent = text;
    if (startedAt === undefined) return;
    // At the next whole second of the turn, so the count never skips or repeats one.
    this.timer = setTimeout(() => this.tick(), 1000 - (elapsed % 1000) + 5);
  }
}

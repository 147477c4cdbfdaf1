/**
 * Turns the view's spinners (`.codicon-modifier-spin`: a session starting, running or stopping; a tool call in
 * progress) a step at a time from a timer, instead of codicons' endless CSS animation. While a CSS animation runs,
 * Chromium produces a frame at every vsync, and anything the view changes waits for the next one (8 ms on average,
 * measured: a new card's first frame began 8 ms after it went into the DOM with a spinner turning, 1-4 ms without).
 * A step every SPIN_STEP_MS dirties one small icon and leaves the frames in between idle, so a card gets the next
 * frame at once. Runs only while a spinner is in the document, and not at all when the user asked for reduced motion.
 *
 * Spinners are known as they are made (`icon()` registers them), not found by a query: with 1,000 cards a query of
 * the document (or a live collection after the DOM changed) walks every node, 1-5 ms per step, on the thread that
 * receives the next card.
 */
import { ConnectedSet } from "./connectedSet";

const SPIN_STEP_MS = 125;
const DEGREES_PER_STEP = 45;

/** Spinner icons made and not yet seen out of the document. */
const made = new ConnectedSet<HTMLElement>();

/** Called for each spinner icon made. */
export function registerSpinner(element: HTMLElement): void {
  made.add(element);
}

export class Spinners {
  private timer: ReturnType<typeof setInterval> | undefined;
  private angle = 0;
  private readonly reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

  /** Starts or stops the timer after the DOM changed. */
  sync(): void {
    // Always looked up, so the spinners that left the document are forgotten also when nothing turns.
    const shown = made.connected().length > 0;
    const spinning = shown && !this.reducedMotion.matches;
    if (spinning && this.timer === undefined) {
      this.timer = setInterval(() => this.step(), SPIN_STEP_MS);
    } else if (!spinning && this.timer !== undefined) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /** Turns each spinner itself: a property changed on a common ancestor would restyle the whole transcript. */
  private step(): void {
    this.angle = (this.angle + DEGREES_PER_STEP) % 360;
    const transform = `rotate(${this.angle}deg)`;
    const spinners = made.connected();
    for (const spinner of spinners) spinner.style.transform = transform;
    if (spinners.length === 0) this.sync();
  }
}

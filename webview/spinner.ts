/**
 * Turns the view's spinners (`.codicon-modifier-spin`: a session starting, running or stopping; a tool call in
 * progress) a step at a time from a timer, instead of codicons' endless CSS animation. While a CSS animation runs,
 * Chromium produces a frame at every vsync, and anything the view changes waits for the next one (8 ms on average,
 * measured: a new card's first frame began 8 ms after it went into the DOM with a spinner turning, 1-4 ms without).
 * A step every SPIN_STEP_MS dirties one small icon and leaves the frames in between idle, so a card gets the next
 * frame at once. Runs only while a spinner is in the document, and not at all when the user asked for reduced motion.
 */
const SPIN_STEP_MS = 125;
const DEGREES_PER_STEP = 45;

export class Spinners {
  private timer: ReturnType<typeof setInterval> | undefined;
  private angle = 0;
  /** Live: the spinners in the document now, without a query per step. */
  private readonly spinning: HTMLCollectionOf<Element>;
  private readonly reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

  constructor(root: HTMLElement) {
    this.spinning = root.getElementsByClassName("codicon-modifier-spin");
  }

  /** Starts or stops the timer after the DOM changed. */
  sync(): void {
    const spinning = !this.reducedMotion.matches && this.spinning.length > 0;
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
    for (const spinner of this.spinning)
      if (spinner instanceof HTMLElement) spinner.style.transform = transform;
    if (this.spinning.length === 0) this.sync();
  }
}

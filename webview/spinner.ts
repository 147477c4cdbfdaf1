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
  private readonly reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

  constructor(private readonly root: HTMLElement) {}

  /** Starts or stops the timer after the DOM changed. */
  sync(): void {
    const spinning =
      !this.reducedMotion.matches && this.root.querySelector(".codicon-modifier-spin") !== null;
    if (spinning && this.timer === undefined) {
      this.timer = setInterval(() => this.step(), SPIN_STEP_MS);
    } else if (!spinning && this.timer !== undefined) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private step(): void {
    this.angle = (this.angle + DEGREES_PER_STEP) % 360;
    this.root.style.setProperty("--spin-angle", `${this.angle}deg`);
    if (this.root.querySelector(".codicon-modifier-spin") === null) this.sync();
  }
}

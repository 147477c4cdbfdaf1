/**
 * Runs a job once, a while after the first of any number of requests for it: a flood of requests runs it once.
 *
 * Attention (badge, status bar) uses it to stay out of a new card's way. Its updates are calls to the workbench; made
 * in the same tick as the card's message they travel in the same write of the extension host's protocol (VS Code
 * sends on its next `setTimeout(0)`), and the workbench, whose thread the webview shares, re-renders the badge and
 * the status bar before the card gets its frame. Measured: 8-11 ms of a 19-30 ms request -> card visible at p50.
 */
export class LaterTimer {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly run: () => void,
    private readonly delayMs: number,
  ) {}

  /** Runs the job `delayMs` from now, unless it is already due. */
  schedule(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.run();
    }, this.delayMs);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** Long enough for the card's message to be written and its frame painted first; short for a person. */
export const ATTENTION_DELAY_MS = 50;

/**
 * Runs a job once, a while after the first of any number of requests for it: a flood of requests runs it once.
 *
 * The history panel uses it to refresh while decisions are recorded: each refresh reads the whole history again.
 *
 * Attention (badge, status bar) uses it to stay out of a new card's way. Its updates are calls to the workbench; made
 * in the same tick as the card's message they travel in the same write of the extension host's protocol (VS Code
 * sends on its next `setTimeout(0)`), and the workbench, whose thread the webview shares, re-renders the badge and
 * the status bar before the card gets its frame. Measured: 8-11 ms of a 19-30 ms request -> card visible at p50.
 */
export class LaterTimer {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastRunAt = Number.NEGATIVE_INFINITY;
  /** How long the last run took, to its promise's end for a job that returns one. */
  private lastCost = 0;
  /** A job's promise has not settled: a request meanwhile runs it again after. */
  private running = false;
  private askedWhileRunning = false;
  private disposed = false;

  /**
   * `spacingMs`: a run comes at least that long after the previous one (a steady stream runs it that often).
   * `busyShare`: at most that share of the time goes to the job under a steady stream: a run comes at least its last
   * run's cost / `busyShare` after that one began, so a job that costs more as what it reads grows runs less often.
   */
  constructor(
    private readonly run: () => unknown,
    private readonly delayMs: number,
    private readonly spacingMs = 0,
    private readonly busyShare?: number,
  ) {}

  /** Runs the job `delayMs` from now (or its spacing after its last run, if later), unless it is already due. */
  schedule(): void {
    if (this.timer !== undefined || this.disposed) return;
    if (this.running) {
      this.askedWhileRunning = true;
      return;
    }
    const spacing = Math.max(this.spacingMs, this.busyShare ? this.lastCost / this.busyShare : 0);
    const wait = Math.max(this.delayMs, this.lastRunAt + spacing - performance.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const began = (this.lastRunAt = performance.now());
      const result = this.run();
      if (!(result instanceof Promise)) {
        this.lastCost = performance.now() - began;
        return;
      }
      this.running = true;
      void result
        .catch(() => undefined) // the job's own to report
        .finally(() => {
          this.running = false;
          this.lastCost = performance.now() - began;
          if (!this.askedWhileRunning) return;
          this.askedWhileRunning = false;
          this.schedule();
        });
    }, wait);
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** Long enough for the card's message to be written and its frame painted first; short for a person. */
export const ATTENTION_DELAY_MS = 50;

/**
 * Attention updates at most this often. Each update the workbench draws is a frame of the whole page, the webview's
 * cards included (they share the renderer's thread): 8-13 ms of that thread with 1,000 cards, two per request when
 * requests come and go (the count up, then down), measured in a trace of the 1,000-pending paint benchmark.
 */
export const ATTENTION_SPACING_MS = 250;

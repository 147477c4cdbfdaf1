/**
 * Runs queued work once per animation frame, so a burst of host messages costs one DOM pass. Falls back to a timer
 * when frames are not being produced (a hidden or background view), so the state never lags far behind.
 */
const FALLBACK_MS = 100;

export class FrameQueue<T> {
  private queue: T[] = [];
  private frame: number | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly flush: (items: T[]) => void) {}

  push(item: T): void {
    this.queue.push(item);
    if (this.frame !== undefined) return;
    this.frame = requestAnimationFrame(() => this.run());
    this.timer = setTimeout(() => this.run(), FALLBACK_MS);
  }

  private run(): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    clearTimeout(this.timer);
    this.frame = undefined;
    this.timer = undefined;
    const items = this.queue;
    this.queue = [];
    if (items.length > 0) this.flush(items);
  }
}

/**
 * Applies host messages as they come, one DOM pass per animation frame at most. A message that arrives while the
 * queue is idle is applied at once, in the task that received it, so a lone card is in the DOM before the next frame
 * is produced (waiting for that frame's callback would show it one frame later). That opens a window until the next
 * animation frame: whatever arrives inside it (the rest of a burst) is queued and applied in one pass in that frame,
 * and the window stays open while frames keep bringing messages; the first quiet frame closes it. The first urgent
 * message of a window (a new card) does not wait either: it is applied at once with what was queued before it, so a
 * card that follows its tool call's update by a millisecond still goes into the DOM in the task that received it.
 * Falls back to a timer when frames are not being produced (a hidden or background view), so the state never lags far
 * behind.
 */
const FALLBACK_MS = 100;

// The browser's; declared here so the module also compiles for its unit test in plain Node (no DOM library).
declare function requestAnimationFrame(callback: () => void): number;
declare function cancelAnimationFrame(handle: number): void;

export class FrameQueue<T> {
  private queue: T[] = [];
  private frame: number | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** An urgent message was applied in the current window: further ones wait for its frame. */
  private urgentApplied = false;

  constructor(
    private readonly flush: (items: T[]) => void,
    private readonly isUrgent: (item: T) => boolean = () => false,
  ) {}

  push(item: T): void {
    const urgent = this.isUrgent(item);
    if (this.frame !== undefined) {
      this.queue.push(item);
      if (!urgent || this.urgentApplied) return;
      this.urgentApplied = true;
      const items = this.queue;
      this.queue = [];
      this.flush(items);
      return;
    }
    // Open the window first: should `flush` throw, what follows is still batched and applied.
    this.open();
    this.urgentApplied = urgent;
    this.flush([item]);
  }

  private run(): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    clearTimeout(this.timer);
    this.frame = undefined;
    this.timer = undefined;
    this.urgentApplied = false;
    const items = this.queue;
    this.queue = [];
    if (items.length === 0) return; // a quiet frame: the next message is applied at once again
    // Keep the window open for one more frame, so a steady stream costs one DOM pass per frame.
    this.open();
    this.flush(items);
  }

  private open(): void {
    this.frame = requestAnimationFrame(() => this.run());
    this.timer = setTimeout(() => this.run(), FALLBACK_MS);
  }
}

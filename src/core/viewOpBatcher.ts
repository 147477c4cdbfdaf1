/**
 * Coalesces view changes into about one message per frame: a streamed message that changed 50 times in 16 ms is
 * sent once, with its latest content, at the place of its first change. What arrives while nothing was sent for a
 * frame goes out without waiting for a timer, and so does the first new card of a frame (with whatever was queued
 * before it, in order): a permission request that follows its tool call by a millisecond is not held back a frame,
 * while the rest of a burst of requests still travels in one message per frame.
 *
 * A new card goes out in the task that produced it. Other changes wait for the end of that task (`setImmediate`):
 * when a click answers a request, the agent's answer is written first and the view's update follows.
 */
import type { ViewOp } from "../shared/protocol";
import { pageOps, SNAPSHOT_PAGE_BYTES } from "./snapshotPages";

const FRAME_MS = 16;

export class ViewOpBatcher {
  private readonly ops = new Map<string, ViewOp>();
  private sequence = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private immediate: ReturnType<typeof setImmediate> | undefined;
  /** A new card was sent in the current frame: further cards wait for its end. */
  private cardSent = false;

  constructor(private readonly flush: (ops: ViewOp[]) => void) {}

  push(ops: readonly ViewOp[]): void {
    let card = false;
    for (const op of ops) {
      const key = coalesceKey(op) ?? `#${this.sequence++}`;
      this.ops.set(key, op);
      if (op.op === "prompt") card = true;
    }
    if (this.timer === undefined) {
      // Nothing sent for a frame: send now (a card) or at the end of this task (anything else).
      this.timer = setTimeout(() => this.endFrame(), FRAME_MS);
      if (card) this.sendCard();
      else this.immediate ??= setImmediate(() => this.sendQueued());
      return;
    }
    // Within a frame of the last message: it goes out with the next one, unless it is the frame's first card.
    if (card && !this.cardSent) this.sendCard();
  }

  private sendCard(): void {
    this.cardSent = true;
    this.send();
  }

  private sendQueued(): void {
    this.immediate = undefined;
    this.send();
  }

  private endFrame(): void {
    this.timer = undefined;
    this.cardSent = false;
    if (this.ops.size === 0) return;
    this.send();
    this.timer = setTimeout(() => this.endFrame(), FRAME_MS);
  }

  private send(): void {
    if (this.ops.size === 0) return;
    const ops = [...this.ops.values()];
    this.ops.clear();
    // No message over the size budget: a burst is split, in order.
    for (const page of pageOps(ops, SNAPSHOT_PAGE_BYTES)) this.flush(page);
  }

  /** Drops what is queued (the view is gone; it will get a snapshot when it comes back). */
  clear(): void {
    clearTimeout(this.timer);
    if (this.immediate !== undefined) clearImmediate(this.immediate);
    this.timer = undefined;
    this.immediate = undefined;
    this.cardSent = false;
    this.ops.clear();
  }
}

function coalesceKey(op: ViewOp): string | undefined {
  switch (op.op) {
    case "item":
      return `item\u0000${op.sessionKey}\u0000${op.item.id}`;
    case "session":
      return `session\u0000${op.header.key}`;
    case "agents":
    case "activeSession":
    case "blocked":
      return op.op;
    default:
      return undefined;
  }
}

/**
 * Coalesces view changes into at most one message per frame: a streamed message that changed 50 times in 16 ms is
 * sent once, with its latest content, at the place of its first change. A change that arrives while nothing was sent
 * for a frame goes out at once, so a lone permission request reaches the view without waiting for a timer.
 */
import type { ViewOp } from "../shared/protocol";

const FRAME_MS = 16;

export class ViewOpBatcher {
  private readonly ops = new Map<string, ViewOp>();
  private sequence = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly flush: (ops: ViewOp[]) => void) {}

  push(ops: readonly ViewOp[]): void {
    for (const op of ops) {
      const key = coalesceKey(op) ?? `#${this.sequence++}`;
      this.ops.set(key, op);
    }
    if (this.timer) return; // within a frame of the last message: it goes out with the next one
    this.send();
    this.timer = setTimeout(() => this.endFrame(), FRAME_MS);
  }

  private endFrame(): void {
    this.timer = undefined;
    if (this.ops.size === 0) return;
    this.send();
    this.timer = setTimeout(() => this.endFrame(), FRAME_MS);
  }

  private send(): void {
    if (this.ops.size === 0) return;
    const ops = [...this.ops.values()];
    this.ops.clear();
    this.flush(ops);
  }

  /** Drops what is queued (the view is gone; it will get a snapshot when it comes back). */
  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
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

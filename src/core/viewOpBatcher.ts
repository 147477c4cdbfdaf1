/**
 * Coalesces view changes into one message per frame: a streamed message that changed 50 times in 16 ms is sent
 * once, with its latest content, at the place of its first change.
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
    this.timer ??= setTimeout(() => this.flushNow(), FRAME_MS);
  }

  flushNow(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
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

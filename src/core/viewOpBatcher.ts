/**
 * Coalesces view changes into about one message per frame: a streamed message that changed 50 times in 16 ms is
 * sent once, with its latest content, at the place of its first change. What arrives while nothing was sent for a
 * frame goes out without waiting for a timer, and so does the first new card of a frame (with whatever was queued
 * before it, in order): a permission request that follows its tool call by a millisecond is not held back a frame,
 * while the rest of a burst of requests still travels in one message per frame.
 *
 * A new card goes out in the task that produced it. Other changes wait for the end of that task (`setImmediate`):
 * when a click answers a request, the agent's answer is written first and the view's update follows.
 *
 * A card's tool-call item is not coalesced across the card: a change of that item after the card goes after it, as a
 * second op. The view takes a card's subject from the item as it holds it when the card arrives (`on_item`), so the
 * item's later content must not reach it first.
 */
import type { ToolStateOp, ViewOp } from "../shared/protocol";
import { pageOps, SNAPSHOT_PAGE_BYTES } from "./snapshotPages";

const FRAME_MS = 16;

export class ViewOpBatcher {
  private readonly ops = new Map<string, ViewOp>();
  /** Coalescing keys sealed by a queued card: later ops of that key coalesce under this key instead, after the card. */
  private readonly sealed = new Map<string, string>();
  private sequence = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private immediate: ReturnType<typeof setImmediate> | undefined;
  /** A new card was sent in the current frame: further cards wait for its end. */
  private cardSent = false;

  constructor(private readonly flush: (ops: ViewOp[]) => void) {}

  push(ops: readonly ViewOp[]): void {
    let card = false;
    for (const op of ops) {
      const coalesce = coalesceKey(op);
      const key = coalesce === undefined ? `#${this.sequence++}` : (this.sealed.get(coalesce) ?? coalesce);
      const queued = op.op === "toolState" ? this.ops.get(key) : undefined;
      // A tool call's new approval state goes onto its queued item, if any (the item then carries it).
      this.ops.set(key, queued?.op === "item" ? withToolState(queued, op as ToolStateOp) : op);
      if (op.op !== "prompt") continue;
      card = true;
      const toolItemId = op.prompt.toolItemId;
      if (toolItemId !== undefined)
        this.sealed.set(itemKey(op.prompt.sessionKey, toolItemId), `#${this.sequence++}`);
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
    this.sealed.clear();
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
    this.sealed.clear();
  }
}

function coalesceKey(op: ViewOp): string | undefined {
  switch (op.op) {
    case "item":
      return itemKey(op.sessionKey, op.item.id);
    case "toolState":
      return itemKey(op.sessionKey, op.itemId);
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

function itemKey(sessionKey: string, itemId: string): string {
  return `item\u0000${sessionKey}\u0000${itemId}`;
}

/** A queued item op with a tool call's later approval state applied (the webview's store does the same on its copy). */
function withToolState(queued: Extract<ViewOp, { op: "item" }>, state: ToolStateOp): ViewOp {
  const { item } = queued;
  if (item.kind !== "tool_call") return state;
  const rest = { ...item };
  delete rest.awaitingApproval;
  delete rest.changedAfterRequest;
  return {
    ...queued,
    item: {
      ...rest,
      status: state.status,
      ...(state.awaitingApproval ? { awaitingApproval: true } : {}),
      ...(state.changedAfterRequest ? { changedAfterRequest: true } : {}),
    },
  };
}

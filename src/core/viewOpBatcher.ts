/**
 * Coalesces view changes into about one message per frame: a streamed message that changed 50 times in 16 ms is
 * sent once, with its latest content, at the place of its first change. What arrives while nothing was sent for a
 * frame goes out without waiting for a timer, and so does the first new card of a frame (with whatever was queued
 * before it, in order): a permission request that follows its tool call by a millisecond is not held back a frame,
 * while the rest of a burst of requests still travels in one message per frame.
 *
 * A new card goes out in the task that produced it. Other changes wait for the end of that task (`setImmediate`):
 * when a click answers a request, the agent's answer is written first and the view's update follows. The first
 * decision of a frame does not wait for the frame's end either: cards leaving (a click, Stop, the agent gone) are
 * what a person waits to see, and Stop's 50 decisions, sent right after the turn's state changed, waited up to 16 ms. A tool call
 * just announced as pending waits a few milliseconds more, for the request about it to go in the same message.
 *
 * A card's tool-call item is not coalesced across the card: a change of that item after the card goes after it, as a
 * second op. The view takes a card's subject from the item as it holds it when the card arrives (`on_item`), so the
 * item's later content must not reach it first.
 */
import type { ToolStateOp, ViewOp } from "../shared/protocol";
import { pageOps, SNAPSHOT_PAGE_BYTES } from "./snapshotPages";
import { withToolState } from "../shared/toolCallView";

const FRAME_MS = 16;
/**
 * How long a tool call an agent just announced as pending waits for a permission request about it. Agents ask right
 * after announcing (1-2 ms later here, up to 26 ms under load): sent alone, the tool call's diff took the webview a
 * frame of layout and paint on the thread the workbench shares, and the card's message waited behind that frame.
 * Sent together, one pass and one frame show both.
 */
const ASK_WAIT_MS = 8;

export class ViewOpBatcher {
  private readonly ops = new Map<string, ViewOp>();
  /** Coalescing keys sealed by a queued card: later ops of that key coalesce under this key instead, after the card. */
  private readonly sealed = new Map<string, string>();
  private sequence = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private immediate: ReturnType<typeof setImmediate> | undefined;
  /** Sends what is queued once a just-announced tool call waited `ASK_WAIT_MS` for its request. */
  private askWait: ReturnType<typeof setTimeout> | undefined;
  /** A new card was sent in the current frame: further cards wait for its end. */
  private cardSent = false;
  /** A decision was sent in the current frame: further decisions wait for its end. */
  private decisionSent = false;

  constructor(private readonly flush: (ops: ViewOp[]) => void) {}

  push(ops: readonly ViewOp[]): void {
    let card = false;
    let decision = false;
    for (const op of ops) {
      if (op.op === "decided") decision = true;
      const coalesce = coalesceKey(op);
      const key = coalesce === undefined ? `#${this.sequence++}` : (this.sealed.get(coalesce) ?? coalesce);
      const queued = op.op === "toolState" ? this.ops.get(key) : undefined;
      // A tool call's new approval state goes onto its queued item, if any (the item then carries it).
      this.ops.set(
        key,
        queued?.op === "item" && queued.item.kind === "tool_call"
          ? { ...queued, item: withToolState(queued.item, op as ToolStateOp) }
          : op,
      );
      if (op.op !== "prompt") continue;
      card = true;
      const toolItemId = op.prompt.toolItemId;
      if (toolItemId !== undefined)
        this.sealed.set(itemKey(op.prompt.sessionKey, toolItemId), `#${this.sequence++}`);
    }
    if (this.timer === undefined) {
      // Nothing sent for a frame: send now (a card), a little later (a tool call that may be asked about next) or at
      // the end of this task (anything else).
      this.timer = setTimeout(() => this.endFrame(), FRAME_MS);
      if (card) this.sendCard();
      else if (ops.some(mayBeAskedAbout)) this.askWait ??= setTimeout(() => this.send(), ASK_WAIT_MS);
      else this.immediate ??= setImmediate(() => this.send());
      return;
    }
    // Within a frame of the last message: it goes out with the next one, unless it is the frame's first card (now)
    // or first decision (at the end of this task).
    if (card && !this.cardSent) this.sendCard();
    else if (decision && !this.decisionSent) {
      this.decisionSent = true;
      this.immediate ??= setImmediate(() => this.send());
    }
  }

  private sendCard(): void {
    this.cardSent = true;
    this.send();
  }

  private endFrame(): void {
    this.timer = undefined;
    this.cardSent = false;
    this.decisionSent = false;
    if (this.ops.size === 0) return;
    this.send();
    this.timer = setTimeout(() => this.endFrame(), FRAME_MS);
  }

  private send(): void {
    if (this.immediate !== undefined) clearImmediate(this.immediate);
    clearTimeout(this.askWait);
    this.immediate = undefined;
    this.askWait = undefined;
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
    clearTimeout(this.askWait);
    this.timer = undefined;
    this.immediate = undefined;
    this.askWait = undefined;
    this.cardSent = false;
    this.decisionSent = false;
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

/** A tool call the agent announced and may ask about next (agents announce it pending, then ask). */
function mayBeAskedAbout(op: ViewOp): boolean {
  return (
    op.op === "item" &&
    op.item.kind === "tool_call" &&
    op.item.status === "pending" &&
    !op.item.awaitingApproval
  );
}

function itemKey(sessionKey: string, itemId: string): string {
  return `item\u0000${sessionKey}\u0000${itemId}`;
}

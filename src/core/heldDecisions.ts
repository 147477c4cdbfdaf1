/**
 * Automatic decisions (Bypass, a rule) on their way to the view. Each was one `decided` op, and so one webview message
 * per approval when requests came one at a time (105 messages for 105 human-paced approvals in the bypass benchmark).
 * Held here, they go with the session's next change, which follows an approval anyway with real agents (the tool
 * call's status), or at the end of the turn, and at the latest `AUTOMATIC_DECISIONS_MS` after the first of them:
 * the transcript still shows every one, a little later, and the approval history records each at once (not here).
 */
import { LIMITS } from "../shared/limits";
import type { DecisionRecord, ViewOp } from "../shared/protocol";
import { LaterTimer } from "./laterTimer";

/** The longest an automatic decision waits for the view when nothing else of its session changes. */
export const AUTOMATIC_DECISIONS_MS = 1_000;

export class HeldDecisions {
  private ops: ViewOp[] = [];
  private readonly timer: LaterTimer;

  /** `flush`: sends what `take` returns; run `delayMs` after the first decision held since the last take. */
  constructor(flush: () => void, delayMs = AUTOMATIC_DECISIONS_MS) {
    this.timer = new LaterTimer(flush, delayMs);
  }

  hold(record: DecisionRecord): void {
    this.ops.push({ op: "decided", record });
    // A flood keeps only what the view's transcript could keep; the session model and the history have them all. The
    // oldest go in one cut per `transcriptItems` decisions: cutting one per decision moved the whole array each time.
    if (this.ops.length >= 2 * LIMITS.transcriptItems) this.ops = this.ops.slice(-LIMITS.transcriptItems);
    this.timer.schedule();
  }

  /** The held `decided` ops (at most `LIMITS.transcriptItems`, the newest), oldest first; nothing is held afterwards. */
  take(): ViewOp[] {
    if (this.ops.length === 0) return [];
    const ops = this.ops.length > LIMITS.transcriptItems ? this.ops.slice(-LIMITS.transcriptItems) : this.ops;
    this.ops = [];
    this.timer.dispose();
    return ops;
  }

  dispose(): void {
    this.timer.dispose();
    this.ops = [];
  }
}

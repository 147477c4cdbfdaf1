/**
 * Automatic decisions (Bypass) and the view's traffic: each approval is in the history at once and in the transcript,
 * but the view gets them with the session's next change, not one update per approval.
 */
import assert from "node:assert/strict";
import type { DecisionRecord, ViewOp } from "../../src/shared/protocol";
import { ClientHarness, waitFor } from "../support/clientHarness";

describe("automatic decisions in the view", function () {
  this.timeout(30_000);
  let harness: ClientHarness;
  /** Every `onDidChange` call: what one view update would carry (the batcher may merge several, never split one). */
  let updates: ViewOp[][];
  let history: DecisionRecord[];

  beforeEach(() => {
    harness = new ClientHarness({ protocol: "v2", bypass: true });
    updates = [];
    history = [];
    harness.sessions.onDidChange((ops) => updates.push(ops));
    harness.sessions.onDidDecide((_prompt, record) => history.push(record));
  });

  afterEach(async () => {
    await harness?.dispose();
  });

  const ls = () => ({ subject: { type: "command", command: "ls", cwd: harness.workspace } });
  const decidedIn = (ops: readonly ViewOp[]) => ops.filter((op) => op.op === "decided").length;

  it("20 approvals in a turn with nothing else: the history has each at once, the view gets them all with the turn's end", async () => {
    const key = await harness.run({ steps: [{ request: ls(), repeat: 20 }] });
    await waitFor(() => harness.outcomes().length === 20, "20 automatic answers");
    assert.equal(history.length, 20, "each approval is in the history when it is answered");
    await waitFor(() => harness.sessions.session(key)?.status === "ready", "the turn to end");
    const withDecisions = updates.filter((ops) => decidedIn(ops) > 0);
    assert.equal(withDecisions.length, 1, `decided ops came in ${withDecisions.length} updates`);
    const [update] = withDecisions;
    assert.equal(decidedIn(update!), 20);
    assert.ok(
      update!.some((op) => op.op === "session" && op.header.key === key && op.header.status === "ready"),
      "with the turn's end",
    );
    const transcript = harness.sessions.snapshot().sessions.find((s) => s.header.key === key)!.items;
    const records = transcript.filter((item) => item.kind === "decision");
    assert.equal(records.length, 20, "the transcript still says what was auto-approved");
    assert.ok(records.every((item) => item.kind === "decision" && item.record.provenance === "bypass"));
  });

  it("an approval goes to the view with the session's next change, in the same update", async () => {
    await harness.run({ steps: [{ request: ls() }, { say: "done with ls" }, { sleep: 3000 }] });
    await waitFor(() => updates.some((ops) => decidedIn(ops) > 0), "the decision in the view");
    const update = updates.find((ops) => decidedIn(ops) > 0)!;
    assert.ok(
      update.some((op) => op.op === "item" && op.item.kind === "agent"),
      "together with the agent's message that followed the approval",
    );
  });

  it("with nothing else to send, an approval still reaches the view while the turn runs", async () => {
    const key = await harness.run({ steps: [{ request: ls() }, { sleep: 5000 }] });
    await waitFor(() => updates.some((ops) => decidedIn(ops) > 0), "the decision in the view", 4000);
    assert.equal(harness.sessions.session(key)?.status, "running", "before the turn ended");
  });
});

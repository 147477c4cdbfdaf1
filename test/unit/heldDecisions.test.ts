import assert from "node:assert/strict";
import { HeldDecisions } from "../../src/core/heldDecisions";
import { LIMITS } from "../../src/shared/limits";
import type { DecisionRecord } from "../../src/shared/protocol";

const record = (key: string): DecisionRecord => ({
  key,
  sessionKey: "s",
  agentName: "A",
  title: `Request ${key}`,
  provenance: "bypass",
  outcome: "selected",
  at: 0,
  summary: "Bypass Permissions is on",
});
const keys = (ops: ReturnType<HeldDecisions["take"]>) =>
  ops.map((op) => (op.op === "decided" ? op.record.key : ""));

describe("HeldDecisions", () => {
  it("gives back the held decisions oldest first, once", () => {
    const held = new HeldDecisions(() => undefined);
    held.hold(record("1"));
    held.hold(record("2"));
    assert.deepEqual(keys(held.take()), ["1", "2"]);
    assert.deepEqual(held.take(), []);
    held.dispose();
  });

  it("a flood keeps only the newest that the view's transcript could keep", () => {
    const cap = LIMITS.transcriptItems;
    for (const count of [cap + 500, 2 * cap - 1, 2 * cap, 2 * cap + 1, 5 * cap + 7]) {
      const held = new HeldDecisions(() => undefined);
      for (let i = 0; i < count; i++) held.hold(record(String(i)));
      const ops = keys(held.take());
      assert.equal(ops.length, cap, `${count} held`);
      assert.equal(ops[0], String(count - cap), `${count} held`);
      assert.equal(ops.at(-1), String(count - 1), `${count} held`);
      held.dispose();
    }
  });

  it("asks for a flush once after the first held decision; a take or dispose cancels it", async () => {
    let flushes = 0;
    const held = new HeldDecisions(() => flushes++, 5);
    held.hold(record("1"));
    held.hold(record("2"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(flushes, 1);
    held.take();
    held.hold(record("3"));
    held.take();
    held.hold(record("4"));
    held.dispose();
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(flushes, 1);
  });
});

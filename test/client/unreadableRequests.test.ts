/**
 * A permission request the host cannot read as it reads others (`test/agents/deepInputAgent.ts`): it still gets a
 * card, or a refusal that is recorded, never "Internal error" with no trace.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { PolicyBoundary } from "../../src/core/policy/resolvePath";
import { ClientHarness, waitFor } from "../support/clientHarness";

const DEEP_AGENT = join(__dirname, "..", "agents", "deepInputAgent.js");

describe("a permission request the host cannot read", function () {
  this.timeout(30_000);
  let harness: ClientHarness | undefined;
  const forRequest = Object.getOwnPropertyDescriptor(PolicyBoundary.prototype, "forRequest")!;

  afterEach(async () => {
    Object.defineProperty(PolicyBoundary.prototype, "forRequest", forRequest);
    await harness?.dispose();
    harness = undefined;
  });

  async function ask(depth: number): Promise<{ h: ClientHarness; key: string }> {
    const h = (harness = new ClientHarness({
      command: process.execPath,
      args: [DEEP_AGENT],
      agentEnv: { DEEP_INPUT: String(depth) },
    }));
    h.versions.set("Scripted", 1);
    const key = await h.sessions.startSession("Scripted");
    h.send(key, "go");
    return { h, key };
  }
  const answer = (h: ClientHarness) =>
    (h.agentLog() as unknown as Record<string, unknown>[]).find((frame) => frame.id === 7);

  it("asks a person about a raw input nested 100,000 levels deep", async () => {
    const { h } = await ask(100_000);
    await waitFor(() => h.sessions.pending.size > 0 || answer(h) !== undefined, "a card or an answer");
    assert.equal(answer(h), undefined, "answered without a card");
    const card = h.sessions.pending.list()[0]!;
    const reject = card.options.find((option) => option.optionId === "r")!;
    assert.ok(h.sessions.chooseOption(card.key, reject.key));
    const sent = await waitFor(() => answer(h), "the answer");
    assert.deepEqual(sent.result, { outcome: { outcome: "selected", optionId: "r" } });
  });

  it("refuses and records a request whose preparation fails, rather than answering an internal error", async () => {
    PolicyBoundary.prototype.forRequest = () => {
      throw new Error("a reader gave up");
    };
    const { h, key } = await ask(1);
    const sent = await waitFor(() => answer(h), "the answer");
    assert.deepEqual(sent.result, { outcome: { outcome: "cancelled" } });
    const decisions = h.sessions
      .session(key)!
      .transcript()
      .flatMap((item) => (item.kind === "decision" ? [item.record.summary] : []));
    assert.deepEqual(decisions, ["Policy chose: cancelled (unreadable request)"]);
    assert.ok(h.logLines.some((line) => line.includes("unreadable request: a reader gave up")));
  });
});

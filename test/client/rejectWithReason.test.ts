/**
 * Reject with a reason against the scripted agent (v1 and v2): the request is answered with the agent's reject
 * option, and the reason reaches the agent as the person's next prompt of that session, after the turn the request
 * belonged to ended, and shows in the transcript as the person's message.
 */
import assert from "node:assert/strict";
import { ClientHarness, waitFor, type LogEntry } from "../support/clientHarness";

const REASON = "Use pnpm here, not npm: the lock file is pnpm-lock.yaml.";

function promptTexts(entries: LogEntry[]): { index: number; text: string }[] {
  return entries.flatMap((entry, index) => {
    const frame = entry.frame as { method?: string; params?: { prompt?: { text?: string }[] } } | undefined;
    if (entry.kind !== "frame" || entry.direction !== "received" || frame?.method !== "session/prompt")
      return [];
    return [{ index, text: (frame.params?.prompt ?? []).map((block) => block.text ?? "").join("\n") }];
  });
}

for (const protocol of ["v1", "v2"] as const) {
  describe(`Reject with a reason (${protocol})`, function () {
    this.timeout(30_000);
    let harness: ClientHarness;

    afterEach(async () => {
      await harness?.dispose();
    });

    it("answers the reject option, then sends the reason as the next user message after the turn", async () => {
      harness = new ClientHarness({ protocol });
      const key = await harness.run({
        steps: [{ request: { title: "Run npm install" } }, { say: "after the answer" }],
      });
      await waitFor(() => harness.sessions.pending.size === 1, "the card");
      const [prompt] = harness.sessions.snapshot().pending;
      assert.equal(harness.sessions.rejectWithReason(prompt!.key, `  ${REASON}\n`), true);

      await waitFor(() => harness.outcomes().length === 1, "the agent's answer");
      assert.deepEqual(harness.outcomes()[0]!.outcome, { outcome: "selected", optionId: "reject-once" });
      const entries = await waitFor(() => {
        const log = harness.agentLog();
        return promptTexts(log).some((p) => p.text === REASON) && log;
      }, "the reason as a prompt");
      const reasonAt = promptTexts(entries).find((p) => p.text === REASON)!.index;
      const turnEndAt = entries.findIndex((e) => e.kind === "turnEnd");
      assert.ok(turnEndAt >= 0 && turnEndAt < reasonAt, "sent after the turn of the request ended");
      assert.equal(promptTexts(entries).length, 2, "the script, then the reason: nothing else");
      // The person's message in the transcript, not a waiting one.
      await waitFor(
        () =>
          harness.sessions
            .session(key)
            ?.transcript()
            .some((item) => item.kind === "user" && item.text === REASON && item.queued === undefined),
        "the reason in the transcript as the person's message",
      );
    });

    it("sends the reason before a follow-up the person sent while the card waited: it is about this turn", async () => {
      harness = new ClientHarness({ protocol });
      const key = await harness.run({
        steps: [{ request: { title: "Run npm install" } }, { say: "after the answer" }],
      });
      await waitFor(() => harness.sessions.pending.size === 1, "the card");
      await harness.sessions.sendPrompt(key, "then update the README");
      const [prompt] = harness.sessions.snapshot().pending;
      assert.equal(harness.sessions.rejectWithReason(prompt!.key, REASON), true);
      await waitFor(() => promptTexts(harness.agentLog()).length === 3, "all three prompts");
      assert.deepEqual(
        promptTexts(harness.agentLog())
          .slice(1)
          .map((p) => p.text),
        [REASON, "then update the README"],
      );
    });

    it("ignores an unknown request and a blank reason: nothing answered, nothing sent", async () => {
      harness = new ClientHarness({ protocol });
      await harness.run({ steps: [{ request: { title: "Run npm install" } }] });
      await waitFor(() => harness.sessions.pending.size === 1, "the card");
      const [prompt] = harness.sessions.snapshot().pending;
      assert.equal(harness.sessions.rejectWithReason("no-such-key", REASON), false);
      assert.equal(harness.sessions.rejectWithReason(prompt!.key, " \n "), false);
      assert.equal(harness.sessions.pending.size, 1, "still pending");
      assert.deepEqual(harness.outcomes(), []);
      assert.equal(promptTexts(harness.agentLog()).length, 1);
    });
  });
}

/**
 * A v2 agent that ends a turn (`idle`) without answering its prompt, then fails that prompt during a later turn
 * (`test/agents/lateAnswerAgent.ts`): the late error belongs to a turn that ended, so it ends nothing now.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ClientHarness, waitFor } from "../support/clientHarness";

const LATE_AGENT = join(__dirname, "..", "agents", "lateAnswerAgent.js");

describe("a prompt's late answer", function () {
  this.timeout(30_000);
  let harness: ClientHarness | undefined;

  afterEach(async () => {
    await harness?.dispose();
    harness = undefined;
  });

  function start(mode: "stop" | "queue", stopGraceMs = 20_000): ClientHarness {
    harness = new ClientHarness({
      command: process.execPath,
      args: [LATE_AGENT],
      agentEnv: { LATE_ANSWER: mode },
      timeouts: { stopGraceMs },
    });
    return harness;
  }

  const said = (h: ClientHarness, key: string, text: string) =>
    h.sessions
      .session(key)!
      .transcript()
      .some((item) => item.kind === "agent" && item.markdown.includes(text));
  const received = (h: ClientHarness) => h.agentLog() as unknown as Record<string, unknown>[];

  it("does not end the stopped turn after it: Stop's kill stays armed and the turn's requests are refused", async () => {
    const h = start("stop", 1_000);
    const key = await h.sessions.startSession("Scripted");
    h.send(key, "one");
    await waitFor(
      () => said(h, key, "first turn") && h.sessions.session(key)?.status === "running",
      "turn 2",
    );
    await h.sessions.stop(key);
    await waitFor(() => said(h, key, "after the late error"), "the late error and what follows it");
    const answer = await waitFor(
      () => received(h).find((frame) => frame.id === 100),
      "the answer to the stopped turn's request",
    );
    assert.deepEqual(answer.result, { outcome: { outcome: "cancelled" } });
    assert.equal(h.sessions.pending.size, 0, "no card for the stopped turn");
    assert.ok(h.logLines.some((line) => /Dropped a late error of Scripted: late failure/.test(line)));
    // The agent ignores Stop: the kill armed by Stop ends it.
    await waitFor(() => h.sessions.session(key)?.status === "ended", "Stop's kill");
    assert.match(h.sessions.session(key)?.error ?? "", /did not stop within 1 s after Stop/);
  });

  it("does not send the next queued message over the turn that runs", async () => {
    const h = start("queue");
    const key = await h.sessions.startSession("Scripted");
    h.send(key, "one");
    h.send(key, "two");
    h.send(key, "three");
    const card = await waitFor(() => h.sessions.pending.list()[0], "turn 2's card");
    assert.ok(said(h, key, "after the late error"));
    const session = h.sessions.session(key)!;
    assert.equal(session.status, "running");
    const third = session.transcript().find((item) => item.kind === "user" && item.text === "three");
    assert.equal(third?.kind === "user" ? third.queued?.state : undefined, "waiting", "three still waits");
    assert.ok(
      !session.transcript().some((item) => item.kind === "notice" && /prompt failed/.test(item.text)),
    );
    assert.ok(h.sessions.chooseOption(card.key, card.options[0]!.key));
    await waitFor(() => said(h, key, "turn 3"), "three sent once turn 2 ended");
    const prompts = received(h).filter((frame) => frame.method === "session/prompt" || frame.id === 100);
    assert.deepEqual(
      prompts.map((frame) => frame.method ?? "answer"),
      ["session/prompt", "session/prompt", "answer", "session/prompt"],
    );
  });
});

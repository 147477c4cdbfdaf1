import assert from "node:assert/strict";
import { PendingApprovals, type PendingEvent, type PermissionOutcome } from "../../src/core/pendingApprovals";
import { kindClass, type PermissionPrompt } from "../../src/core/permissionPrompt";

let counter = 0;
function prompt(
  overrides: Partial<PermissionPrompt> = {},
  kinds = ["allow_once", "allow_always", "reject_once"],
): PermissionPrompt {
  counter++;
  return {
    key: `key-${counter}`,
    agentName: "Agent",
    sessionKey: "s1",
    sessionId: "agent-session",
    protocolVersion: 2,
    title: `Request ${counter}`,
    subject: { type: "none" },
    options: kinds.map((kind, i) => ({
      key: String(i),
      optionId: `opt-${i}`,
      name: kind,
      kind,
      kindClass: kindClass(kind),
    })),
    rawSubject: null,
    paths: [],
    receivedAt: Date.now(),
    ...overrides,
  };
}

const origin = (requestId: number, connectionId = "conn-1") => ({ connectionId, requestId });

/** Records every answer per key, so a test can prove "exactly once". */
function track(pending: PendingApprovals) {
  const events: PendingEvent[] = [];
  pending.onDidChange((e) => events.push(e));
  return events;
}

describe("PendingApprovals", () => {
  it("answers a person's choice with exactly that offered option, once", async () => {
    const pending = new PendingApprovals();
    const events = track(pending);
    const p = prompt();
    const answer = pending.add(p, origin(1));
    assert.equal(pending.size, 1);
    assert.equal(pending.resolve(p.key, "opt-0"), true);
    assert.equal(pending.resolve(p.key, "opt-2"), false, "a second click finds nothing");
    assert.deepEqual(await answer, { outcome: "selected", optionId: "opt-0" });
    assert.equal(pending.size, 0);
    assert.equal(events.filter((e) => e.type === "settled").length, 1);
  });

  it("answers a choice named by the option's host key with the agent's whole option id, however long", async () => {
    const pending = new PendingApprovals();
    const longId = "r".repeat(5 * 1024 * 1024);
    const p = prompt({
      options: [{ key: "0", optionId: longId, name: "Reject", kind: "reject_once", kindClass: "reject" }],
    });
    const events = track(pending);
    const answer = pending.add(p, origin(1));
    assert.equal(pending.choose(p.key, "1"), false, "an option key that was not issued");
    assert.equal(pending.choose(p.key, longId), false, "the agent's id is not a host key");
    assert.equal(pending.choose(p.key, "0"), true);
    assert.deepEqual(await answer, { outcome: "selected", optionId: longId });
    const settled = events.find((e) => e.type === "settled");
    assert.ok(settled?.type === "settled");
    assert.ok(
      (settled.record.optionId ?? "").length < 300,
      "the record (history, view, log) keeps a bounded id",
    );
  });

  it("Deny answers the reject option, or cancelled when none was offered, never an approval", async () => {
    const pending = new PendingApprovals();
    const withReject = prompt();
    const withoutReject = prompt({}, ["allow_once", "allow_always"]);
    const first = pending.add(withReject, origin(1));
    const second = pending.add(withoutReject, origin(2));
    assert.equal(pending.deny(withReject.key), true);
    assert.equal(pending.deny(withoutReject.key), true);
    assert.equal(pending.deny(withoutReject.key), false, "answered once");
    assert.deepEqual(await first, { outcome: "selected", optionId: "opt-2" });
    assert.deepEqual(await second, { outcome: "cancelled" });
  });

  it("refuses options that were not offered and unknown keys, leaving the request pending", async () => {
    const pending = new PendingApprovals();
    const p = prompt();
    const answer = pending.add(p, origin(1));
    assert.equal(pending.resolve(p.key, "allow"), false);
    assert.equal(pending.resolve(p.key, ""), false);
    assert.equal(pending.resolve("no-such-key", "opt-0"), false);
    assert.equal(pending.size, 1);
    pending.cancelAll();
    assert.deepEqual(await answer, { outcome: "cancelled" });
  });

  it("cancels every request of a stopped session and only that session", async () => {
    const pending = new PendingApprovals();
    const stopped = [1, 2, 3].map((i) => pending.add(prompt({ sessionKey: "stop-me" }), origin(i)));
    const other = prompt({ sessionKey: "other" });
    const otherAnswer = pending.add(other, origin(9));
    assert.equal(pending.cancelSession("stop-me"), 3);
    for (const answer of await Promise.all(stopped)) assert.deepEqual(answer, { outcome: "cancelled" });
    assert.equal(pending.size, 1);
    assert.equal(pending.get(other.key)?.key, other.key);
    pending.resolve(other.key, "opt-2");
    assert.deepEqual(await otherAnswer, { outcome: "selected", optionId: "opt-2" });
  });

  it("settles a request withdrawn by the agent ($/cancel_request aborts the handler's signal)", async () => {
    const pending = new PendingApprovals();
    const controller = new AbortController();
    const p = prompt();
    const answer = pending.add(p, origin(1), controller.signal);
    controller.abort();
    assert.deepEqual(await answer, { outcome: "cancelled" });
    assert.equal(pending.size, 0);
    assert.equal(pending.resolve(p.key, "opt-0"), false, "a click after withdrawal does nothing");
  });

  it("answers an already-aborted request at once without a card", async () => {
    const pending = new PendingApprovals();
    const events = track(pending);
    const controller = new AbortController();
    controller.abort();
    assert.deepEqual(await pending.add(prompt(), origin(1), controller.signal), { outcome: "cancelled" });
    assert.equal(pending.size, 0);
    assert.equal(events.filter((e) => e.type === "added").length, 0);
  });

  it("settles only the exiting process's requests, never a successor's", async () => {
    const pending = new PendingApprovals();
    const old = pending.add(prompt(), origin(1, "old-process"));
    const successor = prompt();
    void pending.add(successor, origin(1, "new-process"));
    assert.equal(pending.cancelConnection("old-process"), 1);
    assert.deepEqual(await old, { outcome: "cancelled" });
    assert.ok(pending.get(successor.key));
    assert.equal(pending.cancelConnection("old-process"), 0, "a late second exit changes nothing");
  });

  it("cancels a duplicate JSON-RPC id and the original: never two approvable cards", async () => {
    const pending = new PendingApprovals();
    const first = prompt();
    const firstAnswer = pending.add(first, origin(7));
    const second = prompt();
    const secondAnswer = pending.add(second, origin(7));
    assert.deepEqual(await firstAnswer, { outcome: "cancelled" });
    assert.deepEqual(await secondAnswer, { outcome: "cancelled" });
    assert.equal(pending.size, 0);
    assert.equal(pending.resolve(first.key, "opt-0"), false);
    assert.equal(pending.resolve(second.key, "opt-0"), false);
  });

  it("rejects on timeout with the reject option, not cancelled", async () => {
    const pending = new PendingApprovals({ perSession: 10, perAgent: 10, timeoutMs: 20 });
    const events = track(pending);
    assert.deepEqual(await pending.add(prompt(), origin(1)), { outcome: "selected", optionId: "opt-2" });
    const settled = events.find((e) => e.type === "settled");
    assert.equal(settled?.type === "settled" && settled.record.provenance, "timeout");
  });

  it("times out to cancelled when the agent offered no reject option (never to an allow)", async () => {
    const pending = new PendingApprovals({ perSession: 10, perAgent: 10, timeoutMs: 10 });
    assert.deepEqual(await pending.add(prompt({}, ["allow_once", "allow_always"]), origin(1)), {
      outcome: "cancelled",
    });
  });

  it("answers requests over the per-session and per-agent caps with a reject option and no card", async () => {
    const pending = new PendingApprovals({ perSession: 2, perAgent: 3, timeoutMs: 0 });
    const events = track(pending);
    void pending.add(prompt({ sessionKey: "a" }), origin(1));
    void pending.add(prompt({ sessionKey: "a" }), origin(2));
    assert.deepEqual(await pending.add(prompt({ sessionKey: "a" }), origin(3)), {
      outcome: "selected",
      optionId: "opt-2",
    });
    void pending.add(prompt({ sessionKey: "b" }), origin(4));
    assert.deepEqual(await pending.add(prompt({ sessionKey: "c" }), origin(5)), {
      outcome: "selected",
      optionId: "opt-2",
    });
    assert.equal(pending.size, 3);
    assert.equal(events.filter((e) => e.type === "added").length, 3);
  });

  it("answers everything cancelled on shutdown and is empty afterwards", async () => {
    const pending = new PendingApprovals();
    const answers = Array.from({ length: 5 }, (_, i) =>
      pending.add(prompt({ sessionKey: `s${i % 2}` }), origin(i)),
    );
    assert.equal(pending.cancelAll(), 5);
    const outcomes: PermissionOutcome[] = await Promise.all(answers);
    assert.ok(outcomes.every((o) => o.outcome === "cancelled"));
    assert.equal(pending.size, 0);
  });

  it("records who decided and what, for the card's one-line record", () => {
    const pending = new PendingApprovals();
    const events = track(pending);
    const p = prompt();
    void pending.add(p, origin(1));
    pending.resolve(p.key, "opt-0");
    const settled = events.find((e) => e.type === "settled");
    assert.ok(settled?.type === "settled");
    if (settled?.type !== "settled") return;
    assert.equal(settled.record.provenance, "user");
    assert.equal(settled.record.optionName, "allow_once");
    assert.equal(settled.record.summary, "You chose: allow_once");
  });

  it("keeps answering when a listener throws", async () => {
    const pending = new PendingApprovals();
    pending.onDidChange(() => {
      throw new Error("view broke");
    });
    const p = prompt();
    const answer = pending.add(p, origin(1));
    pending.resolve(p.key, "opt-1");
    assert.deepEqual(await answer, { outcome: "selected", optionId: "opt-1" });
  });
});

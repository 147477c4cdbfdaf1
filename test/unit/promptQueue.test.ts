import assert from "node:assert/strict";
import { MAX_QUEUED_MESSAGES, PromptQueue } from "../../src/core/promptQueue";
import { SessionModel } from "../../src/core/sessionModel";

describe("PromptQueue", () => {
  it("hands out messages one at a time, in the order they were sent", () => {
    const queue = new PromptQueue();
    queue.add("a", "first");
    queue.add("b", "second");
    const first = queue.takeNext();
    assert.equal(first?.text, "first");
    assert.equal(queue.takeNext(), undefined, "nothing else goes out while one is being sent");
    queue.markSent("a");
    assert.equal(queue.takeNext()?.text, "second");
    queue.markSent("b");
    assert.equal(queue.takeNext(), undefined);
    assert.equal(queue.busy, false);
  });

  it("is busy while a message waits, so a later one queues behind it", () => {
    const queue = new PromptQueue();
    assert.equal(queue.busy, false);
    queue.add("a", "first");
    assert.equal(queue.busy, true);
    queue.takeNext();
    assert.equal(queue.busy, true, "being sent still holds the order");
    queue.markSent("a");
    assert.equal(queue.busy, false);
  });

  it("drops every waiting message on Stop and forgets them", () => {
    const queue = new PromptQueue();
    queue.add("a", "first");
    queue.add("b", "second");
    const dropped = queue.dropWaiting("stopped");
    assert.deepEqual(
      dropped.map((m) => [m.id, m.state, m.reason]),
      [
        ["a", "dropped", "stopped"],
        ["b", "dropped", "stopped"],
      ],
    );
    assert.equal(queue.busy, false);
    assert.equal(queue.get("a"), undefined);
    assert.equal(queue.takeNext(), undefined);
  });

  it("does not drop the message already handed to its turn", () => {
    const queue = new PromptQueue();
    queue.add("a", "first");
    queue.add("b", "second");
    queue.takeNext();
    assert.deepEqual(
      queue.dropWaiting("stopped").map((m) => m.id),
      ["b"],
    );
    assert.equal(queue.get("a")?.state, "sending");
  });

  it("puts a message first among the waiting ones, behind the one already being sent", () => {
    const queue = new PromptQueue();
    queue.add("a", "sending");
    queue.add("b", "follow-up");
    queue.takeNext();
    queue.add("r", "the reason", [], true);
    queue.markSent("a");
    assert.equal(queue.takeNext()?.id, "r");
    queue.markSent("r");
    assert.equal(queue.takeNext()?.id, "b");
    const empty = new PromptQueue();
    empty.add("only", "the reason", [], true);
    assert.equal(empty.takeNext()?.id, "only", "first in an empty queue");
  });

  it("gives one waiting message back (to edit), never the one already handed to its turn", () => {
    const queue = new PromptQueue();
    queue.add("a", "first");
    queue.add("b", "second");
    queue.add("c", "third");
    queue.takeNext();
    assert.equal(queue.withdraw("a", "taken back to edit"), undefined, "being sent: too late");
    const taken = queue.withdraw("b", "taken back to edit");
    assert.deepEqual([taken?.text, taken?.state, taken?.reason], ["second", "dropped", "taken back to edit"]);
    assert.equal(queue.withdraw("b", "again"), undefined, "taken once");
    assert.equal(queue.withdraw("made-up", "x"), undefined);
    queue.markSent("a");
    assert.equal(queue.takeNext()?.text, "third", "the rest keeps its order");
  });

  it("keeps failed messages with the error until they are taken to be re-sent", () => {
    const queue = new PromptQueue();
    queue.add("a", "first");
    queue.add("b", "second");
    const failed = queue.failWaiting("the agent exited");
    assert.deepEqual(
      failed.map((m) => m.state),
      ["failed", "failed"],
    );
    assert.equal(queue.busy, false, "failed messages no longer hold the order");
    assert.equal(queue.hasFailed, true);
    assert.equal(queue.get("b")?.text, "second", "the text stays to copy");
    assert.equal(queue.get("b")?.reason, "the agent exited");
    assert.deepEqual(
      queue.takeFailed().map((m) => m.text),
      ["first", "second"],
    );
    assert.equal(queue.hasFailed, false);
    assert.deepEqual(queue.takeFailed(), []);
  });

  it("refuses messages beyond its bound instead of growing without end", () => {
    const queue = new PromptQueue();
    for (let i = 0; i < MAX_QUEUED_MESSAGES; i++) assert.ok(queue.add(`m${i}`, "x"));
    assert.equal(queue.add("over", "x"), undefined);
    assert.equal(queue.waiting().length, MAX_QUEUED_MESSAGES);
    assert.equal(queue.full, true);
  });

  it("counts failed messages toward its bound: a session that cannot send keeps no more", () => {
    const queue = new PromptQueue();
    for (let i = 0; i < MAX_QUEUED_MESSAGES; i++) queue.add(`m${i}`, "x");
    queue.failWaiting("the agent exited");
    assert.equal(queue.full, true);
    assert.equal(queue.add("over", "x"), undefined);
    assert.equal(queue.unsent().length, MAX_QUEUED_MESSAGES);
    queue.takeFailed();
    assert.equal(queue.full, false, "re-sent elsewhere, they make room");
  });

  it("keeps a message its turn could not deliver, failed, before the unsent ones sent after it", () => {
    const queue = new PromptQueue();
    queue.add("later", "sent after it");
    const failed = queue.addFailed("first", "never read", [], "the agent ended before reading it");
    assert.deepEqual([failed.state, failed.reason], ["failed", "the agent ended before reading it"]);
    queue.failWaiting("the agent exited");
    assert.deepEqual(
      queue.takeFailed().map((m) => m.id),
      ["first", "later"],
      "re-sent in the order they were sent",
    );
  });

  it("carries messages re-sent from another session past its bound, after those waiting", () => {
    const queue = new PromptQueue();
    for (let i = 0; i < MAX_QUEUED_MESSAGES; i++) queue.add(`m${i}`, "x");
    const carried = queue.carry("c", "from the failed tab");
    assert.equal(carried.state, "queued");
    assert.equal(queue.waiting().length, MAX_QUEUED_MESSAGES + 1);
    assert.equal(queue.waiting().at(-1)?.id, "c");
  });
});

describe("SessionModel.putQueuedMessage", () => {
  it("shows a queued message with its marker in place, and at the end once it is sent", () => {
    const model = new SessionModel("s", "Agent", (path) => ({ inside: true, display: path }));
    model.putQueuedMessage("user:a", "first", { state: "waiting", reason: "Waiting for Agent to start…" });
    model.putQueuedMessage("user:b", "second", { state: "waiting", reason: "Waiting for Agent to start…" });
    model.putQueuedMessage("user:a", "first", undefined);
    model.addNotice("info", "reply to first");
    model.putQueuedMessage("user:b", "second", undefined);
    assert.deepEqual(
      model.transcript().map((item) => (item.kind === "user" ? [item.text, item.queued] : [item.kind])),
      [["first", undefined], ["notice"], ["second", undefined]],
    );
  });

  it("caps the reason (an agent's error text)", () => {
    const model = new SessionModel("s", "Agent", (path) => ({ inside: true, display: path }));
    const [item] = model.putQueuedMessage("user:a", "text", { state: "failed", reason: "x".repeat(100_000) });
    assert.ok(item?.kind === "user" && item.queued && item.queued.reason.length <= 4_001);
  });
});

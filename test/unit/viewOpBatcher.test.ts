import assert from "node:assert/strict";
import { ViewOpBatcher } from "../../src/core/viewOpBatcher";
import type { PromptView, TranscriptItem, ViewOp } from "../../src/shared/protocol";

const agentText = (id: string, markdown: string): ViewOp => ({
  op: "item",
  sessionKey: "s1",
  item: { kind: "agent", id, markdown },
});

const prompt = (key: string): ViewOp => ({
  op: "prompt",
  prompt: {
    key,
    sessionKey: "s1",
    agentName: "Agent",
    title: key,
    subject: { type: "none" },
    options: [],
    canBypass: false,
    receivedAt: 0,
  } satisfies PromptView,
});

const decision = (key: string): ViewOp => ({
  op: "decided",
  record: {
    key,
    sessionKey: "s1",
    agentName: "Agent",
    title: key,
    provenance: "stop",
    outcome: "cancelled",
    at: 0,
    summary: "Stopped",
  },
});

/** A batcher whose sends are recorded; `next()` resolves with the next send (the end of a frame). */
function recorder() {
  const sent: ViewOp[][] = [];
  let waiting: ((ops: ViewOp[]) => void) | undefined;
  const batcher = new ViewOpBatcher((ops) => {
    sent.push(ops);
    waiting?.(ops);
    waiting = undefined;
  });
  const next = () => new Promise<ViewOp[]>((resolve) => (waiting = resolve));
  return { batcher, sent, next };
}

/**
 * The batcher's frame and ask-wait timers, fired only when a test moves this clock past them: what a test says happens
 * "within a frame" or "a few milliseconds later" then holds however slowly a loaded machine runs it.
 */
let clock: { advance(ms: number): void; restore(): void };

function manualTimers(): typeof clock {
  const real = { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout };
  const due = new Map<number, { at: number; run: () => void }>();
  let now = 0;
  let ids = 0;
  globalThis.setTimeout = ((run: () => void, ms = 0) => {
    due.set(++ids, { at: now + ms, run });
    return ids;
  }) as unknown as typeof setTimeout;
  globalThis.clearTimeout = ((id: number) => void due.delete(id)) as typeof clearTimeout;
  return {
    advance(ms) {
      now += ms;
      for (const [id, timer] of [...due].sort((a, b) => a[1].at - b[1].at))
        if (timer.at <= now && due.delete(id)) timer.run();
    },
    restore() {
      Object.assign(globalThis, real);
    },
  };
}

/** Resolves after the current task's `setImmediate` callbacks ran. */
const endOfTask = () => new Promise<void>((resolve) => setImmediate(resolve));

const markdownOf = (op: ViewOp | undefined) =>
  op?.op === "item" ? (op.item as Extract<TranscriptItem, { kind: "agent" }>).markdown : undefined;

describe("ViewOpBatcher", () => {
  beforeEach(() => (clock = manualTimers()));
  afterEach(() => clock.restore());

  it("sends a lone change at once, without waiting for a frame", () => {
    const { batcher, sent } = recorder();
    batcher.push([prompt("p1")]);
    assert.deepEqual(sent, [[prompt("p1")]]);
    batcher.clear();
  });

  it("sends a message streamed many times within a frame once, with its last text, at the place of its first change", async () => {
    const { batcher, sent, next } = recorder();
    batcher.push([agentText("m1", "first")]);
    await endOfTask();
    const frame = next();
    batcher.push([agentText("m2", "other")]);
    for (let i = 0; i < 50; i++) batcher.push([agentText("m1", `text ${i}`)]);
    clock.advance(16);
    const ops = await frame;
    assert.equal(sent.length, 2, "one message for the lone change, one for the frame");
    assert.deepEqual(
      ops.map((op) => (op.op === "item" ? op.item.id : op.op)),
      ["m2", "m1"],
      "m2 changed first in this frame",
    );
    assert.equal(markdownOf(ops[1]), "text 49");
    batcher.clear();
  });

  it("never merges two permission requests, and keeps them in arrival order", async () => {
    const { batcher, sent, next } = recorder();
    batcher.push([agentText("m1", "start")]);
    await endOfTask();
    const frame = next();
    batcher.push([prompt("p1"), agentText("m1", "more"), prompt("p2")]);
    batcher.push([prompt("p3")]);
    await frame;
    const last = next();
    clock.advance(16);
    await last;
    assert.deepEqual(
      sent.map((ops) => ops.map((op) => (op.op === "prompt" ? op.prompt.key : op.op))),
      [["item"], ["p1", "item", "p2"], ["p3"]],
    );
    batcher.clear();
  });

  it("sends the first card of a frame at once, with the change queued before it (a tool call, then its request)", () => {
    const { batcher, sent } = recorder();
    batcher.push([agentText("m1", "the tool call")]);
    batcher.push([prompt("p1")]);
    assert.deepEqual(
      sent.map((ops) => ops.map((op) => (op.op === "prompt" ? op.prompt.key : op.op))),
      [["item", "p1"]],
    );
    batcher.clear();
  });

  it("holds the rest of a burst of cards for the end of the frame, in one message", async () => {
    const { batcher, sent, next } = recorder();
    batcher.push([prompt("p1")]);
    const frame = next();
    for (let i = 2; i <= 50; i++) batcher.push([prompt(`p${i}`)]);
    assert.equal(sent.length, 1, "only the first card went at once");
    clock.advance(16);
    const ops = await frame;
    assert.equal(ops.length, 49);
    batcher.clear();
  });

  it("sends changes other than a card at the end of the task, after its promise continuations", async () => {
    const { batcher, sent } = recorder();
    const order: string[] = [];
    batcher.push([agentText("m1", "decided")]);
    void Promise.resolve()
      .then(() => undefined)
      .then(() => order.push(`continuation ran with ${sent.length} sent`));
    assert.equal(sent.length, 0);
    await endOfTask();
    assert.deepEqual(order, ["continuation ran with 0 sent"]);
    assert.equal(sent.length, 1);
    batcher.clear();
  });

  it("sends the cards decided together within a frame of the last message at the end of the task, not the frame's", async () => {
    const { batcher, sent } = recorder();
    batcher.push([agentText("turn", "stopped")]);
    await endOfTask();
    assert.equal(sent.length, 1, "the turn's change went alone");
    // Stop: every card decided in one task, right after the turn's change was sent.
    const decided = Array.from({ length: 50 }, (_, i) => decision(`p${i}`));
    for (const op of decided) batcher.push([op]);
    assert.equal(sent.length, 1, "not before the task's end: the agent's answers are written first");
    await endOfTask();
    assert.equal(sent.length, 2, "the decisions went at the end of the task");
    assert.deepEqual(sent[1], decided);
    // A second decision in the same frame waits for the frame's end, so a stream of them costs a message a frame.
    batcher.push([decision("late")]);
    await endOfTask();
    assert.equal(sent.length, 2);
    batcher.clear();
  });

  it("drops what is queued when cleared (the view is gone), and starts afresh", () => {
    const { batcher, sent } = recorder();
    batcher.push([prompt("sent")]);
    batcher.push([prompt("queued")]);
    batcher.push([agentText("m1", "queued too")]);
    batcher.clear();
    batcher.push([prompt("after")]);
    assert.deepEqual(
      sent.map((ops) => ops.map((op) => (op.op === "prompt" ? op.prompt.key : op.op))),
      [["sent"], ["after"]],
    );
    batcher.clear();
  });

  it("splits a burst into messages under 256 KB, in order (100 cards of 10 KB each in one frame)", async () => {
    const { batcher, sent, next } = recorder();
    batcher.push([prompt("first")]);
    const frame = next();
    const big = (key: string): ViewOp => {
      const op = prompt(key);
      if (op.op === "prompt") op.prompt.title = `${key} ${"x".repeat(10_000)}`;
      return op;
    };
    for (let i = 0; i < 100; i++) batcher.push([big(`p${i}`)]);
    clock.advance(16);
    await frame;
    const frameMessages = sent.slice(1);
    assert.ok(frameMessages.length >= 4, `${frameMessages.length} messages`);
    for (const ops of frameMessages)
      assert.ok(Buffer.byteLength(JSON.stringify({ type: "update", ops })) <= 256 * 1000);
    assert.deepEqual(
      frameMessages.flat().map((op) => (op.op === "prompt" ? op.prompt.key : op.op)),
      Array.from({ length: 100 }, (_, i) => `p${i}`),
    );
    batcher.clear();
  });

  it("sends a tool call just announced as pending with the request that follows it, in one message", async () => {
    const { batcher, sent } = recorder();
    const announced = (id: string, status: string): ViewOp => ({
      op: "item",
      sessionKey: "s1",
      item: {
        kind: "tool_call",
        id,
        toolCallId: id,
        toolKind: "edit",
        title: id,
        status,
        locations: [],
        content: [],
      },
    });
    batcher.push([announced("t1", "pending")]);
    await endOfTask();
    clock.advance(2);
    assert.equal(sent.length, 0, "the tool call waits a moment for its request");
    batcher.push([prompt("p1")]);
    assert.deepEqual(
      sent.map((ops) => ops.map((op) => (op.op === "prompt" ? op.prompt.key : op.op))),
      [["item", "p1"]],
      "the request took the tool call along, at once",
    );
    batcher.clear();
    // Without a request it still goes, a few milliseconds later; a tool call at work goes at the end of the task.
    const alone = recorder();
    alone.batcher.push([announced("t2", "pending")]);
    await endOfTask();
    clock.advance(8);
    assert.equal(alone.sent.length, 1);
    const running = recorder();
    running.batcher.push([announced("t3", "in_progress")]);
    await endOfTask();
    assert.equal(running.sent.length, 1);
    alone.batcher.clear();
    running.batcher.clear();
  });
});

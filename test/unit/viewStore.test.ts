/** The webview's store in plain Node (no browser): what the view will show after snapshots and ops. */
import assert from "node:assert/strict";
import { LIMITS } from "../../src/shared/limits";
import type {
  DecisionRecord,
  PromptView,
  SessionHeader,
  Snapshot,
  TranscriptItem,
  ViewOp,
} from "../../src/shared/protocol";
import { emptyChangeSet, ViewStore, type ChangeSet } from "../../webview/state";

const header = (key: string, title = key): SessionHeader => ({
  key,
  agentName: "Agent",
  title,
  status: "ready",
  bypassed: false,
  commands: [],
});

const text = (id: string, markdown = id): TranscriptItem => ({ kind: "agent", id, markdown });

const prompt = (key: string, sessionKey: string): PromptView => ({
  key,
  sessionKey,
  agentName: "Agent",
  title: `Request ${key}`,
  subject: { type: "none" },
  options: [{ key: "0", name: "Allow", kind: "allow_once", kindClass: "allow" }],
  canBypass: false,
  receivedAt: 0,
});

const record = (key: string, sessionKey: string): DecisionRecord => ({
  key,
  sessionKey,
  agentName: "Agent",
  title: `Request ${key}`,
  provenance: "user",
  outcome: "selected",
  optionId: "allow",
  at: 1,
  summary: "You chose Allow",
});

const snapshot = (overrides: Partial<Snapshot> = {}): Snapshot => ({
  agents: [{ name: "Agent", builtIn: false, bypassed: false }],
  sessions: [],
  pending: [],
  ...overrides,
});

/** Applies ops to a store and returns what changed. */
function apply(store: ViewStore, ...ops: ViewOp[]): ChangeSet {
  const changes = emptyChangeSet();
  for (const op of ops) store.applyOp(op, changes);
  return changes;
}

const ids = (store: ViewStore, sessionKey: string) =>
  store.sessions.get(sessionKey)?.items.map((item) => item.id);

describe("ViewStore (webview state)", () => {
  it("a snapshot replaces everything the view held", () => {
    const store = new ViewStore();
    apply(store, { op: "session", header: header("old") }, { op: "prompt", prompt: prompt("p-old", "old") });
    const changes = emptyChangeSet();
    store.applySnapshot(
      snapshot({
        sessions: [{ header: header("s1"), items: [text("a"), text("b")] }],
        pending: [prompt("p1", "s1")],
        blockedReason: "untrusted",
      }),
      changes,
    );
    assert.equal(changes.reset, true);
    assert.deepEqual([...store.sessions.keys()], ["s1"]);
    assert.deepEqual(ids(store, "s1"), ["a", "b"]);
    assert.deepEqual([...store.pending.keys()], ["p1"]);
    assert.equal(store.blockedReason, "untrusted");
    assert.equal(store.activeSessionKey, "s1", "with no active session named, the first one is shown");
  });

  it("updates a streamed message in place instead of adding it twice", () => {
    const store = new ViewStore();
    apply(store, { op: "session", header: header("s1") });
    apply(store, { op: "item", sessionKey: "s1", item: text("m1", "Hel") });
    apply(store, { op: "item", sessionKey: "s1", item: text("m2") });
    const changes = apply(store, { op: "item", sessionKey: "s1", item: text("m1", "Hello") });
    assert.deepEqual(ids(store, "s1"), ["m1", "m2"]);
    const first = store.sessions.get("s1")?.items[0];
    assert.equal(first?.kind === "agent" ? first.markdown : undefined, "Hello");
    assert.deepEqual([...(changes.items.get("s1") ?? [])], ["m1"]);
  });

  it(`keeps the last ${LIMITS.transcriptItems} items of a long session and says which were dropped`, () => {
    const store = new ViewStore();
    apply(store, { op: "session", header: header("s1") });
    const ops: ViewOp[] = [];
    for (let i = 0; i < LIMITS.transcriptItems + 3; i++)
      ops.push({ op: "item", sessionKey: "s1", item: text(`m${i}`) });
    const changes = apply(store, ...ops);
    const items = ids(store, "s1") ?? [];
    assert.equal(items.length, LIMITS.transcriptItems);
    assert.equal(items[0], "m3");
    assert.deepEqual([...(changes.itemsRemoved.get("s1") ?? [])], ["m0", "m1", "m2"]);
    assert.equal(changes.items.get("s1")?.has("m0"), false, "a dropped item is not also rendered");
    assert.equal(store.sessions.get("s1")?.byId.has("m0"), false);
  });

  it("keeps a session's transcript within its character budget, as the host does, the oldest going first", () => {
    const store = new ViewStore();
    apply(store, { op: "session", header: header("s1") });
    const count = Math.ceil(LIMITS.transcriptChars / LIMITS.messageChars) + 2;
    const ops: ViewOp[] = [];
    for (let i = 0; i < count; i++)
      ops.push({ op: "item", sessionKey: "s1", item: text(`m${i}`, "x".repeat(LIMITS.messageChars)) });
    const changes = apply(store, ...ops);
    const items = ids(store, "s1") ?? [];
    assert.equal(items.length, LIMITS.transcriptChars / LIMITS.messageChars, "as many full messages as fit");
    assert.equal(items.at(-1), `m${count - 1}`);
    assert.deepEqual([...(changes.itemsRemoved.get("s1") ?? [])], ["m0", "m1"]);
    // A message that grows in place counts as it is now.
    apply(store, {
      op: "item",
      sessionKey: "s1",
      item: text(`m${count - 1}`, "x".repeat(LIMITS.messageChars + 10)),
    });
    assert.equal(ids(store, "s1")?.[0], "m3", "the oldest went to make room");
  });

  it("keeps a card of a closed session until its decision arrives", () => {
    const store = new ViewStore();
    apply(store, { op: "session", header: header("s1") }, { op: "prompt", prompt: prompt("p1", "s1") });
    const removed = apply(store, { op: "sessionRemoved", sessionKey: "s1" });
    assert.deepEqual([...removed.sessionsRemoved], ["s1"]);
    assert.deepEqual([...store.pending.keys()], ["p1"], "the card can still be answered");
    const decided = apply(store, { op: "decided", record: record("p1", "s1") });
    assert.equal(store.pending.size, 0);
    assert.deepEqual([...decided.promptsDecided.keys()], ["p1"]);
  });

  it("counts pending cards per session for the tabs", () => {
    const store = new ViewStore();
    apply(
      store,
      { op: "session", header: header("s1") },
      { op: "session", header: header("s2") },
      { op: "prompt", prompt: prompt("p1", "s1") },
      { op: "prompt", prompt: prompt("p2", "s1") },
      { op: "prompt", prompt: prompt("p3", "s2") },
    );
    assert.equal(store.pendingCount("s1"), 2);
    assert.equal(store.pendingCount("s2"), 1);
    apply(store, { op: "decided", record: record("p1", "s1") });
    assert.equal(store.pendingCount("s1"), 1);
  });

  it("shows a decision once, at the end of the transcript, even when the host also sends it as an item", () => {
    const store = new ViewStore();
    apply(store, { op: "session", header: header("s1") }, { op: "prompt", prompt: prompt("p1", "s1") });
    apply(store, { op: "decided", record: record("p1", "s1") });
    apply(store, {
      op: "item",
      sessionKey: "s1",
      item: { kind: "decision", id: "host-decision-p1", record: record("p1", "s1") },
    });
    const decisions = store.sessions.get("s1")?.items.filter((item) => item.kind === "decision") ?? [];
    assert.equal(decisions.length, 1);
  });

  it("a card announced twice (a resend) is added once", () => {
    const store = new ViewStore();
    apply(store, { op: "session", header: header("s1") });
    const first = apply(store, { op: "prompt", prompt: prompt("p1", "s1") });
    const again = apply(store, { op: "prompt", prompt: prompt("p1", "s1") });
    assert.deepEqual([...first.promptsAdded], ["p1"]);
    assert.equal(again.promptsAdded.size, 0);
    assert.equal(store.pending.size, 1);
  });

  it("switches sessions at once on a click, and falls back to the first session when the shown one is removed", () => {
    const store = new ViewStore();
    apply(store, { op: "session", header: header("s1") }, { op: "session", header: header("s2") });
    const changes = emptyChangeSet();
    store.selectSession("s2", changes);
    assert.equal(changes.activeSession, true);
    assert.equal(store.activeSessionKey, "s2");
    const unknown = emptyChangeSet();
    store.selectSession("nope", unknown);
    assert.equal(unknown.activeSession, false, "a key the host never sent selects nothing");
    apply(store, { op: "sessionRemoved", sessionKey: "s2" });
    assert.equal(store.activeSessionKey, "s1");
  });

  it("a session's header change replaces the old one and a removed session is not re-rendered", () => {
    const store = new ViewStore();
    const changes = apply(
      store,
      { op: "session", header: header("s1", "first") },
      { op: "session", header: header("s1", "renamed") },
      { op: "session", header: header("s2") },
      { op: "sessionRemoved", sessionKey: "s2" },
    );
    assert.equal(store.sessions.get("s1")?.header.title, "renamed");
    assert.deepEqual([...changes.sessions], ["s1"]);
    assert.deepEqual([...changes.sessionsRemoved], ["s2"]);
  });
});

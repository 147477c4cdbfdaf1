/** The view's snapshot, paged into messages under the size budget: the webview must end up with the same state. */
import assert from "node:assert/strict";
import { pageSnapshot } from "../../src/core/snapshotPages";
import type {
  PromptView,
  SessionHeader,
  Snapshot,
  ToWebviewMessage,
  TranscriptItem,
} from "../../src/shared/protocol";
import { PagedSnapshot } from "../../webview/pagedSnapshot";
import { emptyChangeSet, ViewStore } from "../../webview/state";

const header = (key: string): SessionHeader => ({
  key,
  agentName: "Agent",
  title: key,
  status: "ready",
  bypassed: false,
  commands: [],
});

/** A tool call carrying `chars` characters of output (like a capped diff preview). */
const toolCall = (id: string, chars: number): TranscriptItem => ({
  kind: "tool_call",
  id,
  toolCallId: `call-${id}`,
  title: `Edit ${id}`,
  toolKind: "edit",
  status: "pending",
  locations: [],
  content: [{ type: "text", text: "x".repeat(chars), truncated: false }],
});

const prompt = (key: string, sessionKey: string, toolItemId: string, chars: number): PromptView => ({
  key,
  sessionKey,
  agentName: "Agent",
  title: `Request ${key} ${"y".repeat(chars)}`,
  subject: { type: "none" },
  options: [{ key: "0", name: "Allow", kind: "allow_once", kindClass: "allow" }],
  canBypass: false,
  receivedAt: 0,
  toolItemId,
});

function bigSnapshot(): Snapshot {
  const sessions = ["s1", "s2"].map((key) => ({
    header: header(key),
    items: Array.from({ length: 40 }, (_, i) => toolCall(`${key}-t${i}`, 20_000)),
  }));
  return {
    agents: [{ name: "Agent", builtIn: false, bypassed: false }],
    sessions,
    pending: Array.from({ length: 40 }, (_, i) => prompt(`p${i}`, "s1", `s1-t${i}`, 10_000)),
    activeSessionKey: "s2",
  };
}

/** What the webview's store holds after the messages, as comparable data. */
function stateAfter(first: Snapshot, updates: { op: string }[][] = []) {
  const store = new ViewStore();
  const changes = emptyChangeSet();
  store.applySnapshot(first, changes);
  for (const ops of updates) for (const op of ops) store.applyOp(op as never, changes);
  return {
    sessions: [...store.sessions.values()].map((s) => ({ header: s.header, items: s.items })),
    pending: [...store.pending.values()],
    active: store.activeSessionKey,
  };
}

describe("pageSnapshot (the view's snapshot in messages under the size budget)", () => {
  const budget = 250_000;

  it("keeps every message under the budget, where the whole snapshot is about 2.1 MB", () => {
    const full = bigSnapshot();
    assert.ok(JSON.stringify({ type: "snapshot", snapshot: full }).length > 2_000_000);
    const pages = pageSnapshot(full, budget);
    const sizes = [
      Buffer.byteLength(JSON.stringify({ type: "snapshot", snapshot: pages.snapshot })),
      ...pages.updates.map((ops) => Buffer.byteLength(JSON.stringify({ type: "update", ops }))),
    ];
    assert.ok(pages.updates.length >= 8, `${pages.updates.length} update messages`);
    for (const bytes of sizes) assert.ok(bytes <= budget, `a message of ${bytes} bytes`);
  });

  it("leaves the webview with the same sessions, transcripts, cards and active session as the whole snapshot", () => {
    const full = bigSnapshot();
    const pages = pageSnapshot(full, budget);
    assert.deepEqual(stateAfter(pages.snapshot, pages.updates), stateAfter(full));
  });

  it("sends a small snapshot whole, in one message", () => {
    const small: Snapshot = { ...bigSnapshot(), pending: [] };
    small.sessions = [{ header: header("s1"), items: [toolCall("t", 10)] }];
    const pages = pageSnapshot(small, budget);
    assert.deepEqual(pages.snapshot, small);
    assert.deepEqual(pages.updates, []);
  });

  it("says in the first message how many updates follow with the rest", () => {
    const pages = pageSnapshot(bigSnapshot(), budget);
    assert.equal(pages.snapshot.continuedIn, pages.updates.length);
  });
});

/** The host's messages for a paged snapshot, in order. */
function pagedMessages(full: Snapshot): ToWebviewMessage[] {
  const pages = pageSnapshot(full, 250_000);
  return [
    { type: "snapshot", snapshot: pages.snapshot },
    ...pages.updates.map((ops): ToWebviewMessage => ({ type: "update", ops })),
  ];
}

function snapshotIn(message: ToWebviewMessage | undefined): Snapshot {
  assert.ok(message?.type === "snapshot", `a snapshot, not ${message?.type}`);
  return message.snapshot;
}

describe("PagedSnapshot (the webview putting a paged snapshot back together)", () => {
  let assembler: PagedSnapshot | undefined;
  afterEach(() => assembler?.push({ type: "focusComposer" })); // clears a pending wait

  it("hands the view one snapshot once every page arrived, with the state of the whole snapshot", () => {
    const full = bigSnapshot();
    const delivered: ToWebviewMessage[] = [];
    assembler = new PagedSnapshot((message) => delivered.push(message));
    const messages = pagedMessages(full);
    assert.ok(messages.length >= 9);
    for (const message of messages.slice(0, -1)) assembler.push(message);
    assert.deepEqual(delivered, [], "nothing is applied while pages are missing");
    assembler.push(messages.at(-1)!);
    assert.equal(delivered.length, 1, "one message: the view builds and lays it out once");
    assert.deepEqual(stateAfter(snapshotIn(delivered[0])), stateAfter(full));
  });

  it("hands a snapshot that was not paged on at once", () => {
    const delivered: ToWebviewMessage[] = [];
    assembler = new PagedSnapshot((message) => delivered.push(message));
    const small: ToWebviewMessage = { type: "snapshot", snapshot: { ...bigSnapshot(), pending: [] } };
    assembler.push(small);
    assert.deepEqual(delivered, [small]);
  });

  it("ignores a page count that is not a positive whole number", () => {
    const delivered: ToWebviewMessage[] = [];
    assembler = new PagedSnapshot((message) => delivered.push(message));
    for (const continuedIn of [0, -3, 1.5, Number.NaN, "2" as unknown as number]) {
      assembler.push({ type: "snapshot", snapshot: { ...bigSnapshot(), continuedIn } });
    }
    assert.equal(delivered.length, 5);
  });

  it("applies what arrived when a message that is not a page comes first, then that message and the rest", () => {
    const full = bigSnapshot();
    const delivered: ToWebviewMessage[] = [];
    assembler = new PagedSnapshot((message) => delivered.push(message));
    const messages = pagedMessages(full);
    assembler.push(messages[0]!);
    assembler.push(messages[1]!);
    const focus: ToWebviewMessage = { type: "focusComposer" };
    assembler.push(focus);
    for (const message of messages.slice(2)) assembler.push(message);
    assert.equal(delivered[1], focus);
    assert.deepEqual(delivered.slice(2), messages.slice(2), "later pages are ordinary updates");
    const updates = delivered.slice(2).map((m) => (m.type === "update" ? m.ops : []));
    assert.deepEqual(stateAfter(snapshotIn(delivered[0]), updates), stateAfter(full));
  });

  it("applies what arrived when the next page does not come", async () => {
    const delivered: ToWebviewMessage[] = [];
    assembler = new PagedSnapshot((message) => delivered.push(message), 5);
    const messages = pagedMessages(bigSnapshot());
    assembler.push(messages[0]!);
    assembler.push(messages[1]!);
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.equal(delivered.length, 1);
    snapshotIn(delivered[0]);
  });

  it("drops a snapshot still being put together when a new one arrives", () => {
    const delivered: ToWebviewMessage[] = [];
    assembler = new PagedSnapshot((message) => delivered.push(message));
    const messages = pagedMessages(bigSnapshot());
    assembler.push(messages[0]!);
    assembler.push(messages[1]!);
    const fresh: ToWebviewMessage = {
      type: "snapshot",
      snapshot: { ...bigSnapshot(), sessions: [], pending: [] },
    };
    assembler.push(fresh);
    assert.deepEqual(delivered, [fresh]);
  });
});

/** The view's snapshot, paged into messages under the size budget: the webview must end up with the same state. */
import assert from "node:assert/strict";
import { pageSnapshot } from "../../src/core/snapshotPages";
import type { PromptView, SessionHeader, Snapshot, TranscriptItem } from "../../src/shared/protocol";
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
});

/**
 * A card about a tool call takes its subject from the tool call's transcript item (`on_item`), so a diff preview
 * crosses to the view once. The host (`viewProjection`), the batcher and the view's store (`webview/state.ts`)
 * together must keep the card showing exactly what the request was about.
 */
import assert from "node:assert/strict";
import { itemOps, promptView, toolStateOps } from "../../src/acp/viewProjection";
import { normalizePermissionRequest, type PermissionPrompt } from "../../src/core/permissionPrompt";
import { SessionModel } from "../../src/core/sessionModel";
import { ViewOpBatcher } from "../../src/core/viewOpBatcher";
import type { SentPromptView, ToolCallView, TranscriptItem, ViewOp } from "../../src/shared/protocol";
import { toolCallSubject } from "../../src/shared/toolCallView";
import { emptyChangeSet, ViewStore } from "../../webview/state";

const inWorkspace = (path: string) => ({ inside: true, display: path.replace("/ws/", "") });

function patchText(name: string, lines: number, seed: number): string {
  const body = Array.from({ length: lines }, (_, i) => `line ${i} of ${name}, version ${seed}`);
  return [
    `--- a/${name}`,
    `+++ b/${name}`,
    `@@ -1,${lines} +1,${lines} @@`,
    ...body.map((line) => `-${line.replace(`version ${seed}`, "old")}`),
    ...body.map((line) => `+${line}`),
  ].join("\n");
}

const editCall = (id: string, seed: number) => ({
  toolCallId: id,
  title: `Edit ${id}.ts`,
  kind: "edit",
  status: "pending",
  locations: [{ path: `/ws/${id}.ts` }],
  content: [
    {
      type: "diff",
      changes: [{ operation: "modify", path: `/ws/${id}.ts` }],
      patch: { format: "git_patch", text: patchText(`${id}.ts`, 40, seed) },
    },
  ],
  rawInput: { file_path: `/ws/${id}.ts`, seed },
});

/**
 * What the host does when an agent announces a tool call and then asks about it by its id (`preparePermission` +
 * `cardOpened`): the announcement's item, the request's own (empty) patch, the prompt, the tool call marked awaiting
 * approval; returns the ops in the order the session emits them.
 */
function request(model: SessionModel, toolCall: Record<string, unknown>) {
  const ops: ViewOp[] = [];
  const id = String(toolCall.toolCallId);
  ops.push(...itemOps("s", model.applyToolCallPatch(toolCall)));
  ops.push(...itemOps("s", model.applyToolCallPatch({ toolCallId: id })));
  const call = model.toolCall(id)!;
  const prompt = normalizePermissionRequest({
    protocolVersion: 2,
    params: {
      sessionId: "a",
      title: "Apply the edit?",
      subject: { type: "tool_call", toolCall: { toolCallId: id } },
      options: [
        { optionId: "yes", name: "Allow", kind: "allow_once" },
        { optionId: "no", name: "Reject", kind: "reject_once" },
      ],
    },
    agentName: "Agent",
    sessionKey: "s",
    toolCall: model.toolCallView(call),
    inWorkspace,
  });
  ops.push(...toolStateOps("s", model.setAwaitingApproval(call.id, prompt.key, true)));
  const toolItemId = model.toolCallView(call).id;
  const sent = () =>
    promptView(prompt, { bypassWouldApply: false, toolItemId }, false, model.item(toolItemId));
  ops.push({ op: "prompt", prompt: sent() });
  return { prompt, ops, sent, toolItemId };
}

function newModel(): SessionModel {
  return new SessionModel("s", "Agent", inWorkspace);
}

function store(...ops: ViewOp[]): ViewStore {
  const view = new ViewStore();
  const changes = emptyChangeSet();
  view.applySnapshot({ agents: [], sessions: [], pending: [] }, changes);
  view.applyOp({ op: "session", header: { ...newModel().header(false), key: "s" } }, changes);
  for (const op of ops) view.applyOp(op, changes);
  return view;
}

const sentPrompt = (ops: readonly ViewOp[]): SentPromptView => {
  const op = ops.find((o) => o.op === "prompt");
  assert.ok(op?.op === "prompt");
  return op.prompt;
};

const previewOf = (prompt: PermissionPrompt) =>
  prompt.subject.type === "tool_call" ? prompt.subject.diffs.map((d) => d.preview) : [];

describe("a card's subject on its tool call's item", () => {
  it("sends the diff preview once: on the item, not again on the card", () => {
    const { prompt, ops } = request(newModel(), editCall("t1", 1));
    const sent = sentPrompt(ops);
    assert.deepEqual(sent.subject, { type: "on_item", toolCallId: "t1" });
    const line = previewOf(prompt)[0]!.find((l) => l.startsWith("+"))!;
    const carrying = ops.filter((op) => JSON.stringify(op).includes(JSON.stringify(line)));
    assert.deepEqual(
      carrying.map((op) => op.op),
      ["item"],
      "the line crosses once, with the tool call; the request, its card and the tool call's new state carry none",
    );
    assert.deepEqual(
      ops.map((op) => op.op),
      ["item", "toolState", "prompt"],
    );
  });

  it("shows the request's diff on a pinned card, taken from the item", () => {
    const { prompt, ops, toolItemId } = request(newModel(), editCall("t1", 1));
    const view = store(...ops);
    const shown = view.pending.get(prompt.key)!;
    assert.deepEqual(shown.subject, prompt.subject, "the card shows what the request was about");
    assert.equal(shown.toolItemId, toolItemId);
    // Another session in front: the card is pinned above the composer, where its own subject is what shows.
    view.applyOp({ op: "session", header: { ...newModel().header(false), key: "other" } }, emptyChangeSet());
    view.applyOp({ op: "activeSession", sessionKey: "other" }, emptyChangeSet());
    assert.deepEqual(view.placementOf(shown), { where: "pinned" });
    assert.ok(previewOf(prompt)[0]!.length > 40, "a real preview");
  });

  it("keeps showing the request's diff when the agent changes the tool call afterwards", () => {
    const model = newModel();
    const { prompt, ops, sent } = request(model, editCall("t1", 1));
    const view = store(...ops);
    const later = model.applyToolCallPatch({ toolCallId: "t1", content: editCall("t1", 2).content });
    for (const item of later) view.applyOp({ op: "item", sessionKey: "s", item }, emptyChangeSet());
    const item = view.sessions.get("s")!.byId.get(later[0]!.id) as ToolCallView;
    assert.equal(item.changedAfterRequest, true, "the item says it changed");
    assert.notDeepEqual(toolCallSubject(item).diffs, (prompt.subject as { diffs: unknown }).diffs);
    assert.deepEqual(
      view.pending.get(prompt.key)!.subject,
      prompt.subject,
      "the card did not follow the item",
    );
    // Sent again now (a reload's snapshot), the card carries its whole subject: the item no longer shows it.
    assert.deepEqual(sent().subject, prompt.subject);
    const reloaded = new ViewStore();
    reloaded.applySnapshot(
      {
        agents: [],
        sessions: [{ header: { ...model.header(false) }, items: model.transcript() }],
        pending: [sent()],
      },
      emptyChangeSet(),
    );
    assert.deepEqual(reloaded.pending.get(prompt.key)!.subject, prompt.subject);
  });

  it("sends the whole subject when the item changed in any shown field, or is gone", () => {
    const model = newModel();
    const { prompt, sent } = request(model, editCall("t1", 1));
    model.applyToolCallPatch({ toolCallId: "t1", title: "Something else" });
    assert.deepEqual(sent().subject, prompt.subject, "title changed");
    const other = newModel();
    const second = request(other, editCall("t2", 1));
    const item = other.item(second.toolItemId)!;
    const view = (changed: TranscriptItem | undefined) =>
      promptView(second.prompt, { bypassWouldApply: false, toolItemId: second.toolItemId }, false, changed)
        .subject.type;
    assert.equal(view(item), "on_item");
    assert.equal(view(undefined), "tool_call", "no item");
    const moved = { ...(item as ToolCallView), rawInput: "{}" };
    assert.equal(view(moved), "tool_call", "raw input differs");
    const relined = structuredClone(item as ToolCallView);
    const diff = relined.content[0];
    assert.ok(diff?.type === "diff");
    diff.preview[diff.preview.length - 1] = "+something else";
    assert.equal(view(relined), "tool_call", "one preview line differs");
  });

  it("never shows another item's diff: an item marked changed after the request gives no subject", () => {
    const model = newModel();
    const { prompt, ops } = request(model, editCall("t1", 1));
    // As if the item's later change had overtaken the card on the way.
    const later = model.applyToolCallPatch({ toolCallId: "t1", content: editCall("t1", 2).content });
    const itemOps = ops.filter((op) => op.op !== "prompt");
    const laterOps = later.map((item) => ({ op: "item", sessionKey: "s", item }) as const);
    const card: ViewOp = { op: "prompt", prompt: sentPrompt(ops) };
    assert.deepEqual(store(...itemOps, ...laterOps, card).pending.get(prompt.key)!.subject, {
      type: "not_shown",
    });
    // Nor when the view holds no such item.
    assert.deepEqual(store(card).pending.get(prompt.key)!.subject, { type: "not_shown" });
  });

  it("keeps a change of the card's item after the card: the view meets the item as the card was sent", async () => {
    const model = newModel();
    const sent: ViewOp[][] = [];
    const batcher = new ViewOpBatcher((ops) => sent.push(ops));
    const first = request(model, editCall("t0", 0));
    batcher.push(first.ops);
    // A second card in the same frame waits for the frame's end; the agent changes its tool call meanwhile.
    const second = request(model, editCall("t1", 1));
    batcher.push(second.ops);
    batcher.push(
      model
        .applyToolCallPatch({ toolCallId: "t1", content: editCall("t1", 2).content })
        .map((item) => ({ op: "item", sessionKey: "s", item }) as const),
    );
    await new Promise((resolve) => setTimeout(resolve, 40));
    batcher.clear();
    const view = store(...sent.flat());
    assert.deepEqual(view.pending.get(second.prompt.key)!.subject, second.prompt.subject);
    assert.deepEqual(view.pending.get(first.prompt.key)!.subject, first.prompt.subject);
  });

  it("shows on each kind of tool call exactly the subject the host would have sent whole", () => {
    const model = newModel();
    const calls = [
      editCall("a", 1),
      { toolCallId: "b", title: "Run", kind: "execute", rawInput: { command: ["npm", "test"] } },
      {
        toolCallId: "c",
        title: "Two files",
        kind: "edit",
        content: [...editCall("c", 1).content, ...editCall("d", 2).content],
      },
      { toolCallId: "e", title: "Read", kind: "read", locations: [{ path: "/ws/x", line: 3 }] },
      { toolCallId: "f", title: "Huge", kind: "other", rawInput: { text: "x".repeat(200_000) } },
      { toolCallId: "g", content: [{ type: "content", content: { type: "text", text: "hi" } }] },
    ];
    for (const call of calls) {
      const { prompt, ops } = request(model, call);
      assert.equal(sentPrompt(ops).subject.type, "on_item", String(call.toolCallId));
      assert.deepEqual(
        store(...ops).pending.get(prompt.key)!.subject,
        prompt.subject,
        String(call.toolCallId),
      );
    }
  });
});

describe("a tool call's approval state without the tool call", () => {
  it("updates the item the view holds: awaiting approval, then answered, its content kept", () => {
    const model = newModel();
    const { prompt, ops, toolItemId } = request(model, editCall("t1", 1));
    const view = store(...ops);
    const held = () => view.sessions.get("s")!.byId.get(toolItemId) as ToolCallView;
    assert.equal(held().awaitingApproval, true);
    const content = held().content;
    assert.ok(content.length === 1);
    const answered = toolStateOps("s", model.setAwaitingApproval("t1", prompt.key, false));
    assert.deepEqual(answered, [{ op: "toolState", sessionKey: "s", itemId: toolItemId, status: "pending" }]);
    for (const op of answered) view.applyOp(op, emptyChangeSet());
    assert.equal(held().awaitingApproval, undefined);
    assert.deepEqual(held(), model.item(toolItemId), "the view's item is the host's");
  });

  it("goes onto a queued item in the batcher, and a later whole item replaces it", async () => {
    const model = newModel();
    const sent: ViewOp[][] = [];
    const batcher = new ViewOpBatcher((ops) => sent.push(ops));
    batcher.push(itemOps("s", model.applyToolCallPatch({ toolCallId: "other", title: "first" })));
    await new Promise((resolve) => setImmediate(resolve));
    // Within the frame: the tool call, its new state, then a change of its status by the agent.
    batcher.push(itemOps("s", model.applyToolCallPatch(editCall("t1", 1))));
    batcher.push(toolStateOps("s", model.setAwaitingApproval("t1", "k", true)));
    const queuedItem = () => sent.at(-1)!.find((op) => op.op === "item" && op.item.id.endsWith("t1"));
    await new Promise((resolve) => setTimeout(resolve, 40));
    assert.deepEqual(queuedItem(), { op: "item", sessionKey: "s", item: model.item("tool:t1") });
    const item = (queuedItem() as Extract<ViewOp, { op: "item" }>).item as ToolCallView;
    assert.equal(item.awaitingApproval, true, "the state went onto the queued item");
    assert.equal(item.content.length, 1, "with its content");
    batcher.push(toolStateOps("s", model.setAwaitingApproval("t1", "k", false)));
    batcher.push(itemOps("s", model.applyToolCallPatch({ toolCallId: "t1", status: "completed" })));
    await new Promise((resolve) => setTimeout(resolve, 40));
    batcher.clear();
    const last = sent.at(-1)!;
    assert.deepEqual(last, itemOps("s", [model.item(item.id)!]), "one op: the whole item as it is now");
  });
});

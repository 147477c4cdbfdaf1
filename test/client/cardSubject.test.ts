/**
 * A card about a tool call with a diff, from a real agent process to the view's store: the diff preview crosses to
 * the view once (on the tool call's item), the card shows the request's diff, and a later change of the tool call by
 * the agent does not change what the card shows.
 */
import assert from "node:assert/strict";
import type { SubjectView, ToolCallView, ViewOp } from "../../src/shared/protocol";
import { emptyChangeSet, ViewStore } from "../../webview/state";
import { ClientHarness, waitFor } from "../support/clientHarness";

function patch(file: string, version: number): string {
  const lines = Array.from({ length: 30 }, (_, i) => `export const value${i} = ${i * version}; // ${file}`);
  return [
    `--- a/${file}`,
    `+++ b/${file}`,
    `@@ -1,30 +1,30 @@`,
    ...lines.map((line) => `-${line.replace(` ${version};`, " 0;")}`),
    ...lines.map((line) => `+${line}`),
  ].join("\n");
}

const diffContent = (path: string, version: number) => [
  {
    type: "diff",
    changes: [{ operation: "modify", path, fileType: "text" }],
    patch: { format: "git_patch", text: patch("src/edit.ts", version) },
  },
];

/** The view's store after `ops`, in the order the host emitted them. */
function viewOf(ops: readonly ViewOp[]): ViewStore {
  const store = new ViewStore();
  const changes = emptyChangeSet();
  for (const op of ops) store.applyOp(op, changes);
  return store;
}

const diffLines = (subject: SubjectView | undefined) =>
  subject?.type === "tool_call" ? subject.diffs.flatMap((diff) => diff.preview) : [];

describe("a card about a tool call with a diff, against a real agent", function () {
  this.timeout(30_000);
  let harness: ClientHarness;

  afterEach(async () => {
    await harness?.dispose();
  });

  it("sends the diff once and keeps showing the request's diff after the agent changes the tool call", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const path = `${harness.workspace}/src/edit.ts`;
    const toolCall = {
      sessionUpdate: "tool_call",
      toolCallId: "edit-1",
      title: "Edit src/edit.ts",
      kind: "edit",
      status: "pending",
      locations: [{ path }],
      content: diffContent(path, 1),
    };
    const key = await harness.run({
      steps: [
        { update: toolCall },
        {
          request: {
            title: "Apply the edit?",
            subject: { type: "tool_call", toolCall: { toolCallId: "edit-1" } },
            options: [
              { optionId: "yes", name: "Allow", kind: "allow_once" },
              { optionId: "no", name: "Reject", kind: "reject_once" },
            ],
          },
          wait: false,
        },
        { sleep: 300 },
        // The agent changes what it asked about while the card is open.
        {
          update: { sessionUpdate: "tool_call_update", toolCallId: "edit-1", content: diffContent(path, 2) },
        },
        { say: "changed" },
        { waitAll: true },
      ],
    });
    const card = await waitFor(() => harness.sessions.pending.list()[0], "the card");
    const asked = diffLines(card.subject);
    assert.ok(asked.length > 60, "the request is about a real diff");
    const sent = harness.ops.find((op) => op.op === "prompt" && op.prompt.key === card.key);
    assert.ok(sent?.op === "prompt");
    assert.deepEqual(sent.prompt.subject, { type: "on_item", toolCallId: "edit-1" });
    const changedLine = JSON.stringify(asked.find((line) => line.startsWith("+")));
    const carrying = harness.ops
      .slice(0, harness.ops.indexOf(sent) + 1)
      .filter((op) => JSON.stringify(op).includes(changedLine));
    assert.deepEqual(
      carrying.map((op) => op.op),
      ["item"],
      "the diff crossed once, with the tool call; the card and the tool call's new state carry none of it",
    );

    // The view: the card shows the request's diff (as it does when pinned, away from its tool call).
    await waitFor(
      () =>
        harness.ops.some(
          (op) => op.op === "item" && op.item.kind === "tool_call" && op.item.changedAfterRequest,
        ),
      "the agent's change of the tool call",
    );
    const view = viewOf([
      { op: "session", header: harness.sessions.snapshot().sessions[0]!.header },
      ...harness.ops,
    ]);
    const item = view.sessions.get(key)!.byId.get(sent.prompt.toolItemId!) as ToolCallView;
    const itemLines = item.content.flatMap((part) => (part.type === "diff" ? part.preview : []));
    assert.notDeepEqual(itemLines, asked, "the tool call now shows another diff");
    assert.deepEqual(
      view.pending.get(card.key)!.subject,
      card.subject,
      "the card still shows the request's diff",
    );

    // A reload: the snapshot carries the card's own diff, since its item no longer shows it.
    const reloaded = new ViewStore();
    reloaded.applySnapshot(harness.sessions.snapshot(), emptyChangeSet());
    assert.deepEqual(diffLines(reloaded.pending.get(card.key)?.subject), asked);

    assert.equal(harness.sessions.choose(card.key, "no"), true);
    await waitFor(() => harness.outcomes().length === 1, "the agent to get the answer");
  });

  it("a command request sits on the tool call it names, which awaits approval until answered; an unknown one is pinned", async () => {
    harness = new ClientHarness({ protocol: "v2" });
    const options = [
      { optionId: "yes", name: "Allow", kind: "allow_once" },
      { optionId: "no", name: "Reject", kind: "reject_once" },
    ];
    const key = await harness.run({
      steps: [
        {
          update: {
            sessionUpdate: "tool_call",
            toolCallId: "run-1",
            title: "Run the tests",
            kind: "execute",
            status: "pending",
          },
        },
        {
          request: {
            title: "Run a command?",
            subject: { type: "command", command: "npm test", cwd: harness.workspace, toolCallId: "run-1" },
            options,
          },
          wait: false,
        },
        {
          request: {
            title: "Run another?",
            subject: {
              type: "command",
              command: "npm run lint",
              cwd: harness.workspace,
              toolCallId: "nowhere",
            },
            options,
          },
          wait: false,
        },
        { waitAll: true },
      ],
    });
    const cards = await waitFor(
      () => (harness.sessions.pending.list().length === 2 ? harness.sessions.pending.list() : undefined),
      "both cards",
    );
    const view = () =>
      viewOf([{ op: "session", header: harness.sessions.snapshot().sessions[0]!.header }, ...harness.ops]);
    const onToolCall = view().pending.get(cards[0]!.key)!;
    const item = view()
      .sessions.get(key)!
      .byId.get(onToolCall.toolItemId ?? "") as ToolCallView | undefined;
    assert.equal(item?.toolCallId, "run-1", "the card names its tool call's item");
    assert.equal(item.awaitingApproval, true, "the tool call says it awaits approval");
    assert.deepEqual(view().placementOf(onToolCall), {
      where: "inline",
      sessionKey: key,
      itemId: item.id,
      changed: false,
    });
    assert.equal(onToolCall.subject.type, "command", "the card shows its own command, not the tool call's");
    assert.deepEqual(view().placementOf(view().pending.get(cards[1]!.key)!), { where: "pinned" });

    assert.equal(harness.sessions.choose(cards[0]!.key, "yes"), true);
    await waitFor(() => harness.outcomes().length === 1, "the agent to get the answer");
    const after = view().sessions.get(key)!.byId.get(item.id) as ToolCallView;
    assert.equal(after.awaitingApproval, undefined, "answered: the tool call no longer awaits approval");
    assert.deepEqual(
      view()
        .sessions.get(key)!
        .inlineRecords.get(item.id)
        ?.map((record) => record.key),
      [cards[0]!.key],
      "the decision stays on the tool call, where the question was asked",
    );
    assert.equal(harness.sessions.choose(cards[1]!.key, "no"), true);
    await waitFor(() => harness.outcomes().length === 2, "the agent to get the second answer");
    assert.ok(
      view().sessions.get(key)!.byId.has(`decision:${cards[1]!.key}`),
      "the pinned card's decision goes to the transcript's end",
    );
  });
});

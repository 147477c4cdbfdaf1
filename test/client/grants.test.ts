/**
 * Scoped grants and batch answers through the client's broker, against the scripted agent: a rule granted from a card
 * ("Allow in this session", "Always allow …") approves that request with allow once and the next matching request
 * without a card, both records naming the rule; an edited rule that does not cover the request is refused; a grant
 * offers only the other pending requests it covers; the pending list answers several cards in one step.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { historyEntry, type HistoryEntry } from "../../src/core/approvalHistory";
import { parsePermissionSettings, type PermissionRule } from "../../src/core/policy/rules";
import type { DecisionRecord } from "../../src/shared/protocol";
import { ClientHarness, waitFor } from "../support/clientHarness";

const OPTIONS = [
  { optionId: "once", name: "Allow once", kind: "allow_once" },
  { optionId: "always", name: "Always Allow", kind: "allow_always" },
  { optionId: "no", name: "Reject", kind: "reject_once" },
];

describe("scoped grants and batch answers in the client", function () {
  this.timeout(30_000);
  let harness: ClientHarness;
  let decided: DecisionRecord[];
  /** What the approval history keeps of each decision. */
  let history: HistoryEntry[];

  afterEach(async () => {
    await harness?.dispose();
  });

  const start = (options: ConstructorParameters<typeof ClientHarness>[0] = {}) => {
    harness = new ClientHarness({ protocol: "v2", ...options });
    decided = [];
    history = [];
    harness.sessions.onDidDecide((prompt, record) => {
      decided.push(record);
      history.push(historyEntry(prompt, record));
    });
  };
  const command = (id: string, line: string, wait = true) => ({
    request: {
      title: "Run",
      subject: {
        type: "tool_call",
        toolCall: { toolCallId: id, kind: "execute", rawInput: { command: line, cwd: harness.workspace } },
      },
      options: OPTIONS,
    },
    wait,
  });
  const answers = () =>
    harness.outcomes().map((o) => (o.outcome as { optionId?: string }).optionId ?? "cancelled");
  const pendingOf = (toolCallId: string) =>
    harness.sessions.pending
      .list()
      .find((p) => p.subject.type === "tool_call" && p.subject.toolCallId === toolCallId);

  it("'Allow in this session' approves the card once and the next match of that session without a card, naming the rule", async () => {
    start();
    const key = await harness.run({
      steps: [
        command("t1", "npm test -- --grep x"),
        command("t2", "npm test --watch"),
        command("t3", "npm test && curl x | sh"),
      ],
    });
    const card = await waitFor(() => pendingOf("t1"), "a card for npm test");
    const view = harness.sessions.promptView(card);
    assert.deepEqual(view.grant && { field: view.grant.field, value: view.grant.value }, {
      field: "command",
      value: "npm test",
    });
    const result = await harness.sessions.grant(card.key, "session", { command: "npm test" });
    assert.ok(result.ok, "the grant is taken");
    await waitFor(() => pendingOf("t3"), "the chained command still gets a card");
    assert.deepEqual(answers(), ["once", "once"], "allow once for the card, allow once for the next match");
    assert.match(decided[0]!.summary, /granted for this session: Allow commands starting with "npm test"/);
    assert.equal(decided[0]!.provenance, "user");
    assert.match(decided[1]!.summary, /Allow commands starting with "npm test".*\(this session\)/);
    assert.equal(decided[1]!.provenance, "policy");
    // The history too: "You: Allow once" alone would read as a click on that very card.
    assert.equal(history[0]!.option, "Allow once");
    assert.match(history[0]!.note!, /^granted for this session: Allow commands starting with "npm test"/);
    assert.equal(history[1]!.option, "Allow once");
    assert.match(history[1]!.note!, /^Allow commands starting with "npm test".*\(this session\)$/);
    const transcript = harness.sessions.session(key)!.transcript();
    const summaries = transcript.flatMap((item) => (item.kind === "decision" ? [item.record.summary] : []));
    assert.ok(
      summaries.some((s) => /\(this session\)/.test(s)),
      "the transcript says which rule approved",
    );
    assert.deepEqual(
      harness.sessions.sessionGrants().map((g) => [g.sessionKey, g.grant.rule.command]),
      [[key, ["npm", "test"]]],
    );
  });

  it("says on the card that a grant covers every workspace folder when there are several", async () => {
    start();
    await harness.run({ steps: [command("t1", "npm test")] });
    const card = await waitFor(() => pendingOf("t1"), "a card");
    const rest = () => harness.sessions.promptView(card).grant?.rest ?? "";
    assert.doesNotMatch(rest(), /workspace folder/, "one folder: nothing to tell apart");
    const other = mkdtempSync(join(tmpdir(), "symposium-other-"));
    try {
      harness.setFolders([harness.workspace, other]);
      // `npm test` granted here runs in the other folder too, under its own package.json: the card says so.
      assert.match(rest(), /in all 2 workspace folders/);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it("refuses an edited rule that does not cover the request or is not scoped; the card stays pending", async () => {
    start();
    await harness.run({ steps: [command("t1", "npm test")] });
    const card = await waitFor(() => pendingOf("t1"), "a card");
    for (const edit of [
      { command: "npm install" },
      { command: "npm test --watch" },
      { command: "npm test; curl x | sh" },
      { command: "" },
      { path: "**" },
    ]) {
      const result = await harness.sessions.grant(card.key, "always", edit);
      assert.equal(result.ok, false, `${JSON.stringify(edit)} is refused`);
    }
    assert.equal((await harness.sessions.grant("no-such-key", "session", {})).ok, false);
    assert.ok(pendingOf("t1"), "the card is still pending");
    assert.deepEqual(answers(), [], "nothing was answered");
    assert.deepEqual(harness.sessions.sessionGrants(), [], "nothing was granted");
  });

  it("'Always allow' saves the rule; the batch offer covers only the pending requests the rule covers", async () => {
    const rules: PermissionRule[] = [];
    const writes: unknown[] = [];
    start({
      rules: () => rules,
      addPermissionRule: (entry) => {
        writes.push(entry);
        rules.push(...parsePermissionSettings({ allow: [entry] }, "user").rules);
        return Promise.resolve();
      },
    });
    const key = await harness.run({
      steps: [
        command("c1", "npm test", false),
        command("c2", "npm test --watch", false),
        command("c3", "npm run lint", false),
        command("c4", "npm test && curl x | sh", false),
        { waitAll: true },
      ],
    });
    await waitFor(() => harness.sessions.pending.size === 4, "four cards");
    const other = await harness.sessions.startSession("Scripted");
    harness.send(other, { steps: [command("o1", "npm test")] });
    await waitFor(() => harness.sessions.pending.size === 5, "a card in the other session");
    const result = await harness.sessions.grant(pendingOf("c1")!.key, "always", { command: "npm test" });
    assert.ok(result.ok);
    assert.deepEqual(writes, [{ kind: "execute", command: "npm test", agent: "Scripted" }]);
    assert.equal(
      result.offer?.count,
      2,
      "npm test --watch here and npm test in the other session, nothing else",
    );
    assert.equal(harness.sessions.approveOffer(result.offer.id), 2);
    assert.equal(harness.sessions.approveOffer(result.offer.id), 0, "an offer is used once");
    await waitFor(() => harness.outcomes().length === 3, "three answers");
    assert.deepEqual(
      [pendingOf("c3"), pendingOf("c4")].map((p) => p?.sessionKey),
      [key, key],
      "npm run lint and the chained command still wait",
    );
    assert.equal(pendingOf("c2"), undefined);
    assert.equal(pendingOf("o1"), undefined);
    const batch = decided.filter((r) =>
      /approved with the rule: Allow commands starting with "npm test"/.test(r.summary),
    );
    assert.equal(batch.length, 2, "each batch answer names the rule");
    assert.equal(
      history.filter((e) =>
        /^approved with the rule: Allow commands starting with "npm test"/.test(e.note ?? ""),
      ).length,
      2,
      "in the history too",
    );
  });

  it("'Always allow' is in effect for the next request before the settings are read back, and only until then", async () => {
    // The settings as the host reads them: the written rule shows only once VS Code reports the change.
    let read: PermissionRule[] = [];
    const written: PermissionRule[] = [];
    let finishWrite = () => {};
    let failWrite = (_error: Error) => {};
    start({
      rules: () => read,
      addPermissionRule: (entry) =>
        new Promise<void>((resolve, reject) => {
          written.push(...parsePermissionSettings({ allow: [entry] }, "user").rules);
          finishWrite = resolve;
          failWrite = reject;
        }),
    });
    const readBack = () => {
      read = [...written];
      harness.sessions.reloadSettings();
    };
    const key = await harness.run({
      steps: [command("t1", "npm test"), command("t2", "npm test --watch"), command("t3", "npm test -- x")],
    });
    const granted = harness.sessions.grant((await waitFor(() => pendingOf("t1"), "a card")).key, "always", {
      command: "npm test",
    });
    await waitFor(() => harness.outcomes().length === 3, "the card and both later requests answered");
    assert.deepEqual(
      answers(),
      ["once", "once", "once"],
      "no card after the click, though the write is not done",
    );
    assert.match(decided[1]!.summary, /Allow commands starting with "npm test".*\(user settings\)/);
    finishWrite();
    assert.ok((await granted).ok);
    readBack();
    // Read back: the settings' rule alone approves; once the person removes it there, a card comes again.
    harness.send(key, { steps: [command("t4", "npm test")] });
    await waitFor(() => harness.outcomes().length === 4, "approved by the settings' rule");
    read = [];
    harness.sessions.reloadSettings();
    harness.send(key, { steps: [command("t5", "npm test")] });
    await waitFor(() => pendingOf("t5"), "a card once the rule is gone from the settings");
    // A write that fails takes the rule back.
    const failed = harness.sessions.grant(pendingOf("t5")!.key, "always", { command: "npm test" });
    await waitFor(() => written.length === 2, "the second write to start");
    failWrite(new Error("settings are read-only"));
    await assert.rejects(failed, /read-only/);
    harness.send(key, { steps: [command("t6", "npm test")] });
    await waitFor(() => pendingOf("t6"), "a card: the rule was not saved");
  });

  it("a rule removed in Manage Permissions approves nothing more, before the settings are read back", async () => {
    const entry = { kind: "execute", command: "npm test" };
    let read = parsePermissionSettings({ allow: [entry] }, "user").rules;
    let finishWrite = (_found: boolean) => {};
    start({
      rules: () => read,
      removePermissionRule: () => new Promise<boolean>((resolve) => (finishWrite = resolve)),
    });
    const key = await harness.run({ steps: [command("t1", "npm test")] });
    await waitFor(() => harness.outcomes().length === 1, "approved by the rule");
    const removing = harness.sessions.removeRule("allow", { command: "npm test", kind: ["execute"] });
    harness.send(key, { steps: [command("t2", "npm test")] });
    await waitFor(() => pendingOf("t2"), "a card while the settings still hold the rule");
    finishWrite(true);
    assert.equal(await removing, true);
    read = [];
    harness.sessions.reloadSettings();
    // Added again from a card, it is in effect again.
    assert.ok((await harness.sessions.grant(pendingOf("t2")!.key, "always", { command: "npm test" })).ok);
    harness.send(key, { steps: [command("t3", "npm test")] });
    await waitFor(() => harness.outcomes().length === 3, "approved by the rule added again");
    assert.deepEqual(answers(), ["once", "once", "once"]);
  });

  it("a session grant's batch stays in its session", async () => {
    start();
    await harness.run({
      steps: [command("c1", "npm test", false), command("c2", "npm test --watch", false), { waitAll: true }],
    });
    await waitFor(() => harness.sessions.pending.size === 2, "two cards");
    const other = await harness.sessions.startSession("Scripted");
    harness.send(other, { steps: [command("o1", "npm test")] });
    await waitFor(() => harness.sessions.pending.size === 3, "a card in the other session");
    const result = await harness.sessions.grant(pendingOf("c1")!.key, "session", { command: "npm test" });
    assert.ok(result.ok);
    assert.equal(result.offer?.count, 1, "only npm test --watch of the same session");
    assert.equal(harness.sessions.approveOffer(result.offer.id), 1);
    assert.ok(pendingOf("o1"), "the other session's request still waits");
  });

  it("an offer made from a grant taken back since approves nothing", async () => {
    start();
    await harness.run({
      steps: [command("c1", "npm test", false), command("c2", "npm test --watch", false), { waitAll: true }],
    });
    await waitFor(() => harness.sessions.pending.size === 2, "two cards");
    const result = await harness.sessions.grant(pendingOf("c1")!.key, "session", { command: "npm test" });
    assert.ok(result.ok);
    assert.equal(result.offer?.count, 1);
    const [granted] = harness.sessions.sessionGrants();
    assert.ok(granted && harness.sessions.revokeSessionGrant(granted.sessionKey, granted.grant.id));
    assert.equal(
      harness.sessions.approveOffer(result.offer.id),
      0,
      "the rule it names is no longer in effect",
    );
    assert.ok(pendingOf("c2"), "its card still waits");
  });

  it("the pending list allows once or rejects several cards in one step", async () => {
    start();
    await harness.run({
      steps: [
        command("a", "make build", false),
        command("b", "cargo test", false),
        command("c", "rm -rf build", false),
        { waitAll: true },
      ],
    });
    await waitFor(() => harness.sessions.pending.size === 3, "three cards");
    const keys = (...ids: string[]) => ids.map((id) => pendingOf(id)!.key);
    assert.equal(harness.sessions.answerMany(keys("a", "b"), "allow"), 2);
    assert.equal(harness.sessions.answerMany([...keys("c"), "no-such-key"], "reject"), 1);
    await waitFor(() => harness.outcomes().length === 3, "three answers");
    assert.deepEqual(answers().sort(), ["no", "once", "once"]);
  });

  it("says which rule or guard holds a card when Bypass is off, and offers no grant then", async () => {
    const rules = parsePermissionSettings({ ask: [{ command: "npm run release" }] }, "user").rules;
    start({ rules: () => rules });
    await harness.run({
      steps: [
        command("p", "npm run release", false),
        command("s", "sudo ls", false),
        command("n", "npm test", false),
        { waitAll: true },
      ],
    });
    await waitFor(() => harness.sessions.pending.size === 3, "three cards");
    const view = (id: string) => harness.sessions.promptView(pendingOf(id)!);
    assert.match(view("p").heldBy ?? "", /^Held by rule: Ask for commands starting with "npm run release"/);
    assert.equal(view("p").grant, undefined, "no grant where an ask rule holds the request");
    assert.match(view("s").heldBy ?? "", /^Held by guard: sudo/);
    assert.equal(view("s").grant, undefined, "no grant where a guard holds the request");
    assert.equal(view("n").heldBy, undefined, "nothing holds npm test: no rule allows it yet");
    assert.ok(view("n").grant, "a grant is offered for it");
  });
});

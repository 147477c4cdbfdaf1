/**
 * An agent that asks the person questions (Qwen Code's ask_user_question, from the scripted agent over v1): the card
 * carries the questions, Submit sends the person's answers beside the outcome, and nothing but a person answers it.
 */
import assert from "node:assert/strict";
import { ClientHarness, waitFor } from "../support/clientHarness";
import { askStep } from "../support/agentQuestions";

describe("an agent's questions to the person, against a real agent process", function () {
  this.timeout(30_000);
  let harness: ClientHarness | undefined;

  afterEach(async () => {
    await harness?.dispose();
    harness = undefined;
  });

  /** The answers the agent received: the `result` of each response frame to a permission request. */
  const responses = (h: ClientHarness) =>
    h
      .entriesOf("frame")
      .filter((entry) => entry.direction === "received")
      .map((entry) => entry.frame as { result?: { outcome?: unknown } })
      .filter((frame) => frame.result?.outcome !== undefined)
      .map((frame) => frame.result);

  it("shows the questions on the card; Submit sends the person's answers by question index", async () => {
    const h = (harness = new ClientHarness({ protocol: "v1" }));
    await h.run({ steps: [askStep()] });
    const card = await waitFor(() => h.sessions.pending.list()[0], "the question card");
    const view = h.sessions.snapshot().pending.find((p) => p.key === card.key)!;
    assert.deepEqual(
      view.questions?.map((q) => [q.header, q.question, q.multiSelect, q.choices.map((c) => c.label)]),
      [
        ["Library", "Which library should format the dates?", false, ["date-fns", "Luxon"]],
        ["Checks", "Which checks should run before each commit?", true, ["Lint", "Unit tests"]],
      ],
    );
    const submit = view.options.find((o) => o.kindClass === "allow")!;
    assert.equal(
      h.sessions.answerQuestions(card.key, submit.key, { "0": "Luxon", "1": "Lint, Unit tests" }),
      true,
    );
    await waitFor(() => responses(h).length === 1, "the agent to get the answers");
    assert.deepEqual(responses(h), [
      {
        outcome: { outcome: "selected", optionId: "proceed_once" },
        answers: { "0": "Luxon", "1": "Lint, Unit tests" },
      },
    ]);
  });

  it("no Bypass, batch or grant answers it: an approval without answers tells the agent they were declined", async () => {
    const h = (harness = new ClientHarness({ protocol: "v1", bypass: true }));
    const decided: string[] = [];
    h.sessions.onDidDecide((_prompt, record) => decided.push(record.provenance));
    await h.run({ steps: [askStep()] });
    const card = await waitFor(() => h.sessions.pending.list()[0], "the question card");
    assert.deepEqual(decided, [], "Bypass did not answer it");
    const view = h.sessions.snapshot().pending.find((p) => p.key === card.key)!;
    assert.match(view.bypassBlockedReason ?? "", /questions only you can answer/);
    assert.equal(view.canBypass, false);
    assert.equal(view.grant, undefined);
    assert.equal(h.sessions.answerMany([card.key], "allow"), 0);
    assert.equal(await h.sessions.bypass(card.key), false);
    assert.deepEqual(decided, []);
    assert.ok(h.sessions.deny(card.key));
    await waitFor(() => responses(h).length === 1, "the agent to get the answer");
    assert.deepEqual(responses(h), [{ outcome: { outcome: "selected", optionId: "cancel" } }]);
  });

  it("a request that comes with a command or a change besides its questions is no question card", async () => {
    const h = (harness = new ClientHarness({ protocol: "v1" }));
    const step = askStep() as { request: { toolCall: Record<string, unknown> } };
    const call = step.request.toolCall;
    const path = `${h.workspace}/src/app.ts`;
    const disguised = [
      {
        ...call,
        toolCallId: "ask-run",
        kind: "execute",
        rawInput: { ...(call.rawInput as object), command: "rm -rf src" },
      },
      { ...call, toolCallId: "ask-edit", content: [{ type: "diff", path, oldText: "a", newText: "b" }] },
      {
        ...call,
        toolCallId: "ask-think-run",
        rawInput: { ...(call.rawInput as object), command: "rm -rf src" },
      },
    ];
    await h.run({
      steps: [
        ...disguised.map((toolCall) => ({ request: { ...step.request, toolCall }, wait: false })),
        { waitAll: true },
      ],
    });
    await waitFor(() => h.sessions.pending.list().length === 3, "the three cards");
    for (const view of h.sessions.snapshot().pending) {
      assert.equal(view.questions, undefined, view.title);
      const submit = view.options.find((o) => o.kindClass === "allow")!;
      assert.equal(h.sessions.answerQuestions(view.key, submit.key, { "0": "Luxon" }), false);
      h.sessions.deny(view.key);
    }
  });

  it("answers to other questions, or to a card that asks none, leave the card waiting", async () => {
    const h = (harness = new ClientHarness({ protocol: "v1" }));
    await h.run({ steps: [{ ...askStep(), wait: false }, { request: {}, wait: false }, { waitAll: true }] });
    await waitFor(() => h.sessions.pending.list().length === 2, "both cards");
    const [asks, plain] = h.sessions.snapshot().pending;
    const allowOf = (p: typeof asks) => p!.options.find((o) => o.kindClass === "allow")!.key;
    const rejectOf = (p: typeof asks) => p!.options.find((o) => o.kindClass === "reject")!.key;
    assert.equal(h.sessions.answerQuestions(asks!.key, allowOf(asks), { "2": "x" }), false);
    assert.equal(h.sessions.answerQuestions(asks!.key, allowOf(asks), { "0": 5 }), false);
    assert.equal(h.sessions.answerQuestions(asks!.key, rejectOf(asks), { "0": "Luxon" }), false);
    assert.equal(h.sessions.answerQuestions(plain!.key, allowOf(plain), {}), false);
    assert.equal(h.sessions.pending.list().length, 2, "both still wait");
    assert.deepEqual(responses(h), []);
    h.sessions.deny(asks!.key);
    h.sessions.deny(plain!.key);
  });
});

/**
 * An agent's form (ACP form elicitation, `elicitation/create`), from the scripted agent over v2 and v1: Symposium
 * advertises forms, shows one as a card of questions, and sends the agent what a person filled in, declined or
 * cancelled; nothing but a person answers it.
 */
import assert from "node:assert/strict";
import { ClientHarness, waitFor, type LogEntry } from "../support/clientHarness";
import { claudeQuestionForm, everyKindForm } from "../support/agentForms";

const ask = (params: Record<string, unknown>) => ({ call: { method: "elicitation/create", params } });

describe("an agent's form, against a real agent process", function () {
  this.timeout(30_000);
  let harness: ClientHarness | undefined;

  afterEach(async () => {
    await harness?.dispose();
    harness = undefined;
  });

  /** What the agent got back for each of its forms: the answer, or the error. */
  const answers = (h: ClientHarness) =>
    h
      .callResults()
      .filter((entry: LogEntry) => entry.method === "elicitation/create")
      .map((entry) => entry.result ?? entry.error);

  const card = async (h: ClientHarness) => {
    const pending = await waitFor(() => h.sessions.pending.list()[0], "the form's card");
    const view = h.sessions.snapshot().pending.find((p) => p.key === pending.key)!;
    const option = (name: string) => view.options.find((o) => o.name === name)!;
    return { key: pending.key, view, option };
  };

  for (const protocol of ["v2", "v1"] as const) {
    it(`over ${protocol}: advertised at initialize; the card's Submit sends what the person picked and wrote`, async () => {
      const h = (harness = new ClientHarness({ protocol }));
      await h.run({ steps: [ask(claudeQuestionForm())] });
      const { key, view, option } = await card(h);
      const initialize = h
        .entriesOf("frame")
        .map((entry) => entry.frame as { method?: string; params?: Record<string, Record<string, unknown>> })
        .findLast((frame) => frame.method === "initialize")!;
      const capabilities =
        protocol === "v2" ? initialize.params!.capabilities : initialize.params!.clientCapabilities;
      assert.deepEqual(capabilities!.elicitation, { form: {}, url: {} });
      assert.equal(view.title, "Which library should format the dates?");
      assert.deepEqual(
        view.questions?.map((q) => [q.question, q.choices.map((c) => c.label), q.field?.kind]),
        [
          ["Library", ["date-fns", "Luxon"], "choice"],
          ["Type your own answer, or add a note to the option you chose above (optional).", [], "text"],
        ],
      );
      assert.deepEqual(
        view.options.map((o) => [o.name, o.kindClass]),
        [
          ["Submit", "allow"],
          ["Cancel", "reject"],
          ["Decline", "reject"],
        ],
      );
      assert.equal(
        h.sessions.answerQuestions(key, option("Submit").key, { "0": "Moment" }),
        false,
        "an answer no choice has leaves the card waiting",
      );
      assert.equal(
        h.sessions.answerQuestions(key, option("Submit").key, { "0": "Luxon", "1": "v3 or later" }),
        true,
      );
      await waitFor(() => answers(h).length === 1, "the agent to get the answer");
      assert.deepEqual(answers(h), [
        { action: "accept", content: { question_0: "Luxon", question_0_custom: "v3 or later" } },
      ]);
    });
  }

  it("every kind of field: the values go back as the agent's schema has them; required fields are required", async () => {
    const h = (harness = new ClientHarness({ protocol: "v2" }));
    await h.run({ steps: [ask(everyKindForm())] });
    const { key, view, option } = await card(h);
    assert.equal(view.title, "Set up the release");
    assert.equal(view.description, "The values go into release.json.");
    const submit = option("Submit").key;
    assert.equal(
      h.sessions.answerQuestions(key, submit, { "0": "api", "1": "3" }),
      false,
      "Channel is required",
    );
    assert.equal(
      h.sessions.answerQuestions(key, submit, { "0": "api", "1": "30", "4": "beta" }),
      false,
      "30 > 9",
    );
    assert.equal(
      h.sessions.answerQuestions(key, submit, {
        "0": "api",
        "1": "3",
        "2": "0.1",
        "3": "Yes",
        "4": "beta",
        "5": ["Asia"],
      }),
      true,
    );
    await waitFor(() => answers(h).length === 1, "the agent to get the answer");
    assert.deepEqual(answers(h), [
      {
        action: "accept",
        content: { name: "api", replicas: 3, ratio: 0.1, publish: true, channel: "beta", regions: ["ap-1"] },
      },
    ]);
  });

  it("a form of no fields is a yes or no to its message: Submit accepts with no content", async () => {
    const h = (harness = new ClientHarness({ protocol: "v2" }));
    await h.run({
      steps: [ask({ mode: "form", message: "Deploy to staging now?", requestedSchema: { type: "object" } })],
    });
    const { key, view, option } = await card(h);
    assert.equal(view.title, "Deploy to staging now?");
    assert.equal(view.questions, undefined, "no fields, and no note that questions could not be read");
    assert.equal(view.canBypass, false);
    assert.ok(h.sessions.chooseOption(key, option("Submit").key), "the view's click on Submit");
    await waitFor(() => answers(h).length === 1, "the agent to get the answer");
    assert.deepEqual(answers(h), [{ action: "accept", content: {} }]);
  });

  it("under Bypass a person still answers it; Decline declines, Escape and Stop cancel", async () => {
    const h = (harness = new ClientHarness({ protocol: "v2", bypass: true }));
    const decided: string[] = [];
    h.sessions.onDidDecide((_prompt, record) => decided.push(record.provenance));
    const form = ask(claudeQuestionForm());
    const sessionKey = await h.run({ steps: [form, form, form] });
    const first = await card(h);
    assert.deepEqual(decided, [], "Bypass did not answer it");
    assert.match(first.view.bypassBlockedReason ?? "", /questions only you can answer/);
    assert.equal(first.view.canBypass, false);
    assert.equal(h.sessions.answerMany([first.key], "allow"), 0);
    assert.equal(await h.sessions.bypass(first.key), false);
    assert.ok(h.sessions.chooseOption(first.key, first.option("Decline").key));
    await waitFor(() => answers(h).length === 1, "the first answer");
    const next = async (after: string) => {
      await waitFor(
        () => h.sessions.pending.size === 1 && h.sessions.pending.list()[0]!.key !== after,
        "a card",
      );
      return h.sessions.pending.list()[0]!.key;
    };
    const second = await next(first.key);
    assert.ok(h.sessions.deny(second), "Escape, or Deny");
    await waitFor(() => answers(h).length === 2, "the second answer");
    await next(second);
    await h.sessions.stop(sessionKey);
    await waitFor(() => answers(h).length === 3, "the third answer");
    assert.deepEqual(answers(h), [{ action: "decline" }, { action: "cancel" }, { action: "cancel" }]);
    assert.deepEqual(decided, ["user", "user", "stop"], "a person twice, then Stop");
  });

  it("a link it asks the person to open (an MCP server's sign-in): its host in Symposium's words, opened on Open", async () => {
    const h = (harness = new ClientHarness({ protocol: "v2" }));
    const link = (url: string) =>
      ask({ mode: "url", url, elicitationId: "mcp-oauth-1", message: "Authenticate with MCP server linear" });
    // A lookalike host (Cyrillic "а") is shown as the ASCII name the browser goes to.
    await h.run({
      steps: [link("https://аpple.example/authorize?state=1"), link("https://mcp.linear.app/authorize")],
    });
    const first = await card(h);
    assert.equal(first.view.title, "Open xn--pple-43d.example in your browser?");
    assert.equal(
      first.view.description,
      "https://xn--pple-43d.example/authorize?state=1\n\nAuthenticate with MCP server linear",
    );
    assert.deepEqual(
      first.view.options.map((o) => o.name),
      ["Open", "Cancel", "Decline"],
    );
    assert.equal(first.view.canBypass, false);
    assert.equal(
      h.sessions.answerMany([first.key], "allow"),
      0,
      "the pending list's Allow once opens no page",
    );
    assert.equal(await h.sessions.bypass(first.key), false);
    assert.ok(h.sessions.chooseOption(first.key, first.option("Decline").key));
    await waitFor(() => answers(h).length === 1, "the first answer");
    assert.deepEqual(h.opened, [], "declined: nothing opened");
    await waitFor(
      () => h.sessions.pending.size === 1 && h.sessions.pending.list()[0]!.key !== first.key,
      "a card",
    );
    const second = await card(h);
    assert.ok(h.sessions.chooseOption(second.key, second.option("Open").key));
    await waitFor(() => answers(h).length === 2, "the second answer");
    assert.deepEqual(answers(h), [{ action: "decline" }, { action: "accept" }]);
    assert.deepEqual(h.opened, ["https://mcp.linear.app/authorize"]);
  });

  it("a form it cannot show, or for no session of the agent's, is refused with why", async () => {
    const h = (harness = new ClientHarness({ protocol: "v2" }));
    await h.run({
      steps: [
        ask({ mode: "url", url: "file:///etc/passwd", elicitationId: "e1", message: "Sign in" }),
        ask({ ...claudeQuestionForm(), sessionId: "not-a-session" }),
        ask({
          ...claudeQuestionForm(),
          requestedSchema: { type: "object", properties: { at: { type: "_calendar" } }, required: ["at"] },
        }),
      ],
    });
    await waitFor(() => answers(h).length === 3, "three answers");
    const errors = answers(h) as { code: number; message: string; data?: unknown }[];
    assert.deepEqual(
      errors.map((e) => e.code),
      [-32602, -32002, -32602],
    );
    assert.match(JSON.stringify(errors[0]), /must be http\(s\)/);
    assert.match(JSON.stringify(errors[2]), /cannot show the required field at/);
    assert.equal(h.sessions.pending.size, 0, "no card");
  });
});

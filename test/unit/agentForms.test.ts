import assert from "node:assert/strict";
import { formContent, formOf, type AgentForm } from "../../src/core/agentForms";
import { checkedAnswers } from "../../src/core/agentQuestions";
import { normalizePermissionRequest } from "../../src/core/permissionPrompt";
import { LIMITS } from "../../src/shared/limits";
import { claudeQuestionForm, everyKindForm } from "../support/agentForms";

const formFrom = (params: unknown): AgentForm => {
  const form = formOf(params);
  assert.ok(!("refused" in form), `a form: ${JSON.stringify(form)}`);
  return form;
};

/** What the card would send, checked as the broker checks it, then turned into the agent's content. */
const submit = (form: AgentForm, answers: Record<string, unknown>) => {
  const checked = checkedAnswers(form.questions, answers);
  return checked && formContent(form, checked);
};

describe("an agent's form (ACP form elicitation)", () => {
  it("shows Claude Code's AskUserQuestion as its question, its choices and a field for the person's own words", () => {
    const form = formFrom(claudeQuestionForm("s1", "toolu_1"));
    assert.deepEqual([form.title, form.description], ["Which library should format the dates?", ""]);
    assert.equal(form.toolCallId, "toolu_1");
    assert.deepEqual(
      form.questions.map((q) => [
        q.header,
        q.question,
        q.multiSelect,
        q.choices.map((c) => c.label),
        q.field?.kind,
      ]),
      [
        ["", "Library", false, ["date-fns", "Luxon"], "choice"],
        [
          "Other",
          "Type your own answer, or add a note to the option you chose above (optional).",
          false,
          [],
          "text",
        ],
      ],
    );
    assert.deepEqual(submit(form, { "0": "Luxon" }), { question_0: "Luxon" });
    assert.deepEqual(submit(form, { "1": "Temporal, once it ships" }), {
      question_0_custom: "Temporal, once it ships",
    });
    assert.deepEqual(submit(form, {}), {}, "nothing is required: the person may skip");
  });

  it("turns each answer into the value its property takes: consts, numbers, booleans and lists", () => {
    const form = formFrom(everyKindForm("s1"));
    assert.deepEqual(
      [form.title, form.description],
      ["Set up the release", "The values go into release.json."],
    );
    assert.deepEqual(
      form.questions.map((q) => [q.question, q.field]),
      [
        ["Name", { kind: "text", required: true, initial: ["svc"], min: 2, max: 20 }],
        ["Replicas", { kind: "integer", required: true, initial: [], min: 1, max: 9 }],
        ["Traffic share", { kind: "number", required: false, initial: ["0.5"], min: 0, max: 1 }],
        ["Publish", { kind: "choice", required: false, initial: ["No"] }],
        ["Channel", { kind: "choice", required: true, initial: [] }],
        ["Regions", { kind: "choice", required: false, initial: ["Europe"], min: 1, max: 2 }],
      ],
    );
    assert.deepEqual(
      submit(form, { "0": "api", "1": "3", "2": "0.25", "3": "Yes", "4": "beta", "5": ["Asia", "Europe"] }),
      {
        name: "api",
        replicas: 3,
        ratio: 0.25,
        publish: true,
        channel: "beta",
        regions: ["ap-1", "eu-1"],
      },
    );
    assert.deepEqual(submit(form, { "0": "api", "1": "3", "4": "stable" }), {
      name: "api",
      replicas: 3,
      channel: "stable",
    });
  });

  it("bounds an integer by the whole numbers it allows: the card's number field counts its steps from the minimum", () => {
    const form = formFrom({
      mode: "form",
      sessionId: "s1",
      message: "Retries",
      requestedSchema: {
        type: "object",
        properties: {
          retries: { type: "integer", minimum: 0.5, maximum: 9.5 },
          share: { type: "number", minimum: 0.5, maximum: 9.5 },
        },
      },
    });
    assert.deepEqual(
      form.questions.map((q) => [q.field?.min, q.field?.max]),
      [
        [1, 9],
        [0.5, 9.5],
      ],
    );
    assert.deepEqual(submit(form, { "0": "1", "1": "0.5" }), { retries: 1, share: 0.5 });
    assert.equal(submit(form, { "0": "10" }), undefined);
  });

  it("refuses answers the card never sends: outside the bounds, not a choice, required ones missing", () => {
    const form = formFrom(everyKindForm("s1"));
    const good = { "0": "api", "1": "3", "4": "beta" };
    for (const [what, answers] of [
      ["a required field unanswered", { "0": "api", "1": "3" }],
      ["text too short", { ...good, "0": "a" }],
      ["text too long", { ...good, "0": "a".repeat(21) }],
      ["an integer with a fraction", { ...good, "1": "2.5" }],
      ["a number over its maximum", { ...good, "1": "10" }],
      ["not a number", { ...good, "2": "half" }],
      ["Infinity", { ...good, "2": "Infinity" }],
      ["a label no choice has", { ...good, "4": "nightly" }],
      ["a const instead of its label", { ...good, "5": ["eu-1"] }],
      ["a list for a single choice", { ...good, "4": ["beta"] }],
      ["a text for a multi-select", { ...good, "5": "Europe" }],
      ["a choice picked twice", { ...good, "5": ["Asia", "Asia"] }],
      ["more picks than maxItems", { ...good, "5": ["Asia", "Europe", "America"] }],
      ["a field that is not there", { ...good, "6": "x" }],
    ] as const)
      assert.equal(submit(form, answers), undefined, what);
  });

  it("says what it cannot show: a link that is not http(s), another mode, no session, a required field of a kind it does not know, too many fields", () => {
    const refused = (params: unknown) => {
      const form = formOf(params);
      return "refused" in form ? form.refused : undefined;
    };
    for (const url of [
      "file:///etc/passwd",
      "vscode://publisher.extension/x",
      "command:workbench.action.quit",
      "javascript:alert(1)",
      "https://github.com@evil.example/",
      "not a url",
    ])
      assert.match(
        refused({ mode: "url", sessionId: "s", url, message: "" }) ?? "",
        /must be http\(s\)/,
        url,
      );
    assert.match(refused({ mode: "_calendar", sessionId: "s", message: "" }) ?? "", /forms and links only/);
    assert.match(
      refused({ ...claudeQuestionForm("s"), sessionId: undefined, requestId: 3 }) ?? "",
      /session/,
    );
    const schema = (properties: object, required: string[] = []) => ({
      ...claudeQuestionForm("s"),
      requestedSchema: { type: "object", properties, required },
    });
    assert.match(
      refused(schema({ when: { type: "_calendar" } }, ["when"])) ?? "",
      /cannot show the required field when/,
    );
    assert.deepEqual(
      formFrom(schema({ when: { type: "_calendar" }, note: { type: "string" } })).fields.map((f) => f.name),
      ["note"],
      "an optional field of an unknown kind is left out",
    );
    const many = Object.fromEntries(
      Array.from({ length: LIMITS.fieldsPerForm + 1 }, (_, i) => [`f${i}`, { type: "string" }]),
    );
    assert.match(refused(schema(many)) ?? "", /at most/);
  });

  it("takes a form without properties as one of no fields, a yes or no to its message", () => {
    const form = formFrom({
      mode: "form",
      sessionId: "s",
      message: "Go on?",
      requestedSchema: { type: "object" },
    });
    assert.deepEqual([form.title, form.questions], ["Go on?", []]);
    assert.deepEqual(formContent(form, {}), {});
    assert.ok(
      "refused" in formOf({ mode: "form", sessionId: "s", message: "", requestedSchema: { type: "array" } }),
    );
    assert.ok(
      "refused" in
        formOf({
          mode: "form",
          sessionId: "s",
          message: "",
          requestedSchema: { type: "object", properties: [] },
        }),
    );
  });

  it("a link: titled with its host as the browser reads it, the whole URL below, then the agent's message", () => {
    const link = formFrom({
      mode: "url",
      sessionId: "s",
      toolCallId: "t1",
      url: "https://EXAMPLE.com:8443/a b?x=1",
      elicitationId: "e",
      message: "Sign in to the tracker",
    });
    assert.equal(link.title, "Open example.com:8443 in your browser?");
    assert.equal(link.url, "https://example.com:8443/a%20b?x=1");
    assert.equal(link.description, "https://example.com:8443/a%20b?x=1\n\nSign in to the tracker");
    assert.deepEqual(
      link.options.map((o) => [o.optionId, o.name, o.kind]),
      [
        ["accept", "Open", "allow_once"],
        ["cancel", "Cancel", "reject_once"],
        ["decline", "Decline", "reject_once"],
      ],
    );
    assert.deepEqual(link.questions, []);
  });

  it("a link's card starts with its whole URL, which no length of message pushes out; one too long to show is refused", () => {
    const url = "https://evil.example/collect?token=SECRET";
    const fake = "\n\nhttps://github.com/login/device";
    const message = "GitHub needs you to sign in again.\n" + " ".repeat(3931) + fake;
    const form = formFrom({ mode: "url", sessionId: "s", message, url });
    const card = normalizePermissionRequest({
      protocolVersion: 2,
      params: { sessionId: "s", title: form.title, description: form.description, options: form.options },
      agentName: "a",
      sessionKey: "k",
      toolCall: undefined,
      inWorkspace: (path) => ({ inside: false, display: path }),
    });
    assert.equal(card.title, "Open evil.example in your browser?");
    assert.ok(card.description!.startsWith(`${url}\n\nGitHub needs you`), card.description!.slice(0, 80));
    // Open would open more than the card says.
    const long = formOf({
      mode: "url",
      sessionId: "s",
      message: "",
      url: `${url}${"x".repeat(LIMITS.descriptionChars)}`,
    });
    assert.match("refused" in long ? long.refused : "", /too long/);
  });

  it("keeps hostile property names and labels as data", () => {
    const form = formFrom({
      ...claudeQuestionForm("s"),
      requestedSchema: {
        type: "object",
        properties: JSON.parse(
          '{"__proto__": {"type": "string", "title": "Proto"}, "pick": {"type": "string", "oneOf": [{"const": "a", "title": "Same"}, {"const": "b", "title": "Same"}, {"const": "a", "title": "Again"}]}}',
        ),
      },
    });
    assert.deepEqual(
      form.questions[1]!.choices.map((c) => c.label),
      ["Same", "Same (b)"],
      "labels told apart, a repeated value left out",
    );
    const content = submit(form, { "0": "x", "1": "Same (b)" })!;
    assert.equal(Object.getPrototypeOf(content), Object.prototype, "no prototype was set");
    assert.deepEqual(Object.keys(content), ["__proto__", "pick"]);
    assert.equal(JSON.stringify(content), '{"__proto__":"x","pick":"b"}');
  });

  it("titles the card with the message's first line; one too long for a title leaves the whole message to the text", () => {
    const long = "Pick one ".repeat(100).trim();
    const form = formFrom({ ...claudeQuestionForm("s"), message: `${long}\nmore` });
    assert.equal(form.title, long);
    assert.equal(form.description, `${long}\nmore`);
    assert.equal(
      formFrom({ ...claudeQuestionForm("s"), message: "  " }).title,
      "The agent asks for your input",
    );
  });

  it("caps what one card holds: its choices and their descriptions", () => {
    const form = formFrom({
      ...claudeQuestionForm("s"),
      requestedSchema: {
        type: "object",
        properties: {
          many: { type: "string", enum: Array.from({ length: 500 }, (_, i) => `v${i}`) },
          long: { type: "string", oneOf: [{ const: "a", title: "A", description: "x".repeat(100_000) }] },
        },
      },
    });
    assert.equal(form.questions[0]!.choices.length, LIMITS.choicesPerField);
    assert.equal(
      form.questions[1]!.choices[0]!.description.length,
      LIMITS.choiceDescriptionChars + 1,
      "and an ellipsis",
    );
  });
});

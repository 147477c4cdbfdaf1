/** The pure parts of slash commands and usage: matching what is typed, and what the session bar says. */
import assert from "node:assert/strict";
import { parseAgentCommands } from "../../src/core/agentCommands";
import { SessionModel } from "../../src/core/sessionModel";
import { UsageTally } from "../../src/core/usageTally";
import { awaitingInput, completion, matchCommands, slashQuery } from "../../webview/slashCommandMatch";
import { compactCount, money, usageSummary } from "../../webview/usageText";

const COMMANDS = parseAgentCommands([
  { name: "compact", description: "Clear history but keep a summary", input: { hint: "instructions" } },
  { name: "review", description: "Review changes" },
  { name: "pr-comments", description: "Comments of a pull request" },
  { type: "command", name: "init", description: "v2 shape", input: { type: "text", hint: "where" } },
  { type: "_future", name: "later", description: "a kind this client does not know" },
]);

describe("slash commands", () => {
  it("reads v1 and v2 shapes, with input hints, and leaves out kinds it cannot send", () => {
    assert.deepEqual(
      COMMANDS.map((c) => [c.name, c.hint]),
      [
        ["compact", "instructions"],
        ["review", undefined],
        ["pr-comments", undefined],
        ["init", "where"],
      ],
    );
  });

  it("keeps a command's markup as text, and leaves out names that cannot be typed as one word", () => {
    const commands = parseAgentCommands([
      {
        name: "[Allow](command:symposium.bypassForWindow)",
        description: "[x](command:workbench.action.terminal.new)",
      },
      { name: "bypass\nrm -rf ~", description: "two lines" },
      { name: "al\u200blow", description: "a zero-width space" },
      { name: "\u202eevil", description: "a bidi override" },
      { name: "/allow", description: "a slash" },
      { name: "long", description: `a\n${"d".repeat(100_000)}` },
    ]);
    assert.deepEqual(
      commands.map((c) => [c.name, c.description.slice(0, 42)]),
      [
        ["[Allow](command:symposium.bypassForWindow)", "[x](command:workbench.action.terminal.new)"],
        ["long", `a ${"d".repeat(40)}`],
      ],
    );
    // Choosing one only writes it into the message box, for the person to send.
    assert.equal(completion(commands[0]!), "/[Allow](command:symposium.bypassForWindow) ");
    assert.ok(commands[1]!.description.length <= 301);
  });

  it("opens only for a message that is `/` and a name being typed", () => {
    assert.equal(slashQuery("/"), "");
    assert.equal(slashQuery("/rev"), "rev");
    assert.equal(slashQuery("/review "), undefined, "a space ends the name");
    assert.equal(slashQuery("please /review"), undefined);
    assert.equal(slashQuery("/a\nb"), undefined);
  });

  it("filters by name: names that start with the text first, then names that contain it", () => {
    assert.deepEqual(
      matchCommands(COMMANDS, "").map((c) => c.name),
      ["compact", "review", "pr-comments", "init"],
    );
    assert.deepEqual(
      matchCommands(COMMANDS, "R").map((c) => c.name),
      ["review", "pr-comments"],
    );
    assert.deepEqual(
      matchCommands(COMMANDS, "ment").map((c) => c.name),
      ["pr-comments"],
    );
    assert.deepEqual(matchCommands(COMMANDS, "zzz"), []);
  });

  it("offers first the command whose name is typed whole, though the agent lists a longer one before it", () => {
    const commands = parseAgentCommands([
      { name: "init-project", description: "Sets up a whole new project" },
      { name: "Init", description: "another case" },
      { name: "init", description: "Writes AGENTS.md" },
    ]);
    // Enter takes the first: `/init` typed must complete to `/init `, not to the command listed first.
    assert.deepEqual(
      matchCommands(commands, "init").map((c) => c.name),
      ["init", "init-project", "Init"],
    );
    assert.deepEqual(
      matchCommands(commands, "INIT").map((c) => c.name),
      ["Init", "init-project", "init"],
    );
    assert.deepEqual(
      matchCommands(commands, "in").map((c) => c.name),
      ["init-project", "Init", "init"],
    );
  });

  it("completes to `/name ` and shows the hint while the input is empty", () => {
    const compact = COMMANDS[0]!;
    assert.equal(completion(compact), "/compact ");
    assert.equal(awaitingInput(COMMANDS, "/compact ")?.hint, "instructions");
    assert.equal(awaitingInput(COMMANDS, "/compact keep the plan"), undefined);
    assert.equal(awaitingInput(COMMANDS, "/unknown "), undefined);
  });
});

describe("usage", () => {
  it("says nothing when the agent reported nothing", () => {
    assert.equal(new UsageTally().view(), undefined);
    assert.equal(usageSummary(undefined), undefined);
  });

  it("counts the turn's cost from the session cost, whichever arrives first", () => {
    const tally = new UsageTally();
    tally.startTurn();
    tally.applyUsageUpdate({ used: 1, size: 10, cost: { amount: 0.1, currency: "USD" } });
    assert.equal(tally.view()?.turnCost, 0.1);
    tally.startTurn();
    assert.equal(tally.view()?.turnCost, undefined, "a new turn has cost nothing yet");
    tally.applyUsageUpdate({ used: 2, size: 10, cost: { amount: 0.35, currency: "USD" } });
    assert.ok(Math.abs(tally.view()!.turnCost! - 0.25) < 1e-9);
    tally.applyUsageUpdate({ used: 2, size: 10, cost: { amount: 1, currency: "credits" } });
    assert.equal(tally.view()?.turnCost, undefined, "no difference across currencies");
    // v2: a cost of null is no longer known; absent keeps it.
    assert.equal(tally.applyUsageUpdate({ used: 3, size: 10 }), true);
    assert.equal(tally.view()?.cost?.amount, 1);
    assert.equal(tally.applyUsageUpdate({ used: 3, size: 10, cost: null }), true);
    assert.equal(tally.view()?.cost, undefined);
    assert.equal(tally.view()?.turnCost, undefined);
  });

  it("refuses numbers and currencies that are not what they claim", () => {
    const tally = new UsageTally();
    for (const cost of [
      { amount: Number.NaN, currency: "USD" },
      { amount: -3, currency: "USD" },
      { amount: 1e20, currency: "USD" },
      { amount: 1, currency: "<img src=x>" },
      { amount: 1, currency: "a".repeat(40) },
      { amount: "1", currency: "USD" },
    ])
      assert.equal(tally.applyUsageUpdate({ cost }), false, JSON.stringify(cost));
    assert.equal(tally.applyTurnUsage({ totalTokens: -1 }), false);
    assert.equal(tally.view(), undefined);
  });

  it("shows turn and session cost with the currency, tokens and the context window", () => {
    assert.deepEqual(
      usageSummary({
        cost: { amount: 0.0456, currency: "USD" },
        turnCost: 0.0123,
        turnTokens: 1_234,
        sessionTokens: 5_600,
        context: { used: 50_000, size: 200_000 },
      }),
      {
        short: "Turn 0.0123 USD · Session 0.0456 USD · 1.2k / 5.6k tokens · Context 25%",
        long: "Last turn cost 0.0123 USD. Session cost 0.0456 USD. Last turn 1,234 tokens, session 5,600 tokens. Context 50,000 of 200,000 tokens.",
      },
    );
    assert.equal(money(3, "credits"), "3 credits");
    assert.equal(money(1.5, "EUR"), "1.5 EUR");
    assert.equal(compactCount(999), "999");
    assert.equal(compactCount(2_500_000), "2.5M");
  });
});

describe("session titles and replayed messages", () => {
  const model = () => new SessionModel("key", "Claude Code", (path) => ({ inside: true, display: path }));

  it("a title names the session on one line; null gives the agent's name back; omitted keeps it", () => {
    const m = model();
    m.applyUpdate({ sessionUpdate: "session_info_update", title: "Fix\nthe parser\u0007" });
    assert.equal(m.header(false).title, "Fix the parser");
    assert.equal(m.takeHeaderChange(), true, "the header is sent again");
    m.applyUpdate({ sessionUpdate: "session_info_update", updatedAt: "2026-11-22T10:00:00Z" });
    assert.equal(m.header(false).title, "Fix the parser");
    assert.equal(m.takeHeaderChange(), false);
    m.applyUpdate({ sessionUpdate: "session_info_update", title: null });
    assert.equal(m.header(false).title, "Claude Code");
  });

  it("shows the person's messages the agent sends only while it replays a conversation", () => {
    const m = model();
    const chunk = { sessionUpdate: "user_message_chunk", content: { type: "text", text: "hello" } };
    assert.deepEqual(m.applyUpdate(chunk), [], "a live echo is not shown twice");
    m.replayingHistory = true;
    m.applyUpdate(chunk);
    m.applyUpdate({ ...chunk, content: { type: "text", text: " there" } });
    m.applyUpdate({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Hi." } });
    m.applyUpdate({
      sessionUpdate: "user_message",
      messageId: "m2",
      content: [{ type: "text", text: "v2 whole" }],
    });
    assert.deepEqual(
      m
        .transcript()
        .map((item) =>
          item.kind === "user" ? `you: ${item.text}` : item.kind === "agent" ? item.markdown : "",
        ),
      ["you: hello there", "Hi.", "you: v2 whole"],
    );
  });
});

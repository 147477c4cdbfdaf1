import assert from "node:assert/strict";
import type { SessionHeader } from "../../src/shared/protocol";
import { sessionLabels } from "../../webview/sessionLabels";

const header = (key: string, agentName: string, title = agentName): SessionHeader => ({
  key,
  agentName,
  title,
  status: "ready",
  bypassed: false,
  commands: [],
});

describe("sessionLabels", () => {
  it("names a tab by the agent's title for the session, else the agent, numbering sessions of one agent", () => {
    const labels = sessionLabels([
      header("a", "Claude Code"),
      header("b", "Codex", "Fix the flaky test"),
      header("c", "Claude Code"),
      header("d", "Claude Code", "  "),
      header("e", "Gemini CLI"),
    ]);
    assert.deepEqual(
      [...labels.values()],
      ["Claude Code", "Fix the flaky test", "Claude Code (2)", "Claude Code (3)", "Gemini CLI"],
    );
  });
});

describe("sessionLabels, against an agent's title that copies another tab's", () => {
  it("names the agent after a title that reads as another agent's name: a trailing space, a lookalike, another case", () => {
    const labels = sessionLabels([
      header("a", "Claude Code"),
      header("b", "Helper", "Claude Code "),
      header("c", "Helper", "Claude  C\u043ede"),
      header("d", "Helper", "CLAUDE CODE"),
    ]);
    assert.deepEqual(
      [...labels.values()],
      ["Claude Code", "Claude Code (Helper)", "Claude C\u043ede (Helper) (2)", "CLAUDE CODE (Helper) (3)"],
    );
  });

  it("keeps the plain name for the agent's own session when an agent that opened its tab first took it", () => {
    const labels = sessionLabels([
      header("evil", "Evil Agent", "Claude Code"),
      header("real", "Claude Code"),
    ]);
    assert.deepEqual([...labels.values()], ["Claude Code (Evil Agent)", "Claude Code"]);
  });

  it("names the agent after a title that takes the name of an agent the person has but has not opened", () => {
    const labels = sessionLabels(
      [header("evil", "Evil Agent", "Claude Code")],
      ["Claude Code", "Evil Agent"],
    );
    assert.deepEqual([...labels.values()], ["Claude Code (Evil Agent)"]);
  });

  it("tells two agents' sessions of one title apart by their agents, one agent's by numbers", () => {
    const labels = sessionLabels([
      header("a", "Evil Agent", "Fix login bug"),
      header("b", "Claude Code", "Fix login bug"),
      header("c", "Claude Code", "Fix login bug"),
      header("d", "Codex", "Fix the flaky test"),
      header("e", "Codex", "Fix the flaky test"),
    ]);
    assert.deepEqual(
      [...labels.values()],
      [
        "Fix login bug (Evil Agent)",
        "Fix login bug (Claude Code)",
        "Fix login bug (Claude Code) (2)",
        "Fix the flaky test",
        "Fix the flaky test (2)",
      ],
    );
  });

  it("shows hidden characters in a label as markers", () => {
    const labels = sessionLabels([
      header("a", "Claude Code"),
      header("b", "Helper", "Claude\u200b Code\u202e"),
    ]);
    assert.deepEqual([...labels.values()], ["Claude Code", "Claude<U+200B> Code<U+202E>"]);
  });
});

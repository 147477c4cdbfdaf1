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
  it("numbers labels that read the same: a trailing space, a lookalike letter, another case", () => {
    const labels = sessionLabels([
      header("a", "Claude Code"),
      header("b", "Helper", "Claude Code "),
      header("c", "Helper", "Claude  C\u043ede"),
      header("d", "Helper", "CLAUDE CODE"),
    ]);
    assert.deepEqual(
      [...labels.values()],
      ["Claude Code", "Claude Code (2)", "Claude C\u043ede (3)", "CLAUDE CODE (4)"],
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

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

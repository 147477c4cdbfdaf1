import assert from "node:assert/strict";
import { BypassState } from "../../src/core/bypassState";
import { DEMO_AGENT_NAME, parseAgentSettings, withBypass } from "../../src/core/settings";

describe("BypassState", () => {
  let raw: unknown;
  const state = () => new BypassState(() => parseAgentSettings(raw));

  it("ends a window-only Bypass with its agent's entry: a new entry under that name asks again", () => {
    raw = { Claude: { command: "claude-acp" } };
    const bypass = state();
    bypass.setWindowOnly("Claude", true);
    assert.equal(bypass.isBypassed("Claude"), true);
    raw = { Claude: { command: "claude-acp", typo: 1 } }; // an entry that no longer reads
    bypass.reload();
    assert.equal(bypass.isBypassed("Claude"), false, "not bypassed where nothing shows it or can revoke it");
    raw = { Claude: { command: "/tmp/another-agent" } };
    bypass.reload();
    assert.equal(bypass.isBypassed("Claude"), false, "the next agent given the name is not bypassed");
    assert.deepEqual(
      bypass.choices(true).map((agent) => [agent.name, agent.bypassed]),
      [
        [DEMO_AGENT_NAME, false],
        ["Claude", false],
      ],
    );
  });

  it("drops a Bypass chosen for an agent whose entry went before the write landed", () => {
    raw = { Claude: { command: "claude-acp" } };
    const bypass = state();
    bypass.choose("Claude", true); // Bypass on a card; its write waits
    raw = {}; // the person deletes the entry meanwhile
    bypass.reload();
    raw = withBypass(raw, "Claude", true); // the write lands: an entry without a command, which does not read
    bypass.reload();
    assert.equal(bypass.isBypassed("Claude"), false);
    raw = { Claude: { command: "claude-acp", bypassPermissions: false } }; // added again, Bypass off
    bypass.reload();
    assert.equal(bypass.isBypassed("Claude"), false, "the settings say off, and it is off");
  });

  it("keeps a chosen Bypass over a reload that comes before its write, and the Demo Agent's window-only one", () => {
    raw = { Claude: { command: "claude-acp" } };
    const bypass = state();
    bypass.choose("Claude", true);
    bypass.setWindowOnly(DEMO_AGENT_NAME, true);
    bypass.reload(); // another setting changed; the write is still on its way
    assert.equal(bypass.isBypassed("Claude"), true);
    assert.equal(bypass.isBypassed(DEMO_AGENT_NAME), true);
    raw = withBypass(raw, "Claude", true);
    bypass.reload();
    assert.deepEqual(bypass.origins("Claude"), ["settings"]);
  });
});

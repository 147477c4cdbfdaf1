import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DEMO_AGENT_NAME, parseAgentSettings, withBypass } from "../../src/core/settings";

const manifest = JSON.parse(readFileSync(join(__dirname, "../../../package.json"), "utf8"));
const agentsSchema = manifest.contributes.configuration.properties["symposium.agents"];

describe("symposium.agents", () => {
  it("parses agents with defaults for args, env and bypassPermissions", () => {
    const settings = parseAgentSettings({
      Claude: { command: "npx", args: ["@zed-industries/claude-code-acp"] },
    });
    assert.deepEqual(settings.agents.get("Claude"), {
      command: "npx",
      args: ["@zed-industries/claude-code-acp"],
      env: {},
      bypassPermissions: false,
    });
    assert.deepEqual(settings.problems, []);
  });

  it("ignores malformed entries with a sentence naming the agent, keeping the good ones", () => {
    const settings = parseAgentSettings({
      Good: { command: "agent" },
      NoCommand: { args: [] },
      Extra: { command: "x", shell: "bash -c" },
      BadEnv: { command: "x", env: { A: 1 } },
    });
    assert.deepEqual([...settings.agents.keys()], ["Good"]);
    assert.equal(settings.problems.length, 3);
    assert.ok(settings.problems.every((p, i) => p.includes(["NoCommand", "Extra", "BadEnv"][i]!)));
  });

  it("reads the demo agent's bypass from its built-in entry, which may not define a command", () => {
    assert.equal(parseAgentSettings({ [DEMO_AGENT_NAME]: { bypassPermissions: true } }).demoBypass, true);
    const hijack = parseAgentSettings({ [DEMO_AGENT_NAME]: { command: "/bin/sh", bypassPermissions: true } });
    assert.equal(hijack.demoBypass, false);
    assert.equal(hijack.agents.size, 0);
  });

  it("writes bypass for one agent keeping every other field and agent", () => {
    const before = {
      A: { command: "a", args: ["--x"], env: { TOKEN_FILE: "/k" } },
      B: { command: "b", bypassPermissions: false },
    };
    const after = withBypass(before, "A", true);
    assert.deepEqual(after, {
      A: { command: "a", args: ["--x"], env: { TOKEN_FILE: "/k" }, bypassPermissions: true },
      B: { command: "b", bypassPermissions: false },
    });
    assert.deepEqual(
      before.A,
      { command: "a", args: ["--x"], env: { TOKEN_FILE: "/k" } },
      "input not mutated",
    );
    assert.deepEqual(withBypass(undefined, DEMO_AGENT_NAME, true), {
      [DEMO_AGENT_NAME]: { bypassPermissions: true },
    });
  });

  describe("package.json schema agrees with the runtime parser", () => {
    it("is user-level only (application scope) so workspace settings cannot set it", () => {
      assert.equal(agentsSchema.scope, "application");
      assert.ok(
        manifest.capabilities.untrustedWorkspaces.restrictedConfigurations.includes("symposium.agents"),
      );
    });

    it("declares the same fields, required command and no other keys", () => {
      const entry = agentsSchema.additionalProperties;
      assert.deepEqual(entry.required, ["command"]);
      assert.equal(entry.additionalProperties, false);
      assert.deepEqual(Object.keys(entry.properties).sort(), [
        "args",
        "bypassPermissions",
        "command",
        "defaultConfigOptions",
        "defaultMode",
        "env",
      ]);
      assert.equal(entry.properties.bypassPermissions.default, false);
      assert.equal(entry.properties.args.items.type, "string");
      assert.equal(entry.properties.env.additionalProperties.type, "string");
      const demo = agentsSchema.properties[DEMO_AGENT_NAME];
      assert.deepEqual(Object.keys(demo.properties), ["bypassPermissions"]);
      assert.equal(demo.additionalProperties, false);
    });
  });
});

describe("settings a repository must not steer", () => {
  // VS Code drops a workspace's or folder's value of an application-scoped setting, and Configuration reads their
  // user value only: a repository's `.vscode/settings.json` cannot widen the workspace, lift a limit or silence the
  // turn-end notification.
  for (const name of [
    "symposium.additionalFolders",
    "symposium.terminalTimeoutSeconds",
    "symposium.permissionTimeoutSeconds",
    "symposium.notifyWhenTurnEnds",
  ]) {
    it(`${name} is user-level only (application scope)`, () => {
      assert.equal(manifest.contributes.configuration.properties[name]?.scope, "application");
    });
  }
});

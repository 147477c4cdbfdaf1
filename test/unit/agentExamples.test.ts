// The agent examples live in one module (src/core/agentExamples.ts); the README and the walkthrough show them in
// prose the formatter owns, so these tests compare meaning, not text: the README's settings block parsed as JSONC
// must hold exactly these entries.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { AGENT_EXAMPLES, withAgentExample, type AgentExample } from "../../src/core/agentExamples";
import { DEMO_AGENT_NAME, parseAgentSettings } from "../../src/core/settings";
import { parseJsonc } from "../../tools/jsonc";
import { repoRoot } from "../../tools/paths";

const readme = readFileSync(join(repoRoot, "README.md"), "utf8");

/** The text of the README section under `## title`, up to the next `## ` heading. */
function readmeSection(title: string): string {
  const start = readme.indexOf(`\n## ${title}\n`);
  assert.notEqual(start, -1, `README has no "## ${title}" section`);
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

function example(name: string): AgentExample {
  const found = AGENT_EXAMPLES.find((e) => e.name === name);
  assert.ok(found, `no example named ${name}`);
  return found;
}

const commandLine = (e: AgentExample): string => [e.entry.command, ...e.entry.args].join(" ");

describe("agent examples", () => {
  it("are the five agents people run, started with today's packages and flags", () => {
    assert.deepEqual(AGENT_EXAMPLES.map(commandLine), [
      "npx -y @agentclientprotocol/claude-agent-acp",
      "npx -y @agentclientprotocol/codex-acp",
      "gemini --acp",
      "qwen --acp --approval-mode default",
      "copilot --acp",
    ]);
  });

  it("pick the modes that ask the person (Codex read-only, Qwen default) and never set IS_SANDBOX", () => {
    assert.equal(example("Codex").entry.env?.INITIAL_AGENT_MODE, "read-only");
    for (const e of AGENT_EXAMPLES) assert.equal(e.entry.env?.IS_SANDBOX, undefined, e.name);
  });

  it("are valid symposium.agents entries", () => {
    const settings = parseAgentSettings(Object.fromEntries(AGENT_EXAMPLES.map((e) => [e.name, e.entry])));
    assert.deepEqual(settings.problems, []);
    assert.equal(settings.agents.size, AGENT_EXAMPLES.length);
  });

  it("are exactly the agents of the README's Configure agents block", () => {
    const block = /```jsonc\n([\s\S]*?)\n```/.exec(readmeSection("Configure agents"))?.[1];
    assert.ok(block, "no jsonc block in Configure agents");
    const agents = {
      ...(parseJsonc(block) as { "symposium.agents": Record<string, unknown> })["symposium.agents"],
    };
    delete agents[DEMO_AGENT_NAME];
    assert.deepEqual(agents, Object.fromEntries(AGENT_EXAMPLES.map((e) => [e.name, e.entry])));
  });

  it("each have a row in the README's table of needs and quirks", () => {
    const section = readmeSection("Configure agents");
    for (const e of AGENT_EXAMPLES)
      assert.match(section, new RegExp(`^\\| ${e.name} +\\|`, "m"), `no table row for ${e.name}`);
  });

  it("are the ones the walkthrough's add-an-agent page lists", () => {
    const page = readFileSync(join(repoRoot, "media", "walkthrough", "addAgent.md"), "utf8");
    for (const e of AGENT_EXAMPLES) {
      assert.match(page, new RegExp(`^\\| ${e.name} +\\|`, "m"), `no row for ${e.name}`);
      assert.ok(page.includes(`\`${commandLine(e)}\``), `the page does not show \`${commandLine(e)}\``);
    }
  });
});

describe("withAgentExample", () => {
  const codex = example("Codex");

  it("adds the example to empty settings", () => {
    const result = withAgentExample(undefined, codex);
    assert.deepEqual(result, { type: "added", agents: { Codex: codex.entry } });
  });

  it("keeps every existing agent, field for field", () => {
    const mine = { command: "/opt/mine", args: ["--acp"], env: { KEY: "x" }, bypassPermissions: true };
    const current = { Mine: mine, [DEMO_AGENT_NAME]: { bypassPermissions: true } };
    const result = withAgentExample(current, codex);
    assert.equal(result.type, "added");
    assert.deepEqual(result.type === "added" && result.agents, {
      Mine: mine,
      [DEMO_AGENT_NAME]: { bypassPermissions: true },
      Codex: codex.entry,
    });
    assert.deepEqual(Object.keys(current), ["Mine", DEMO_AGENT_NAME], "the stored value is not mutated");
  });

  it("never replaces an agent of the same name", () => {
    const current = { Codex: { command: "/usr/local/bin/my-codex", env: { OPENAI_API_KEY: "sk-mine" } } };
    assert.deepEqual(withAgentExample(current, codex), { type: "exists" });
  });

  it("refuses to write over a value that is not an object of agents", () => {
    for (const current of [null, "npx", 42, [], [{ command: "x" }]])
      assert.deepEqual(withAgentExample(current, codex), { type: "invalid" }, JSON.stringify(current));
  });

  it("writes a copy, so editing the settings value cannot change the example", () => {
    const result = withAgentExample({}, codex);
    assert.equal(result.type, "added");
    const written = (result.type === "added" ? result.agents.Codex : undefined) as {
      env: Record<string, string>;
    };
    written.env.INITIAL_AGENT_MODE = "agent";
    assert.equal(codex.entry.env?.INITIAL_AGENT_MODE, "read-only");
  });
});

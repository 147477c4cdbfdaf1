// One real agent in the real workbench: Claude Code from its npm package (installed on demand into
// `.vscode-test/agents/`), configured in user settings as a person would, against the scripted model on 127.0.0.1.
// A write shows a card; Allow once lets Claude write the file. Skips with the reason when the agent cannot be installed.
import * as assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { screenshot } from "../../tools/browser";
import { ensureAgent, REAL_AGENTS } from "../harness/realAgents";
import { sendPrompt, startSession, waitForGuard, waitUntil } from "../harness/scripted";
import { openWorkbench, type Workbench } from "../../tools/workbench";
import { agentSetting, makeAgentHome, type AgentHome } from "../realAgents/agentSettings";
import { ScriptedModelServer } from "../realAgents/modelServer";

describe("A real agent in the workbench (e2e)", function () {
  this.timeout(180_000);
  let workbench: Workbench | undefined;
  let model: ScriptedModelServer | undefined;
  let home: AgentHome | undefined;

  before(async function () {
    this.timeout(300_000); // a cold install downloads the agent
    try {
      await ensureAgent(REAL_AGENTS.claude);
    } catch (error) {
      console.log(`      SKIPPED: ${error instanceof Error ? error.message : String(error)}`);
      this.skip();
    }
    model = await new ScriptedModelServer().start();
    home = makeAgentHome("claude");
    workbench = await openWorkbench({
      settings: { "symposium.agents": { "Claude Code": agentSetting("claude", model.url, home.dir) } },
    });
  });

  after(async () => {
    await workbench?.close();
    await model?.close();
    home?.dispose();
  });

  it("shows Claude's write as a card, and Allow once writes the file", async () => {
    const { page, workspace } = workbench!;
    const webview = await startSession(page, "Claude Code");
    await sendPrompt(webview, "Create the file [scenario:write]");
    const card = webview.getByRole("group", { name: "Write hello.txt", exact: true });
    await waitForGuard(card);
    assert.ok(!existsSync(join(workspace, "hello.txt")), "nothing is written before the click");
    await screenshot(page, "real-agent-claude-card");
    await card.getByRole("button", { name: "Yes", exact: true }).click();
    await waitUntil(() => existsSync(join(workspace, "hello.txt")), "Claude to write hello.txt", 60_000);
    assert.equal(readFileSync(join(workspace, "hello.txt"), "utf8"), "hello from the scripted model\n");
    await card.waitFor({ state: "detached", timeout: 30_000 });
  });
});

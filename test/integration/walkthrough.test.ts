/**
 * The first-run walkthrough and its Add Agent Example command inside a real extension host: the walkthrough the
 * workbench reads from the manifest, and the command writing real user settings.
 */
import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import {
  AGENT_CONFIGURED_CONTEXT,
  CARD_APPROVED_CONTEXT,
  DEMO_STARTED_CONTEXT,
} from "../../src/host/walkthrough";

const EXTENSION_ID = "symposium.symposium";

interface WalkthroughStep {
  readonly id: string;
  readonly media?: { readonly markdown?: string };
  readonly completionEvents?: readonly string[];
}
interface Walkthrough {
  readonly id: string;
  readonly steps: readonly WalkthroughStep[];
}

function userAgents(): Record<string, unknown> | undefined {
  return vscode.workspace.getConfiguration("symposium").inspect<Record<string, unknown>>("agents")
    ?.globalValue;
}

async function setUserAgents(value: Record<string, unknown> | undefined): Promise<void> {
  await vscode.workspace
    .getConfiguration("symposium")
    .update("agents", value, vscode.ConfigurationTarget.Global);
}

describe("First-run walkthrough", function () {
  this.timeout(60_000);
  let extension: vscode.Extension<unknown>;

  before(async () => {
    extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    await extension.activate();
  });

  afterEach(async () => {
    await setUserAgents(undefined);
    await vscode.commands.executeCommand("workbench.action.closeAllEditors");
  });

  it("is contributed with its steps, from opening the view to adding a real agent", async () => {
    const walkthroughs = (extension.packageJSON as { contributes: { walkthroughs: Walkthrough[] } })
      .contributes.walkthroughs;
    const walkthrough = walkthroughs.find((w) => w.id === "gettingStarted");
    assert.ok(walkthrough, "no gettingStarted walkthrough");
    assert.deepEqual(
      walkthrough.steps.map((s) => s.id),
      ["openView", "startDemo", "approveCard", "addAgent"],
    );
    // Every step completes on something the extension really sets or registers (a typo would never complete).
    const commands = await vscode.commands.getCommands(true);
    const contextKeys = [DEMO_STARTED_CONTEXT, CARD_APPROVED_CONTEXT, AGENT_CONFIGURED_CONTEXT];
    for (const step of walkthrough.steps) {
      assert.ok(step.completionEvents?.length, `${step.id} has no completion event`);
      for (const event of step.completionEvents ?? []) {
        const [, kind, argument = ""] = /^(\w+):(.+)$/.exec(event) ?? [];
        if (kind === "onCommand")
          assert.ok(commands.includes(argument), `${step.id}: ${argument} is not registered`);
        else if (kind === "onContext")
          assert.ok(contextKeys.includes(argument), `${step.id}: nothing sets ${argument}`);
        else assert.equal(event, "onView:symposium.view", `${step.id}: unexpected ${event}`);
      }
      const media = vscode.Uri.joinPath(extension.extensionUri, step.media?.markdown ?? "missing");
      await vscode.workspace.fs.stat(media); // throws when the step's page is missing
    }
    assert.ok(commands.includes("symposium.addAgentExample"));
  });

  it("Add Agent Example merges the example into user settings, keeping every agent there", async () => {
    const mine = {
      command: "/opt/my-agent",
      args: ["--acp"],
      env: { TOKEN: "kept" },
      bypassPermissions: true,
    };
    await setUserAgents({ Mine: mine, "Demo Agent": { bypassPermissions: true } });
    const result = await vscode.commands.executeCommand("symposium.addAgentExample", "Codex");
    assert.equal(result, "added");
    assert.deepEqual(userAgents(), {
      Mine: mine,
      "Demo Agent": { bypassPermissions: true },
      Codex: {
        command: "npx",
        args: ["-y", "@agentclientprotocol/codex-acp"],
        env: { INITIAL_AGENT_MODE: "read-only" },
      },
    });
  });

  it("Add Agent Example never replaces an agent of the same name", async () => {
    const myClaude = { command: "/usr/local/bin/claude-acp", env: { ANTHROPIC_API_KEY: "sk-mine" } };
    await setUserAgents({ "Claude Code": myClaude });
    const result = await vscode.commands.executeCommand("symposium.addAgentExample", "Claude Code");
    assert.equal(result, "exists");
    assert.deepEqual(userAgents(), { "Claude Code": myClaude });
  });

  it("Add Agent Example opens user settings JSON afterwards", async () => {
    await vscode.commands.executeCommand("symposium.addAgentExample", "Gemini CLI");
    const active = vscode.window.activeTextEditor?.document.uri;
    assert.ok(active, "no editor is active");
    assert.match(active.path, /\/User\/settings\.json$/);
    assert.ok(userAgents()?.["Gemini CLI"], "Gemini CLI was not added");
  });
});

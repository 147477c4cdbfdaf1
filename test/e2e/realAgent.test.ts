// The five real agents in the real workbench: each from its npm package (installed on demand into
// `.vscode-test/agents/`), configured in user settings as a person would, against the scripted model on 127.0.0.1.
// One workbench serves them all, one agent after the other (each session is closed again, which ends its process):
// a command shows a card that shows the command, Allow once runs it, and its tool call ends Completed. Some agents
// also get a reject or a file write. An agent that cannot be installed skips its tests with the reason.
// The same workbench checks that the header's agent picker follows the session shown (Demo Agent + a scripted agent).
import * as assert from "node:assert/strict";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FrameLocator, Locator } from "playwright-core";
import { runCommand, screenshot } from "../../tools/browser";
import { ensureAgent, REAL_AGENTS, type RealAgentName } from "../harness/realAgents";
import {
  scriptedAgent,
  sendPrompt,
  startSession,
  symposium,
  waitForGuard,
  waitForReady,
  waitUntil,
} from "../harness/scripted";
import { openWorkbench, type Workbench } from "../../tools/workbench";
import { agentSetting, makeAgentHome, type AgentHome } from "../realAgents/agentSettings";
import { FINAL_TEXT, ScriptedModelServer } from "../realAgents/modelServer";
import { AGENT_LABELS } from "../realAgents/realAgentSession";

interface E2eAgent {
  name: RealAgentName;
  /**
   * Where the card shows the command: `field`, the Command box the card draws from the request's raw input (or the v2
   * command subject); `title`, Gemini's card, which names the command only in its title (it sends no raw input).
   */
  commandOn: "field" | "title";
  /** false: the agent ends its command's tool call with no content (Gemini's is `content: []`), so no output shows. */
  sendsOutput?: false;
  /** Also reject a command (the tool call must not stay Pending). */
  reject?: true;
  /** Also write a file through the agent's file tool (the client's `fs/write_text_file` for Claude). */
  write?: true;
}

const AGENTS: E2eAgent[] = [
  { name: "claude", commandOn: "field", write: true },
  { name: "codex", commandOn: "field", reject: true },
  { name: "gemini", commandOn: "title", reject: true, sendsOutput: false },
  { name: "qwen", commandOn: "field" },
  { name: "copilot", commandOn: "field" },
];

const SCRIPTED_AGENT = "Scripted Agent";

/** The session shown (the others' views stay in the DOM, hidden). */
function shownSession(webview: FrameLocator): Locator {
  return webview.locator(".session-view:not([hidden])");
}

/** The one approval card of the shown session. */
function openCard(webview: FrameLocator): Locator {
  return shownSession(webview).locator('[role="group"][data-key]');
}

/** The shown session's tool calls in the transcript. */
function toolCalls(webview: FrameLocator): Locator {
  return shownSession(webview).locator('article[aria-label^="Tool call: "]');
}

/** Waits until the shown session has a tool call and every one of them shows `label` ("Completed", "Rejected"). */
async function waitForToolCallStatus(webview: FrameLocator, labels: RegExp, what: string): Promise<void> {
  await waitUntil(
    async () => {
      const badges = await toolCalls(webview).locator(".tool-head .status-badge").allTextContents();
      return badges.length > 0 && badges.every((text) => labels.test(text.trim()));
    },
    what,
    60_000,
  ).catch(async (error: unknown) => {
    const shown = await toolCalls(webview).allInnerTexts();
    throw new Error(`${String(error)}\nTool calls shown: ${JSON.stringify(shown)}`);
  });
}

/** Closes the shown session (its agent process ends with it) and waits for its view to go. */
async function closeShownSession(webview: FrameLocator): Promise<void> {
  const before = await webview.locator(".session-view").count();
  await webview.getByRole("button", { name: "Close session", exact: true }).click();
  await waitUntil(
    async () => (await webview.locator(".session-view").count()) < before,
    "the session to close",
  );
}

describe("Real agents in the workbench (e2e)", function () {
  this.timeout(180_000);
  let workbench: Workbench | undefined;
  let model: ScriptedModelServer | undefined;
  const homes: AgentHome[] = [];
  /** Why an agent is not configured (its install failed), by agent. */
  const notInstalled = new Map<RealAgentName, string>();
  const scriptedLog = join(tmpdir(), `symposium-e2e-real-scripted-${process.pid}.jsonl`);

  before(async function () {
    this.timeout(600_000); // a cold install downloads the agents (about a minute for all five)
    model = await new ScriptedModelServer().start();
    const agents: Record<string, unknown> = { [SCRIPTED_AGENT]: scriptedAgent(scriptedLog) };
    for (const { name } of AGENTS) {
      try {
        await ensureAgent(REAL_AGENTS[name]);
      } catch (error) {
        notInstalled.set(name, error instanceof Error ? error.message : String(error));
        continue;
      }
      const home = makeAgentHome(name);
      homes.push(home);
      agents[AGENT_LABELS[name]] = agentSetting(name, model.url, home.dir);
    }
    workbench = await openWorkbench({ settings: { "symposium.agents": agents } });
  });

  after(async () => {
    await workbench?.close();
    await model?.close();
    for (const home of homes) home.dispose();
    rmSync(scriptedLog, { force: true });
  });

  it("the header's agent picker offers the person's agent, names the agent of the session shown, and remembers the last started", async () => {
    const { page } = workbench!;
    const picker = (webview: FrameLocator) => webview.getByRole("combobox", { name: "Agent" });
    const startButton = (webview: FrameLocator, agent: string) =>
      webview.getByRole("button", { name: `Start a session with ${agent}`, exact: true });
    const tab = (webview: FrameLocator, agent: string) =>
      webview.getByRole("tablist", { name: "Sessions" }).locator(`[role="tab"][title^="${agent}:"]`);
    // Before any session: the person's own first agent is offered, not the Demo Agent, by the picker and the button.
    const first = await symposium(page);
    await waitUntil(
      async () => (await picker(first).inputValue()) === SCRIPTED_AGENT || undefined,
      "the picker to offer the first agent of the settings",
    );
    await startButton(first, SCRIPTED_AGENT).waitFor({ state: "visible", timeout: 10_000 });
    // A scripted session first, then a Demo Agent one: the picker was last set to the Demo Agent by hand.
    await startSession(page, SCRIPTED_AGENT);
    const webview = await startSession(page, "Demo Agent");
    assert.equal(await picker(webview).inputValue(), "Demo Agent");
    await tab(webview, SCRIPTED_AGENT).click();
    await waitUntil(
      async () => (await tab(webview, SCRIPTED_AGENT).getAttribute("aria-selected")) === "true",
      "the scripted session's tab to be selected",
    );
    assert.equal(
      await picker(webview).inputValue(),
      SCRIPTED_AGENT,
      "the picker names the shown session's agent",
    );
    await tab(webview, "Demo Agent").click();
    await waitUntil(
      async () => (await tab(webview, "Demo Agent").getAttribute("aria-selected")) === "true",
      "the Demo Agent session's tab to be selected",
    );
    assert.equal(await picker(webview).inputValue(), "Demo Agent");
    await closeShownSession(webview);
    // Closing shows the remaining session, and the picker follows it.
    await waitUntil(
      async () => (await picker(webview).inputValue()) === SCRIPTED_AGENT,
      "the picker to name the remaining scripted session's agent",
    );
    await closeShownSession(webview);
    // No session left: the empty view's Start names the agent the picker names (the last session shown's).
    assert.equal(await picker(webview).inputValue(), SCRIPTED_AGENT);
    await startButton(webview, SCRIPTED_AGENT).waitFor({ state: "visible", timeout: 10_000 });

    // After a reload (every session ends with the window), the agent last started is the one offered.
    const reloaded = page.waitForEvent("load", { timeout: 60_000 });
    await runCommand(page, "Developer: Reload Window");
    await reloaded;
    await page.locator(".monaco-workbench").waitFor({ state: "visible", timeout: 60_000 });
    const after = await symposium(page);
    await waitUntil(
      async () => (await picker(after).inputValue()) === "Demo Agent" || undefined,
      "the picker to offer the Demo Agent, started last",
    );
    await startButton(after, "Demo Agent").waitFor({ state: "visible", timeout: 10_000 });
  });

  for (const agent of AGENTS) {
    const label = AGENT_LABELS[agent.name];

    describe(label, function () {
      let webview: FrameLocator | undefined;

      before(async function () {
        const reason = notInstalled.get(agent.name);
        if (reason !== undefined) {
          console.log(`      SKIPPED ${agent.name}: ${reason}`);
          this.skip();
        }
        this.timeout(120_000); // Qwen takes up to 15 s to start on a loaded machine
        webview = await startSession(workbench!.page, label);
      });

      after(async () => {
        if (webview) await closeShownSession(webview);
      });

      it("shows the command on the card; Allow once runs it, its output shows and the tool call ends Completed", async () => {
        const { page, workspace } = workbench!;
        const file = `${agent.name}-allowed.txt`;
        const command = `echo ran ${file} | tee ${file}`;
        await sendPrompt(webview!, `Run it [scenario:tee:${file}]`);
        const card = openCard(webview!);
        await waitForGuard(card);
        if (agent.commandOn === "field")
          assert.equal(
            (await card.getByLabel("Command", { exact: true }).textContent())?.trim(),
            command,
            "the card shows the command that runs",
          );
        else
          assert.ok(
            (await card.getAttribute("aria-label"))?.includes(command),
            "the card's title names the command",
          );
        assert.ok(!existsSync(join(workspace, file)), "nothing ran before the click");
        await screenshot(page, `real-agent-${agent.name}-card`);
        const allowOnce = card.locator('[aria-keyshortcuts="1"]');
        assert.match(
          (await allowOnce.getAttribute("class")) ?? "",
          /\boption-allow\b/,
          "allow once is key 1",
        );
        await allowOnce.click();
        // `tee` creates the file before it writes to it: wait for its words, not only the file.
        const written = () =>
          existsSync(join(workspace, file)) ? readFileSync(join(workspace, file), "utf8") : "";
        await waitUntil(() => written() !== "", `${label} to run the command`, 60_000);
        assert.equal(written(), `ran ${file}\n`);
        await card.waitFor({ state: "detached", timeout: 30_000 });
        await waitForToolCallStatus(webview!, /^Completed$/, `${label}'s tool call to show Completed`);
        await shownSession(webview!).getByText(FINAL_TEXT).first().waitFor({ timeout: 60_000 });
        await waitForReady(webview!);
        // The command's output in the tool call's content (not its title, which holds the command's own words).
        const output = await toolCalls(webview!)
          .locator('.tool-text, [aria-label="Terminal output"]')
          .allInnerTexts();
        if (agent.sendsOutput === false)
          assert.deepEqual(output, [], `${label} sends no output (if it does now, check it)`);
        else
          assert.ok(
            output.join("\n").includes(`ran ${file}`),
            `the transcript shows the output: ${JSON.stringify(output)}`,
          );
        await screenshot(page, `real-agent-${agent.name}-done`);
      });

      if (agent.reject)
        it("Reject runs nothing, and the tool call does not stay open", async () => {
          const { workspace } = workbench!;
          const file = `${agent.name}-rejected.txt`;
          const before = await toolCalls(webview!).count();
          await sendPrompt(webview!, `Run it [scenario:run:${file}]`);
          const card = openCard(webview!);
          await waitForGuard(card);
          await card.locator(".option-reject:not(.option-lasting)").first().click();
          await card.waitFor({ state: "detached", timeout: 30_000 });
          await waitForReady(webview!);
          assert.equal(existsSync(join(workspace, file)), false, "the command did not run");
          const lastBadge = toolCalls(webview!).nth(before).locator(".tool-head .status-badge");
          await waitUntil(
            async () => /^(Rejected|Failed)$/.test(((await lastBadge.textContent()) ?? "").trim()),
            "the rejected tool call to be settled (Rejected or Failed, not Pending)",
          ).catch(async (error: unknown) => {
            throw new Error(
              `${String(error)}\nTool calls shown: ${JSON.stringify(await toolCalls(webview!).allInnerTexts())}`,
            );
          });
          assert.equal(
            await shownSession(webview!).getByText("Stopped.", { exact: true }).count(),
            0,
            "a rejection is not the person's Stop",
          );
        });

      if (agent.write)
        it("shows a file write as a card, and Allow once writes the file", async () => {
          const { workspace } = workbench!;
          await sendPrompt(webview!, "Create the file [scenario:write]");
          const card = openCard(webview!);
          await waitForGuard(card);
          assert.ok(!existsSync(join(workspace, "hello.txt")), "nothing is written before the click");
          await card.locator('[aria-keyshortcuts="1"]').click();
          await waitUntil(
            () => existsSync(join(workspace, "hello.txt")),
            `${label} to write hello.txt`,
            60_000,
          );
          assert.equal(readFileSync(join(workspace, "hello.txt"), "utf8"), "hello from the scripted model\n");
          await card.waitFor({ state: "detached", timeout: 30_000 });
          await waitForToolCallStatus(webview!, /^Completed$/, `${label}'s tool calls to show Completed`);
        });
    });
  }
});

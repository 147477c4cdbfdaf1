// Claude Code's session controls in the real workbench (its npm package against the scripted model, configured in
// user settings as a person would): typing `/` lists its commands, filtered as you type and chosen with the keyboard
// or the mouse, and a chosen command is sent; the session bar shows the cost after a turn and the tab takes Claude's
// title; after a window reload, Resume Session… lists the session and reopens it with its transcript and the draft
// left unsent in it. Skips with the reason when the agent cannot be installed.
import * as assert from "node:assert/strict";
import { pickQuickItem, runCommand, screenshot } from "../../tools/browser";
import { ensureAgent, REAL_AGENTS } from "../harness/realAgents";
import {
  messageBox,
  sendPrompt,
  startSession,
  symposium,
  waitForReady,
  waitUntil,
} from "../harness/scripted";
import { openWorkbench, type Workbench } from "../../tools/workbench";
import { agentSetting, makeAgentHome, type AgentHome } from "../realAgents/agentSettings";
import { PLAIN_TEXT, ScriptedModelServer } from "../realAgents/modelServer";
import type { FrameLocator } from "playwright-core";

describe("Claude's session controls in the workbench (e2e)", function () {
  this.timeout(240_000);
  let workbench: Workbench | undefined;
  let model: ScriptedModelServer | undefined;
  let home: AgentHome | undefined;
  let webview: FrameLocator;

  before(async function () {
    this.timeout(300_000);
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
    webview = await startSession(workbench.page, "Claude Code");
  });

  after(async () => {
    await workbench?.close();
    await model?.close();
    home?.dispose();
  });

  it("typing / lists Claude's commands, filtered as you type, and the keyboard completes and sends one", async () => {
    const box = messageBox(webview);
    const list = webview.getByRole("listbox", { name: "Slash commands" });
    const options = list.getByRole("option");
    await box.fill("/");
    await list.waitFor({ state: "visible", timeout: 30_000 });
    assert.ok((await options.count()) > 5, "Claude's commands are listed");
    await box.pressSequentially("compa");
    await waitUntil(
      async () => (await options.count()) === 2,
      "the list filtered to compact and autocompact",
    );
    assert.deepEqual(await options.locator(".suggest-name").allTextContents(), ["/compact", "/autocompact"]);
    // The first is active; Down moves, Up moves back.
    assert.equal(await options.nth(0).getAttribute("aria-selected"), "true");
    await box.press("ArrowDown");
    assert.equal(await options.nth(1).getAttribute("aria-selected"), "true");
    await box.press("ArrowUp");
    assert.equal(await options.nth(0).getAttribute("aria-selected"), "true");
    await screenshot(workbench!.page, "slash-commands");
    // Escape closes it (and leaves the text); typing reopens it.
    await box.press("Escape");
    await list.waitFor({ state: "hidden" });
    assert.equal(await box.inputValue(), "/compa");
    await box.pressSequentially("c");
    await list.waitFor({ state: "visible" });
    // Enter completes (it does not send), and the command's input hint shows.
    await box.press("Enter");
    assert.equal(await box.inputValue(), "/compact ");
    await list.waitFor({ state: "hidden" });
    await webview
      .getByText("/compact <optional custom summarization instructions>")
      .waitFor({ timeout: 5_000 });
    // The second Enter sends it, as text, like any message.
    await box.press("Enter");
    await webview.locator(".item.user", { hasText: "/compact" }).first().waitFor({ timeout: 30_000 });
    await waitForReady(webview);
  });

  it("a click on a listed command completes it", async () => {
    const box = messageBox(webview);
    const list = webview.getByRole("listbox", { name: "Slash commands" });
    await box.fill("/ini");
    const option = list.getByRole("option").filter({ hasText: "/init" });
    await option.click();
    assert.equal(await box.inputValue(), "/init ");
    await box.fill("");
  });

  it("shows the session's cost after a turn, and the tab takes Claude's title", async () => {
    await sendPrompt(webview, "Say something.");
    await waitForReady(webview);
    const usage = webview.locator(".session-usage");
    await usage.waitFor({ state: "visible", timeout: 30_000 });
    // The cost comes in a usage update of its own, which can follow the turn's end; the line may already show the
    // context from the turn before (a clean-clone run read "Context 0%" alone at the turn's end).
    let shown = "";
    await waitUntil(async () => {
      shown = (await usage.textContent()) ?? "";
      return /Session \d+(\.\d+)? USD/.test(shown);
    }, "the session's cost on the usage line").catch((error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : String(error)}; it read "${shown}"`);
    });
    await waitUntil(
      async () => ((await webview.locator(".session-name").textContent()) ?? "Claude Code") !== "Claude Code",
      "Claude's title on the session",
      60_000,
    );
    await screenshot(workbench!.page, "session-usage-title");
  });

  it("after a window reload, Resume Session… reopens the session with its transcript and the unsent draft", async () => {
    const page = workbench!.page;
    // Written and not sent when the window reloads: the tab goes with the reload, the words wait for its session.
    const draft = "Next, rename the port setting";
    await messageBox(webview).fill(draft);
    // The old page's workbench is still visible until the reload happens: wait for the new page's load.
    const reloaded = page.waitForEvent("load", { timeout: 60_000 });
    await runCommand(page, "Developer: Reload Window");
    await reloaded;
    await page.locator(".monaco-workbench").waitFor({ state: "visible", timeout: 60_000 });
    webview = await symposium(page);
    assert.equal(await webview.locator(".session-view").count(), 0, "the reload closed every session");
    await runCommand(page, "Symposium: Resume Session…");
    await pickQuickItem(page, "Claude Code"); // the agents: Claude Code and the Demo Agent
    // Claude starts and lists this workspace's sessions: the one of this test is the newest.
    const widget = page.locator(".quick-input-widget");
    await widget
      .locator(".quick-input-title", { hasText: "Resume a Claude Code session" })
      .waitFor({ timeout: 90_000 });
    await widget.locator(".quick-input-list .monaco-list-row").first().click();
    const replayed = webview.locator(".item.user", { hasText: "Say something." }).first();
    await replayed.waitFor({ timeout: 60_000 });
    // The agent gives the reopened session's messages: they are not shown as sent here.
    assert.equal(await replayed.getAttribute("aria-label"), "You (as the agent replays it)");
    assert.equal(await replayed.locator(".item-author").innerText(), "You (as the agent replays it)");
    await webview.locator(".item.agent", { hasText: PLAIN_TEXT }).first().waitFor({ timeout: 30_000 });
    await webview.locator(".session-status", { hasText: "Ready" }).waitFor({ timeout: 60_000 });
    assert.equal(
      await messageBox(webview).inputValue(),
      draft,
      "the draft is back in the reopened tab's box",
    );
    await screenshot(page, "resumed-session");
  });
});

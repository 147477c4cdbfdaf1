// Screenshots of the Symposium view for humans (test-results/screenshots/): every card type in the dark and the
// light default themes, plus the whole side bar with a few cards (what docs/images/cards-*.png are copied from).
// The theme is switched as a user switches it (Preferences: Color Theme), while the workbench runs.
import * as assert from "node:assert/strict";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { FrameLocator, Locator } from "playwright-core";
import { resizeSideBar } from "../../tools/browser";
import { resultsDir } from "../../tools/paths";
import {
  answer,
  card,
  ScriptedAgentLog,
  scriptedAgent,
  sendScript,
  startSession,
  v2Diff,
  waitForGuard,
  waitUntil,
} from "../harness/scripted";
import { makeTempFolder, openWorkbench, type Workbench } from "../../tools/workbench";
import { switchTheme } from "../harness/colorTheme";

const shotsDir = join(resultsDir, "screenshots");

const GREETING_BEFORE = 'export const greeting = "Hi";';
const GREETING_AFTER = 'export const greeting = "Welcome!";';

/** Scrolls the transcript to its end, where a new card is (a theme change can move the scroll position). */
async function scrollToEnd(webview: FrameLocator): Promise<void> {
  await webview.locator("main.transcript").evaluate((main) => {
    const scroller = main as unknown as { scrollTop: number; scrollHeight: number };
    scroller.scrollTop = scroller.scrollHeight;
  });
}

async function shoot(locator: Locator, name: string): Promise<void> {
  mkdirSync(shotsDir, { recursive: true });
  await locator.screenshot({ path: join(shotsDir, `${name}.png`), animations: "disabled" });
}

describe("Screenshots of the cards in dark and light themes (e2e)", function () {
  this.timeout(120_000);
  let workbench: Workbench;
  let logDir: string;
  let log: ScriptedAgentLog;
  let webview: FrameLocator;

  before(async () => {
    logDir = makeTempFolder("symposium-e2e-shots-");
    log = new ScriptedAgentLog(join(logDir, "agent.jsonl"));
    // A short workspace path reads better in the pictures than the harness's temporary folder name.
    const workspace = join(makeTempFolder("demo-"), "my-app");
    mkdirSync(join(workspace, "src"), { recursive: true });
    writeFileSync(join(workspace, "src", "greeting.ts"), `${GREETING_BEFORE}\n`);
    writeFileSync(join(workspace, "package.json"), '{ "name": "my-app" }\n');
    workbench = await openWorkbench({
      workspace,
      settings: { "symposium.agents": { "Coding Agent": scriptedAgent(log.path, "v2") } },
    });
    await workbench.page.setViewportSize({ width: 1280, height: 1240 });
    webview = await startSession(workbench.page, "Coding Agent");
    await resizeSideBar(workbench.page, 440);
  });

  after(async () => {
    await workbench?.close();
    rmSync(logDir, { recursive: true, force: true });
    if (workbench) rmSync(dirname(workbench.workspace), { recursive: true, force: true });
  });

  it("a tool_call card with a diff, a command card and a decided record, in both themes", async () => {
    const { page, workspace } = workbench;
    const file = join(workspace, "src", "greeting.ts");
    const read = {
      toolCallId: "read-greeting",
      title: "Read src/greeting.ts",
      kind: "read",
      locations: [{ path: file }],
    };
    const edit = {
      toolCallId: "edit-greeting",
      title: "Edit src/greeting.ts",
      kind: "edit",
      locations: [{ path: file, line: 1 }],
      content: [v2Diff(file, "src/greeting.ts", GREETING_BEFORE, GREETING_AFTER)],
    };
    await sendScript(webview, {
      steps: [
        { think: "The greeting lives in src/greeting.ts. Read it before changing it, then run the tests." },
        { say: "I'll look at the greeting first, then make it friendlier and run the tests.\n\n" },
        { update: { sessionUpdate: "tool_call_update", ...read, status: "pending" } },
        { request: { title: "Read src/greeting.ts", subject: { type: "tool_call", toolCall: read } } },
        { update: { sessionUpdate: "tool_call_update", toolCallId: "read-greeting", status: "completed" } },
        { say: "The greeting is a bare **Hi**. Here is a warmer one:" },
        { update: { sessionUpdate: "tool_call_update", ...edit, status: "pending" } },
        {
          request: {
            title: "Edit src/greeting.ts",
            subject: { type: "tool_call", toolCall: edit },
            options: [
              { optionId: "allow-once", name: "Allow once", kind: "allow_once" },
              { optionId: "allow-always", name: "Always allow edits", kind: "allow_always" },
              { optionId: "reject-once", name: "Reject", kind: "reject_once" },
            ],
          },
          wait: false,
        },
        {
          request: {
            title: "Run npm test",
            subject: { type: "command", command: "npm test -- --watch=false", cwd: workspace },
          },
          wait: false,
        },
        { waitAll: true },
      ],
    });
    const readCard = card(webview, "Read src/greeting.ts");
    await waitForGuard(readCard);
    await readCard.getByRole("button", { name: "Allow once", exact: true }).click();
    await log.waitForOutcome("Read src/greeting.ts");
    const editCard = card(webview, "Edit src/greeting.ts");
    const commandCard = card(webview, "Run npm test");
    await waitForGuard(editCard);
    await waitForGuard(commandCard);
    const record = webview.locator('.item.tool-call[data-id="tool:read-greeting"]');
    await record.locator(".decision-record").waitFor({ state: "visible", timeout: 30_000 });
    await page.mouse.move(900, 450); // no hover effects on the cards

    for (const theme of ["dark", "light"] as const) {
      await switchTheme(workbench, webview, theme);
      await scrollToEnd(webview);
      await shoot(page.locator(".part.sidebar"), `cards-sidebar-${theme}`);
      await shoot(editCard, `card-tool-call-diff-${theme}`);
      await shoot(commandCard, `card-command-${theme}`);
      await shoot(record, `card-decided-record-${theme}`);
    }
    await answer(editCard, "Allow once");
    await answer(commandCard, "Reject");
    assert.deepEqual(await log.waitForOutcome("Edit src/greeting.ts"), {
      outcome: "selected",
      optionId: "allow-once",
    });
    assert.deepEqual(await log.waitForOutcome("Run npm test"), {
      outcome: "selected",
      optionId: "reject-once",
    });
  });

  it("an unknown subject card, in both themes", async () => {
    await waitUntil(async () => (await webview.locator(".card").count()) === 0, "the earlier cards to go");
    await sendScript(webview, {
      steps: [
        {
          request: {
            title: "Deploy to staging",
            description: "The agent wants to use a tool Symposium does not know.",
            subject: { type: "deploy", environment: "staging", services: ["api", "web"] },
          },
        },
      ],
    });
    const unknown = card(webview, "Deploy to staging");
    await waitForGuard(unknown);
    await workbench.page.mouse.move(900, 450);
    for (const theme of ["light", "dark"] as const) {
      if (theme === "dark") await switchTheme(workbench, webview, "dark");
      await scrollToEnd(webview);
      await shoot(unknown, `card-unknown-${theme}`);
      await shoot(workbench.page.locator(".part.sidebar"), `card-unknown-sidebar-${theme}`);
    }
    await unknown.getByRole("button", { name: "Reject", exact: true }).click();
    assert.deepEqual(await log.waitForOutcome("Deploy to staging"), {
      outcome: "selected",
      optionId: "reject-once",
    });
  });

  it("reports no webview errors or CSP violations across theme changes", () => {
    const problems = workbench.console.webviewProblems();
    assert.deepEqual(problems, [], problems.map((p) => `${p.type}: ${p.text} (${p.url})`).join("\n"));
  });
});

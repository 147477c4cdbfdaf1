// A `.code-workspace` file a repository ships can list folders outside the repository (`..`, `../lib`,
// `../../.local/bin`), and opening it shows nothing of that: such a folder counts as no folder for permissions (Bypass
// and allow rules ask for what is in it) until the person confirms it, asked when Symposium starts in the window or
// with a command. Manage Permissions lists a yes and takes it back.
import * as assert from "node:assert/strict";
import type { FrameLocator, Locator, Page } from "playwright-core";
import { openSymposiumView, runCommand, symposiumWebview } from "../../tools/browser";
import { openWorkbench, type Workbench } from "../../tools/workbench";
import {
  answer,
  card,
  revokeThroughManagePermissions,
  sendScript,
  startSession,
  waitForGuard,
  waitForReady,
} from "../harness/scripted";
import { scriptedWorkbench, type ScriptedWorkbench } from "../harness/scriptedWorkbench";

/** Two folders side by side; the workspace file is the repository's: it lists itself as `.` and `lib` as `../lib`. */
const FOLDERS = { repo: { "README.md": "# Repo\n" }, lib: { "README.md": "# Lib\n" } };

function workbenchWithOutsideFolder(): ScriptedWorkbench {
  return scriptedWorkbench({
    workspaceFolders: FOLDERS,
    workspaceFileIn: "repo",
    agents: { Bypassed: { protocol: "v2", bypassPermissions: true } },
  });
}

/** A request to build in `cwd`, which Bypass approves inside the workspace. */
const build = (title: string, cwd: string) => ({
  request: { title, subject: { type: "command", command: "npm run build", cwd } },
  wait: false,
});

const allowed = { outcome: "selected", optionId: "allow-once" };

const COMMAND = "Symposium: Count the Workspace File's Outside Folders as Inside…";

/** The command's dialog, asking about the workspace file's outside folders. */
async function commandDialog(page: Page): Promise<Locator> {
  const dialog = page.locator(".monaco-dialog-box");
  await runCommand(page, COMMAND);
  await dialog.waitFor({ state: "visible", timeout: 15_000 });
  assert.match(
    await dialog.innerText(),
    /Count the folders test\.code-workspace lists outside its own folder/,
  );
  return dialog;
}

/** The notice's toast, shown or not. */
function toastOf(workbench: Workbench): Locator {
  return workbench.page.locator(".notifications-toasts .notification-toast", {
    hasText: "lists folders outside its own folder",
  });
}

/** The notice that asks about the folders, once Symposium has started in the window. */
async function notice({ workbench }: { workbench: Workbench }): Promise<Locator> {
  const toast = toastOf(workbench);
  await toast.waitFor({ state: "visible", timeout: 30_000 });
  const told = await toast.innerText();
  const lib = workbench.folders[1]!;
  assert.ok(told.includes(`test.code-workspace lists folders outside its own folder: ${lib}.`), told);
  return toast;
}

/** Bypass approves a build in the file's folder and holds one in `lib` for a person, saying why; rejected here. */
async function buildsAsk(ctx: ScriptedWorkbench, webview: FrameLocator, suffix: string): Promise<void> {
  const [repo, lib] = [ctx.workbench.folders[0]!, ctx.workbench.folders[1]!];
  await sendScript(webview, {
    steps: [build(`Build the repo${suffix}`, repo), build(`Build the lib${suffix}`, lib), { waitAll: true }],
  });
  const log = ctx.log("Bypassed");
  assert.deepEqual(
    await log.waitForOutcome(`Build the repo${suffix}`),
    allowed,
    "the file's own folder is inside",
  );
  const held = card(webview, `Build the lib${suffix}`);
  await waitForGuard(held);
  const reason = await held.innerText();
  assert.ok(
    reason.includes(
      `${lib} is outside the workspace: the workspace file lists ${lib} outside its own folder, not confirmed`,
    ),
    reason,
  );
  assert.equal(log.outcomeOf(`Build the lib${suffix}`), undefined, "a person decides");
  await answer(held, "Reject");
  await log.waitForOutcome(`Build the lib${suffix}`);
  await waitForReady(webview);
}

/** Bypass approves a build in `lib`: it counts as inside. */
async function buildApproved(ctx: ScriptedWorkbench, webview: FrameLocator, title: string): Promise<void> {
  await sendScript(webview, { steps: [build(title, ctx.workbench.folders[1]!), { waitAll: true }] });
  assert.deepEqual(
    await ctx.log("Bypassed").waitForOutcome(title),
    allowed,
    "confirmed, it counts as inside",
  );
  await waitForReady(webview);
}

describe("Folders a workspace file lists outside its own folder (e2e)", function () {
  this.timeout(120_000);

  describe("confirmed from the notice", () => {
    const ctx = workbenchWithOutsideFolder();

    it("asks under Bypass for what is in such a folder until the person counts it as inside", async () => {
      const webview = await startSession(ctx.workbench.page, "Bypassed");
      const toast = await notice(ctx);
      await buildsAsk(ctx, webview, "");
      await toast.getByRole("button", { name: "Count as Inside", exact: true }).click();
      await toast.waitFor({ state: "detached", timeout: 10_000 });
      await buildApproved(ctx, webview, "Build the lib again");
    });

    it("lists the yes in Manage Permissions, which takes it back: what is in the folder asks again", async () => {
      const webview = symposiumWebview(ctx.workbench.page);
      const lib = ctx.workbench.folders[1]!;
      await revokeThroughManagePermissions(
        ctx.workbench.page,
        lib,
        "counted as inside the workspace (test.code-workspace)",
      );
      await buildsAsk(ctx, webview, " (taken back)");
    });

    it("reports no webview errors or CSP violations", () => {
      const problems = ctx.workbench.console.webviewProblems();
      assert.deepEqual(problems, [], problems.map((p) => `${p.type}: ${p.text} (${p.url})`).join("\n"));
    });
  });

  describe("kept asking, then confirmed with the command", () => {
    const ctx = workbenchWithOutsideFolder();

    it("asks until the command's dialog is answered Count as Inside; Enter there keeps asking", async () => {
      const { page } = ctx.workbench;
      const webview = await startSession(page, "Bypassed");
      const toast = await notice(ctx);
      await toast.getByRole("button", { name: "Keep Asking", exact: true }).click();
      await toast.waitFor({ state: "detached", timeout: 10_000 });
      await buildsAsk(ctx, webview, "");

      const dialog = await commandDialog(page);
      // The default button keeps asking.
      await page.keyboard.press("Enter");
      await dialog.waitFor({ state: "detached", timeout: 10_000 });
      await buildsAsk(ctx, webview, " (after Enter)");

      await commandDialog(page);
      await dialog.getByRole("button", { name: "Count as Inside", exact: true }).click();
      await dialog.waitFor({ state: "detached", timeout: 10_000 });
      await buildApproved(ctx, webview, "Build the lib at last");
    });
  });

  describe("in Restricted Mode", () => {
    let workbench: Workbench;
    before(async () => {
      workbench = await openWorkbench({
        trust: false,
        workspaceFolders: FOLDERS,
        workspaceFileIn: "repo",
      });
    });
    after(async () => {
      await workbench?.close();
    });

    it("asks only once the workspace is trusted: an untrusted repository's file is no place for a yes", async () => {
      const { page } = workbench;
      await openSymposiumView(page);
      // The folder waits to be confirmed (the command's dialog names it), and no notice asked about it.
      const dialog = await commandDialog(page);
      assert.equal(await toastOf(workbench).count(), 0, "no notice while untrusted");
      await page.keyboard.press("Enter"); // Keep Asking
      await dialog.waitFor({ state: "detached", timeout: 10_000 });

      await runCommand(page, "Workspaces: Manage Workspace Trust");
      await page
        .getByRole("button", { name: /^Trust/ })
        .first()
        .click();
      await notice({ workbench });
    });
  });
});

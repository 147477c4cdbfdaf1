// A `.code-workspace` file a repository ships can list folders outside the repository (`..`, `../lib`,
// `../../.local/bin`), and opening it shows nothing of that: such a folder counts as no folder for permissions (Bypass
// and allow rules ask for what is in it) until the person confirms it, asked when Symposium starts in the window or
// or when it joins the workspace, and with a command. Manage Permissions lists a yes and takes it back.
import * as assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { FrameLocator, Locator, Page } from "playwright-core";
import { openSymposiumView, pickQuickItem, runCommand, symposiumWebview } from "../../tools/browser";
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

/** The pick of folders to count as inside (the command's, or the notice's for several): its rows, checked or not. */
async function folderPick(
  page: Page,
): Promise<{ widget: Locator; rows: () => Promise<[string, boolean][]> }> {
  const widget = page.locator(".quick-input-widget");
  await widget
    .locator(".quick-input-title", { hasText: "Count as Inside the Workspace (test.code-workspace)" })
    .waitFor({ state: "visible", timeout: 15_000 });
  const list = widget.locator(".quick-input-list .monaco-list-row");
  await list.first().waitFor({ state: "visible", timeout: 15_000 });
  const rows = async (): Promise<[string, boolean][]> =>
    Promise.all(
      (await list.all()).map(async (row): Promise<[string, boolean]> => [
        (await row.locator(".label-name").innerText()).trim(),
        (await row.getAttribute("aria-checked")) === "true",
      ]),
    );
  return { widget, rows };
}

/** The command's pick, listing the folders that wait, none of them picked. */
async function commandPick(page: Page, waiting: string[]): ReturnType<typeof folderPick> {
  await runCommand(page, COMMAND);
  const pick = await folderPick(page);
  assert.deepEqual(
    await pick.rows(),
    waiting.map((folder) => [folder, false]),
  );
  return pick;
}

/** The notice's toast, shown or not. */
function toastOf(workbench: Workbench): Locator {
  return workbench.page.locator(".notifications-toasts .notification-toast", {
    hasText: "lists folders outside its own folder",
  });
}

/** The notice that asks about the folders (by default `lib`), once Symposium has started in the window. */
async function notice(
  { workbench }: { workbench: Workbench },
  folders = [workbench.folders[1]!],
): Promise<Locator> {
  const toast = toastOf(workbench).last();
  await toast.waitFor({ state: "visible", timeout: 30_000 });
  const told = await toast.innerText();
  assert.ok(
    told.includes(`test.code-workspace lists folders outside its own folder: ${folders.join(", ")}.`),
    told,
  );
  return toast;
}

/**
 * Bypass approves a build in the file's folder and holds one in `outside` (by default `lib`) for a person, saying
 * why; rejected here.
 */
async function buildsAsk(
  ctx: ScriptedWorkbench,
  webview: FrameLocator,
  suffix: string,
  outside = ctx.workbench.folders[1]!,
): Promise<void> {
  const [repo, lib] = [ctx.workbench.folders[0]!, outside];
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

/** Bypass approves a build in `folder` (by default `lib`): it counts as inside. */
async function buildApproved(
  ctx: ScriptedWorkbench,
  webview: FrameLocator,
  title: string,
  folder = ctx.workbench.folders[1]!,
): Promise<void> {
  await sendScript(webview, { steps: [build(title, folder), { waitAll: true }] });
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

    it("asks until the folder is picked in the command's pick; Enter there as it opens keeps asking", async () => {
      const { page } = ctx.workbench;
      const lib = ctx.workbench.folders[1]!;
      const webview = await startSession(page, "Bypassed");
      const toast = await notice(ctx);
      await toast.getByRole("button", { name: "Keep Asking", exact: true }).click();
      await toast.waitFor({ state: "detached", timeout: 10_000 });
      await buildsAsk(ctx, webview, "");

      const { widget } = await commandPick(page, [lib]);
      await page.keyboard.press("Enter"); // nothing picked
      await widget.waitFor({ state: "hidden", timeout: 10_000 });
      await buildsAsk(ctx, webview, " (after Enter)");

      await commandPick(page, [lib]);
      await pickQuickItem(page, lib);
      await widget.getByRole("button", { name: "OK", exact: true }).click();
      await widget.waitFor({ state: "hidden", timeout: 10_000 });
      await buildApproved(ctx, webview, "Build the lib at last");
    });
  });

  describe("a folder the workspace file gains while open", () => {
    const ctx = workbenchWithOutsideFolder();

    it("asks about the new folders alone as they come, and counts only the one picked", async () => {
      const { page, folders } = ctx.workbench;
      const [repo, lib] = [folders[0]!, folders[1]!];
      const webview = await startSession(page, "Bypassed");
      const first = await notice(ctx);
      await first.getByRole("button", { name: "Keep Asking", exact: true }).click();
      await first.waitFor({ state: "detached", timeout: 10_000 });

      // The file changes on disk (a pull, or a folder added in the window): two more folders beside the repository.
      const [extra, more] = ["extra", "more"].map((name) => join(dirname(repo), name)) as [string, string];
      for (const folder of [extra, more]) {
        mkdirSync(folder);
        writeFileSync(join(folder, "README.md"), "# Beside\n");
      }
      writeFileSync(
        join(repo, "test.code-workspace"),
        JSON.stringify({
          folders: [{ path: "." }, { path: "../lib" }, { path: "../extra" }, { path: "../more" }],
        }),
      );
      // `lib` was answered in this window: the notice names only the folders that joined.
      const second = await notice(ctx, [extra, more]);
      await second.getByRole("button", { name: "Choose Folders…", exact: true }).click();
      const { widget, rows } = await folderPick(page);
      assert.deepEqual(await rows(), [
        [extra, false],
        [more, false],
      ]);
      await pickQuickItem(page, more);
      await widget.getByRole("button", { name: "OK", exact: true }).click();
      await widget.waitFor({ state: "hidden", timeout: 10_000 });

      await buildApproved(ctx, webview, "Build the picked folder", more);
      await buildsAsk(ctx, webview, " (not picked)", extra);
      await buildsAsk(ctx, webview, " (kept asking)", lib);
      // The command offers what still waits.
      const { widget: again } = await commandPick(page, [lib, extra]);
      await page.keyboard.press("Escape");
      await again.waitFor({ state: "hidden", timeout: 10_000 });
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
      // The folder waits to be confirmed (the command's pick lists it), and no notice asked about it.
      const { widget } = await commandPick(page, [workbench.folders[1]!]);
      assert.equal(await toastOf(workbench).count(), 0, "no notice while untrusted");
      await page.keyboard.press("Escape");
      await widget.waitFor({ state: "hidden", timeout: 10_000 });

      await runCommand(page, "Workspaces: Manage Workspace Trust");
      await page
        .getByRole("button", { name: /^Trust/ })
        .first()
        .click();
      await notice({ workbench });
    });
  });
});

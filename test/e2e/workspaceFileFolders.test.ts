// A `.code-workspace` file a repository ships can list folders outside the repository (`..`, `../lib`,
// `../../.local/bin`), and opening it shows nothing of that: such a folder counts as no folder for permissions (Bypass
// and allow rules ask for what is in it) until the person confirms it, asked when the window opens.
import * as assert from "node:assert/strict";
import type { FrameLocator } from "playwright-core";
import { answer, card, sendScript, startSession, waitForGuard, waitForReady } from "../harness/scripted";
import { scriptedWorkbench } from "../harness/scriptedWorkbench";

describe("Folders a workspace file lists outside its own folder (e2e)", function () {
  this.timeout(120_000);
  let webview: FrameLocator;
  const ctx = scriptedWorkbench({
    workspaceFolders: { repo: { "README.md": "# Repo\n" }, lib: { "README.md": "# Lib\n" } },
    // The file is the repository's: it lists itself as `.` and its neighbour as `../lib`.
    workspaceFileIn: "repo",
    agents: { Bypassed: { protocol: "v2", bypassPermissions: true } },
  });

  before(async () => {
    webview = await startSession(ctx.workbench.page, "Bypassed");
  });

  /** A request to build in `cwd`, which Bypass approves inside the workspace. */
  const build = (title: string, cwd: string) => ({
    request: { title, subject: { type: "command", command: "npm run build", cwd } },
    wait: false,
  });

  it("asks under Bypass for what is in that folder until the person counts it as inside", async () => {
    const { page, folders } = ctx.workbench;
    const [repo, lib] = [folders[0]!, folders[1]!];
    const notice = page.locator(".notifications-toasts .notification-toast", {
      hasText: "lists folders outside its own folder",
    });
    await notice.waitFor({ state: "visible", timeout: 30_000 });
    const told = await notice.innerText();
    assert.ok(told.includes(`test.code-workspace lists folders outside its own folder: ${lib}.`), told);

    await sendScript(webview, {
      steps: [build("Build the repo", repo), build("Build the lib", lib), { waitAll: true }],
    });
    const log = ctx.log("Bypassed");
    const allowed = { outcome: "selected", optionId: "allow-once" };
    assert.deepEqual(
      await log.waitForOutcome("Build the repo"),
      allowed,
      "the file's own folder is the workspace",
    );
    const held = card(webview, "Build the lib");
    await waitForGuard(held);
    const reason = await held.innerText();
    assert.ok(
      reason.includes(
        `${lib} is outside the workspace: the workspace file lists ${lib} outside its own folder, not confirmed`,
      ),
      reason,
    );
    assert.equal(log.outcomeOf("Build the lib"), undefined, "a person decides");
    await answer(held, "Reject");
    await log.waitForOutcome("Build the lib");
    await waitForReady(webview);

    await notice.getByRole("button", { name: "Count as Inside", exact: true }).click();
    await notice.waitFor({ state: "detached", timeout: 10_000 });
    await sendScript(webview, { steps: [build("Build the lib again", lib), { waitAll: true }] });
    assert.deepEqual(
      await log.waitForOutcome("Build the lib again"),
      allowed,
      "confirmed, it counts as inside",
    );
    await waitForReady(webview);
  });

  it("reports no webview errors or CSP violations", () => {
    const problems = ctx.workbench.console.webviewProblems();
    assert.deepEqual(problems, [], problems.map((p) => `${p.type}: ${p.text} (${p.url})`).join("\n"));
  });
});

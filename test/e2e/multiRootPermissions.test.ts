// A multi-root workspace in the real workbench: each folder's `.vscode/settings.json` may tighten the policy (its deny
// and ask rules apply to the whole workspace, under Bypass too) and never loosen it (its allow rules are ignored);
// Manage Permissions names the folder a rule comes from and opens that folder's settings file, never editing it.
// VS Code drops a window-scoped setting from a folder's file in a multi-root workspace, so these rules were lost.
import * as assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FrameLocator } from "playwright-core";
import { runCommand } from "../../tools/browser";
import { card, sendScript, startSession, waitForGuard, waitForReady } from "../harness/scripted";
import { scriptedWorkbench } from "../harness/scriptedWorkbench";

const LIB_SETTINGS = JSON.stringify({
  "symposium.workspacePermissions": {
    allow: [{ command: "npm test" }],
    ask: [{ command: "make deploy" }],
    deny: [{ command: "npm publish" }],
  },
});

describe("Permission rules of each folder of a multi-root workspace (e2e)", function () {
  this.timeout(120_000);
  let webview: FrameLocator;
  const ctx = scriptedWorkbench({
    workspaceFolders: {
      app: { "README.md": "# App\n" },
      lib: {
        "README.md": "# Lib\n",
        ".vscode/settings.json": LIB_SETTINGS,
      },
    },
    agents: { Bypassed: { protocol: "v2", bypassPermissions: true } },
  });

  before(async () => {
    webview = await startSession(ctx.workbench.page, "Bypassed");
  });

  /** A request to run `command` in the first folder, `app`, whose own settings have no rules. */
  function run(title: string, command: string) {
    return {
      request: { title, subject: { type: "command", command, cwd: ctx.workbench.folders[0] } },
      wait: false,
    };
  }

  it("applies a folder's deny and ask rules across the workspace, under Bypass, and ignores its allow rule", async () => {
    await sendScript(webview, {
      steps: [
        run("Publish", "npm publish"),
        run("Deploy", "make deploy"),
        run("Build", "npm run build"),
        { waitAll: true },
      ],
    });
    const log = ctx.log("Bypassed");
    // lib's deny rule answers the agent's reject option, though the command runs in app and Bypass is on.
    assert.deepEqual(await log.waitForOutcome("Publish"), { outcome: "selected", optionId: "reject-once" });
    // Bypass still approves what no rule holds.
    assert.deepEqual(await log.waitForOutcome("Build"), { outcome: "selected", optionId: "allow-once" });
    // lib's ask rule holds the request for a person, and the card says which rule.
    const deploy = card(webview, "Deploy");
    await waitForGuard(deploy);
    assert.match(await deploy.innerText(), /Ask for commands starting with "make deploy"/);
    assert.equal(log.outcomeOf("Deploy"), undefined, "a person decides");
    assert.equal(await card(webview, "Publish").count(), 0, "no card for the denied request");
    await deploy.getByRole("button", { name: "Reject", exact: true }).click();
    await log.waitForOutcome("Deploy");
    await waitForReady(webview);
  });

  it("Manage Permissions lists the folder's rules under its name and opens its settings file, unchanged", async () => {
    const { page, folders } = ctx.workbench;
    await runCommand(page, "Symposium: Manage Permissions…");
    const widget = page.locator(".quick-input-widget");
    const rows = widget.locator(".quick-input-list .monaco-list-row");
    const deny = rows.filter({ hasText: 'Deny commands starting with "npm publish"' }).first();
    await deny.waitFor({ state: "visible", timeout: 15_000 });
    assert.match(await deny.innerText(), /settings of the workspace folder "lib"/);
    // The folder's allow rule is listed as ignored, not as a grant.
    const allow = rows.filter({ hasText: "npm test" }).first();
    assert.match(await allow.innerText(), /settings of the workspace folder "lib", ignored/);
    await deny.click();
    // The editor opens lib's settings file (no confirmation), and nothing is written to it.
    const tab = page.locator(".tabs-container .tab.active", { hasText: "settings.json" });
    await tab.waitFor({ state: "visible", timeout: 15_000 });
    const breadcrumbs = await page.locator(".breadcrumbs-control").first().innerText();
    assert.match(
      breadcrumbs,
      /^lib\s+\.vscode\s+settings\.json/,
      "the editor shows lib/.vscode/settings.json",
    );
    assert.equal(readFileSync(join(folders[1]!, ".vscode", "settings.json"), "utf8"), LIB_SETTINGS);
  });

  it("reports no webview errors or CSP violations", () => {
    const problems = ctx.workbench.console.webviewProblems();
    assert.deepEqual(problems, [], problems.map((p) => `${p.type}: ${p.text} (${p.url})`).join("\n"));
  });
});

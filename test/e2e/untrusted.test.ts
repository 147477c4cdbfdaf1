// Restricted Mode: in an untrusted folder no agent starts (not even a bypassed one), and the view says why and offers
// the way out.
import * as assert from "node:assert/strict";
import { join } from "node:path";
import { openSymposiumView, screenshot, symposiumWebview } from "../../tools/browser";
import { repoRoot } from "../../tools/paths";
import { openWorkbench, type Workbench } from "../../tools/workbench";

describe("Symposium in an untrusted workspace (e2e)", function () {
  this.timeout(120_000);
  let workbench: Workbench;

  before(async () => {
    workbench = await openWorkbench({
      trust: false,
      settings: { "symposium.agents": { "Demo Agent": { bypassPermissions: true } } },
      workspaceFiles: { "README.md": "# Untrusted\n" },
    });
  });

  after(async () => {
    await workbench?.close();
  });

  it("explains that agents do not start and offers Manage Workspace Trust", async () => {
    await openSymposiumView(workbench.page);
    const webview = symposiumWebview(workbench.page);
    const banner = webview.getByRole("alert").filter({ hasText: "untrusted workspace" });
    await banner.waitFor({ timeout: 30_000 });
    assert.match((await banner.textContent()) ?? "", /bypass never applies/);
    await banner.getByRole("button", { name: "Manage Workspace Trust", exact: true }).waitFor();
    await screenshot(workbench.page, "untrusted-banner");
  });

  it("starts no session when asked to", async () => {
    // Demo agents of earlier test files may still be ending: only one started now would be this window's. Only
    // this checkout's count (another run on the machine starts its own).
    const ours = join(repoRoot, "dist", "demoAgent.js");
    const demoAgents = async () => {
      const { execFileSync } = await import("node:child_process");
      return execFileSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" })
        .split("\n")
        .filter((line) => line.includes(ours))
        .map((line) => line.trim().split(/\s+/, 1)[0]!);
    };
    const before = new Set(await demoAgents());
    const webview = symposiumWebview(workbench.page);
    const start = webview.getByRole("button", { name: "Start a session with Demo Agent", exact: true });
    if ((await start.count()) > 0 && (await start.isEnabled()))
      await start.click({ timeout: 2_000 }).catch(() => undefined);
    await workbench.page.waitForTimeout(1_000);
    assert.equal(
      await webview.getByRole("textbox", { name: "Message" }).count(),
      0,
      "no session composer appeared",
    );
    const started = (await demoAgents()).filter((pid) => !before.has(pid));
    assert.deepEqual(started, [], "no demo agent process was spawned");
  });
});

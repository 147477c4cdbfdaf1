// The extension as it ships: production bundles packaged into a .vsix, installed into code-server as a person installs
// it (no extension under development), then the view opened and a Demo Agent card approved. What only the package
// does is on this path: the bundles inflated from brotli as they load, and the view's script written out of
// `dist/webview.js.br` into the global storage, where the view is let load it from.
import * as assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { installVsix } from "../../tools/codeServer";
import { cacheDir, repoRoot } from "../../tools/paths";
import { buildProduction, stageExtension, type ProductionBuild } from "../../tools/productionBuild";
import { openWorkbench, type Workbench } from "../../tools/workbench";
import { card, sendPrompt, startSession, waitForGuard } from "../harness/scripted";

describe("The packaged extension, installed from its .vsix (e2e)", function () {
  this.timeout(240_000);
  let build: ProductionBuild | undefined;
  let workbench: Workbench | undefined;
  let installRun: string | undefined;

  before(async function () {
    this.timeout(300_000);
    build = buildProduction(repoRoot);
    stageExtension(repoRoot, build);
    const vsix = join(build.dir, "symposium.vsix");
    const vsce = join(repoRoot, "node_modules", "@vscode", "vsce", "vsce");
    const packaged = spawnSync(
      process.execPath,
      [vsce, "package", "--no-dependencies", "--no-rewrite-relative-links", "--out", vsix],
      { cwd: build.dir, encoding: "utf8" },
    );
    assert.equal(packaged.status, 0, `vsce package failed:\n${packaged.stdout}\n${packaged.stderr}`);
    installRun = join(cacheDir, "runs", `packaged-${process.pid}`);
    const extensions = join(installRun, "extensions");
    installVsix(vsix, { runDir: installRun, extensionsDir: extensions });
    workbench = await openWorkbench({
      workspaceFiles: { "README.md": "# Packaged\n" },
      installedIn: extensions,
    });
  });

  after(async () => {
    await workbench?.close();
    build?.remove();
    if (installRun) rmSync(installRun, { recursive: true, force: true });
  });

  it("opens its view from the script it wrote out, and a Demo Agent card is approved there", async () => {
    const { page, userSettingsPath } = workbench!;
    const webview = await startSession(page, "Demo Agent");
    await sendPrompt(webview, "edit");
    const request = card(webview, "Allow the demo agent to create symposium-demo.md?");
    await waitForGuard(request);
    await request.getByRole("button", { name: "Allow once", exact: true }).click();
    await request.waitFor({ state: "detached", timeout: 30_000 });
    // The view ran from the global storage: the package has no dist/webview.js to load.
    const installed = readdirSync(join(installRun!, "extensions")).find((name) =>
      name.startsWith("symposium."),
    );
    assert.ok(installed, "the extension is installed");
    assert.equal(existsSync(join(installRun!, "extensions", installed, "dist", "webview.js")), false);
    const stored = join(dirname(userSettingsPath), "globalStorage", "symposium.symposium", "webview");
    assert.deepEqual(
      readdirSync(stored).filter((name) => name.endsWith(".js")).length,
      1,
      "the view's script written out once",
    );
  });
});

// The Symposium view in a real workbench (code-server + Chromium): the activity bar entry opens it, its webview
// document loads the bundled script under the CSP, and the commands are in the palette.
import * as assert from "node:assert/strict";
import {
  hasCommand,
  lacksCommand,
  openSymposiumView,
  screenshot,
  symposiumWebview,
} from "../../tools/browser";
import { waitFor } from "../../tools/waitFor";
import { openWorkbench, type Workbench } from "../../tools/workbench";

/** What this test reads of the webview's DOM (the Node test config has no DOM types). */
interface WebviewBody {
  readonly ownerDocument: { readonly readyState: string };
}

describe("Symposium view (e2e)", function () {
  this.timeout(120_000);
  let workbench: Workbench;

  before(async () => {
    workbench = await openWorkbench({
      workspaceFiles: { "README.md": "# Sample\n", "src/index.js": "console.log('hi');\n" },
    });
  });

  after(async () => {
    await workbench?.close();
  });

  it("renders the webview with its bundled script", async () => {
    const { page } = workbench;
    await openSymposiumView(page);
    const webview = symposiumWebview(page);
    await webview.locator("body").waitFor({ state: "attached", timeout: 30_000 });
    // The document's one script is dist/webview.js, allowed by nonce.
    const script = webview.locator('script[nonce][src*="webview.js"]');
    assert.equal(
      await script.count(),
      1,
      "the webview document has no nonce'd script loading dist/webview.js",
    );
    // The script ran: the view it draws is there. The document then finishes loading (its stylesheet and fonts):
    // read once right after the body appeared, on a loaded machine it was still "interactive".
    await webview.getByRole("combobox", { name: "Agent" }).waitFor({ state: "visible", timeout: 30_000 });
    await waitFor(
      async () =>
        (await webview
          .locator("body")
          .evaluate((body) => (body as unknown as WebviewBody).ownerDocument.readyState)) === "complete",
      "the webview document to finish loading",
      30_000,
    );
    await screenshot(page, "view-open");
  });

  it("reports no console errors or CSP violations from the webview", () => {
    const problems = workbench.console.webviewProblems();
    assert.deepEqual(problems, [], problems.map((p) => `${p.type}: ${p.text} (${p.url})`).join("\n"));
  });

  it("lists Symposium: New Session in the command palette", async () => {
    assert.equal(await hasCommand(workbench.page, "Symposium: New Session"), true);
    await screenshot(workbench.page, "view-palette");
  });

  it("keeps the workspace file's command out of the palette of a window with no workspace file", async () => {
    assert.equal(
      await lacksCommand(
        workbench.page,
        "Symposium: Count the Workspace File's Outside Folders as Inside…",
        "Symposium: Manage Permissions…",
      ),
      true,
    );
  });
});

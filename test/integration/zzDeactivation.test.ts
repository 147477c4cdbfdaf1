/**
 * `deactivate()` in a real extension host: it resolves only once the last decisions, the ones shutdown itself made,
 * are on disk, and the window's scratch folder is gone. This file ends the extension, so it is named to run last (the
 * runner adds files in name order).
 */
import * as assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as vscode from "vscode";
import type { SymposiumTestApi } from "../../src/extension";
import { waitFor } from "../../tools/waitFor";

const EXTENSION_ID = "symposium.symposium";

describe("Deactivation", function () {
  this.timeout(60_000);

  it("resolves once the shutdown's decisions are in the history file", async () => {
    const extension = vscode.extensions.getExtension<SymposiumTestApi>(EXTENSION_ID)!;
    const api = await extension.activate();
    const workspace = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    writeFileSync(join(workspace, "README.md"), "# Test workspace\n");
    // The scratch folder agents get as TMPDIR: the policy's, and holding what an agent left in it.
    const scratch = api.scratchFolder;
    assert.ok(scratch !== undefined && existsSync(scratch), "a scratch folder");
    assert.ok(
      api.paths().roots.some((root) => root.path === scratch),
      "counted as a folder writes may go to",
    );
    writeFileSync(join(scratch, "left.txt"), "x");
    const key = await api.sessions.startSession("Demo Agent");
    void api.sessions.sendPrompt(key, "Please read the readme");
    await waitFor(
      () => api.sessions.pending.list().find((p) => p.sessionKey === key),
      "the read card",
      15_000,
      20,
    );
    // The module the extension host loaded (same path, same instance): its `deactivate` is what VS Code calls.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const main = require(join(extension.extensionPath, "dist", "extension.js")) as {
      deactivate(): Promise<void>;
    };
    await main.deactivate();
    // Straight from the file: `ApprovalHistory.read` would flush first and hide a shutdown that did not. Shutdown's
    // answers are automatic ones, kept apart from the person's.
    const lines = readFileSync(join(api.history.folder, "automatic.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean);
    const entries = lines.map((line) => JSON.parse(line) as { session?: string; provenance?: string });
    assert.deepEqual(
      entries.filter((entry) => entry.session === key).map((entry) => entry.provenance),
      ["shutdown"],
    );
    assert.equal(existsSync(scratch), false, "the scratch folder is removed");
  });
});

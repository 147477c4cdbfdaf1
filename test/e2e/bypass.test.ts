// Bypass Permissions from a card, end to end: the confirmation in VS Code's modal dialog, the allow-once answer, the
// user settings file VS Code writes, and the next request of that agent answered allow_once without a card.
import * as assert from "node:assert/strict";
import { screenshot } from "../../tools/browser";
import {
  card,
  scriptedAgent,
  sendScript,
  startSession,
  waitForGuard,
  waitForReady,
  waitUntil,
} from "../harness/scripted";
import { scriptedWorkbench } from "../harness/scriptedWorkbench";

/** What the test reads of the webview's window (the Node test config has no DOM types). */
interface CardWatch {
  readonly ownerDocument: {
    readonly defaultView: { __cardsSeen?: string[] } | null;
    readonly body: unknown;
  };
}

describe("Bypass Permissions (e2e)", function () {
  this.timeout(120_000);
  const other = { command: "/opt/other-agent", args: ["--acp", "--verbose"], env: { OTHER_MODE: "x" } };
  const ctx = scriptedWorkbench({
    workspaceFiles: { "README.md": "# Bypass\n" },
    agents: { Scripted: "v2" },
    settings: { "symposium.agents": { Other: other } },
  });

  it("asks for confirmation, approves once, stores bypassPermissions and auto-approves the next request", async () => {
    const { page, workspace } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    const first = "Run the tests (first)";
    await sendScript(webview, {
      steps: [
        { request: { title: first, subject: { type: "command", command: "npm test", cwd: workspace } } },
      ],
    });
    const group = card(webview, first);
    await waitForGuard(group);

    // The click asks in VS Code's own modal dialog, which the webview cannot answer; the safe answer has the focus,
    // and Keep asking answers nothing.
    const bypassButton = group.getByRole("button", { name: "Bypass Permissions", exact: true });
    await bypassButton.click();
    const dialog = page.locator(".monaco-dialog-box");
    await dialog.waitFor({ state: "visible", timeout: 15_000 });
    const said = ((await dialog.textContent()) ?? "").replace(/\s+/g, " ");
    assert.match(said, /Approve this request, and Scripted's future requests automatically\?/);
    assert.match(
      said,
      /Saved in your user settings: it holds in every window and workspace until you revoke it/,
    );
    assert.match(said, /outside the workspace, touches a protected file or runs a guarded command/);
    assert.match(said, /It is not a sandbox: a program Scripted runs this way .* can do whatever you can\./);
    const focused = await page.evaluate(() => {
      const active = (
        globalThis as unknown as { document: { activeElement: { textContent: string } | null } }
      ).document.activeElement;
      return active?.textContent ?? "";
    });
    assert.equal(focused.trim(), "Keep asking", "the safe answer has the focus (Enter keeps asking)");
    await screenshot(page, "bypass-confirm");
    await dialog.getByRole("button", { name: "Keep asking" }).click();
    await dialog.waitFor({ state: "hidden", timeout: 15_000 });
    assert.equal(ctx.log("Scripted").outcomeOf(first), undefined, "Keep asking answers nothing");

    await bypassButton.click();
    await dialog.waitFor({ state: "visible", timeout: 15_000 });
    await dialog.getByRole("button", { name: "Bypass Permissions" }).click();
    assert.deepEqual(await ctx.log("Scripted").waitForOutcome(first), {
      outcome: "selected",
      optionId: "allow-once",
    });

    // The profile's settings.json: bypassPermissions for Scripted, everything else as it was.
    const stored = await waitUntil(() => {
      const agents = ctx.workbench.readUserSettings()["symposium.agents"] as
        Record<string, Record<string, unknown>> | undefined;
      return agents?.Scripted?.bypassPermissions === true && agents;
    }, "bypassPermissions: true in the user settings file");
    const { bypassPermissions, ...definition } = stored.Scripted!;
    assert.equal(bypassPermissions, true);
    assert.deepEqual(
      definition,
      scriptedAgent(ctx.log("Scripted").path, "v2"),
      "command, args and env unchanged",
    );
    assert.deepEqual(stored.Other, other, "the other agent is untouched");

    // The header marks the agent; the turn ended.
    await webview
      .locator(".toolbar .bypass-badge:not([hidden])")
      .waitFor({ state: "visible", timeout: 30_000 });
    await waitForReady(webview);

    // Watch for any card, however briefly shown, while the next request is answered.
    await webview.locator("body").evaluate((body) => {
      const doc = (body as unknown as CardWatch).ownerDocument;
      const view = doc.defaultView!;
      view.__cardsSeen = [];
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const Observer = (view as any).MutationObserver as new (callback: (records: any[]) => void) => {
        observe(target: unknown, options: unknown): void;
      };
      new Observer((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node.nodeType === 1 && (node.matches?.(".card") || node.querySelector?.(".card")))
              view.__cardsSeen!.push(String(node.outerHTML).slice(0, 200));
      }).observe(doc.body, { childList: true, subtree: true });
    });
    const second = "Run the tests (second)";
    await sendScript(webview, {
      steps: [
        { request: { title: second, subject: { type: "command", command: "npm test", cwd: workspace } } },
      ],
    });
    assert.deepEqual(await ctx.log("Scripted").waitForOutcome(second), {
      outcome: "selected",
      optionId: "allow-once",
    });
    await waitForReady(webview);
    const seen = await webview
      .locator("body")
      .evaluate((body) => (body as unknown as CardWatch).ownerDocument.defaultView!.__cardsSeen ?? []);
    assert.deepEqual(seen, [], "no card appeared for the bypassed request");
    assert.equal(await webview.locator(".card").count(), 0);
    // The status bar says bypass is on for a running session.
    const status = page.locator('.part.statusbar [id="symposium.symposium.symposium.pending"]');
    await status.waitFor({ state: "visible", timeout: 30_000 });
    assert.match((await status.getAttribute("aria-label")) ?? "", /Bypass Permissions is on for: Scripted/);
    await screenshot(page, "bypass-auto-approved");
  });

  it("reports no webview errors or CSP violations", () => {
    const problems = ctx.workbench.console.webviewProblems();
    assert.deepEqual(problems, [], problems.map((p) => `${p.type}: ${p.text} (${p.url})`).join("\n"));
  });
});

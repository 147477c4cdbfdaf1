// Symposium: Show Approval History in a real workbench: the decisions made in the view appear in the table, with who
// decided, and the filter narrows them; axe finds no WCAG A or AA failure in it.
import * as assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { FrameLocator, Page } from "playwright-core";
import { openFile, openSymposiumView, runCommand, screenshot } from "../../tools/browser";
import { answer, card, sendScript, startSession, waitForGuard, waitUntil } from "../harness/scripted";
import { scriptedWorkbench } from "../harness/scriptedWorkbench";
import { axeFindings } from "../harness/axe";
import { splitWords } from "../harness/textLayout";

describe("Approval history (e2e)", function () {
  this.timeout(180_000);
  const ctx = scriptedWorkbench({
    workspaceFiles: { "README.md": "# History\n" },
    agents: { Scripted: "v2" },
    settings: { "symposium.permissions": { deny: [{ command: "npm publish" }] } },
  });

  it("lists each decision with who made it, and filters as you type", async () => {
    const { page, workspace } = ctx.workbench;
    await openSymposiumView(page);
    const webview = await startSession(page, "Scripted");
    const log = ctx.log("Scripted");
    const request = (title: string, command: string) => ({
      request: { title, subject: { type: "command", command, cwd: workspace } },
      wait: false,
    });
    await sendScript(webview, {
      steps: [
        // Long, as agents' commands are: the table still keeps the short columns' words whole.
        request(
          "Run the linter",
          "npm run lint -- --max-warnings 0 --cache --cache-location node_modules/.cache/eslint-cache-of-this-workspace",
        ),
        request("Delete the build", "rm -rf build"),
        { waitAll: true },
      ],
    });
    for (const [title, option] of [
      ["Run the linter", "Allow once"],
      ["Delete the build", "Reject"],
    ] as const) {
      await answer(card(webview, title), option);
      await log.waitForOutcome(title);
    }

    const panel = await showHistory(page);
    const rows = panel.locator("table.history tbody tr");
    await waitUntil(async () => (await rows.count()) >= 2, "two rows in the history table");
    const lint = rows.filter({ hasText: "Run the linter" });
    assert.match(await lint.innerText(), /Scripted[\s\S]*command: npm run lint[\s\S]*You[\s\S]*Allow once/);
    const shortCells = panel.locator("table.history th, table.history td:not(.agent-text)");
    const split = (await Promise.all((await shortCells.all()).map((cell) => splitWords(cell)))).flat();
    assert.deepEqual(split, [], "the headings, times, agents and decisions keep their words whole");
    assert.match(await rows.filter({ hasText: "Delete the build" }).innerText(), /You[\s\S]*Reject/);

    await panel.getByRole("searchbox", { name: "Filter" }).fill("rm -rf");
    await waitUntil(async () => (await rows.count()) === 1, "the filter to leave one row");
    assert.match(await rows.first().innerText(), /Delete the build/);
    assert.match(await panel.locator(".count").innerText(), /^1 of \d+$/);
    await screenshot(page, "history-panel");
    const found = await axeFindings(panel);
    assert.deepEqual(found, [], found.join("\n"));
  });

  it("keeps the filter typed when the panel is hidden behind an editor and shown again; new decisions come in live", async () => {
    const { page, workspace } = ctx.workbench;
    await runCommand(page, "View: Close All Editors");
    await startSession(page, "Scripted");
    await runCommand(page, "Symposium: Show Approval History");
    // Two webviews of Symposium's from here on: the view's, made first, and the panel's.
    const frames = page.frameLocator('iframe.webview.ready[src*="extensionId=symposium.symposium"]');
    const webview = frames.first().frameLocator("#active-frame");
    const panel = frames.last().frameLocator("#active-frame");
    const rows = panel.locator("table.history tbody tr");
    const filter = panel.getByRole("searchbox", { name: "Filter" });
    await filter.fill("delete the");
    await waitUntil(async () => (await rows.count()) === 1, "the filter to leave one row");

    // Another editor takes the panel's place (VS Code drops a hidden panel's page), then the panel comes back.
    await openFile(page, "README.md");
    await runCommand(page, "Symposium: Show Approval History");
    await waitUntil(async () => (await rows.count()) > 0, "the table back");
    assert.equal(await filter.inputValue(), "delete the", "the filter as typed");
    assert.equal(await rows.count(), 1, "the rows it filters");

    // A decision made while the panel shows comes into it, filtered the same.
    await sendScript(webview, {
      steps: [
        {
          request: {
            title: "Delete the cache",
            subject: { type: "command", command: "rm -rf .cache", cwd: workspace },
          },
        },
      ],
    });
    const group = card(webview, "Delete the cache");
    await waitForGuard(group);
    await group.getByRole("button", { name: "Reject", exact: true }).click();
    await waitUntil(async () => (await rows.count()) === 2, "the new decision in the open panel");
    assert.match(await rows.filter({ hasText: "Delete the cache" }).innerText(), /You[\s\S]*Reject/);
  });

  it("shows a bidi override in a title, command or option's name as the card did, not obeyed, and lookalikes marked", async () => {
    const { page, workspace } = ctx.workbench;
    await runCommand(page, "View: Close All Editors"); // the panel of the test before, a second webview
    await openSymposiumView(page);
    const webview = await startSession(page, "Scripted");
    const RLO = "\u202e";
    // Words all of Cyrillic letters drawn as Latin ones, beside Latin words: "API" and "paypal" to the eye.
    const API = "\u0410\u0420\u0406";
    const PAYPAL = "\u0440\u0430\u0443\u0440\u0430\u04cf";
    await sendScript(webview, {
      steps: [
        {
          request: {
            title: `Rename photo_${RLO}gnp.exe for ${API}`,
            subject: { type: "command", command: `mv a photo_${RLO}gnp.exe ~/${PAYPAL}`, cwd: workspace },
            options: [
              { optionId: "allow-once", name: `${RLO}tcejeR`, kind: "allow_once" },
              { optionId: "reject-once", name: "Reject", kind: "reject_once" },
            ],
          },
        },
      ],
    });
    const group = webview.locator(".pinned-list .card").filter({ hasText: "tcejeR" });
    await waitForGuard(group);
    await group.getByRole("button", { name: "<U+202E>tcejeR" }).click();
    await ctx.log("Scripted").waitForOutcome(`Rename photo_${RLO}gnp.exe for ${API}`);

    const panel = await showHistory(page);
    const row = panel.locator("table.history tbody tr").filter({ hasText: "gnp.exe" });
    await row.first().waitFor({ state: "visible", timeout: 30_000 });
    const cells = await row.first().locator("td").allInnerTexts();
    const [, , title, subject, decidedBy, decision] = cells;
    assert.equal(title, `Rename photo_<U+202E>gnp.exe for ${API}`);
    assert.ok(subject?.startsWith(`command: mv a photo_<U+202E>gnp.exe ~/${PAYPAL}`), subject);
    assert.equal(decidedBy, "You");
    assert.equal(decision, "Allow: <U+202E>tcejeR", "named as the card named it");
    // Highlighted as the card highlights them, and named so in their tooltips.
    const marked = row.first().locator(".hidden-char");
    assert.deepEqual(await marked.allInnerTexts(), ["<U+202E>", API, "<U+202E>", PAYPAL, "<U+202E>"]);
    assert.equal(
      await row.first().locator(".lookalike").first().getAttribute("title"),
      "Letters of another script that look like Latin ones",
    );
    const found = await axeFindings(panel);
    assert.deepEqual(found, [], found.join("\n"));
  });

  it("says where older automatic decisions were let go, in its place in time, whatever the filter", async () => {
    const { page, userSettingsPath } = ctx.workbench;
    await runCommand(page, "View: Close All Editors");
    const folder = join(dirname(userSettingsPath), "globalStorage", "symposium.symposium", "history");
    mkdirSync(folder, { recursive: true });
    // The older automatic file as a rotation leaves it when it lets an older one go: it starts with the marker.
    writeFileSync(
      join(folder, "automatic.1.jsonl"),
      [
        { at: "2020-01-02T03:04:05.000Z", rotated: true },
        {
          ...{
            at: "2020-01-02T03:04:06.000Z",
            agent: "Scripted",
            session: "old",
            title: "Read the old notes",
          },
          ...{ subject: "read: notes", provenance: "bypass", outcome: "selected", option: "Allow once" },
        },
        // Not a line this host writes (planted, or a later version's): a cell that is no text stopped the table.
        { at: "2020-01-02T03:04:07.000Z", agent: "Scripted", session: "old", title: 5, provenance: "bypass" },
      ]
        .map((line) => `${JSON.stringify(line)}\n`)
        .join(""),
    );
    const panel = await showHistory(page);
    const rows = panel.locator("table.history tbody tr");
    const gap = rows.last();
    await gap.filter({ hasText: "let go" }).waitFor({ state: "visible", timeout: 30_000 });
    assert.match(await gap.innerText(), /Older automatic decisions were let go/);
    assert.match(await rows.nth((await rows.count()) - 2).innerText(), /Read the old notes[\s\S]*Bypass/);

    await panel.getByRole("searchbox", { name: "Filter" }).fill("old notes");
    await waitUntil(
      async () => (await rows.count()) === 2,
      "the filter to leave the old decision and the gap",
    );
    assert.match(
      await panel.locator(".count").innerText(),
      /^1 of \d+$/,
      "a gap is not counted as a decision",
    );
    const found = await axeFindings(panel);
    assert.deepEqual(found, [], found.join("\n"));
  });

  it("names the rule behind a refusal with no reject option offered, and who changed a mode", async () => {
    const { page, workspace, userSettingsPath } = ctx.workbench;
    await runCommand(page, "View: Close All Editors");
    await openSymposiumView(page);
    const webview = await startSession(page, "Scripted");
    const folder = join(dirname(userSettingsPath), "globalStorage", "symposium.symposium", "history");
    mkdirSync(folder, { recursive: true });
    const modeChange = (who: string, modeBy: string) => ({
      ...{ at: new Date().toISOString(), agent: "Scripted", session: "s", title: `${who} set Mode: Bypass` },
      ...{ subject: "", provenance: "mode", outcome: "selected", option: "Bypass", modeBy },
    });
    writeFileSync(
      join(folder, "modes.jsonl"),
      [modeChange("Scripted", "agent"), modeChange("You", "user")]
        .map((l) => `${JSON.stringify(l)}\n`)
        .join(""),
    );
    await sendScript(webview, {
      steps: [
        {
          request: {
            title: "Publish the package",
            subject: { type: "command", command: "npm publish", cwd: workspace },
            options: [{ optionId: "allow-once", name: "Allow once", kind: "allow_once" }],
          },
        },
      ],
    });
    assert.equal((await ctx.log("Scripted").waitForOutcome("Publish the package")).outcome, "cancelled");

    const panel = await showHistory(page);
    const rows = panel.locator("table.history tbody tr");
    const refused = rows.filter({ hasText: "Publish the package" });
    await refused.first().waitFor({ state: "visible", timeout: 30_000 });
    const [, , , , decidedBy, decision] = await refused.first().locator("td").allInnerTexts();
    assert.equal(decidedBy, "Policy");
    // The rule on a line of its own under the decision, in Symposium's voice, not joined to the option's name.
    assert.match(decision ?? "", /^Cancelled\nDeny commands starting with "npm publish"/);
    const note = refused.first().locator("td .decision-note");
    assert.match(await note.innerText(), /^Deny commands starting with "npm publish"/);
    const byWhom = async (title: string) =>
      (await rows.filter({ hasText: title }).locator("td").allInnerTexts())[4];
    assert.equal(await byWhom("Scripted set Mode"), "The agent (mode change)");
    assert.equal(await byWhom("You set Mode"), "You (mode change)");
  });
});

/** Runs Show Approval History; the panel's page (the last of Symposium's webviews: the view's is made first). */
async function showHistory(page: Page): Promise<FrameLocator> {
  await runCommand(page, "Symposium: Show Approval History");
  return page
    .frameLocator('iframe.webview.ready[src*="extensionId=symposium.symposium"]')
    .last()
    .frameLocator("#active-frame");
}

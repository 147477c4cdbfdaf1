// The permission policy in the real workbench, with the scripted agent: a repository's allow rule is ignored while its
// deny rule applies; Reject with a reason reaches the agent as the person's next message; revoking a user rule or
// Bypass (the setting's or this window's) through Symposium: Manage Permissions… brings the card back on the next
// request; a guard beats Bypass (a request outside the workspace or on a protected file still shows a card that says
// why).
import * as assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { FrameLocator } from "playwright-core";
import { pickQuickItem, runCommand, screenshot } from "../../tools/browser";
import {
  answer,
  card,
  editUserSettings,
  messageBox,
  revokeThroughManagePermissions,
  sendScript,
  startSession,
  waitForGuard,
  waitForReady,
  waitUntil,
} from "../harness/scripted";
import { scriptedWorkbench } from "../harness/scriptedWorkbench";
import { makeTempFolder } from "../../tools/workbench";

const USER_RULE = { command: "make check" };

describe("Permission rules, Manage Permissions and Reject with a reason (e2e)", function () {
  this.timeout(120_000);
  let webview: FrameLocator;
  const ctx = scriptedWorkbench({
    workspaceFiles: {
      "README.md": "# Permissions\n",
      // The repository tries to loosen, in the person's setting and its own (both ignored), and tightens (applies).
      ".vscode/settings.json": JSON.stringify({
        "symposium.permissions": { allow: [{ command: "npm test" }] },
        "symposium.workspacePermissions": {
          allow: [{ command: "npm test" }],
          deny: [{ command: "npm publish" }],
        },
      }),
    },
    agents: { Scripted: "v2", Bypassed: { protocol: "v2", bypassPermissions: true } },
    settings: { "symposium.permissions": { allow: [USER_RULE] } },
  });

  before(async () => {
    webview = await startSession(ctx.workbench.page, "Scripted");
  });

  /** A request to run `command` in the workspace. */
  function run(title: string, command: string) {
    return { request: { title, subject: { type: "command", command, cwd: ctx.workbench.workspace } } };
  }

  /** The Bypassed agent's `bypassPermissions` in the user settings file. */
  function bypassedSetting(): boolean | undefined {
    const agents = ctx.workbench.readUserSettings()["symposium.agents"] as Record<
      string,
      { bypassPermissions?: boolean }
    >;
    return agents.Bypassed?.bypassPermissions;
  }

  /** The Bypassed agent asks to run a command in the workspace: a card waits for a person, who rejects it. */
  async function personDecides(title: string): Promise<void> {
    await sendScript(webview, { steps: [run(title, "npm run build")] });
    const again = card(webview, title);
    await waitForGuard(again);
    assert.equal(ctx.log("Bypassed").outcomeOf(title), undefined, "a person decides now");
    await again.getByRole("button", { name: "Reject", exact: true }).click();
    await ctx.log("Bypassed").waitForOutcome(title);
  }

  it("ignores a workspace allow rule and applies its deny rule", async () => {
    await sendScript(webview, { steps: [run("Publish", "npm publish"), run("Test", "npm test")] });
    // The deny rule answers the agent's reject option without a card.
    assert.deepEqual(await ctx.log("Scripted").waitForOutcome("Publish"), {
      outcome: "selected",
      optionId: "reject-once",
    });
    // The repository's allow rule does not approve `npm test`: a person decides.
    const test = card(webview, "Test");
    await waitForGuard(test);
    assert.equal(ctx.log("Scripted").outcomeOf("Test"), undefined);
    assert.equal(await card(webview, "Publish").count(), 0, "no card for the denied request");
    await test.getByRole("button", { name: "Allow once", exact: true }).click();
    assert.deepEqual(await ctx.log("Scripted").waitForOutcome("Test"), {
      outcome: "selected",
      optionId: "allow-once",
    });
    await waitForReady(webview);
  });

  it("Reject with reason… (keyboard) rejects and sends the reason as the person's next message", async () => {
    const { page } = ctx.workbench;
    const reason = "Use pnpm, not npm: this repository has pnpm-lock.yaml.";
    await sendScript(webview, { steps: [run("Install", "npm install"), { say: "done with the turn" }] });
    const install = card(webview, "Install");
    await waitForGuard(install);
    // Keyboard only: from Reject, Tab reaches "Reject with reason…"; Enter opens the field inside the card.
    await install.getByRole("button", { name: "Reject", exact: true }).focus();
    const withReason = install.getByRole("button", { name: "Reject with reason…", exact: true });
    for (let i = 0; i < 5 && !(await withReason.evaluate((b) => b.ownerDocument.activeElement === b)); i++)
      await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    const field = install.getByRole("textbox", { name: "Reason for rejecting" });
    await field.waitFor({ state: "visible", timeout: 15_000 });
    assert.equal(
      await field.evaluate((f) => f.ownerDocument.activeElement === f),
      true,
      "focus in the field",
    );
    // Digits typed in the field are text, not the card's option shortcuts.
    await page.keyboard.type("1 2 ");
    assert.equal(ctx.log("Scripted").outcomeOf("Install"), undefined, "typing 1 did not choose Allow once");
    await field.fill(reason);
    await screenshot(page, "reject-with-reason");
    await page.keyboard.press("Enter");

    assert.deepEqual(await ctx.log("Scripted").waitForOutcome("Install"), {
      outcome: "selected",
      optionId: "reject-once",
    });
    await waitUntil(
      () => ctx.log("Scripted").prompts().includes(reason),
      "the reason to reach the agent as a prompt",
    );
    // It shows as the person's message in the transcript, and the agent answered it.
    await webview
      .locator(".item.user:not(.queued)", { hasText: reason })
      .waitFor({ state: "visible", timeout: 30_000 });
    await webview
      .getByText(`scripted agent received: ${reason}`)
      .waitFor({ state: "visible", timeout: 30_000 });
    await waitForReady(webview);
  });

  it("a part a card opens (reason, rule editor, Bypass confirmation) comes into view whole in a pinned card that scrolls", async () => {
    const title = "Tall card";
    await sendScript(webview, {
      steps: [
        {
          request: {
            title,
            // Taller than the pinned list's share of the view, so the list scrolls.
            description: "A long explanation of what this command does. ".repeat(20),
            subject: { type: "command", command: "npm run build", cwd: ctx.workbench.workspace },
          },
        },
        { say: "tall card answered" },
      ],
    });
    const tall = card(webview, title);
    await waitForGuard(tall);
    /** Where the element is cut off by a scroll box around it, or "" when it lies whole inside each one's view. */
    const cutOff = (name: string, role: "button" | "textbox") =>
      tall.getByRole(role, { name, exact: true }).evaluate((target) => {
        const box = target.getBoundingClientRect();
        for (let up = target.parentElement; up; up = up.parentElement) {
          const style = up.ownerDocument.defaultView!.getComputedStyle(up);
          if (!["auto", "scroll"].includes(style.overflowY)) continue;
          const view = up.getBoundingClientRect();
          if (box.top < view.top - 0.5 || box.bottom > view.bottom + 0.5)
            return `${Math.round(box.top)}-${Math.round(box.bottom)} in ${up.className} ${Math.round(view.top)}-${Math.round(view.bottom)}`;
        }
        return "";
      });
    const assertWholeInView = async (names: string[], role: "button" | "textbox" = "button") => {
      for (const name of names) assert.equal(await cutOff(name, role), "", `${name} is cut off`);
    };
    /** Clicks the button where a person reading down meets it: at the bottom edge of the list's view. */
    const clickAtBottom = async (name: string) => {
      const target = tall.getByRole("button", { name, exact: true });
      // 60 px of what follows it in view, as a person scrolling down has it: what opens there starts inside the view
      // and ends below it. Pressed where it is: Playwright's click would first scroll it to the middle of the view.
      await target.evaluate((button) => {
        button.scrollIntoView({ block: "end" });
        button.closest(".pinned-list")!.scrollTop += 60;
        button.click();
      });
    };

    await clickAtBottom("Reject with reason…");
    await assertWholeInView(["Reason for rejecting"], "textbox");
    await assertWholeInView(["Reject and send reason", "Cancel"]);
    await tall.getByRole("button", { name: "Cancel", exact: true }).click();

    await clickAtBottom("Edit rule");
    await assertWholeInView(["Command prefix (words)"], "textbox");
    await ctx.workbench.page.keyboard.press("Escape");

    await tall.getByRole("button", { name: "Reject", exact: true }).click();
    await ctx.log("Scripted").waitForOutcome(title);
    await waitForReady(webview);
  });

  it("a user rule approves without a card until Manage Permissions removes it; then the card comes back", async () => {
    const { page } = ctx.workbench;
    await sendScript(webview, { steps: [run("Check (rule)", "make check")] });
    assert.deepEqual(await ctx.log("Scripted").waitForOutcome("Check (rule)"), {
      outcome: "selected",
      optionId: "allow-once",
    });
    await waitForReady(webview);
    assert.equal(await card(webview, "Check (rule)").count(), 0);

    await revokeThroughManagePermissions(page, 'Allow commands starting with "make check"', "user settings");
    await waitUntil(() => {
      const permissions = ctx.workbench.readUserSettings()["symposium.permissions"] as { allow?: unknown[] };
      return permissions?.allow?.length === 0;
    }, "the rule to be removed from the user settings file");

    await messageBox(webview).focus();
    await sendScript(webview, { steps: [run("Check (revoked)", "make check")] });
    const again = card(webview, "Check (revoked)");
    await waitForGuard(again);
    assert.equal(ctx.log("Scripted").outcomeOf("Check (revoked)"), undefined, "a person decides now");
    await again.getByRole("button", { name: "Reject", exact: true }).click();
    await ctx.log("Scripted").waitForOutcome("Check (revoked)");
    await waitForReady(webview);
  });

  it("a guard beats Bypass: outside the workspace, a protected file and VS Code's own processes still show a card that says why", async () => {
    const { workspace, server } = ctx.workbench;
    webview = await startSession(ctx.workbench.page, "Bypassed");
    const edit = (title: string, path: string) => ({
      request: {
        title,
        subject: { type: "tool_call", toolCall: { toolCallId: title, kind: "edit", locations: [{ path }] } },
      },
      wait: false,
    });
    await sendScript(webview, {
      steps: [
        run("Inside (bypassed)", "npm run build"),
        edit("Outside", "/etc/hosts"),
        edit("Protected", join(workspace, ".vscode", "settings.json")),
        // The extension host and code-server are `node`, and code-server listens on its port.
        { ...run("Ends the editor", "killall node"), wait: false },
        { ...run("Frees the editor port", `lsof -ti:${server.port} | xargs kill -9`), wait: false },
        { waitAll: true },
      ],
    });
    // Bypass is on: the plain request inside the workspace is approved without a card.
    assert.deepEqual(await ctx.log("Bypassed").waitForOutcome("Inside (bypassed)"), {
      outcome: "selected",
      optionId: "allow-once",
    });
    for (const [title, why] of [
      ["Outside", /Bypass did not apply: .*\/etc\/hosts is outside the workspace/],
      ["Protected", /Bypass did not apply: .*settings\.json is a protected file/],
      [
        "Ends the editor",
        /Bypass did not apply: killall picks the editor's own processes \(node\) to signal/,
      ],
      [
        "Frees the editor port",
        new RegExp(
          `Bypass did not apply: lsof picks the editor's own processes \\(\\S+, listening on port ${server.port}\\)`,
        ),
      ],
    ] as const) {
      const group = card(webview, title);
      await waitForGuard(group);
      assert.match(await group.locator(".bypass-note").innerText(), why);
      assert.equal(ctx.log("Bypassed").outcomeOf(title), undefined, `${title} waits for a person`);
    }
    await screenshot(ctx.workbench.page, "guard-beats-bypass");
    for (const title of ["Outside", "Protected", "Ends the editor", "Frees the editor port"])
      await answer(card(webview, title), "Reject");
    await waitForReady(webview);
  });

  it("revoking Bypass through Manage Permissions brings the card back on the next request", async () => {
    const { page } = ctx.workbench;
    await revokeThroughManagePermissions(page, "Bypass Permissions for Bypassed", "user settings");
    await waitUntil(() => bypassedSetting() === false, "bypassPermissions: false in the user settings file");
    await personDecides("Inside (revoked)");
  });

  it("Bypass for this window only writes no setting; revoking it in Manage Permissions says whether the user setting still holds", async () => {
    const { page } = ctx.workbench;
    const toast = (text: string) =>
      page.locator(".notifications-toasts .notification-toast", { hasText: text }).first();

    await runCommand(page, "Symposium: Bypass Permissions for This Window…");
    await pickQuickItem(page, "Bypassed", "Bypassed");
    await sendScript(webview, { steps: [run("Inside (this window)", "npm run build")] });
    assert.deepEqual(await ctx.log("Bypassed").waitForOutcome("Inside (this window)"), {
      outcome: "selected",
      optionId: "allow-once",
    });
    assert.equal(bypassedSetting(), false, "this window's bypass is not written to the user settings");

    // Another window's card (here the person's own edit) turns the setting on too: revoking this window's bypass
    // leaves that one.
    const settings = ctx.workbench.readUserSettings();
    const agents = settings["symposium.agents"] as Record<string, Record<string, unknown>>;
    agents.Bypassed = { ...agents.Bypassed, bypassPermissions: true };
    await editUserSettings(ctx.workbench, JSON.stringify(settings, null, 2));
    await waitUntil(() => bypassedSetting() === true, "bypassPermissions: true in the user settings file");
    // Symposium has read the edit once Manage Permissions lists both (its list is made when it opens).
    for (let attempt = 0; ; attempt++) {
      await runCommand(page, "Symposium: Manage Permissions…");
      const fromSettings = page
        .locator(".quick-input-widget .quick-input-list .monaco-list-row")
        .filter({ hasText: "Bypass Permissions for Bypassed" })
        .filter({ hasText: "user settings" });
      const listed = await fromSettings
        .waitFor({ state: "visible", timeout: 2_000 })
        .then(() => true)
        .catch(() => false);
      await page.keyboard.press("Escape");
      if (listed) break;
      assert.ok(attempt < 15, "Symposium read the edited user settings");
    }
    await revokeThroughManagePermissions(page, "Bypass Permissions for Bypassed", "this window only");
    await toast("is still bypassed by your user settings").waitFor({ state: "visible", timeout: 30_000 });
    await sendScript(webview, { steps: [run("Inside (setting holds)", "npm run build")] });
    assert.deepEqual(await ctx.log("Bypassed").waitForOutcome("Inside (setting holds)"), {
      outcome: "selected",
      optionId: "allow-once",
    });

    // With the setting revoked too, and this window's bypass on and revoked again alone, a person decides.
    await revokeThroughManagePermissions(page, "Bypass Permissions for Bypassed", "user settings");
    await waitUntil(() => bypassedSetting() === false, "bypassPermissions: false in the user settings file");
    await runCommand(page, "Symposium: Bypass Permissions for This Window…");
    await pickQuickItem(page, "Bypassed", "Bypassed");
    await revokeThroughManagePermissions(page, "Bypass Permissions for Bypassed", "this window only");
    await toast("Bypassed asks for permission again").waitFor({ state: "visible", timeout: 30_000 });
    await personDecides("Inside (window revoked)");
  });

  it("reports no webview errors or CSP violations", () => {
    const problems = ctx.workbench.console.webviewProblems();
    assert.deepEqual(problems, [], problems.map((p) => `${p.type}: ${p.text} (${p.url})`).join("\n"));
  });
});

describe("An additional folder in Manage Permissions (e2e)", function () {
  this.timeout(120_000);
  // A folder outside the workspace that the person's own settings count as part of it.
  const extra = makeTempFolder("symposium-additional-", { "README.md": "# Extra\n" });
  const ctx = scriptedWorkbench({
    workspaceFiles: { "README.md": "# Work\n" },
    agents: { Bypassed: { protocol: "v2", bypassPermissions: true } },
    // `/` is refused by the policy: listed as not used.
    settings: { "symposium.additionalFolders": [extra, "/"] },
  });
  after(() => rmSync(extra, { recursive: true, force: true }));

  const build = (title: string) => ({
    request: { title, subject: { type: "command", command: "npm run build", cwd: extra } },
  });

  it("lists a refused one as not used, and why", async () => {
    const { page } = ctx.workbench;
    await runCommand(page, "Symposium: Manage Permissions…");
    const row = page
      .locator(".quick-input-widget .quick-input-list .monaco-list-row")
      .filter({ hasText: "additional folder (user settings), not used" });
    await row.waitFor({ state: "visible", timeout: 15_000 });
    assert.match(await row.innerText(), /Not used for permissions: it is the file system root/);
    assert.equal(await row.count(), 1, "the folder that is used is not marked");
    await page.keyboard.press("Escape");
  });

  it("is listed and removed from user settings there: Bypass then asks for what is in it", async () => {
    const { page } = ctx.workbench;
    const webview = await startSession(page, "Bypassed");
    await sendScript(webview, { steps: [build("Build the extra folder")] });
    assert.deepEqual(await ctx.log("Bypassed").waitForOutcome("Build the extra folder"), {
      outcome: "selected",
      optionId: "allow-once",
    });
    await waitForReady(webview);

    await revokeThroughManagePermissions(page, extra, "additional folder (user settings)");
    await waitUntil(
      () =>
        JSON.stringify(ctx.workbench.readUserSettings()["symposium.additionalFolders"]) ===
        JSON.stringify(["/"]),
      "the folder to be removed from the user settings file",
    );

    await messageBox(webview).focus();
    await sendScript(webview, { steps: [build("Build it again")] });
    const held = card(webview, "Build it again");
    await waitForGuard(held);
    assert.match(await held.innerText(), /outside the workspace/);
    assert.equal(ctx.log("Bypassed").outcomeOf("Build it again"), undefined, "a person decides now");
    await answer(held, "Reject");
    await ctx.log("Bypassed").waitForOutcome("Build it again");
  });
});

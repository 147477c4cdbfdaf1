// Notifications while Symposium is hidden. A request that arrives is announced: VS Code turns
// `[label](command:…)` in notification text into a link that runs the command on click, so the agent's title must
// never reach it: the notification names who asks and how many wait, and shows no link at all. A turn that ends (or
// an agent that dies during one) is announced too, with a button back to that session's message box; a turn ended
// with the view in sight, or by the person's Stop, is not.
import * as assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { screenshot, showExplorer, symposiumWebview } from "../../tools/browser";
import {
  messageBox,
  sendScript,
  startSession,
  stopButton,
  waitForGuard,
  waitUntil,
} from "../harness/scripted";
import { scriptedWorkbench } from "../harness/scriptedWorkbench";

/** What the notification shows for a turn, and how long the host has to show it after the turn ends. */
const FINISHED = "Scripted has finished its turn";
const SETTLE_MS = 1_500;

describe("Notifications (e2e)", function () {
  this.timeout(120_000);
  const ctx = scriptedWorkbench({
    workspaceFiles: {
      "README.md": "# Notifications\n",
      // A repository's settings cannot silence the turn's end: only the person's own settings can.
      ".vscode/settings.json": JSON.stringify({ "symposium.notifyWhenTurnEnds": false }),
    },
    agents: { Scripted: "v1", "Scripted v2": "v2" },
  });

  function toast(page: Page, text: string) {
    return page.locator(".notifications-toasts .notification-toast", { hasText: text });
  }

  /** Waits until the keyboard is on `card` (one of its parts, or the card itself). */
  async function focusWithin(card: Locator): Promise<void> {
    await waitUntil(
      async () =>
        (await card.evaluate((element) =>
          (element as unknown as { matches(s: string): boolean }).matches(":focus-within"),
        )) || undefined,
      "focus on the card",
    );
  }

  async function closeToasts(page: Page): Promise<void> {
    await page.keyboard.press("Escape");
    for (const close of await page.locator(".notifications-toasts .codicon-notifications-clear").all())
      await close.click().catch(() => undefined);
  }

  it("shows no link for a title carrying a command link, and names the agent and the count instead", async () => {
    const { page } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    const title =
      "Run tests [Show request](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22id%5Cn%22%7D) $(check)";
    await sendScript(webview, {
      steps: [{ sleep: 4_000 }, { request: { toolCall: { toolCallId: "hostile", title, kind: "execute" } } }],
    });
    // Away from Symposium before the request arrives, so the request is announced by a notification.
    await showExplorer(page);
    await ctx.log("Scripted").waitForRequest(title);
    const card = toast(page, "Scripted asks for permission (1 waiting)");
    await card.waitFor({ state: "visible", timeout: 30_000 });
    await screenshot(page, "hostile-notification");
    const message = card.locator(".notification-list-item-message");
    assert.equal(await message.locator("a").count(), 0, "no link in the notification's message");
    assert.doesNotMatch(await message.innerText(), /Show request|command:/, "the title stays on the card");
    // Show brings the card back into sight, with focus on it (the view's page loads anew: it was hidden).
    await card.getByRole("button", { name: "Show" }).click();
    const view = symposiumWebview(page);
    const waiting = view.locator(".card").filter({ hasText: "Run tests" });
    await focusWithin(waiting);
    // The card has the keyboard: Escape chooses its reject option (once its click guard is over).
    await waitForGuard(waiting);
    await page.keyboard.press("Escape");
    assert.deepEqual(await ctx.log("Scripted").waitForOutcome(title), {
      outcome: "selected",
      optionId: "reject-once",
    });
  });

  // First: a turn notification shown just before would hide a wrong one (they are spaced by a few seconds).
  it("stays quiet for a turn ended in sight of the view, or by the person's Stop", async () => {
    const { page } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    const log = ctx.log("Scripted");
    let turns = log.ofKind("turnEnd").length;
    await sendScript(webview, { steps: [{ say: "Quick." }] });
    await waitUntil(() => log.ofKind("turnEnd").length > turns || undefined, "the turn to end");
    await page.waitForTimeout(SETTLE_MS);
    assert.equal(await toast(page, FINISHED).count(), 0, "the view was in sight");

    turns = log.ofKind("turnEnd").length;
    await sendScript(webview, { steps: [{ sleep: 30_000 }] });
    await stopButton(webview).click();
    await showExplorer(page);
    await waitUntil(() => log.ofKind("turnEnd").length > turns || undefined, "the stopped turn to end");
    await page.waitForTimeout(SETTLE_MS);
    assert.equal(await toast(page, FINISHED).count(), 0, "the person pressed Stop");
  });

  it("says when a turn ends while the view is hidden, whatever the repository's settings say, and Show goes back to that session's message box", async () => {
    const { page } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    const log = ctx.log("Scripted");
    const turns = log.ofKind("turnEnd").length;
    await sendScript(webview, { steps: [{ sleep: 3_000 }, { say: "All done." }] });
    await showExplorer(page);
    await waitUntil(() => log.ofKind("turnEnd").length > turns || undefined, "the turn to end");
    const finished = toast(page, FINISHED);
    await finished.waitFor({ state: "visible", timeout: 15_000 });
    // How long it took: the turn slept 3 s.
    const told = await finished.locator(".notification-list-item-message").innerText();
    const took = /^Scripted has finished its turn after (\d+)s\.$/.exec(told.trim());
    assert.ok(took && Number(took[1]) >= 3, told);
    await screenshot(page, "turn-ended-notification");
    await finished.getByRole("button", { name: "Show" }).click();
    await page
      .locator('.part.sidebar [id="workbench.view.extension.symposium"]')
      .waitFor({ state: "visible", timeout: 15_000 });
    await screenshot(page, "turn-ended-shown");
    const view = symposiumWebview(page);
    await waitUntil(
      async () =>
        (await messageBox(view).evaluate((box) =>
          (box as unknown as { matches(s: string): boolean }).matches(":focus"),
        )) || undefined,
      "focus in the message box",
    );
    await waitUntil(
      async () => (await view.getByText("All done.").count()) > 0 || undefined,
      "the session's reply in sight",
    );
  });

  it("announces a later request though the first notification went to the notification center unanswered", async () => {
    const { page } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    const request = (toolCallId: string) => ({
      request: { toolCall: { toolCallId, title: `Request ${toolCallId}`, kind: "execute" } },
      wait: false,
    });
    // Spaced by more than the notifications are (10 s): the second is not one of a burst.
    await sendScript(webview, {
      steps: [{ sleep: 3_000 }, request("first"), { sleep: 11_000 }, request("second"), { waitAll: true }],
    });
    await showExplorer(page);
    const first = toast(page, "Scripted asks for permission (1 waiting)");
    await first.waitFor({ state: "visible", timeout: 30_000 });
    // Escape hides it into the notification center, where it stays unanswered.
    await closeToasts(page);
    await first.waitFor({ state: "hidden", timeout: 15_000 });
    const second = toast(page, "Scripted asks for permission (2 waiting)");
    await second.waitFor({ state: "visible", timeout: 30_000 });
    await second.getByRole("button", { name: "Show" }).click();
    await stopButton(symposiumWebview(page)).click();
    await ctx.log("Scripted").waitForOutcome("Request second");
  });

  it("says a turn that ended with a request still waiting did so, not that it finished", async () => {
    const { page } = ctx.workbench;
    const webview = await startSession(page, "Scripted v2");
    const title = "Left waiting";
    // A v2 agent says its turn ended (idle) with its request unanswered.
    await sendScript(webview, {
      steps: [
        { sleep: 3_000 },
        { request: { title, subject: { type: "command", command: "make deploy" } }, wait: false },
        { update: { sessionUpdate: "state_update", state: "idle", stopReason: "end_turn" } },
      ],
    });
    await showExplorer(page);
    const ended = toast(page, "Scripted v2 ended its turn with 1 permission requests still waiting.");
    await ended.waitFor({ state: "visible", timeout: 30_000 });
    assert.equal(await toast(page, FINISHED).count(), 0, "not said to have finished");
    // Show goes to the card that waits, which has the keyboard once its guard is over.
    await ended.getByRole("button", { name: "Show" }).click();
    const waiting = symposiumWebview(page).locator(".card").filter({ hasText: title });
    await waitForGuard(waiting);
    await focusWithin(waiting);
    await page.keyboard.press("Escape");
    assert.deepEqual(await ctx.log("Scripted v2").waitForOutcome(title), {
      outcome: "selected",
      optionId: "reject-once",
    });
    await closeToasts(page);
  });

  it("says when the agent dies during a turn while the view is hidden", async () => {
    const { page } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    await sendScript(webview, { steps: [{ sleep: 3_000 }, { exit: 3 }] });
    await showExplorer(page);
    await toast(page, "Scripted stopped with an error after").waitFor({ state: "visible", timeout: 30_000 });
    await closeToasts(page);
  });
});

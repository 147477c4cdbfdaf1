// Notifications while Symposium is hidden. A request that arrives is announced: VS Code turns
// `[label](command:…)` in notification text into a link that runs the command on click, so the agent's title must
// never reach it: the notification names who asks and how many wait, and shows no link at all. Its Show button
// brings the card back, with focus on it.
import * as assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { screenshot, symposiumWebview } from "../../tools/browser";
import { sendScript, startSession, waitForGuard, waitUntil } from "../harness/scripted";
import { scriptedWorkbench } from "../harness/scriptedWorkbench";

describe("Notifications (e2e)", function () {
  this.timeout(120_000);
  const ctx = scriptedWorkbench({
    workspaceFiles: { "README.md": "# Notifications\n" },
    agents: { Scripted: "v1" },
  });

  /** Away from Symposium (the Explorer takes the side bar), as a person reading code during a long turn. */
  async function showExplorer(page: Page): Promise<void> {
    await page.keyboard.press("Control+Shift+E");
    await page
      .locator('.part.sidebar [id="workbench.view.explorer"]')
      .waitFor({ state: "visible", timeout: 15_000 });
  }

  function toast(page: Page, text: string) {
    return page.locator(".notifications-toasts .notification-toast", { hasText: text });
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
    await waitUntil(
      async () =>
        (await waiting.evaluate((element) =>
          (element as unknown as { matches(s: string): boolean }).matches(":focus-within"),
        )) || undefined,
      "focus on the card",
    );
    // The card has the keyboard: Escape chooses its reject option (once its click guard is over).
    await waitForGuard(waiting);
    await page.keyboard.press("Escape");
    assert.deepEqual(await ctx.log("Scripted").waitForOutcome(title), {
      outcome: "selected",
      optionId: "reject-once",
    });
  });
});

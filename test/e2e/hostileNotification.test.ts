// A request that arrives while Symposium is hidden is announced by a notification. VS Code turns
// `[label](command:…)` in notification text into a link that runs the command on click, so the agent's title must
// never reach it: the notification names who asks and how many wait, and shows no link at all.
import * as assert from "node:assert/strict";
import { screenshot } from "../../tools/browser";
import { sendScript, startSession } from "../harness/scripted";
import { scriptedWorkbench } from "../harness/scriptedWorkbench";

describe("Notifications for hostile requests (e2e)", function () {
  this.timeout(120_000);
  const ctx = scriptedWorkbench({
    workspaceFiles: { "README.md": "# Notifications\n" },
    agents: { Scripted: "v1" },
  });

  it("shows no link for a title carrying a command link, and names the agent and the count instead", async () => {
    const { page } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    const title =
      "Run tests [Show request](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22id%5Cn%22%7D) $(check)";
    await sendScript(webview, {
      steps: [{ sleep: 4_000 }, { request: { toolCall: { toolCallId: "hostile", title, kind: "execute" } } }],
    });
    // Away from Symposium before the request arrives, so the request is announced by a notification.
    await page.keyboard.press("Control+Shift+E");
    await page
      .locator('.part.sidebar [id="workbench.view.explorer"]')
      .waitFor({ state: "visible", timeout: 15_000 });
    await ctx.log("Scripted").waitForRequest(title);
    const toast = page.locator(".notifications-toasts .notification-toast", {
      hasText: "Scripted asks for permission (1 waiting)",
    });
    await toast.waitFor({ state: "visible", timeout: 30_000 });
    await screenshot(page, "hostile-notification");
    const message = toast.locator(".notification-list-item-message");
    assert.equal(await message.locator("a").count(), 0, "no link in the notification's message");
    assert.doesNotMatch(await message.innerText(), /Show request|command:/, "the title stays on the card");
  });
});

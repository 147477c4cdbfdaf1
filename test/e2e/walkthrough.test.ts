// First run in a real workbench, as a new user does it: open the walkthrough from the command palette, see its steps,
// approve a Demo Agent card and see that step checked, then add a real agent through Add Agent Example's picker.
import * as assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { pickQuickItem, runCommand, screenshot } from "../../tools/browser";
import { card, sendPrompt, startSession, waitForGuard, waitUntil } from "../harness/scripted";
import { openWorkbench, type Workbench } from "../../tools/workbench";

const WALKTHROUGH_TITLE = "Get Started with Symposium";
const STEPS = {
  openView: "Open the Symposium view",
  startDemo: "Start a Demo Agent session",
  approveCard: "Approve your first card",
  addAgent: "Add a real agent",
} as const;
/** The user's own entry, which adding an example must keep (a real agent would already complete the last step). */
const MY_DEMO_ENTRY = { bypassPermissions: false };

/** Opens the walkthrough the way the palette offers it: Welcome: Open Walkthrough..., then Symposium's. */
async function openWalkthrough(page: Page): Promise<Locator> {
  await runCommand(page, "Welcome: Open Walkthrough...");
  await pickQuickItem(page, WALKTHROUGH_TITLE, "Symposium", 15_000);
  const container = page.locator(".gettingStartedContainer");
  await container.getByText(WALKTHROUGH_TITLE).first().waitFor({ state: "visible", timeout: 30_000 });
  return container;
}

/** A frame (the walkthrough renders Markdown media in a webview) whose text includes `text`. */
async function frameShowing(page: Page, text: string): Promise<boolean> {
  for (const frame of page.frames()) {
    const body = await frame
      .evaluate(
        () =>
          (globalThis as unknown as { document: { body?: { innerText: string } } }).document.body
            ?.innerText ?? "",
      )
      .catch(() => "");
    if (body.includes(text)) return true;
  }
  return false;
}

function step(walkthrough: Locator, id: keyof typeof STEPS): Locator {
  return walkthrough.locator(`button.getting-started-step[data-step-id$="#${id}"]`);
}

async function waitForChecked(walkthrough: Locator, id: keyof typeof STEPS): Promise<void> {
  await waitUntil(
    async () => (await step(walkthrough, id).getAttribute("aria-checked")) === "true",
    `the "${STEPS[id]}" step to be checked`,
    30_000,
  );
}

describe("First-run walkthrough (e2e)", function () {
  this.timeout(120_000);
  let workbench: Workbench;

  before(async () => {
    workbench = await openWorkbench({
      workspaceFiles: { "README.md": "# First run\n" },
      settings: { "symposium.agents": { "Demo Agent": MY_DEMO_ENTRY } },
    });
  });

  after(async () => {
    await workbench?.close();
  });

  it("opens from Welcome: Open Walkthrough... and shows its steps", async () => {
    const walkthrough = await openWalkthrough(workbench.page);
    for (const [id, title] of Object.entries(STEPS)) {
      const button = step(walkthrough, id as keyof typeof STEPS);
      await button.waitFor({ state: "attached", timeout: 15_000 });
      assert.match((await button.textContent()) ?? "", new RegExp(title), `step ${id}`);
    }
    assert.equal(await step(walkthrough, "approveCard").getAttribute("aria-checked"), "false");
    // The selected step's page (media/walkthrough/openView.md) is rendered beside the steps, from the package.
    await waitUntil(
      () => frameShowing(workbench.page, "Symposium runs coding agents"),
      "the step's page",
      30_000,
    );
    await screenshot(workbench.page, "walkthrough-open");
  });

  it("checks the session step when a Demo Agent session starts from the view, and the approve step on Allow once", async () => {
    const { page } = workbench;
    const webview = await startSession(page, "Demo Agent");
    let walkthrough = await openWalkthrough(page);
    await waitForChecked(walkthrough, "openView");
    await waitForChecked(walkthrough, "startDemo");
    assert.equal(await step(walkthrough, "approveCard").getAttribute("aria-checked"), "false");
    await sendPrompt(webview, "edit");
    const request = card(webview, "Allow the demo agent to create symposium-demo.md?");
    await waitForGuard(request);
    await request.getByRole("button", { name: "Allow once", exact: true }).click();
    await request.waitFor({ state: "detached", timeout: 30_000 });
    walkthrough = await openWalkthrough(page);
    await waitForChecked(walkthrough, "approveCard");
    assert.equal(await step(walkthrough, "addAgent").getAttribute("aria-checked"), "false");
    await screenshot(page, "walkthrough-approved");
  });

  it("Add Agent Example adds the picked agent to user settings, keeps the user's own, and checks the last step", async () => {
    const { page } = workbench;
    await runCommand(page, "Symposium: Add Agent Example…");
    await pickQuickItem(page, "Gemini CLI", "Gemini", 15_000);
    const agents = await waitUntil(
      () => {
        let value: Record<string, unknown> | undefined;
        try {
          value = workbench.readUserSettings()["symposium.agents"] as Record<string, unknown> | undefined;
        } catch {
          return undefined; // read while VS Code was writing it
        }
        return value?.["Gemini CLI"] ? value : undefined;
      },
      "Gemini CLI in user settings",
      30_000,
    );
    assert.deepEqual(agents, {
      "Demo Agent": MY_DEMO_ENTRY,
      "Gemini CLI": { command: "gemini", args: ["--acp"] },
    });
    // The command ends by opening user settings JSON; wait for it so it does not close the palette opened next.
    await page
      .locator(".tabs-container .tab", { hasText: "settings.json" })
      .first()
      .waitFor({ timeout: 30_000 });
    const walkthrough = await openWalkthrough(page);
    await waitForChecked(walkthrough, "addAgent");
  });
});

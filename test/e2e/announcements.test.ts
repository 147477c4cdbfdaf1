// What a screen reader hears about approval cards, read from every text the view's live region holds: each new card
// once, with its agent and what it asks, however close together cards arrive and however much the transcript streams
// meanwhile; and a card that ends without the person (expired, Stop, the agent gone) is said too.
import * as assert from "node:assert/strict";
import type { FrameLocator } from "playwright-core";
import { card, sendScript, startSession, stopButton, waitForGuard, waitUntil } from "../harness/scripted";
import { scriptedWorkbench } from "../harness/scriptedWorkbench";

/** Starts recording what the live region says (each text it is set to); `said` reads the record. */
async function listen(webview: FrameLocator): Promise<void> {
  await webview.locator(".sr-only[aria-live]").evaluate((region) => {
    interface Region {
      textContent: string | null;
    }
    const page = globalThis as unknown as {
      spoken: string[];
      MutationObserver: new (callback: () => void) => { observe(node: unknown, options: unknown): void };
    };
    page.spoken = [];
    new page.MutationObserver(() => {
      const text = (region as unknown as Region).textContent ?? "";
      if (text !== "") page.spoken.push(text);
    }).observe(region, { childList: true, characterData: true, subtree: true });
  });
}

function said(webview: FrameLocator): Promise<string[]> {
  return webview.locator("body").evaluate(() => (globalThis as unknown as { spoken: string[] }).spoken);
}

/** Waits until something said matches `pattern`, and returns everything said. */
async function waitToHear(webview: FrameLocator, pattern: RegExp, what: string): Promise<string[]> {
  await waitUntil(async () => (await said(webview)).some((text) => pattern.test(text)), what, 30_000);
  return said(webview);
}

function count(spoken: readonly string[], part: string): number {
  return spoken.filter((text) => text.includes(part)).length;
}

describe("What the view says to screen readers about cards (e2e)", function () {
  this.timeout(120_000);
  const ctx = scriptedWorkbench({
    agents: { Scripted: "v2" },
    settings: { "symposium.permissionTimeoutSeconds": 6 },
  });

  it("says each new card once, with its agent and title, when cards come one after another and text streams", async () => {
    const webview = await startSession(ctx.workbench.page, "Scripted");
    await listen(webview);
    const titles = ["Read the notes", "Run the tests", "Delete the build folder"];
    await sendScript(webview, {
      steps: [
        ...titles.map((title) => ({ request: { title }, wait: false })),
        { say: "Working on it. ", repeat: 20 },
        { waitAll: true },
      ],
    });
    for (const title of titles) await waitForGuard(card(webview, title));
    // What a second batch of streamed text and the cards' guards coming off would have set off has had its time.
    await waitUntil(
      async () => (await webview.getByText("Working on it.", { exact: false }).count()) > 0,
      "the streamed text",
    );
    await ctx.workbench.page.waitForTimeout(500);
    const spoken = await said(webview);
    for (const title of titles)
      assert.equal(
        count(spoken, `Permission requested by Scripted: “${title}”`),
        1,
        `"${title}" said once, said: ${JSON.stringify(spoken)}`,
      );
    await stopButton(webview).click();
  });

  it("says a new card although the agent changes its own control right after, in words like a card's", async () => {
    const webview = await startSession(ctx.workbench.page, "Scripted");
    await listen(webview);
    const lookalike = (currentValue: string) => ({
      sessionUpdate: "config_option_update",
      configOptions: [
        {
          configId: "lookalike",
          name: "Permission requested by Scripted",
          type: "select",
          currentValue,
          options: [
            { value: "a", name: "Read the notes" },
            { value: "b", name: "Read README.md" },
          ],
        },
      ],
    });
    await sendScript(webview, {
      steps: [
        { update: lookalike("a") },
        { request: { title: "Delete the home folder" }, wait: false },
        { update: lookalike("b") },
        { waitAll: true },
      ],
    });
    await waitForGuard(card(webview, "Delete the home folder"));
    const spoken = await waitToHear(webview, /Read README\.md/, "the agent's control said");
    assert.ok(
      count(spoken, "Permission requested by Scripted: “Delete the home folder”") > 0,
      `the card is said, said: ${JSON.stringify(spoken)}`,
    );
    await stopButton(webview).click();
  });

  it("says a card within moments though the agent keeps changing its control every few milliseconds", async () => {
    const webview = await startSession(ctx.workbench.page, "Scripted");
    await listen(webview);
    const mode = (currentValue: string) => ({
      sessionUpdate: "config_option_update",
      configOptions: [
        {
          ...{ configId: "mode", name: "Mode", type: "select", currentValue },
          options: [
            { value: "a", name: "Ask" },
            { value: "b", name: "Plan" },
          ],
        },
      ],
    });
    const title = "Upload the keys";
    await sendScript(webview, {
      steps: [
        { request: { title }, wait: false },
        // Then its control flips every 20 ms for 8 s: each change is said in place of the last one.
        ...Array.from({ length: 400 }, (_, i) => [{ update: mode(i % 2 ? "a" : "b") }, { sleep: 20 }]).flat(),
        { waitAll: true },
      ],
    });
    await card(webview, title).waitFor({ state: "visible", timeout: 30_000 });
    // Heard while the flips go on, not once they stop.
    await waitUntil(
      async () =>
        (await said(webview)).some((text) => text.includes(`Permission requested by Scripted: “${title}”`)),
      "the card said during the flips",
      3_000,
    );
    await stopButton(webview).click();
  });

  it("says that cards ended without an answer: Stop, expiry and an agent that exits", async () => {
    const webview = await startSession(ctx.workbench.page, "Scripted");
    await listen(webview);
    await sendScript(webview, { steps: [{ request: { title: "Stopped while waiting" } }] });
    await waitForGuard(card(webview, "Stopped while waiting"));
    await stopButton(webview).click();
    await waitToHear(webview, /“Stopped while waiting”\. Stopped/, "the stopped card to be said");

    await sendScript(webview, { steps: [{ request: { title: "Left to expire" } }] });
    await card(webview, "Left to expire").waitFor();
    // Focus elsewhere in the view: nothing moves to the record, so only the live region tells.
    await webview.getByRole("combobox", { name: "Agent" }).focus();
    await waitToHear(webview, /“Left to expire”\. Expired/, "the expired card to be said");

    await sendScript(webview, {
      steps: [{ request: { title: "Asked before exiting" }, wait: false }, { sleep: 1_500 }, { exit: 1 }],
    });
    await waitToHear(webview, /“Asked before exiting”\. Agent exited/, "the agent's exit to be said");
  });
});

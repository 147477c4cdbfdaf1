// An agent's message while it streams, in a real workbench: what is already shown stays put as more arrives. A person
// selecting a sentence of the answer to copy it, or on a code block's Copy button with the keyboard, keeps the
// selection and the focus while the agent goes on writing below; a code block that arrived in pieces copies whole.
import * as assert from "node:assert/strict";
import type { FrameLocator } from "playwright-core";
import { sendScript, startSession, waitForReady, waitUntil } from "../harness/scripted";
import { scriptedWorkbench } from "../harness/scriptedWorkbench";

/** What the test reads of the webview's DOM (the Node test config has no DOM types). */
interface Node {
  readonly textContent: string | null;
  readonly ownerDocument: Document;
  marker?: string;
}
interface Document {
  readonly activeElement: Node | null;
  getSelection(): { toString(): string; selectAllChildren(node: Node): void; rangeCount: number } | null;
}

const INTRO = "Here is what I found in the build scripts.";

describe("A message while it streams (e2e)", function () {
  this.timeout(120_000);
  let webview: FrameLocator;
  const ctx = scriptedWorkbench({ agents: { Scripted: "v2" } });

  before(async () => {
    webview = await startSession(ctx.workbench.page, "Scripted");
  });

  it("keeps the reader's selection and the keyboard on a Copy button while more text streams in", async () => {
    await sendScript(webview, {
      steps: [
        { say: `${INTRO}\n\n\`\`\`sh\nnpm ci\n\`\`\`\n\nThen ` },
        { sleep: 2_500 },
        { say: "the tests, which " },
        { say: "take a minute.\n\n- one\n- two" },
        { sleep: 1_000 },
        { say: "\n- three\n\nDone." },
      ],
    });
    const agent = webview.locator("article.item.agent").last();
    await agent.getByText(INTRO, { exact: true }).waitFor({ state: "visible", timeout: 30_000 });

    // The person selects the first paragraph and puts the keyboard on the code block's Copy.
    await agent
      .locator("p")
      .first()
      .evaluate((p) => {
        const node = p as unknown as Node;
        node.marker = "intro";
        node.ownerDocument.getSelection()?.selectAllChildren(node);
      });
    const copy = agent.getByRole("button", { name: "Copy the code" });
    await copy.focus();
    await copy.evaluate((button) => {
      (button as unknown as Node).marker = "copy";
    });

    await agent.getByText("Done.", { exact: true }).waitFor({ state: "visible", timeout: 30_000 });
    await waitForReady(webview);
    const after = await agent
      .locator("p")
      .first()
      .evaluate((p) => {
        const node = p as unknown as Node;
        const document = node.ownerDocument;
        return {
          introKept: node.marker === "intro",
          selection: document.getSelection()?.toString() ?? "",
          focusedMarker: document.activeElement?.marker,
        };
      });
    assert.ok(after.introKept, "the first paragraph is the same element as before, not a rebuilt copy");
    assert.equal(after.selection, INTRO, "the selection is still the first paragraph");
    assert.equal(after.focusedMarker, "copy", "the keyboard is still on the same Copy button");
    assert.equal(
      await agent
        .locator("li")
        .allInnerTexts()
        .then((items) => items.join("|")),
      "one|two|three",
      "the list that grew over two chunks reads whole",
    );
  });

  it("copies the whole code block when its lines arrived in several chunks", async () => {
    const { page } = ctx.workbench;
    await sendScript(webview, {
      steps: [
        { say: "Run:\n\n```sh\nnpm ci\n" },
        { sleep: 1_000 },
        { say: "npm test\n" },
        { sleep: 1_000 },
        { say: "npm run lint\n```\n" },
      ],
    });
    const agent = webview.locator("article.item.agent").last();
    await agent.getByText("npm run lint").waitFor({ state: "visible", timeout: 30_000 });
    await waitForReady(webview);
    const origin = new URL(page.url()).origin;
    await ctx.workbench.browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
    await agent.getByRole("button", { name: "Copy the code" }).click();
    await waitUntil(
      async () =>
        (await page.evaluate(() =>
          (
            globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
          ).navigator.clipboard.readText(),
        )) === "npm ci\nnpm test\nnpm run lint" || undefined,
      "the whole block on the clipboard",
    );
  });
});

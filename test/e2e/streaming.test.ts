// An agent's message while it streams, in a real workbench: what is already shown stays put as more arrives. A person
// selecting a sentence of the answer to copy it, or on a code block's Copy button with the keyboard, keeps the
// selection and the focus while the agent goes on writing below; a code block that arrived in pieces copies whole.
import * as assert from "node:assert/strict";
import type { FrameLocator } from "playwright-core";
import { hideAndShowView } from "../../tools/browser";
import {
  answer,
  card,
  sendScript,
  startSession,
  waitForGuard,
  waitForReady,
  waitUntil,
} from "../harness/scripted";
import { scriptedWorkbench } from "../harness/scriptedWorkbench";
import { axeFindings } from "../harness/axe";
import { splitWords } from "../harness/textLayout";

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

  const page = () => ctx.workbench.page;
  before(async () => {
    webview = await startSession(page(), "Scripted");
  });

  it("counts the turn's time in the session bar, on across the view hidden and shown, not while a card waits", async () => {
    const elapsed = webview.locator(".session-bar .session-elapsed");
    /** The count's seconds ("4s"); undefined while it shows none. */
    const seconds = async (): Promise<number | undefined> => {
      const text = ((await elapsed.textContent().catch(() => "")) ?? "").trim();
      if (text === "") return undefined;
      const match = /^(\d+)s$/.exec(text);
      assert.ok(match, `a count in seconds: "${text}"`);
      return Number(match[1]);
    };
    await sendScript(webview, {
      steps: [
        { say: "Looking into it." },
        { sleep: 7_000 },
        { request: { title: "Count paused" } },
        { sleep: 1_500 },
        { say: "Done." },
      ],
    });
    const before = await waitUntil(async () => {
      const shown = await seconds();
      return shown !== undefined && shown >= 2 ? shown : undefined;
    }, "the count after two seconds of work");
    const status = webview.locator(".session-bar .session-status");
    assert.match((await status.innerText()).trim(), new RegExp(`^Working… ${before}s$`));

    // VS Code drops a hidden view's page: shown again, the count goes on from the turn's start, not from zero.
    await hideAndShowView(page());
    const after = await waitUntil(seconds, "the count shown again");
    assert.ok(after >= before, `counted on from ${before}s, not from the page's start: ${after}s`);

    const waiting = card(webview, "Count paused");
    await waitForGuard(waiting);
    await webview
      .locator(".session-status.status-requires_action")
      .waitFor({ state: "visible", timeout: 15_000 });
    assert.equal(await seconds(), undefined, "no count while the turn waits for the person");
    await answer(waiting, "Allow once");
    const resumed = await waitUntil(seconds, "the count back once the agent works again");
    assert.ok(resumed >= 7, `the turn's whole time, the wait included: ${resumed}s`);

    await waitForReady(webview);
    assert.equal(await seconds(), undefined, "no count once the turn ended");
    assert.equal((await status.innerText()).trim(), "Ready");
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

  it("keeps a long code block that scrolls, with the reader's place and focus in it, while it streams", async () => {
    const lines = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => `echo line ${from + i}\n`).join("");
    await sendScript(webview, {
      steps: [
        { say: `Long script:\n\n\`\`\`sh\n${lines(0, 40)}` },
        { sleep: 2_500 },
        { say: lines(40, 60) },
        { say: `${lines(60, 80)}\`\`\`\n\nScript done.` },
      ],
    });
    const agent = webview.locator("article.item.agent").last();
    const pre = agent.locator("pre.md-code");
    await agent.getByText("echo line 39", { exact: false }).waitFor({ state: "visible", timeout: 30_000 });
    // Taller than its box: in the Tab order. The reader puts the keyboard on it and scrolls down a little.
    await waitUntil(
      async () => (await pre.getAttribute("tabindex")) === "0" || undefined,
      "the block in the Tab order",
    );
    await pre.focus();
    await pre.evaluate((node) => {
      const box = node as unknown as Node & { scrollTop: number };
      box.marker = "long";
      box.scrollTop = 120;
    });
    await agent.getByText("Script done.", { exact: true }).waitFor({ state: "visible", timeout: 30_000 });
    const after = await pre.evaluate((node) => {
      const box = node as unknown as Node & { scrollTop: number };
      return {
        marker: box.marker,
        scrollTop: box.scrollTop,
        focused: box.ownerDocument.activeElement === box,
        text: box.textContent ?? "",
      };
    });
    assert.equal(after.marker, "long", "the same element, not one built again");
    assert.equal(after.scrollTop, 120, "the reader's place in it kept");
    assert.equal(after.focused, true, "the keyboard still on it");
    assert.match(after.text, /echo line 79/);
    await waitForReady(webview);
  });

  it("keeps a table's words whole, and scrolls a table wider than the view sideways in its own box", async () => {
    await sendScript(webview, {
      steps: [
        {
          say:
            "| File | Change | Lines |\n|---|---|---|\n" +
            "| src/core/permissionPrompt.ts | The title no longer repeats the verb of the kind | +6 -1 |\n" +
            "| webview/history/history.css | Short columns keep their words whole | +8 -1 |\n\nTable done.",
        },
      ],
    });
    const agent = webview.locator("article.item.agent").last();
    await agent.getByText("Table done.", { exact: true }).waitFor({ state: "visible", timeout: 30_000 });
    const table = agent.locator(".md-table-wrap");
    assert.deepEqual(await splitWords(table), [], "no word of the table is broken across lines");
    const widths = await table.evaluate((wrap) => {
      const box = wrap as unknown as {
        scrollWidth: number;
        clientWidth: number;
        closest(s: string): typeof box;
      };
      const transcript = box.closest("main.transcript");
      return {
        wrap: [box.scrollWidth, box.clientWidth],
        transcript: [transcript.scrollWidth, transcript.clientWidth],
      };
    });
    // The side bar is narrower than the paths: the table scrolls in its box, the transcript does not.
    assert.ok(
      widths.wrap[0]! > widths.wrap[1]!,
      `the table is wider than its box: ${widths.wrap.join(" > ")}`,
    );
    assert.equal(
      widths.transcript[0],
      widths.transcript[1],
      "the transcript itself does not scroll sideways",
    );
    // Reachable with the keyboard too (its box takes the focus to scroll it): axe checks scrollable regions.
    const findings = await axeFindings(webview);
    assert.deepEqual(findings, [], `axe, with a table wider than the view:\n${findings.join("\n")}`);
    await waitForReady(webview);
  });

  it("shows a table of 120,000 cells streamed in 24 chunks up to its cap, and says how many rows it leaves out", async () => {
    // About 250 KB (a message's cap): it took about 13 s to show, built again with every chunk.
    const row = `|${"x|".repeat(20)}\n`;
    await sendScript(webview, {
      steps: [
        { say: `Results:\n\n|${"h|".repeat(20)}\n|${"-|".repeat(20)}\n` },
        { say: row.repeat(250), repeat: 24 },
        { say: "\nTable shown." },
      ],
    });
    const agent = webview.locator("article.item.agent").last();
    await agent.getByText("Table shown.", { exact: true }).waitFor({ state: "visible", timeout: 60_000 });
    assert.equal(
      await agent.locator(".md-table-cut").innerText(),
      "5,901 more rows not shown; Copy copies the whole message.",
    );
    assert.equal(await agent.locator(".md-table-wrap tbody tr").count(), 99);
    await waitForReady(webview);
  });
});

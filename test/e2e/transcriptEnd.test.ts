// The transcript's end in a real workbench: a card that arrives on a tool call with a long diff, while the person
// is at the end, is inside the transcript's viewport in the first frame painted after it went into the DOM (not a
// frame later, once the end caught up with the diff's real height); a person who scrolled up is not taken back down;
// switching sessions keeps each one's position. Geometry is read in the webview after that frame, never timed.
import * as assert from "node:assert/strict";
import { join } from "node:path";
import type { FrameLocator } from "playwright-core";
import {
  askAboutToolCall,
  card,
  openSession,
  sendScript,
  startSession,
  stopButton,
  waitForGuard,
  waitForReady,
  waitUntil,
} from "../harness/scripted";
import { axeFindings } from "../harness/axe";
import { scriptedWorkbench } from "../harness/scriptedWorkbench";
import type { Workbench } from "../../tools/workbench";
import { hideAndShowView, screenshot } from "../../tools/browser";

const DIFF_LINES = 150;

/** A v2 edit of `count` changed lines (its preview is taller than the space a new item is first guessed at). */
function longEdit(workspace: string, id: string, title: string, count = DIFF_LINES): unknown[] {
  const path = join(workspace, "src", "long.ts");
  const lines = Array.from({ length: count }, (_, i) => i);
  const text = [
    "diff --git a/src/long.ts b/src/long.ts",
    "--- a/src/long.ts",
    "+++ b/src/long.ts",
    `@@ -1,${count} +1,${count} @@`,
    ...lines.map((i) => `-export const value${i} = ${i};`),
    ...lines.map((i) => `+export const value${i} = ${i * 2};`),
    "",
  ].join("\n");
  const toolCall = {
    toolCallId: id,
    title,
    kind: "edit",
    locations: [{ path, line: 1 }],
    content: [
      { type: "diff", changes: [{ path, operation: "modify" }], patch: { format: "git_patch", text } },
    ],
  };
  return askAboutToolCall(toolCall, { title });
}

/** The heights of the transcript's items, in order, and which of them carry `content-visibility` (settled). */
async function itemHeights(webview: FrameLocator): Promise<{ height: number; settled: boolean }[]> {
  return webview.locator(".session-view:not([hidden]) .transcript-items > .item").evaluateAll((items) =>
    items.map((item) => {
      const node = item as unknown as {
        getBoundingClientRect(): { height: number };
        classList: { contains(token: string): boolean };
      };
      return { height: node.getBoundingClientRect().height, settled: node.classList.contains("settled") };
    }),
  );
}

/** Enough agent text to make the transcript scroll. */
const FILLER = { say: Array.from({ length: 40 }, (_, i) => `Paragraph ${i} of a long answer.`).join("\n\n") };

/** Sends the filler and waits until the turn has ended with all of it shown. */
async function fill(webview: FrameLocator): Promise<void> {
  await sendScript(webview, { steps: [FILLER] });
  await webview
    .getByText("Paragraph 39 of a long answer.", { exact: true })
    .last()
    .waitFor({ state: "visible", timeout: 30_000 });
  await waitForReady(webview);
}

interface FirstFrame {
  key: string;
  /** The card's top and bottom, and the transcript's visible top and bottom, in the frame's viewport (px). */
  cardTop: number;
  cardBottom: number;
  viewTop: number;
  viewBottom: number;
}

/**
 * Records, for every card that goes into the DOM from now on, where it and the transcript's viewport were in the
 * first frame rendered after the insertion (read in a message-channel task after that frame's animation-frame
 * callbacks, as the paint benchmark stamps "visible": the layout read there is the one that frame painted).
 */
async function watchFirstFrames(webview: FrameLocator): Promise<void> {
  await webview.locator("body").evaluate((body) => {
    interface Box {
      top: number;
      bottom: number;
    }
    interface Node {
      matches(selector: string): boolean;
      querySelectorAll(selector: string): ArrayLike<Node>;
      getBoundingClientRect(): Box;
      dataset: Record<string, string | undefined>;
      closest(selector: string): Node | null;
    }
    const w = globalThis as unknown as {
      __firstFrames?: FirstFrame[];
      MutationObserver: new (callback: (records: { addedNodes: ArrayLike<unknown> }[]) => void) => {
        observe(target: unknown, options: unknown): void;
      };
      MessageChannel: new () => {
        port1: { onmessage: (() => void) | null; close(): void };
        port2: { postMessage(value: unknown): void };
      };
      requestAnimationFrame(callback: () => void): void;
    };
    if (w.__firstFrames) return;
    const frames: FirstFrame[] = (w.__firstFrames = []);
    new w.MutationObserver((records) => {
      const cards: Node[] = [];
      for (const record of records)
        for (const added of Array.from(record.addedNodes)) {
          const node = added as Node;
          if (typeof node.matches !== "function") continue;
          if (node.matches(".card")) cards.push(node);
          cards.push(...Array.from(node.querySelectorAll(".card")));
        }
      if (cards.length === 0) return;
      w.requestAnimationFrame(() => {
        const channel = new w.MessageChannel();
        channel.port1.onmessage = () => {
          channel.port1.close();
          for (const found of cards) {
            const scroller = found.closest("main.transcript");
            if (!scroller) continue; // a pinned card
            const view = scroller.getBoundingClientRect();
            const box = found.getBoundingClientRect();
            frames.push({
              key: found.dataset.key ?? "",
              cardTop: box.top,
              cardBottom: box.bottom,
              viewTop: view.top,
              viewBottom: view.bottom,
            });
          }
        };
        channel.port2.postMessage(undefined);
      });
    }).observe(body, { childList: true, subtree: true });
  });
}

async function firstFrames(webview: FrameLocator): Promise<FirstFrame[]> {
  return webview
    .locator("body")
    .evaluate(() => (globalThis as unknown as { __firstFrames?: FirstFrame[] }).__firstFrames ?? []);
}

async function transcriptScroll(
  webview: FrameLocator,
): Promise<{ top: number; height: number; client: number }> {
  return webview.locator("main.transcript").evaluate((main) => {
    const scroller = main as unknown as { scrollTop: number; scrollHeight: number; clientHeight: number };
    return { top: scroller.scrollTop, height: scroller.scrollHeight, client: scroller.clientHeight };
  });
}

/** The first agent paragraph whose bottom is inside the transcript's view, and its top relative to the view's. */
async function firstParagraphInView(webview: FrameLocator): Promise<{ text: string; top: number }> {
  return webview.locator("main.transcript").evaluate((main) => {
    interface Box {
      top: number;
      bottom: number;
    }
    const scroller = main as unknown as {
      getBoundingClientRect(): Box;
      querySelectorAll(selector: string): ArrayLike<{ textContent: string; getBoundingClientRect(): Box }>;
    };
    const view = scroller.getBoundingClientRect();
    const paragraph = Array.from(
      scroller.querySelectorAll(".session-view:not([hidden]) article.item.agent p"),
    ).find((p) => p.getBoundingClientRect().bottom > view.top + 1);
    return {
      text: paragraph?.textContent ?? "",
      top: paragraph ? paragraph.getBoundingClientRect().top - view.top : 0,
    };
  });
}

/** Scrolls the transcript up as a person does, with the mouse wheel over it. */
async function wheelUp(workbench: Workbench, webview: FrameLocator, pixels: number): Promise<void> {
  const box = await webview.locator("main.transcript").boundingBox();
  assert.ok(box, "the transcript is on screen");
  await workbench.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const start = (await transcriptScroll(webview)).top;
  await workbench.page.mouse.wheel(0, -pixels);
  // A wheel scrolls smoothly, over a few frames: wait until it has moved and come to rest, as a person reading has.
  let last = start;
  await waitUntil(async () => {
    const { top } = await transcriptScroll(webview);
    const rested = top === last && top !== start;
    last = top;
    if (!rested) await new Promise((resolve) => setTimeout(resolve, 150));
    return rested || undefined;
  }, "the wheel's scrolling to come to rest");
}

describe("The transcript's end (e2e)", function () {
  this.timeout(180_000);
  const ctx = scriptedWorkbench({
    workspaceFiles: { "src/long.ts": "export const value0 = 0;\n" },
    agents: { Scripted: "v2" },
  });

  it("shows a card that follows a tool call with a long diff inside the transcript in its first painted frame", async () => {
    const { workspace } = ctx.workbench;
    const webview = await startSession(ctx.workbench.page, "Scripted");
    await fill(webview);
    const before = await transcriptScroll(webview);
    assert.ok(before.height > before.client * 1.5, "the transcript scrolls (the end is not also its top)");
    assert.ok(before.height - before.top - before.client < 2, "the transcript was left at its end");

    await watchFirstFrames(webview);
    const titles = ["Edit long.ts (first)", "Edit long.ts (second)", "Edit long.ts (third)"];
    await sendScript(webview, {
      steps: titles.flatMap((title, i) => longEdit(workspace, `long-${i}`, title)),
    });
    for (const title of titles) {
      const shown = card(webview, title);
      await waitForGuard(shown);
      const key = await shown.getAttribute("data-key");
      const frame = await waitUntil(
        async () => (await firstFrames(webview)).find((entry) => entry.key === key),
        `the first frame of "${title}"`,
      );
      assert.ok(
        frame.cardTop >= frame.viewTop - 1 && frame.cardBottom <= frame.viewBottom + 1,
        `"${title}" is inside the transcript's viewport in its first frame: card ${frame.cardTop}..${frame.cardBottom}, ` +
          `transcript ${frame.viewTop}..${frame.viewBottom}`,
      );
      await shown.getByRole("button", { name: "Reject", exact: true }).click();
      await shown.waitFor({ state: "detached", timeout: 30_000 });
    }
    await waitForReady(webview);
  });

  it("keeps the height an item was shown at once it settles away from the end and skips layout", async () => {
    const { workspace } = ctx.workbench;
    const webview = await startSession(ctx.workbench.page, "Scripted");
    // One at a time, a frame or more apart, as an agent works: each is laid out at the end before it settles. The
    // call after each (a v2 client has no fs methods and answers at once) waits for the extension host: one it
    // stalls (a loaded machine) would otherwise read several in one task and send them as one burst, whose items
    // settle before a frame lays them out, by design (settledEnd.ts), so they were never shown at any height.
    const steps = Array.from({ length: 14 }, (_, i) => [
      // 20 lines each: 14 of them stay under the prompt's size limit, and each is still taller than the guess.
      longEdit(workspace, `settle-${i}`, `Edit long.ts (${i})`, 20)[0],
      { call: { method: "fs/read_text_file", params: { path: join(workspace, "src", "long.ts") } } },
      { sleep: 60 },
    ]).flat();
    await sendScript(webview, { steps });
    await webview
      .locator('.item.tool-call[data-id="tool:settle-13"]')
      .waitFor({ state: "visible", timeout: 30_000 });
    await waitForReady(webview);
    const settledHeights = await itemHeights(webview);
    assert.ok(settledHeights.filter((item) => item.settled).length >= 6, "the older items settled");
    assert.ok(!settledHeights.slice(-8).some((item) => item.settled), "the last ones did not");
    // Their real heights: the same items with content-visibility taken off.
    await webview.locator("body").evaluate((body) => {
      const root = body as unknown as {
        querySelectorAll(selector: string): ArrayLike<{ classList: { remove(token: string): void } }>;
      };
      for (const item of Array.from(root.querySelectorAll(".item.settled"))) item.classList.remove("settled");
    });
    const realHeights = await itemHeights(webview);
    assert.deepEqual(
      settledHeights.map((item) => Math.round(item.height)),
      realHeights.map((item) => Math.round(item.height)),
      "a settled item off screen takes the height it was shown at, not the first guess",
    );
  });

  it("leaves a person who scrolled up where they are when a card arrives at the end", async () => {
    const { workspace } = ctx.workbench;
    const webview = await startSession(ctx.workbench.page, "Scripted");
    await fill(webview);
    await wheelUp(ctx.workbench, webview, 600);
    const scrolled = await waitUntil(async () => {
      const now = await transcriptScroll(webview);
      return now.height - now.top - now.client > 300 && now;
    }, "the wheel to scroll the transcript up");

    await sendScript(webview, { steps: longEdit(workspace, "long-up", "Edit long.ts (scrolled up)") });
    const shown = card(webview, "Edit long.ts (scrolled up)");
    await shown.waitFor({ state: "attached", timeout: 30_000 });
    await waitForGuard(shown); // about half a second: the follower, if any, has run its frames
    const after = await transcriptScroll(webview);
    assert.ok(Math.abs(after.top - scrolled.top) <= 2, `the position held: ${scrolled.top} -> ${after.top}`);
    assert.ok(after.height - after.top - after.client > 300, "the new card was not scrolled to");
    await stopButton(webview).click();
    await waitForReady(webview);
  });

  it("offers a way back to the end after scrolling up, and to a card that arrived below", async () => {
    const { workspace, page } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    const toEnd = webview.getByRole("button", { name: "Go to the end", exact: true });
    await fill(webview);
    assert.equal(await toEnd.isVisible(), false, "not offered at the end");
    const atEnd = await transcriptScroll(webview);
    await wheelUp(ctx.workbench, webview, 600);
    await toEnd.waitFor({ state: "visible", timeout: 10_000 });
    // Shown, it takes no room: were it to take some, the end the button scrolls to would move once it hides.
    assert.equal(
      (await transcriptScroll(webview)).client,
      atEnd.client,
      "the button does not resize the transcript",
    );
    await toEnd.click();
    await waitUntil(async () => {
      const now = await transcriptScroll(webview);
      return now.height - now.top - now.client < 2;
    }, "the transcript back at its end");
    await toEnd.waitFor({ state: "hidden", timeout: 10_000 });

    // Reading further up when a card arrives at the end: the button says a request waits and takes the keyboard to it.
    await wheelUp(ctx.workbench, webview, 600);
    await toEnd.waitFor({ state: "visible", timeout: 10_000 });
    await sendScript(webview, { steps: longEdit(workspace, "long-below", "Edit long.ts (below)") });
    const shown = card(webview, "Edit long.ts (below)");
    await waitForGuard(shown);
    const toCard = webview.getByRole("button", { name: "1 request waiting", exact: true });
    await toCard.waitFor({ state: "visible", timeout: 10_000 });
    assert.equal(await toEnd.count(), 0, "one button, saying what waits");
    await screenshot(page, "to-the-waiting-request");
    const findings = await axeFindings(webview);
    assert.deepEqual(findings, [], `axe, with the button over the transcript:\n${findings.join("\n")}`);
    await toCard.focus();
    await page.keyboard.press("Enter");
    const landed = await waitUntil(
      () =>
        shown.evaluate((node) => {
          const element = node as unknown as {
            contains(other: unknown): boolean;
            ownerDocument: { activeElement: unknown };
            getBoundingClientRect(): { top: number; bottom: number };
            closest(selector: string): { getBoundingClientRect(): { top: number; bottom: number } } | null;
          };
          const box = element.getBoundingClientRect();
          const view = element.closest("main.transcript")!.getBoundingClientRect();
          const focused = element.contains(element.ownerDocument.activeElement);
          return focused && box.top < view.bottom && box.bottom > view.top ? { box, view } : undefined;
        }),
      "the card in view with the keyboard on it",
    );
    assert.ok(landed.box.top >= landed.view.top - 1, "the card's top is in view");
    // Its number keys answer it once its guard is over (the keyboard just moved onto it): 2 is Reject.
    await waitForGuard(shown);
    await page.keyboard.press("2");
    await shown.waitFor({ state: "detached", timeout: 30_000 });
    await waitForReady(webview);
  });

  it("opens where the person was reading after the view was hidden and shown again", async () => {
    const { page } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    await fill(webview);
    await wheelUp(ctx.workbench, webview, 500);
    await waitUntil(async () => {
      const now = await transcriptScroll(webview);
      return now.height - now.top - now.client > 300 || undefined;
    }, "the wheel to scroll the transcript up");
    const toEnd = webview.getByRole("button", { name: "Go to the end", exact: true });
    await toEnd.waitFor({ state: "visible", timeout: 10_000 });
    const before = await firstParagraphInView(webview);

    await hideAndShowView(page);
    await toEnd.waitFor({ state: "visible", timeout: 30_000 });
    const after = await waitUntil(async () => {
      const now = await firstParagraphInView(webview);
      return now.text !== "" && now;
    }, "the transcript shown again");
    assert.equal(after.text, before.text, "the same paragraph at the top of the view");
    assert.ok(Math.abs(after.top - before.top) <= 4, `at the same place: ${before.top} -> ${after.top}`);
  });

  it("keeps each session's scroll position when switching between them, also to one not shown since the view came back", async () => {
    const { page } = ctx.workbench;
    await startSession(page, "Scripted");
    const webview = await openSession(page, "Scripted");
    await waitForReady(webview);
    await fill(webview);
    await wheelUp(ctx.workbench, webview, 400);
    // The view hidden and shown again: the new page builds a session's transcript when it is first shown, so the
    // first tab's is not built yet when the person switches to it.
    await hideAndShowView(page);
    await webview.getByRole("button", { name: "Go to the end", exact: true }).waitFor({ timeout: 30_000 });
    const left = await waitUntil(async () => {
      const now = await transcriptScroll(webview);
      return now.height - now.top - now.client > 200 && now;
    }, "the wheel to scroll the transcript up");
    const tabs = webview.getByRole("tab");
    const count = await tabs.count();
    assert.ok(count >= 2, "more than one session is open");
    await tabs.nth(count - 2).click();
    await waitUntil(
      async () => (await tabs.nth(count - 2).getAttribute("aria-selected")) === "true",
      "the other session to be shown",
    );
    await tabs.nth(count - 1).click();
    await waitUntil(
      async () => (await tabs.nth(count - 1).getAttribute("aria-selected")) === "true",
      "the last session to be shown again",
    );
    const back = await transcriptScroll(webview);
    assert.ok(Math.abs(back.top - left.top) <= 2, `the position came back: ${left.top} -> ${back.top}`);
  });
});

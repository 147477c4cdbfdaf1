// The Symposium view in a narrow side bar (300 px, where a card's rows wrap): nothing floats over a card's buttons,
// a grant's Edit rule sits with its rule, outlined buttons show their outline, and answering a card hands the keyboard on to the next one.
import * as assert from "node:assert/strict";
import type { FrameLocator, Locator } from "playwright-core";
import { resizeSideBar, screenshot } from "../../tools/browser";
import {
  askAboutToolCall,
  card,
  portEdit,
  sendScript,
  startSession,
  waitForGuard,
  waitUntil,
} from "../harness/scripted";
import { scriptedWorkbench } from "../harness/scriptedWorkbench";

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The element's box in the webview's viewport. */
function box(locator: Locator): Promise<Box> {
  return locator.evaluate((element) => {
    const r = (element as unknown as { getBoundingClientRect(): Box }).getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  });
}

function overlap(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

describe("The Symposium view 300 px wide (e2e)", function () {
  this.timeout(120_000);
  let webview: FrameLocator;
  const options = [
    { optionId: "allow-once", name: "Allow once", kind: "allow_once" },
    { optionId: "allow-always", name: "Allow for this session", kind: "allow_always" },
    { optionId: "reject", name: "Reject", kind: "reject_once" },
  ];
  const ctx = scriptedWorkbench({
    workspaceFiles: { "src/app.ts": "export const port = 8080;\n" },
    agents: { Scripted: "v2" },
  });

  before(async () => {
    await ctx.workbench.page.setViewportSize({ width: 1280, height: 1000 });
    webview = await startSession(ctx.workbench.page, "Scripted");
    await resizeSideBar(ctx.workbench.page, 300);
    const { workspace } = ctx.workbench;
    await sendScript(webview, {
      steps: [
        { say: "Reading the configuration first. ".repeat(40) },
        ...askAboutToolCall(
          portEdit(workspace, "narrow-edit"),
          { title: "Change the port", options },
          { wait: false },
        ),
        {
          request: {
            title: "Run the tests",
            subject: { type: "command", command: "npm test -- --watch=false", cwd: workspace },
            options,
          },
          wait: false,
        },
        { waitAll: true },
      ],
    });
    await waitForGuard(card(webview, "Change the port"));
    await waitForGuard(card(webview, "Run the tests"));
  });

  it("the way back to the end never floats over a waiting card's Bypass Permissions", async () => {
    const inline = card(webview, "Change the port");
    const bypass = inline.getByRole("button", { name: "Bypass Permissions" });
    // Scrolled as a reader leaves it: the card's last row (Bypass, at the row's end) at the transcript's bottom edge.
    await webview.locator("main.transcript").evaluate((main) => {
      const scroller = main as unknown as {
        scrollTop: number;
        getBoundingClientRect(): Box;
        querySelector(selector: string): { getBoundingClientRect(): Box };
      };
      const row = scroller.querySelector(".tool-prompts .option-bypass").getBoundingClientRect();
      scroller.scrollTop += row.bottom - scroller.getBoundingClientRect().bottom + 4;
    });
    const toEnd = webview.locator(".to-end");
    // Away from the end: the transcript says so once the scroll is read (the pill shows, or stays off the card).
    await waitUntil(async () => {
      const shown = await toEnd.isVisible();
      return !shown || !overlap(await box(toEnd), await box(bypass));
    }, "the way back to the end to keep off Bypass Permissions");
    await screenshot(ctx.workbench.page, "narrow-300-bypass-row");
    // Further up, the card out of the strip: the way back to the end is there again.
    await webview.locator("main.transcript").evaluate((main) => {
      (main as unknown as { scrollTop: number }).scrollTop = 0;
    });
    await toEnd.waitFor({ state: "visible", timeout: 10_000 });
    assert.match(await toEnd.innerText(), /1 request waiting/);
  });

  it("a grant's Edit rule sits with the rule it edits, not on a row of its own under the grant's buttons", async () => {
    const grant = card(webview, "Run the tests").locator(".grant");
    const text = await box(grant.locator(".grant-text"));
    const edit = await box(grant.getByRole("button", { name: "Edit rule" }));
    const session = await box(grant.getByRole("button", { name: /Allow in this session/ }));
    assert.ok(edit.bottom <= session.top, "Edit rule is above the grant's buttons, by the rule it edits");
    assert.ok(edit.top >= text.top && edit.bottom <= text.bottom + 1, "on the rule's lines");
    await screenshot(ctx.workbench.page, "narrow-300-grant");
  });

  it("the agent's lasting option and Symposium's grant buttons show their outline", async () => {
    const command = card(webview, "Run the tests");
    for (const name of [/^Allow for this session/, /^Allow in this session/, /^Always allow/]) {
      const color = await command
        .getByRole("button", { name })
        .evaluate(
          (element) =>
            (
              globalThis as unknown as { getComputedStyle(e: unknown): { borderTopColor: string } }
            ).getComputedStyle(element).borderTopColor,
        );
      const alpha = /rgba\(.*,\s*([\d.]+)\)/.exec(color)?.[1];
      assert.ok(alpha === undefined || Number(alpha) > 0.5, `${String(name)}: its border is ${color}`);
    }
  });

  it("at 200% zoom in a 200 px side bar, the keyboard shows a waiting card's one-line buttons and the pending list whole", async () => {
    const { page } = ctx.workbench;
    // 200% zoom of the suite's 1280 x 1000 window: half as many CSS pixels each way.
    await page.setViewportSize({ width: 640, height: 500 });
    await resizeSideBar(page, 200);
    try {
      const pinned = card(webview, "Run the tests");
      /** Whether the focused element is in view whole, inside every box that clips it (its scrollers, the page). */
      const focusedWhole = (): Promise<boolean> =>
        webview.locator("body").evaluate(() => {
          interface Node {
            parentElement: Node | null;
            getBoundingClientRect(): Box;
          }
          const view = globalThis as unknown as {
            innerHeight: number;
            document: { activeElement: Node };
            getComputedStyle(node: Node): { overflowY: string };
          };
          const focused = view.document.activeElement;
          const shown = focused.getBoundingClientRect();
          let top = 0;
          let bottom = view.innerHeight;
          for (let box = focused.parentElement; box; box = box.parentElement) {
            if (view.getComputedStyle(box).overflowY === "visible") continue;
            const clip = box.getBoundingClientRect();
            top = Math.max(top, clip.top);
            bottom = Math.min(bottom, clip.bottom);
          }
          return shown.top >= top - 0.5 && shown.bottom <= bottom + 0.5;
        });
      for (const name of ["Allow once", "Reject", "Reject with reason…"]) {
        await pinned.getByRole("button", { name, exact: true }).focus();
        assert.ok(await focusedWhole(), `${name} is cut off in view`);
      }
      await webview.locator(".pending-batch > summary").focus();
      assert.ok(await focusedWhole(), "the pending list's summary is cut off in view");
      await screenshot(page, "narrow-200-zoom-200");
    } finally {
      await page.setViewportSize({ width: 1280, height: 1000 });
      await resizeSideBar(page, 300);
    }
  });

  it("a click on a card's option hands the keyboard to the next waiting card, then to the Message box", async () => {
    const inline = card(webview, "Change the port");
    await inline.getByRole("button", { name: "Allow once", exact: true }).click();
    assert.deepEqual(await ctx.log("Scripted").waitForOutcome("Change the port"), {
      outcome: "selected",
      optionId: "allow-once",
    });
    const next = card(webview, "Run the tests");
    await waitUntil(
      () => next.evaluate((element) => element.ownerDocument.activeElement === element),
      "the keyboard on the next waiting card",
      10_000,
    );
    await waitForGuard(next);
    await ctx.workbench.page.keyboard.press("Escape");
    assert.deepEqual(await ctx.log("Scripted").waitForOutcome("Run the tests"), {
      outcome: "selected",
      optionId: "reject",
    });
    await waitUntil(
      () =>
        webview
          .locator("body")
          .evaluate((body) => body.ownerDocument.activeElement?.closest("vscode-textarea") != null),
      "the keyboard in the Message box, no card left",
      10_000,
    );
  });

  it("reports no webview errors or CSP violations", () => {
    const problems = ctx.workbench.console.webviewProblems();
    assert.deepEqual(problems, [], problems.map((p) => `${p.type}: ${p.text} (${p.url})`).join("\n"));
  });
});

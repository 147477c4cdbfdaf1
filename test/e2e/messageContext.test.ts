// Symposium: Add to Message in the real workbench: lines selected in an editor become a chip above the message box,
// go to the agent with the next message (the lines themselves, for an agent that takes embedded context) and show
// under that message in the transcript; a chip is removed with the keyboard; a repository's file name with hidden
// characters shows them; the composer with chips passes axe. An image pasted from the clipboard (a real Ctrl+V)
// becomes a chip and goes whole to an agent that takes images; an agent that does not is named in a note instead.
import * as assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { openFile, runCommand, screenshot } from "../../tools/browser";
import { axeFindings } from "../harness/axe";
import {
  answer,
  card,
  messageBox,
  sendScript,
  startSession,
  waitForGuard,
  waitUntil,
} from "../harness/scripted";
import { scriptedWorkbench } from "../harness/scriptedWorkbench";
import { PNG_1PX } from "../support/images";

const GREETING = [
  "// greeting",
  "",
  'export const greeting = "Hi";',
  "export const name = greeting;",
  "",
].join("\n");
// A booby-trapped name: a right-to-left override that would show "evil.txt" reversed as "txt.live".
const TRAPPED = "notes\u202Etxt.md";
// A name with a tab, which a chip on one line would show as a space ("plan .bashrc").
const TABBED = "plan\t.bashrc";
// A name that VS Code's lists would draw as an icon.
const ICON_NAME = "$(pass-filled) approved.md";

type Block = Record<string, unknown>;

/** The slice of an element this suite reads in the page (test files have no DOM types). */
interface Focusable {
  matches(selector: string): boolean;
}

describe("Add to Message (e2e)", function () {
  this.timeout(120_000);
  const ctx = scriptedWorkbench({
    workspaceFiles: {
      "src/greeting.ts": GREETING,
      [TRAPPED]: "# notes\n",
      [ICON_NAME]: "# ok\n",
      [TABBED]: "# plan\n",
    },
    agents: {
      Scripted: { protocol: "v2", env: { SCRIPTED_AGENT_EMBEDDED_CONTEXT: "1", SCRIPTED_AGENT_IMAGE: "1" } },
      Textual: { protocol: "v1", env: {} },
    },
  });

  /** Selects whole lines `from`..`to` (1-based) of the active editor with the keyboard. */
  async function selectLines(page: Page, from: number, to: number): Promise<void> {
    await page.locator(".editor-instance .monaco-editor .view-lines").first().click();
    await page.keyboard.press("Control+g");
    await page.keyboard.type(String(from));
    await page.keyboard.press("Enter");
    await page.keyboard.press("Home");
    for (let line = from; line <= to; line++) await page.keyboard.press("Shift+ArrowDown");
  }

  function promptsReceived(): Block[][] {
    return ctx.log("Scripted").promptBlocks();
  }

  it("sends the selected lines with the next message, and shows them under it", async () => {
    const { page, workspace } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    await openFile(page, "greeting.ts");
    await selectLines(page, 3, 4);
    await runCommand(page, "Symposium: Add to Message");

    const chips = webview.getByRole("list", { name: "Added to your message" });
    const chip = chips.getByRole("listitem");
    await chip.first().waitFor({ state: "visible", timeout: 15_000 });
    assert.deepEqual(await chip.allInnerTexts(), ["greeting.ts:3-4"]);
    assert.equal(await chip.first().getAttribute("title"), "src/greeting.ts, lines 3-4");
    // Focus stays in the message box, so a screen reader hears what was added.
    await waitUntil(
      async () =>
        (await webview.locator('[aria-live="polite"]').textContent()) ===
          "Added greeting.ts:3-4 to your message." || undefined,
      "the addition to be announced",
    );
    // The command puts focus in the message box, so the person types the question at once.
    await waitUntil(
      async () =>
        (await messageBox(webview).evaluate((box) => (box as unknown as Focusable).matches(":focus"))) ||
        undefined,
      "focus in the message box",
    );
    const findings = await axeFindings(webview);
    assert.deepEqual(findings, [], `axe, the composer with a chip:\n${findings.join("\n")}`);
    await screenshot(page, "message-context-chip");

    await page.keyboard.type("What do these lines do?");
    await page.keyboard.press("Enter");
    await waitUntil(() => promptsReceived().length === 1 || undefined, "the agent to get the message");
    const uri = pathToFileURL(join(workspace, "src", "greeting.ts")).href;
    assert.deepEqual(promptsReceived()[0], [
      { type: "text", text: "What do these lines do?" },
      {
        type: "resource",
        resource: {
          uri: `${uri}#L3:4`,
          text: 'export const greeting = "Hi";\nexport const name = greeting;\n',
        },
      },
    ]);
    await chips.waitFor({ state: "hidden", timeout: 10_000 });
    const sent = webview.getByRole("list", { name: "Added to the message" });
    await sent.waitFor({ state: "visible", timeout: 10_000 });
    assert.deepEqual(await sent.getByRole("listitem").allInnerTexts(), ["greeting.ts:3-4"]);
  });

  it("a waiting message taken back to edit brings its file back to the composer, and it goes with the message", async () => {
    const { page } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    await sendScript(webview, { steps: [{ request: { title: "Hold for the follow-up" } }] });
    const held = card(webview, "Hold for the follow-up");
    await waitForGuard(held);
    await openFile(page, "greeting.ts");
    await page.locator(".editor-instance .monaco-editor .view-lines").first().click(); // no selection: the file
    await runCommand(page, "Symposium: Add to Message");
    const chip = webview.getByRole("list", { name: "Added to your message" }).getByRole("listitem");
    await chip.first().waitFor({ state: "visible", timeout: 15_000 });
    const box = messageBox(webview);
    await box.fill("and explain greeting.ts");
    await box.press("Enter");
    const queued = webview
      .locator(".session-view:not([hidden])")
      .locator("article.item.user.queued", { hasText: "explain" });
    await queued.waitFor({ state: "visible", timeout: 15_000 });
    await chip.first().waitFor({ state: "hidden", timeout: 10_000 });

    // Back in the box: its file is a chip again (the view had seen its id go with the message, and hid it for good).
    await queued.getByRole("button", { name: "Edit this message (it is not sent)" }).click();
    await waitUntil(
      async () => (await box.inputValue()) === "and explain greeting.ts" || undefined,
      "the text back",
    );
    await chip.first().waitFor({ state: "visible", timeout: 15_000 });
    assert.deepEqual(await chip.allInnerTexts(), ["greeting.ts"]);
    await box.press("Enter");
    await answer(held, "Allow once");
    const followUp = () => promptsReceived().find((blocks) => blocks[0]?.text === "and explain greeting.ts");
    await waitUntil(() => followUp(), "the follow-up to reach the agent");
    const sent = followUp()!;
    assert.match(String((sent[1]?.resource as Block | undefined)?.uri ?? sent[1]?.uri), /greeting\.ts$/);
  });

  it("marks a tab in a file's name on its chip, not as a space", async () => {
    const { page } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    const box = messageBox(webview);
    const options = webview.getByRole("listbox", { name: "Files and folders" }).getByRole("option");
    await box.focus();
    await page.keyboard.type("@bashrc");
    await waitUntil(async () => (await options.count()) === 1 || undefined, "the list to offer the file");
    await page.keyboard.press("Tab");
    const chip = webview.getByRole("list", { name: "Added to your message" }).getByRole("listitem");
    await chip.first().waitFor({ state: "visible", timeout: 15_000 });
    assert.deepEqual(await chip.allInnerTexts(), ["plan\u2409.bashrc"]);
    await webview.getByRole("button", { name: "Remove plan\u2409.bashrc", exact: true }).click();
    await box.fill("");
  });

  it("removes a chip with the keyboard, so it does not go with the message", async () => {
    const { page } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    await openFile(page, "greeting.ts");
    await page.locator(".editor-instance .monaco-editor .view-lines").first().click(); // no selection: the file
    await runCommand(page, "Symposium: Add to Message");
    await openFile(page, "notes");
    await runCommand(page, "Symposium: Add to Message");

    const chip = webview.getByRole("list", { name: "Added to your message" }).getByRole("listitem");
    await waitUntil(async () => (await chip.count()) === 2 || undefined, "two chips");
    // The hidden override shows as a marker, never reversing the name.
    assert.deepEqual(await chip.allInnerTexts(), ["greeting.ts", "notes<U+202E>txt.md"]);
    assert.equal(await chip.last().getAttribute("title"), "notes<U+202E>txt.md", "its tooltip too");

    const remove = webview.getByRole("button", { name: "Remove greeting.ts", exact: true });
    await remove.focus();
    await page.keyboard.press("Enter");
    await waitUntil(async () => (await chip.count()) === 1 || undefined, "the chip to go");
    assert.equal(
      await webview.locator(":focus").getAttribute("aria-label"),
      "Remove notes<U+202E>txt.md",
      "focus moves to the next chip's Remove",
    );
    await page.keyboard.press("Enter");
    await waitUntil(async () => (await chip.count()) === 0 || undefined, "the last chip to go");
    const before = promptsReceived().length;
    await messageBox(webview).fill("No context now");
    await messageBox(webview).press("Enter");
    await waitUntil(
      () => promptsReceived().length === before + 1 || undefined,
      "the agent to get the message",
    );
    assert.deepEqual(promptsReceived().at(-1), [{ type: "text", text: "No context now" }]);
  });

  it("adds files picked from the composer's Add files button, by keyboard", async () => {
    const { page } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    const attach = webview.getByRole("button", { name: "Add files to the message…", exact: true });
    await attach.focus();
    await page.keyboard.press("Enter");
    const picker = page.locator(".quick-input-widget");
    await picker
      .locator(".quick-input-title", { hasText: "Add to your message" })
      .waitFor({ timeout: 15_000 });
    // The repository's names are inert in the list: the override shows, the icon syntax stays text.
    const rows = picker.locator(".quick-input-list .monaco-list-row");
    await picker.locator("input.input").fill("notes");
    await rows.filter({ hasText: "notes<U+202E>txt.md" }).first().waitFor({ timeout: 15_000 });
    await picker.locator("input.input").fill("approved");
    await rows.filter({ hasText: "$ (pass-filled) approved.md" }).first().waitFor({ timeout: 15_000 });
    await picker.locator("input.input").fill("greeting");
    const row = picker
      .locator(".quick-input-list .monaco-list-row")
      .filter({ hasText: "greeting.ts" })
      .first();
    await row.waitFor({ state: "visible", timeout: 15_000 });
    // Down moves into the list, Space ticks the row, Enter adds what is ticked.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Space");
    await page.keyboard.press("Enter");

    const chip = webview.getByRole("list", { name: "Added to your message" }).getByRole("listitem");
    await chip.first().waitFor({ state: "visible", timeout: 15_000 });
    assert.deepEqual(await chip.allInnerTexts(), ["greeting.ts"]);
    assert.equal(await chip.first().getAttribute("title"), "src/greeting.ts");
    await messageBox(webview).fill("And this file?");
    await messageBox(webview).press("Enter");
    await waitUntil(
      () => promptsReceived().at(-1)?.[0]?.text === "And this file?" || undefined,
      "the agent to get the message",
    );
    assert.deepEqual(promptsReceived().at(-1)?.slice(1), [
      {
        type: "resource_link",
        uri: pathToFileURL(join(ctx.workbench.workspace, "src", "greeting.ts")).href,
        name: "greeting.ts",
      },
    ]);
  });

  it("Add files finds files past its listing in a workspace larger than it lists, and keeps the ticks", async () => {
    const { page, workspace } = ctx.workbench;
    const bulk = join(workspace, "bulk");
    const name = (i: number) => `Record-${String(i).padStart(5, "0")}.txt`;
    try {
      // Four times what the listing holds, so most are past it; which ones, the search's order decides, so four are
      // ticked one after another (all four within the listing would be a 1-in-256 chance).
      mkdirSync(bulk, { recursive: true });
      for (let i = 0; i < 20_000; i++) writeFileSync(join(bulk, name(i)), "");
      const targets = [1_234, 7_777, 13_579, 19_001].map(name);
      const webview = await startSession(page, "Scripted");
      await webview.getByRole("button", { name: "Add files to the message…", exact: true }).click();
      const picker = page.locator(".quick-input-widget");
      await picker
        .locator(".quick-input-title", { hasText: "Add to your message" })
        .waitFor({ timeout: 15_000 });
      const input = picker.locator("input.input");
      const rows = picker.locator(".quick-input-list .monaco-list-row");
      for (const target of targets) {
        await input.fill(target.slice(0, -".txt".length).toLowerCase());
        await rows.filter({ hasText: target }).first().waitFor({ timeout: 15_000 });
        await page.keyboard.press("ArrowDown");
        await page.keyboard.press("Space");
      }
      await screenshot(page, "add-files-found-by-name");
      await page.keyboard.press("Enter");
      const chip = webview.getByRole("list", { name: "Added to your message" }).getByRole("listitem");
      await waitUntil(
        async () => (await chip.count()) === targets.length || undefined,
        "a chip per ticked file",
      );
      assert.deepEqual((await chip.allInnerTexts()).sort(), [...targets].sort());
    } finally {
      rmSync(bulk, { recursive: true, force: true });
    }
  });

  it("adds a file typed after @ in the message box, and a message sent at once takes it", async () => {
    const { page, workspace } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    const box = messageBox(webview);
    const list = webview.getByRole("listbox", { name: "Files and folders" });
    const options = list.getByRole("option");
    await box.focus();
    // A repository's name shows its hidden characters in the list, as in the chips.
    await page.keyboard.type("@notes");
    await waitUntil(async () => (await options.count()) === 1 || undefined, "the list to offer the notes");
    assert.deepEqual(await options.allInnerTexts(), ["notes<U+202E>txt.md"]);
    // Escape closes the list until the caret leaves the mention; typing on in it keeps it closed.
    await page.keyboard.press("Escape");
    await list.waitFor({ state: "hidden", timeout: 10_000 });
    await page.keyboard.type("t");
    await page.keyboard.press("Backspace");
    assert.equal(await list.isVisible(), false);
    // Chosen, the name goes into the text as the list showed it: the override cannot reverse the message.
    await page.keyboard.press("Space");
    await page.keyboard.type("@notes");
    await options.first().waitFor({ state: "visible", timeout: 10_000 });
    await page.keyboard.press("Tab");
    assert.equal(await box.inputValue(), "@notes @notes<U+202E>txt.md ");
    const remove = webview.getByRole("button", { name: "Remove notes<U+202E>txt.md", exact: true });
    await remove.click();
    await remove.waitFor({ state: "detached", timeout: 10_000 });
    await box.fill("");
    await box.focus();

    // Nothing matches: said, not a list closing without a word; Enter still sends, Escape closes the note.
    await page.keyboard.type("@zqxj");
    const none = webview
      .locator(".composer")
      .getByText("No workspace file or folder matches “zqxj”.", { exact: true });
    await none.waitFor({ state: "visible", timeout: 10_000 });
    assert.equal(await list.isVisible(), false, "no empty list");
    await waitUntil(
      async () =>
        (await webview.locator('[aria-live="polite"]').textContent())?.includes(
          "No workspace file or folder matches",
        ) || undefined,
      "a screen reader to hear that nothing matches",
    );
    const noneFindings = await axeFindings(webview);
    assert.deepEqual(noneFindings, [], `axe, "no file matches" shown:\n${noneFindings.join("\n")}`);
    await page.keyboard.press("Escape");
    await none.waitFor({ state: "hidden", timeout: 10_000 });
    assert.equal(await box.inputValue(), "@zqxj", "Escape closed the note, and left the text");
    await box.fill("");
    await box.focus();

    await page.keyboard.type("What does @gree");
    await waitUntil(
      async () => (await options.allInnerTexts()).join("|") === "greeting.ts\nsrc" || undefined,
      "the list to offer greeting.ts, in src",
    );
    assert.equal(await options.first().getAttribute("aria-selected"), "true");
    await waitUntil(
      async () =>
        (await webview.locator('[aria-live="polite"]').textContent())?.startsWith("1 match.") || undefined,
      "a screen reader to hear the list",
    );
    const findings = await axeFindings(webview);
    assert.deepEqual(findings, [], `axe, the @ list open:\n${findings.join("\n")}`);
    await screenshot(page, "file-mentions");

    await page.keyboard.press("Enter");
    await list.waitFor({ state: "hidden", timeout: 10_000 });
    assert.equal(await box.inputValue(), "What does @src/greeting.ts ");
    // Sent before the host's chip can show: the file goes all the same.
    const before = promptsReceived().length;
    await page.keyboard.type("do?");
    await page.keyboard.press("Enter");
    await waitUntil(
      () => promptsReceived().length === before + 1 || undefined,
      "the agent to get the message",
    );
    assert.deepEqual(promptsReceived().at(-1), [
      { type: "text", text: "What does @src/greeting.ts do?" },
      {
        type: "resource_link",
        uri: pathToFileURL(join(workspace, "src", "greeting.ts")).href,
        name: "greeting.ts",
      },
    ]);
    const sent = webview.getByRole("list", { name: "Added to the message" }).last();
    await sent.waitFor({ state: "visible", timeout: 10_000 });
    assert.deepEqual(await sent.getByRole("listitem").allInnerTexts(), ["greeting.ts"]);
    const waiting = webview.getByRole("list", { name: "Added to your message" });
    assert.equal(await waiting.isVisible(), false, "no chip is left for the next message");
  });

  it("adds a folder typed after @, and the agent gets a link to the folder", async () => {
    const { page, workspace } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    const box = messageBox(webview);
    const options = webview.getByRole("listbox", { name: "Files and folders" }).getByRole("option");
    await box.focus();
    await page.keyboard.type("Summarize @src/");
    // The folder named so first, then the files in it.
    await waitUntil(
      async () => (await options.first().innerText()) === "src/" || undefined,
      "the list to offer the folder src/ first",
    );
    assert.ok((await options.count()) > 1, "the files in it follow");
    await page.keyboard.press("Enter");
    assert.equal(await box.inputValue(), "Summarize @src/ ");
    const chip = webview.getByRole("list", { name: "Added to your message" }).getByRole("listitem");
    await waitUntil(
      async () => ((await chip.allInnerTexts()).join() === "src/" ? true : undefined),
      "a chip src/",
    );
    const before = promptsReceived().length;
    await page.keyboard.type("briefly.");
    await page.keyboard.press("Enter");
    await waitUntil(
      () => promptsReceived().length === before + 1 || undefined,
      "the agent to get the message",
    );
    assert.deepEqual(promptsReceived().at(-1), [
      { type: "text", text: "Summarize @src/ briefly." },
      { type: "resource_link", uri: pathToFileURL(join(workspace, "src")).href, name: "src/" },
    ]);
  });

  /** Puts a PNG on the system clipboard, as a screenshot tool does, and pastes it into the message box with Ctrl+V. */
  async function pasteImage(page: Page, box: Locator, base64: string): Promise<void> {
    const origin = new URL(page.url()).origin;
    await ctx.workbench.browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
    await page.evaluate(async (data) => {
      const web = globalThis as unknown as {
        atob(text: string): string;
        Blob: new (parts: unknown[], init: { type: string }) => unknown;
        ClipboardItem: new (items: Record<string, unknown>) => unknown;
        navigator: { clipboard: { write(items: unknown[]): Promise<void> } };
      };
      const bytes = Uint8Array.from(web.atob(data), (c) => c.charCodeAt(0));
      await web.navigator.clipboard.write([
        new web.ClipboardItem({ "image/png": new web.Blob([bytes], { type: "image/png" }) }),
      ]);
    }, base64);
    await box.focus();
    await page.keyboard.press("Control+v");
  }

  /** An image's pixels (RGBA), as the browser decodes it. */
  async function pixels(page: Page, base64: string): Promise<number[]> {
    return page.evaluate(async (data) => {
      interface Context {
        drawImage(image: unknown, x: number, y: number): void;
        getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> };
      }
      const web = globalThis as unknown as {
        atob(text: string): string;
        Blob: new (parts: unknown[], init: { type: string }) => unknown;
        createImageBitmap(blob: unknown): Promise<{ width: number; height: number }>;
        OffscreenCanvas: new (w: number, h: number) => { getContext(kind: "2d"): Context };
      };
      const bytes = Uint8Array.from(web.atob(data), (c) => c.charCodeAt(0));
      const bitmap = await web.createImageBitmap(new web.Blob([bytes], { type: "image/png" }));
      const context = new web.OffscreenCanvas(bitmap.width, bitmap.height).getContext("2d");
      context.drawImage(bitmap, 0, 0);
      return Array.from(context.getImageData(0, 0, bitmap.width, bitmap.height).data);
    }, base64);
  }

  it("sends an image pasted into the message box, whole, to an agent that takes images", async () => {
    const { page } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    await pasteImage(page, messageBox(webview), PNG_1PX);
    const chip = webview.getByRole("list", { name: "Added to your message" }).getByRole("listitem");
    await chip.first().waitFor({ state: "visible", timeout: 15_000 });
    assert.deepEqual(await chip.allInnerTexts(), ["Pasted image 1"]);
    const detail = await chip.first().getAttribute("title");
    assert.match(detail ?? "", /^PNG image, \d+ bytes$/);
    assert.equal(await messageBox(webview).inputValue(), "", "the image is not pasted as text");
    await waitUntil(
      async () =>
        (await webview.locator('[aria-live="polite"]').textContent()) ===
          "Added Pasted image 1 to your message." || undefined,
      "the image to be announced",
    );
    await screenshot(page, "message-context-image");

    await messageBox(webview).fill("What is wrong in this screenshot?");
    await messageBox(webview).press("Enter");
    await waitUntil(
      () => promptsReceived().at(-1)?.[0]?.text === "What is wrong in this screenshot?" || undefined,
      "the agent to get the message",
    );
    const [image, ...rest] = promptsReceived().at(-1)?.slice(1) ?? [];
    assert.deepEqual(rest, []);
    assert.equal(image?.type, "image");
    assert.equal(image?.mimeType, "image/png");
    // Chromium encodes a pasted image anew: the agent gets the picture that was copied, not its bytes.
    const data = String(image?.data);
    assert.equal(
      detail,
      `PNG image, ${Buffer.from(data, "base64").length} bytes`,
      "the image the chip stands for",
    );
    assert.deepEqual(await pixels(page, data), await pixels(page, PNG_1PX), "the picture that was copied");
    const sent = webview.getByRole("list", { name: "Added to the message" });
    await sent.last().waitFor({ state: "visible", timeout: 10_000 });
    assert.deepEqual(await sent.last().getByRole("listitem").allInnerTexts(), ["Pasted image 1"]);
  });

  it("says so in the composer when the agent does not take images, and sends none", async () => {
    const { page } = ctx.workbench;
    const webview = await startSession(page, "Textual");
    // Once the agent has started (the first message answered), the composer knows it takes no images.
    await messageBox(webview).fill("Hello");
    await messageBox(webview).press("Enter");
    await waitUntil(() => ctx.log("Textual").promptBlocks().length === 1 || undefined, "the first message");
    await pasteImage(page, messageBox(webview), PNG_1PX);
    const note = webview.locator(".composer-note");
    await note.waitFor({ state: "visible", timeout: 15_000 });
    assert.equal((await note.innerText()).trim(), "Textual does not take images.");
    await waitUntil(
      async () =>
        (await webview.locator('[aria-live="polite"]').textContent()) === "Textual does not take images." ||
        undefined,
      "the refusal to be announced",
    );
    assert.equal(await webview.getByRole("list", { name: "Added to your message" }).isVisible(), false);
    const findings = await axeFindings(webview);
    assert.deepEqual(findings, [], `axe, the composer with its note:\n${findings.join("\n")}`);
    await messageBox(webview).fill("Plain words");
    await note.waitFor({ state: "hidden", timeout: 5_000 });
    await messageBox(webview).press("Enter");
    await waitUntil(
      () => ctx.log("Textual").promptBlocks().length === 2 || undefined,
      "the agent to get the message",
    );
    assert.deepEqual(ctx.log("Textual").promptBlocks()[1], [{ type: "text", text: "Plain words" }]);
  });
});

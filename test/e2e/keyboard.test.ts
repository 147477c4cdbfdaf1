// The Symposium view with the keyboard only: Tab order through the header, cards and composer; number keys and
// Escape on a focused card; and a new card never putting focus on an allow button.
import * as assert from "node:assert/strict";
import type { FrameLocator, Page } from "playwright-core";
import { openFile, screenshot } from "../../tools/browser";
import {
  answer,
  askAboutToolCall,
  card,
  messageBox,
  openSession,
  sendScript,
  startSession,
  stopButton,
  portEdit,
  waitForGuard,
  waitForReady,
  waitUntil,
} from "../harness/scripted";
import { scriptedWorkbench } from "../harness/scriptedWorkbench";

/** The DOM this file reads inside the webview (the Node test config has no DOM types). */
interface El {
  readonly tagName: string;
  readonly shadowRoot: { activeElement: El | null } | null;
  readonly textContent: string | null;
  readonly classList: { contains(name: string): boolean };
  getAttribute(name: string): string | null;
  closest(selector: string): El | null;
  querySelector(selector: string): El | null;
  readonly labels?: ArrayLike<{ textContent: string | null }>;
  readonly ownerDocument: { activeElement: El | null; body: El };
  blur(): void;
}

/** A short description of the focused element in the webview: "button:Allow once @card:<title>", "textbox:Message". */
async function focused(webview: FrameLocator): Promise<string> {
  return webview.locator("body").evaluate((body) => {
    const doc = (body as unknown as El).ownerDocument;
    let active = doc.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    if (!active || active === doc.body) return "body";
    if (active.classList.contains("decision-record"))
      return `record:${active.querySelector(".decision-summary")?.textContent ?? ""}`;
    const host = active.closest("vscode-button, vscode-textarea") ?? active;
    const tag = host.tagName.toLowerCase();
    const name = (
      active.labels?.[0]?.textContent ??
      active.getAttribute("aria-label") ??
      host.getAttribute("aria-label") ??
      host.querySelector(".option-name")?.textContent ??
      host.textContent ??
      ""
    )
      .replace(/\s+/g, " ")
      .trim();
    const role =
      tag === "select"
        ? "combobox"
        : tag === "textarea"
          ? "textbox"
          : tag === "button" || tag === "vscode-button"
            ? "button"
            : (host.getAttribute("role") ?? tag);
    const cardElement = active.closest(".card");
    const where = cardElement ? ` @card:${cardElement.getAttribute("aria-label")}` : "";
    const allow = host.classList.contains("option-allow") ? " [allow]" : "";
    return `${role}:${name}${where}${allow}`;
  });
}

/** Presses Tab until the focus description matches `until` (or `limit` presses); returns every stop. */
async function tabThrough(page: Page, webview: FrameLocator, until: RegExp, limit = 40): Promise<string[]> {
  const stops: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const stop = await focused(webview);
    stops.push(stop);
    if (until.test(stop)) return stops;
  }
  throw new Error(`Tab never reached ${until}; stops:\n${stops.join("\n")}`);
}

describe("Keyboard-only use of the Symposium view (e2e)", function () {
  this.timeout(120_000);
  let webview: FrameLocator;

  // Listed as Gemini and Qwen do, the lasting option first: the card shows allow once first, the lasting one last.
  const options = [
    { optionId: "kb-allow-always", name: "Allow for this session", kind: "allow_always" },
    { optionId: "kb-allow-once", name: "Allow once", kind: "allow_once" },
    { optionId: "kb-reject", name: "Reject", kind: "reject_once" },
  ];

  const ctx = scriptedWorkbench({
    workspaceFiles: { "src/app.ts": "export const port = 8080;\n" },
    agents: { Scripted: "v2" },
    settings: { "symposium.agents": { Broken: { command: "/nonexistent/symposium-test-agent", args: [] } } },
  });

  before(async () => {
    webview = await startSession(ctx.workbench.page, "Scripted");
  });

  it("Tab goes from the header through each card's options to the Message box and Stop, in order", async () => {
    const { page, workspace } = ctx.workbench;
    const toolCall = portEdit(workspace, "kb-edit");
    await sendScript(webview, {
      steps: [
        ...askAboutToolCall(toolCall, { title: "Change the port", options }, { wait: false }),
        {
          request: {
            title: "Restart the server",
            subject: { type: "command", command: "npm restart", cwd: workspace },
            options,
          },
          wait: false,
        },
        { waitAll: true },
      ],
    });
    await waitForGuard(card(webview, "Change the port"));
    await waitForGuard(card(webview, "Restart the server"));

    await webview.getByRole("combobox", { name: "Agent" }).focus();
    assert.equal(await focused(webview), "combobox:Agent");
    // While the turn waits for approval, Send stays a stop after Stop: a follow-up waits for the turn to end.
    const stops = await tabThrough(page, webview, /^button:Send$/);
    const at = (pattern: RegExp): number => {
      const index = stops.findIndex((stop) => pattern.test(stop));
      assert.ok(index >= 0, `Tab never stopped at ${pattern}; stops:\n${stops.join("\n")}`);
      return index;
    };
    const order = [
      at(/^button:New session$/),
      at(/^button:Allow once @card:Change the port/),
      at(/^button:Reject @card:Change the port/),
      at(/^button:Allow for this session @card:Change the port/),
      at(/^button:Bypass Permissions @card:Change the port/),
      at(/^button:Allow once @card:Restart the server/),
      at(/^button:Reject @card:Restart the server/),
      at(/^button:Allow for this session @card:Restart the server/),
      at(/^button:Bypass Permissions @card:Restart the server/),
      at(/^textbox:Message$/),
      at(/^button:Stop$/),
      at(/^button:Send$/),
    ];
    assert.deepEqual(
      order,
      [...order].sort((a, b) => a - b),
      `Tab order is header, inline card, pinned card, composer:\n${stops.join("\n")}`,
    );
    await screenshot(page, "keyboard-tab-order");
  });

  it("number keys choose the n-th option of the focused card, and Escape chooses its reject option", async () => {
    const { page } = ctx.workbench;
    // Back to the first card's first option with Shift+Tab from the Message box (keyboard only).
    await messageBox(webview).focus();
    for (let i = 0; i < 30 && !/^button:Allow once @card:Change the port/.test(await focused(webview)); i++)
      await page.keyboard.press("Shift+Tab");
    assert.match(await focused(webview), /^button:Allow once @card:Change the port/);
    // The lasting option is marked as lasting and has the last key, never 1.
    const lasting = card(webview, "Change the port").locator("button.option-lasting");
    assert.equal(await lasting.locator(".option-name").innerText(), "Allow for this session");
    assert.equal(
      await lasting.getAttribute("title"),
      "Lasts beyond this request: the agent remembers this choice",
    );
    assert.match(await lasting.innerText(), /remembered by the agent/);
    assert.equal(await lasting.getAttribute("aria-keyshortcuts"), "3");
    await page.keyboard.press("1");
    assert.deepEqual(await ctx.log("Scripted").waitForOutcome("Change the port"), {
      outcome: "selected",
      optionId: "kb-allow-once",
    });
    const record = webview.locator(".decision-record", { hasText: "You chose: Allow once" });
    await record.waitFor({ state: "visible", timeout: 30_000 });
    // As after a click: on to the card still waiting (the card itself, never a button), the choice said aloud.
    assert.equal(
      await focused(webview),
      "group:Restart the server @card:Restart the server",
      "focus goes on to the next waiting card",
    );
    await waitUntil(
      async () =>
        ((await webview.locator("[role=status]").textContent()) ?? "").includes("You chose: Allow once"),
      "the choice to be announced",
    );

    // Escape on the other card, with focus on its allow button: the reject option, not the focused one.
    const restart = card(webview, "Restart the server");
    await waitForGuard(restart); // the card that took the keyboard ignores keys for a moment
    await restart.getByRole("button", { name: "Allow once", exact: true }).focus();
    assert.match(await focused(webview), /^button:Allow once @card:Restart the server \[allow\]$/);
    await page.keyboard.press("Escape");
    assert.deepEqual(await ctx.log("Scripted").waitForOutcome("Restart the server"), {
      outcome: "selected",
      optionId: "kb-reject",
    });
    await restart.waitFor({ state: "detached", timeout: 30_000 });
    assert.equal(
      await focused(webview),
      "textbox:Message",
      "no card left: the keyboard goes to the Message box",
    );
    await waitForReady(webview);
  });

  it("answering the pending list by keyboard hands the keyboard to the card left, or to the Message box", async () => {
    const { page } = ctx.workbench;
    const view = webview;
    const ask = async (titles: string[]): Promise<void> => {
      await sendScript(view, {
        steps: [...titles.map((title) => ({ request: { title, options }, wait: false })), { waitAll: true }],
      });
      for (const title of titles) await waitForGuard(card(view, title));
      const summary = view.locator(".pending-batch > summary");
      await summary.focus();
      if ((await view.locator(".pending-batch[open]").count()) === 0) await page.keyboard.press("Enter");
    };
    /** Ticks rows by keyboard, then presses the list's Reject. */
    const rejectTicked = async (rows: RegExp[]): Promise<void> => {
      for (const row of rows) {
        await view.getByRole("checkbox", { name: row }).focus();
        await page.keyboard.press("Space");
      }
      await view.getByRole("button", { name: `Reject (${rows.length})`, exact: true }).focus();
      await page.keyboard.press("Enter");
    };

    // Two of three answered: the list goes (one card left), and the keyboard goes to that card, not to the page.
    await ask(["Batch one", "Batch two", "Batch three"]);
    await rejectTicked([/^Batch one/, /^Batch two/]);
    await ctx.log("Scripted").waitForOutcome("Batch two");
    await waitUntil(
      async () => (await focused(view)) === "group:Batch three @card:Batch three",
      "the keyboard on the card left",
      10_000,
    ).catch(async () => assert.fail(`the keyboard went to ${await focused(view)}`));
    await waitForGuard(card(view, "Batch three"));
    await page.keyboard.press("Escape");
    await ctx.log("Scripted").waitForOutcome("Batch three");

    // All answered: the Message box.
    await ask(["Batch four", "Batch five"]);
    await rejectTicked([/^Batch four/, /^Batch five/]);
    await ctx.log("Scripted").waitForOutcome("Batch five");
    await waitUntil(
      async () => (await focused(view)) === "textbox:Message",
      "the keyboard in the Message box",
      10_000,
    ).catch(async () => assert.fail(`the keyboard went to ${await focused(view)}`));
    await waitForReady(view);
  });

  it("a new card never takes focus from the Message box, and never lands it on an allow button", async () => {
    const { page } = ctx.workbench;
    // Typing a draft while a request arrives: the keys keep going to the Message box.
    await sendScript(webview, {
      steps: [{ sleep: 2_000 }, { request: { title: "Arrives while typing", options } }],
    });
    const box = messageBox(webview);
    await box.focus();
    await page.keyboard.type("my draft");
    const arriving = card(webview, "Arrives while typing");
    await waitForGuard(arriving);
    assert.equal(await focused(webview), "textbox:Message", "focus stayed in the Message box");
    await page.keyboard.type(" 1");
    assert.equal(await box.inputValue(), "my draft 1", "the number went into the draft, not to the card");
    assert.equal(ctx.log("Scripted").outcomeOf("Arrives while typing"), undefined, "and chose nothing");
    await arriving.getByRole("button", { name: "Reject", exact: true }).click();
    await ctx.log("Scripted").waitForOutcome("Arrives while typing");
    await box.fill("");
    await waitForReady(webview);

    // Nothing focused in the view when the request arrives: focus may go to the card itself, never to a button.
    await sendScript(webview, {
      steps: [{ sleep: 2_000 }, { request: { title: "Arrives while idle", options } }],
    });
    await webview
      .locator("body")
      .evaluate((body) => (body as unknown as El).ownerDocument.activeElement?.blur());
    const idle = card(webview, "Arrives while idle");
    await waitForGuard(idle);
    await page.waitForTimeout(300); // the view focuses a new card after its first paint
    const landed = await focused(webview);
    assert.doesNotMatch(landed, /^button:/, `focus went to ${landed}`);
    assert.equal(landed, "group:Arrives while idle @card:Arrives while idle", "the card itself took focus");
    // Keys work on the focused card without a button ever having had focus.
    await page.keyboard.press("Escape");
    assert.deepEqual(await ctx.log("Scripted").waitForOutcome("Arrives while idle"), {
      outcome: "selected",
      optionId: "kb-reject",
    });
    await waitUntil(async () => (await webview.locator(".card").count()) === 0, "no card left");
  });

  it("a card withdrawn while its reason is typed hands the keyboard to the Message box, not to another card", async () => {
    const { page } = ctx.workbench;
    // "Waits" first, "Withdrawn" newest: the agent's cancel withdraws "Withdrawn" while the reason is being typed.
    await sendScript(webview, {
      steps: [
        { request: { title: "Waits", options }, wait: false },
        { request: { title: "Withdrawn", options }, wait: false },
        { sleep: 4_000 },
        { cancelLast: true },
        { waitAll: true },
      ],
    });
    const withdrawn = card(webview, "Withdrawn");
    await waitForGuard(withdrawn);
    await waitForGuard(card(webview, "Waits"));
    await withdrawn.getByRole("button", { name: "Reject with reason…" }).click();
    await page.keyboard.type("use port ");
    await withdrawn.waitFor({ state: "detached", timeout: 30_000 });
    await waitUntil(
      async () => (await focused(webview)) === "textbox:Message",
      "the keyboard in the Message box",
      5_000,
    ).catch(async () => assert.fail(`the keyboard went to ${await focused(webview)}`));
    // Past the guard a card's keys would have: the digits are text, not an answer.
    await page.waitForTimeout(600);
    await page.keyboard.type("2080");
    assert.match(await messageBox(webview).inputValue(), /2080$/, "the digits went into the message box");
    assert.equal(ctx.log("Scripted").outcomeOf("Waits"), undefined, "and answered no card");
    await messageBox(webview).fill("");
    await card(webview, "Waits").getByRole("button", { name: "Reject", exact: true }).click();
    await ctx.log("Scripted").waitForOutcome("Waits");
    await waitForReady(webview);
  });

  it("a new card leaves focus on the session bar's Close button", async () => {
    await sendScript(webview, {
      steps: [{ sleep: 2_000 }, { request: { title: "Arrives on the bar", options } }],
    });
    await waitUntil(
      async () => (await webview.locator(".session-status.status-running").count()) === 1,
      "the turn to be shown running",
    );
    await webview.getByRole("button", { name: "Close session" }).focus();
    assert.equal(await focused(webview), "button:Close session");
    const arriving = card(webview, "Arrives on the bar");
    await waitForGuard(arriving);
    await ctx.workbench.page.waitForTimeout(300); // the view focuses a new card after its first paint
    // The card changed nothing the bar shows: the bar is not rebuilt under the person's focus.
    assert.equal(await focused(webview), "button:Close session", "focus stayed on Close session");
    await arriving.getByRole("button", { name: "Reject", exact: true }).click();
    await ctx.log("Scripted").waitForOutcome("Arrives on the bar");
    await waitForReady(webview);
  });

  it("a streamed reply leaves the waiting cards' heading and pending list untouched while their count holds", async () => {
    const titles = ["Held while streaming one", "Held while streaming two"];
    await sendScript(webview, {
      steps: [
        ...titles.map((title) => ({ request: { title, options }, wait: false })),
        { sleep: 4_000 },
        ...Array.from({ length: 5 }, (_, i) => ({ say: `chunk ${i} ` })),
        { sleep: 500 },
        { waitAll: true },
      ],
    });
    for (const title of titles) await waitForGuard(card(webview, title));
    const heading = webview.locator(".pinned-heading");
    assert.equal((await heading.innerText()).trim(), "Waiting for your approval (2)");
    assert.equal((await webview.locator(".item.agent").count()) > 0, false, "watched in time");
    // Every DOM write under the heading and the pending list from here on (a rewrite with the same text or flag
    // restyles and lays out the page again in each streamed message's task).
    await webview.locator("body").evaluate((body) => {
      type Observer = { observe(target: unknown, options: Record<string, boolean>): void };
      const view = globalThis as unknown as {
        MutationObserver: new (callback: (records: { target: { nodeName: string } }[]) => void) => Observer;
        symposiumTestWrites: string[];
      };
      const doc = (body as unknown as El).ownerDocument as unknown as { querySelector(s: string): unknown };
      view.symposiumTestWrites = [];
      const observer = new view.MutationObserver((records) =>
        view.symposiumTestWrites.push(...records.map((record) => record.target.nodeName)),
      );
      const options = { childList: true, characterData: true, attributes: true, subtree: true };
      observer.observe(doc.querySelector(".pinned-heading"), options);
      observer.observe(doc.querySelector(".pending-batch"), options);
      observer.observe(doc.querySelector(".pinned"), { attributes: true });
    });
    await waitUntil(
      async () => ((await webview.locator(".item.agent").last().textContent()) ?? "").includes("chunk 4"),
      "the streamed reply to be shown",
    );
    const writes = await webview
      .locator("body")
      .evaluate(() => (globalThis as unknown as { symposiumTestWrites: string[] }).symposiumTestWrites);
    assert.deepEqual(writes, [], "nothing under the heading or the pending list was rewritten");
    assert.equal((await heading.innerText()).trim(), "Waiting for your approval (2)");
    for (const title of titles) await answer(card(webview, title), "Reject");
    for (const title of titles) await ctx.log("Scripted").waitForOutcome(title);
    await waitForReady(webview);
  });

  it("a new card leaves focus on the same session tab, whose count goes up in place", async () => {
    const { page } = ctx.workbench;
    await startSession(page, "Scripted"); // a second session: the view shows its tabs
    assert.equal(await webview.getByRole("tab").count(), 2);
    await sendScript(webview, {
      steps: [{ sleep: 2_000 }, { request: { title: "Arrives on a tab", options } }],
    });
    const tab = webview.getByRole("tab", { selected: true });
    await tab.focus();
    // The focused element, and every focus change in the strip from here on: a rebuilt tab strip moved focus to a
    // new element, which a screen reader announces again with each card.
    await tab.evaluate((element) => {
      const view = globalThis as unknown as { symposiumTestTab: unknown; symposiumTestFocusins: number };
      view.symposiumTestTab = element;
      view.symposiumTestFocusins = 0;
      const strip = (
        element as unknown as { parentElement: { addEventListener(t: string, f: () => void): void } }
      ).parentElement;
      strip.addEventListener("focusin", () => view.symposiumTestFocusins++);
    });
    const arriving = card(webview, "Arrives on a tab");
    await waitForGuard(arriving);
    await page.waitForTimeout(300); // the view focuses a new card after its first paint
    assert.equal(await tab.locator(".count-badge").textContent(), "1 pending approval");
    const kept = await tab.evaluate((element) => {
      const view = globalThis as unknown as { symposiumTestTab: unknown; symposiumTestFocusins: number };
      const doc = (element as unknown as El).ownerDocument;
      return { same: doc.activeElement === view.symposiumTestTab, focusins: view.symposiumTestFocusins };
    });
    assert.deepEqual(kept, { same: true, focusins: 0 }, "focus stayed on the same tab element, unmoved");
    await arriving.getByRole("button", { name: "Reject", exact: true }).click();
    await ctx.log("Scripted").waitForOutcome("Arrives on a tab");
    await waitForReady(webview);
    assert.equal(await tab.locator(".count-badge").isVisible(), false, "the count went with the card");
  });

  it("focus on Close session stays on it as a turn ends, and stays on the bar when it closes one of two sessions", async () => {
    const { page } = ctx.workbench;
    const tabs = webview.getByRole("tab");
    assert.equal(await tabs.count(), 2, "two sessions are open (the test before opened the second)");
    await sendScript(webview, { steps: [{ sleep: 1_500 }, { say: "Done." }] });
    const close = webview.getByRole("button", { name: "Close session" });
    await close.focus();
    await close.evaluate((element) => {
      (globalThis as unknown as { symposiumTestClose: unknown }).symposiumTestClose = element;
    });
    await waitForReady(webview); // the status went from Working to Ready: the bar showed the change
    const same = () =>
      close.evaluate(
        (element) =>
          (element as unknown as El).ownerDocument.activeElement ===
          (globalThis as unknown as { symposiumTestClose: unknown }).symposiumTestClose,
      );
    assert.equal(await focused(webview), "button:Close session", "focus stayed on Close session");
    assert.equal(await same(), true, "on the same element");

    await page.keyboard.press("Enter");
    await waitUntil(async () => (await tabs.count()) === 0, "the session to close (one left: no tabs)");
    assert.equal(await focused(webview), "button:Close session", "focus is on the remaining session's Close");
    await waitForReady(webview);
  });

  it("sends a message with the keyboard: type, Tab past Add files to Send, press Enter", async () => {
    const { page } = ctx.workbench;
    await waitForReady(webview);
    await messageBox(webview).focus();
    await page.keyboard.type("hello from the keyboard");
    await page.keyboard.press("Tab");
    assert.equal(
      await focused(webview),
      "button:Add files to the message…",
      "the bar under the Message box starts with Add files",
    );
    await page.keyboard.press("Tab");
    assert.equal(await focused(webview), "button:Send", "Send follows (Stop is disabled when idle)");
    await page.keyboard.press("Enter");
    await webview
      .locator("article.item.agent", { hasText: "scripted agent received: hello from the keyboard" })
      .waitFor({ state: "visible", timeout: 30_000 });
  });

  it("Ctrl+Alt+Y from the editor goes to the waiting card, whose number keys answer it", async () => {
    const { page } = ctx.workbench;
    await sendScript(webview, {
      steps: [{ sleep: 1_500 }, { request: { title: "Approve from the editor", options } }],
    });
    await openFile(page, "app.ts");
    const inEditor = () =>
      page.evaluate(
        () =>
          (
            globalThis as unknown as { document: { activeElement: El | null } }
          ).document.activeElement?.closest(".monaco-editor") != null,
      );
    assert.equal(await inEditor(), true, "the keyboard is in the editor");
    const waiting = card(webview, "Approve from the editor");
    await waitForGuard(waiting);
    assert.equal(await inEditor(), true, "the card did not take the keyboard from the editor");
    // Its keys wait a moment after the keyboard arrives: the card scrolled into view may not be the one just read.
    // "1" pressed as it arrives, in the task that moves the keyboard there (a key sent from here after seeing the
    // focus could come past that moment on a loaded machine).
    await waiting.evaluate((group) => {
      type Target = {
        addEventListener(type: string, listener: () => void, options: object): void;
        dispatchEvent(event: unknown): boolean;
      };
      const KeyboardEvent = (
        globalThis as unknown as { KeyboardEvent: new (type: string, init: object) => unknown }
      ).KeyboardEvent;
      const card = group as unknown as Target;
      card.addEventListener(
        "focus",
        () => card.dispatchEvent(new KeyboardEvent("keydown", { key: "1", bubbles: true, cancelable: true })),
        { once: true },
      );
    });
    await page.keyboard.press("Control+Alt+y");
    await waitUntil(
      async () => (await focused(webview)) === "group:Approve from the editor @card:Approve from the editor",
      "the keyboard on the waiting card",
      10_000,
    );
    await page.waitForTimeout(200);
    assert.equal(
      ctx.log("Scripted").outcomeOf("Approve from the editor"),
      undefined,
      "a key at once answers nothing",
    );
    await waitForGuard(waiting);
    await page.keyboard.press("1");
    assert.deepEqual(await ctx.log("Scripted").waitForOutcome("Approve from the editor"), {
      outcome: "selected",
      optionId: "kb-allow-once",
    });
    await waitForReady(webview);
  });

  it("New session puts the keyboard in the new session's Message box, and its empty transcript says what to do", async () => {
    const { page } = ctx.workbench;
    const fresh = await openSession(page, "Scripted");
    await waitUntil(
      async () => (await focused(fresh)) === "textbox:Message",
      "the keyboard in the new session's Message box",
      10_000,
    );
    const shown = fresh.locator(".session-view:not([hidden])");
    const hint = shown.locator(".session-hint");
    await waitForReady(fresh);
    const said = (await hint.innerText()).replace(/\s+/g, " ");
    assert.match(said, /Tell Scripted what to do\./);
    assert.match(said, /Type @ to add a workspace file\./);
    assert.match(said, /it asks here/);
    await screenshot(page, "keyboard-new-session");
    // Typed straight away, as the focus allows; the first item of the transcript takes the hint's place.
    await page.keyboard.type("first words of a new session");
    await page.keyboard.press("Enter");
    await shown
      .getByText("scripted agent received: first words of a new session")
      .waitFor({ state: "visible", timeout: 30_000 });
    assert.equal(await hint.isVisible(), false, "the hint still shows above the first message");
  });

  it("Stop pressed from the keyboard, or a turn ending while Stop has it, leaves the keyboard in the Message box", async () => {
    const { page } = ctx.workbench;
    await waitForReady(webview);
    const stop = stopButton(webview);
    await sendScript(webview, { steps: [{ say: "Working on it." }, { sleep: 30_000 }] });
    await webview.locator('vscode-button[aria-disabled="false"]', { hasText: "Stop" }).waitFor();
    await stop.focus();
    assert.equal(await focused(webview), "button:Stop");
    await page.keyboard.press("Enter");
    await waitForReady(webview);
    await waitUntil(
      async () => (await focused(webview)) === "textbox:Message",
      "the keyboard in the Message box after Stop (it was on the page)",
      5_000,
    );

    await sendScript(webview, { steps: [{ sleep: 1_500 }, { say: "Done." }] });
    await webview.locator('vscode-button[aria-disabled="false"]', { hasText: "Stop" }).waitFor();
    await stop.focus();
    await waitForReady(webview);
    await waitUntil(
      async () => (await focused(webview)) === "textbox:Message",
      "the keyboard in the Message box after the turn ended on Stop",
      5_000,
    );
    // Typed straight away: the box has the keyboard.
    await page.keyboard.type("after the turn");
    assert.equal(await messageBox(webview).inputValue(), "after the turn");
    await messageBox(webview).fill("");
  });

  it("a session whose agent fails to start gives the keyboard from its Message box to Try again", async () => {
    const { page } = ctx.workbench;
    const broken = await openSession(page, "Broken");
    await broken.getByRole("button", { name: "Try again" }).waitFor({ state: "visible", timeout: 30_000 });
    await waitUntil(
      async () => (await focused(broken)) === "button:Try again",
      "the keyboard on Try again (the disabled Message box dropped it to the page)",
      5_000,
    );
    await page.keyboard.press("Tab");
    assert.equal(
      await focused(broken),
      "button:Open settings",
      "Tab goes on from there, not from the page's top",
    );
    await broken.getByRole("button", { name: "Close session" }).click();
  });

  it("reports no webview errors or CSP violations", () => {
    const problems = ctx.workbench.console.webviewProblems();
    assert.deepEqual(problems, [], problems.map((p) => `${p.type}: ${p.text} (${p.url})`).join("\n"));
  });
});

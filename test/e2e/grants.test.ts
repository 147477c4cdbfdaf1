// Scoped grants from a card, end to end in the real workbench with the scripted agent: "Always allow" saves the rule
// the card shows in the user settings file and the next matching request is approved without a card, the transcript
// naming the rule; chained commands the rule does not cover still get a card; "Allow in this session" approves the
// next match in that session only.
import * as assert from "node:assert/strict";
import type { FrameLocator } from "playwright-core";
import { screenshot } from "../../tools/browser";
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

/** The scripted agent's options plus a lasting one of its own, which the card marks as the agent's memory. */
const OPTIONS = [
  { optionId: "allow-once", name: "Allow once", kind: "allow_once" },
  { optionId: "allow-always", name: "Always Allow", kind: "allow_always" },
  { optionId: "reject-once", name: "Reject", kind: "reject_once" },
];

describe("Scoped grants from a card (e2e)", function () {
  this.timeout(180_000);
  const ctx = scriptedWorkbench({
    workspaceFiles: { "README.md": "# Grants\n" },
    agents: { Scripted: "v2" },
  });

  const run = (title: string, command: string) => ({
    request: { title, subject: { type: "command", command, cwd: ctx.workbench.workspace }, options: OPTIONS },
  });
  const decisions = async (webview: FrameLocator): Promise<string[]> =>
    webview.locator(".session-view:not([hidden]) .decision-summary").allTextContents();
  const allowOnce = { outcome: "selected", optionId: "allow-once" };

  it('"Always allow" saves the rule; the next `npm test` is approved without a card, naming the rule; chained commands still ask', async () => {
    const webview = await startSession(ctx.workbench.page, "Scripted");
    const first = "Run the tests (grant)";
    await sendScript(webview, { steps: [run(first, "npm test -- --grep grants")] });
    const group = card(webview, first);
    await waitForGuard(group);
    const rules = group.getByRole("group", { name: "Rules Symposium can remember" });
    assert.match((await rules.textContent()) ?? "", /allow commands starting with "npm test"/);
    // The agent's own lasting option and Symposium's rule are told apart.
    assert.match((await group.textContent()) ?? "", /remembered by the agent/);
    await screenshot(ctx.workbench.page, "grant-card");
    // A saved rule carries no folder: the button says it allows in other repositories too.
    const always = rules.getByRole("button", { name: "Always allow" });
    assert.match(await always.innerText(), /in every workspace/);
    await always.click();
    assert.deepEqual(
      await ctx.log("Scripted").waitForOutcome(first),
      allowOnce,
      "the card is answered with allow once",
    );
    const stored = await waitUntil(() => {
      const permissions = ctx.workbench.readUserSettings()["symposium.permissions"] as
        { allow?: unknown[] } | undefined;
      return permissions?.allow;
    }, "the rule in the user settings file");
    assert.equal(stored.length, 1);
    assert.deepEqual(
      { ...(stored[0] as Record<string, unknown>), kind: undefined },
      { command: "npm test", agent: "Scripted", kind: undefined },
      "the rule the card showed, for this agent",
    );
    await waitForReady(webview);

    const second = "Run the tests again";
    const chained = "Run the tests and fetch a script";
    const other = "Run the tests and build";
    await sendScript(webview, {
      steps: [
        run(second, "npm test --watch"),
        run(chained, "npm test && curl x | sh"),
        run(other, "npm test && make"),
      ],
    });
    assert.deepEqual(await ctx.log("Scripted").waitForOutcome(second), allowOnce, "approved by the rule");
    await waitForGuard(card(webview, chained));
    assert.equal(await card(webview, second).count(), 0, "no card for the request the rule covers");
    await waitUntil(
      async () =>
        (await decisions(webview)).some((s) =>
          /Allow commands starting with "npm test".*\(user settings\)/.test(s),
        ),
      "the transcript to say which rule approved",
    );
    // The rule's record came into the transcript after the card's guard was waited out, and may have moved it.
    await answer(card(webview, chained), "Reject");
    assert.equal((await ctx.log("Scripted").waitForOutcome(chained)).optionId, "reject-once");
    const otherCard = card(webview, other);
    await waitForGuard(otherCard);
    assert.equal(
      ctx.log("Scripted").outcomeOf(other),
      undefined,
      "`npm test && make` is not covered: it waits for a person",
    );
    await otherCard.getByRole("button", { name: "Reject", exact: true }).click();
    await ctx.log("Scripted").waitForOutcome(other);
    await waitForReady(webview);
  });

  it('"Allow in this session" approves the next match in that session, not in another', async () => {
    const webview = await startSession(ctx.workbench.page, "Scripted");
    const first = "Lint (grant)";
    await sendScript(webview, { steps: [run(first, "npm run lint -- --fix")] });
    const group = card(webview, first);
    await waitForGuard(group);
    await group.getByRole("button", { name: "Allow in this session" }).click();
    assert.deepEqual(await ctx.log("Scripted").waitForOutcome(first), allowOnce);
    await waitForReady(webview);
    const second = "Lint again";
    await sendScript(webview, { steps: [run(second, "npm run lint")] });
    assert.deepEqual(
      await ctx.log("Scripted").waitForOutcome(second),
      allowOnce,
      "approved by the session grant",
    );
    await waitUntil(
      async () =>
        (await decisions(webview)).some((s) =>
          /Allow commands starting with "npm run lint".*\(this session\)/.test(s),
        ),
      "the transcript to name the session grant",
    );
    await waitForReady(webview);

    const elsewhere = await startSession(ctx.workbench.page, "Scripted");
    const third = "Lint in another session";
    await sendScript(elsewhere, { steps: [run(third, "npm run lint")] });
    const otherCard = card(elsewhere, third);
    await waitForGuard(otherCard);
    assert.equal(
      ctx.log("Scripted").outcomeOf(third),
      undefined,
      "another session's request waits for a person",
    );
    await otherCard.getByRole("button", { name: "Reject", exact: true }).click();
    await ctx.log("Scripted").waitForOutcome(third);
  });

  it("by keyboard: an edited rule that does not cover the request is refused and the card stays; a covering one is saved", async () => {
    const { page } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    const first = "Type-check (edit)";
    await sendScript(webview, { steps: [run(first, "npx tsc --noEmit")] });
    const group = card(webview, first);
    await waitForGuard(group);
    const rules = group.getByRole("group", { name: "Rules Symposium can remember" });
    await rules.getByRole("button", { name: "Edit rule" }).press("Enter");
    const input = rules.getByRole("textbox", { name: "Command prefix (words)" });
    await waitUntil(
      async () =>
        input.evaluate(
          (e) =>
            (e as unknown as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement === e,
        ),
      "focus in the rule editor",
    );
    assert.equal(await input.inputValue(), "npx tsc");
    await input.fill("npx eslint");
    await input.press("1"); // typing a digit in the editor chooses no option
    await input.fill("npx eslint");
    assert.match((await rules.textContent()) ?? "", /allow commands starting with "npx eslint"/);
    await input.press("Escape"); // closes the editor, keeps the words, denies nothing
    await rules.getByRole("button", { name: "Always allow" }).press("Enter");
    const refusal = page.locator(".notifications-toasts .notification-toast", {
      hasText: "did not save this rule",
    });
    await refusal.waitFor({ state: "visible", timeout: 30_000 });
    assert.match((await refusal.textContent()) ?? "", /"npx eslint" is not a prefix/);
    assert.equal(ctx.log("Scripted").outcomeOf(first), undefined, "the refused grant answered nothing");
    assert.equal(
      ctx.workbench.readUserSettings()["symposium.permissions"] !== undefined &&
        JSON.stringify(ctx.workbench.readUserSettings()["symposium.permissions"]).includes("eslint"),
      false,
      "nothing saved",
    );
    await group.waitFor({ state: "visible" });

    // The buttons come back (the host ignored the grant); a prefix that covers the request is taken.
    await rules.getByRole("button", { name: "Edit rule" }).press("Enter");
    await input.fill("npx tsc --noEmit");
    await waitUntil(
      async () =>
        (await rules.getByRole("button", { name: "Allow in this session" }).getAttribute("aria-disabled")) ===
        "false",
      "the card to take choices again",
    );
    await rules.getByRole("button", { name: "Allow in this session" }).press("Enter");
    assert.deepEqual(await ctx.log("Scripted").waitForOutcome(first), allowOnce);
    await waitUntil(
      async () =>
        (await decisions(webview)).some((s) =>
          /granted for this session: Allow commands starting with "npx tsc --noEmit"/.test(s),
        ),
      "the record to name the edited rule",
    );
    await waitForReady(webview);
  });

  it("the pending list allows several cards once in one step, by keyboard", async () => {
    const webview = await startSession(ctx.workbench.page, "Scripted");
    const titles = ["Build (batch)", "Test (batch)", "Clean (batch)"];
    // Its end is what matters: a row must not cut it off.
    const long = `echo ${"a".repeat(700)}; rm -rf build`;
    await sendScript(webview, {
      steps: [
        { ...run(titles[0]!, "make build \u201cfast\u201d"), wait: false },
        { ...run(titles[1]!, "cargo test"), wait: false },
        { ...run(titles[2]!, long), wait: false },
        { waitAll: true },
      ],
    });
    for (const title of titles) await waitForGuard(card(webview, title));
    const summary = webview.locator(".pending-batch summary");
    await waitUntil(
      async () => /3 requests pending/.test((await summary.textContent()) ?? ""),
      "the pending list",
    );
    await summary.press("Enter");
    const list = webview.getByRole("list", { name: "Pending requests" });
    // Each row says what the request runs under the agent's title, which may say something else: a batch approves
    // what no card was read for.
    assert.deepEqual(await list.locator(".pending-batch-gist").allInnerTexts(), [
      "make build \u201cfast\u201d",
      "cargo test",
      long,
    ]);
    // Curly quotes, which the shell reads as letters, are marked as on the card.
    assert.equal(await list.locator(".pending-batch-gist .hidden-char").count(), 2);
    assert.match(
      await list.locator("li label").nth(1).innerText(),
      /^Test \(batch\)\s+cargo test$/,
      "the checkbox's label holds both",
    );
    await list.getByRole("checkbox", { name: titles[0] }).press("Space");
    await list.getByRole("checkbox", { name: titles[1] }).press("Space");
    await webview.getByRole("button", { name: "Allow once (2)" }).press("Enter");
    assert.deepEqual(await ctx.log("Scripted").waitForOutcome(titles[0]!), allowOnce);
    assert.deepEqual(await ctx.log("Scripted").waitForOutcome(titles[1]!), allowOnce);
    const clean = card(webview, titles[2]!);
    await clean.waitFor({ state: "visible" });
    assert.equal(ctx.log("Scripted").outcomeOf(titles[2]!), undefined, "the card not ticked still waits");
    // The two cards answered above it go: it moves under the pointer, and ignores a mouse's click a moment.
    for (const title of titles.slice(0, 2)) await card(webview, title).waitFor({ state: "detached" });
    await waitForGuard(clean);
    await clean.getByRole("button", { name: "Reject", exact: true }).click();
    await ctx.log("Scripted").waitForOutcome(titles[2]!);
    await waitForReady(webview);
  });

  it("the pending list keeps the row a person is on, and its tick, when another request arrives", async () => {
    const webview = await startSession(ctx.workbench.page, "Scripted");
    const titles = ["Lint (batch)", "Format (batch)", "Deploy (batch)"];
    await sendScript(webview, {
      steps: [
        { ...run(titles[0]!, "npm run lint"), wait: false },
        { ...run(titles[1]!, "npm run format"), wait: false },
        { sleep: 6000 },
        { ...run(titles[2]!, "npm run deploy"), wait: false },
        { waitAll: true },
      ],
    });
    for (const title of titles.slice(0, 2)) await waitForGuard(card(webview, title));
    const summary = webview.locator(".pending-batch summary");
    const pendingText = async () => (await summary.textContent()) ?? "";
    await waitUntil(async () => /2 requests pending/.test(await pendingText()), "the pending list");
    // The list stays open once opened (an earlier test may have opened it).
    if ((await webview.locator(".pending-batch").getAttribute("open")) === null) await summary.press("Enter");
    const list = webview.getByRole("list", { name: "Pending requests" });
    const lint = list.getByRole("checkbox", { name: titles[0] });
    await lint.press("Space");
    assert.match(
      await pendingText(),
      /2 requests pending/,
      "the third request came before the row was focused (the script's sleep is too short for this machine)",
    );
    await waitUntil(
      async () => /3 requests pending/.test(await pendingText()),
      "the third request in the list",
    );
    await list.getByRole("checkbox", { name: titles[2] }).waitFor({ state: "visible" });
    assert.ok(
      await lint.evaluate((box) => box.ownerDocument.activeElement === box),
      "focus stays on the row the person was on",
    );
    assert.ok(await lint.isChecked(), "the row stays ticked");
    await webview.getByRole("button", { name: "Reject (1)" }).press("Enter");
    assert.deepEqual(await ctx.log("Scripted").waitForOutcome(titles[0]!), {
      outcome: "selected",
      optionId: "reject-once",
    });
    // By keyboard: a click within half a second of a row going is ignored (the rows moved under the pointer). The
    // third row has been there past Select all's moment too (as its card's guard has).
    await waitForGuard(card(webview, titles[2]!));
    await webview.getByRole("checkbox", { name: "Select all pending requests" }).press("Space");
    await webview.getByRole("button", { name: "Reject (2)" }).press("Enter");
    for (const title of titles.slice(1)) await ctx.log("Scripted").waitForOutcome(title);
    await waitForReady(webview);
  });

  it("Select all leaves out a request that arrived a moment before, by keyboard too", async () => {
    const webview = await startSession(ctx.workbench.page, "Scripted");
    const titles = ["Lint (all)", "Format (all)", "Publish (all)"];
    const gate = "Gate (all)";
    await sendScript(webview, {
      steps: [
        { ...run(titles[0]!, "npm run lint"), wait: false },
        { ...run(titles[1]!, "npm run format"), wait: false },
        // The third comes once the test is ready for it (answering the gate), not after a guessed pause.
        run(gate, "true"),
        { ...run(titles[2]!, "npm publish"), wait: false },
        { waitAll: true },
      ],
    });
    for (const title of [...titles.slice(0, 2), gate]) await waitForGuard(card(webview, title));
    const summary = webview.locator(".pending-batch summary");
    await waitUntil(
      async () => /3 requests pending/.test((await summary.textContent()) ?? ""),
      "the pending list",
    );
    if ((await webview.locator(".pending-batch").getAttribute("open")) === null) await summary.press("Enter");
    const selectAll = webview.getByRole("checkbox", { name: "Select all pending requests" });
    const list = webview.getByRole("list", { name: "Pending requests" });
    // Select all pressed as the row arrives: the press (a click of detail 0, as Space makes) goes in the task that
    // put the row in, so "a moment before" holds however loaded the machine is.
    await list.evaluate((ul, title) => {
      type Row = { textContent: string | null };
      const list = ul as unknown as { querySelectorAll(selector: string): Iterable<Row> };
      const page = globalThis as unknown as {
        MutationObserver: new (callback: () => void) => {
          observe(target: unknown, options: object): void;
          disconnect(): void;
        };
        document: { querySelector(selector: string): { click(): void } | null };
      };
      const pressAll = page.document.querySelector('input[aria-label="Select all pending requests"]');
      const observer = new page.MutationObserver(() => {
        if (![...list.querySelectorAll("li")].some((row) => row.textContent?.includes(title))) return;
        observer.disconnect();
        pressAll?.click();
      });
      observer.observe(ul, { childList: true, subtree: true });
    }, titles[2]);
    await answer(card(webview, gate), "Reject");
    const publish = list.getByRole("checkbox", { name: titles[2] });
    await publish.waitFor({ state: "visible", timeout: 30_000 });
    await webview.getByRole("button", { name: "Reject (2)" }).waitFor({ state: "visible" });
    assert.equal(await publish.isChecked(), false, "the request that just arrived is not selected");
    for (const title of titles.slice(0, 2))
      assert.equal(await list.getByRole("checkbox", { name: title }).isChecked(), true, title);
    // A moment later it is, by a key press: all three, and all three rejected.
    await ctx.workbench.page.waitForTimeout(600);
    await selectAll.focus();
    await selectAll.press("Space");
    if (!(await publish.isChecked())) await selectAll.press("Space");
    assert.equal(await publish.isChecked(), true, "selected once it has been there a moment");
    await webview.getByRole("button", { name: "Reject (3)" }).press("Enter");
    for (const title of titles) await ctx.log("Scripted").waitForOutcome(title);
    await waitForReady(webview);
  });

  it("reports no webview errors or CSP violations", () => {
    const problems = ctx.workbench.console.webviewProblems();
    assert.deepEqual(problems, [], problems.map((p) => `${p.type}: ${p.text} (${p.url})`).join("\n"));
  });
});

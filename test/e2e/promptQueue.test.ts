// Nothing a person types is lost, in the real workbench: a message sent in a second session whose agent is still
// starting waits in the transcript, marked, and reaches the agent once the session is ready; when session/new fails
// the message stays with the error, with Copy and Send in a new session (which re-sends it in a new session). A
// follow-up sent while the agent works waits for its turn to end, and can be taken back into the box to edit.
import * as assert from "node:assert/strict";
import type { FrameLocator, Page } from "playwright-core";
import {
  hideAndShowView,
  openFile,
  pickQuickItem,
  runCommand,
  screenshot,
  showExplorer,
  symposiumWebview,
} from "../../tools/browser";
import { axeFindings } from "../harness/axe";
import {
  answer,
  card,
  editUserSettings,
  messageBox,
  sendScript,
  openSession,
  sendPrompt,
  startSession,
  stopButton,
  waitForGuard,
  waitForReady,
  waitUntil,
} from "../harness/scripted";
import { scriptedWorkbench } from "../harness/scriptedWorkbench";
import { everyKindForm } from "../support/agentForms";

describe("Messages sent while a session starts (e2e)", function () {
  this.timeout(120_000);
  const ctx = scriptedWorkbench({
    workspaceFiles: { "README.md": "# Queue\n" },
    agents: {
      Scripted: "v2",
      Slow: { protocol: "v2", env: { SCRIPTED_AGENT_NEW_SESSION_DELAY_MS: "3000" } },
      // Slow too, so the re-sent message is seen waiting in its new session.
      Failing: {
        protocol: "v2",
        env: {
          SCRIPTED_AGENT_FAIL_NEW_SESSION: "no model is configured",
          SCRIPTED_AGENT_NEW_SESSION_DELAY_MS: "3000",
        },
      },
      // Fails its first session/new at once, as an agent that is not signed in yet does.
      NotSignedIn: { protocol: "v2", env: { SCRIPTED_AGENT_FAIL_NEW_SESSION: "not signed in" } },
      // Lists one past session ("Fix the parser"), and fails every session/load of it.
      PastFailing: {
        protocol: "v1",
        env: {
          SCRIPTED_AGENT_PAST_SESSION: "Fix the parser",
          SCRIPTED_AGENT_FAIL_LOAD: "the session store is locked",
        },
      },
      // Fails its first session/new at once; taken out of the settings before Try again.
      Unconfigured: { protocol: "v2", env: { SCRIPTED_AGENT_FAIL_NEW_SESSION: "not signed in" } },
      // Fails its first session/new after 3 s (time to type), then starts slowly.
      SlowToFail: {
        protocol: "v2",
        env: {
          SCRIPTED_AGENT_FAIL_NEW_SESSION: "not signed in",
          SCRIPTED_AGENT_NEW_SESSION_DELAY_MS: "3000",
        },
      },
    },
  });

  /** Opens a new session with `agentName` and, without waiting for it to start, types and sends `text`. */
  async function sendWhileStarting(page: Page, agentName: string, text: string): Promise<FrameLocator> {
    const webview = await openSession(page, agentName);
    const box = messageBox(webview);
    await box.fill(text);
    await box.press("Enter");
    return webview;
  }

  /** The active session's transcript. */
  function activeTranscript(webview: FrameLocator) {
    return webview.locator(".session-view:not([hidden])");
  }

  it("keeps what is typed in each session's message box while the view is hidden and shown again", async () => {
    const { page } = ctx.workbench;
    const first = await startSession(page, "Scripted");
    const firstDraft = "Rename the port setting,\nthen update the README";
    await messageBox(first).fill(firstDraft);
    const webview = await startSession(page, "Scripted");
    const secondDraft = "a second thought, not sent yet";
    await messageBox(webview).fill(secondDraft);

    // The Explorer takes the side bar (VS Code drops the hidden view's page), then Symposium comes back.
    await hideAndShowView(page);
    await waitUntil(
      async () =>
        (await messageBox(webview)
          .inputValue()
          .catch(() => "")) === secondDraft || undefined,
      "the shown session's draft back in its message box",
    );
    const tabs = webview.getByRole("tab");
    await tabs.nth((await tabs.count()) - 2).click();
    await waitUntil(
      async () => (await messageBox(webview).inputValue()) === firstDraft || undefined,
      "the other session's draft back too",
    );
    // Sent, a draft is gone for good: hidden and shown again, the box stays empty.
    await messageBox(webview).press("Enter");
    await waitUntil(async () => (await messageBox(webview).inputValue()) === "", "the message sent");
    await hideAndShowView(page);
    await waitForReady(webview);
    assert.equal(await messageBox(webview).inputValue(), "", "a sent message does not come back as a draft");
  });

  it("keeps a reason being written on a card while the view is hidden and shown again", async () => {
    const { page } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    await sendScript(webview, { steps: [{ request: { title: "Tidy the imports" } }, { say: "tidied" }] });
    const held = card(webview, "Tidy the imports");
    await waitForGuard(held);
    await held.getByRole("button", { name: "Reject with reason…" }).click();
    const reason = "use the formatter's import sorting instead";
    await held.getByRole("textbox", { name: "Reason for rejecting" }).fill(reason);

    await hideAndShowView(page);
    const field = held.getByRole("textbox", { name: "Reason for rejecting" });
    await field.waitFor({ state: "visible", timeout: 30_000 });
    assert.equal(await field.inputValue(), reason, "the reason as it was left");
    await waitForGuard(held);
    await held.getByRole("button", { name: "Reject and send reason" }).click();
    await activeTranscript(webview)
      .locator("article.item.agent", { hasText: `scripted agent received: ${reason}` })
      .waitFor({ state: "visible", timeout: 30_000 });
    await waitForReady(webview);
  });

  it("keeps what a form card is given while the view is hidden and shown again, and Submit sends it", async () => {
    const { page } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    await sendScript(webview, {
      steps: [{ call: { method: "elicitation/create", params: everyKindForm() } }],
    });
    const form = webview.locator(".card:has(.question-form)");
    await waitForGuard(form);
    const fields = form.locator("fieldset.question");
    await fields.nth(0).getByRole("textbox", { name: "Name" }).fill("api");
    await fields.nth(1).getByRole("spinbutton", { name: "Replicas" }).fill("4");
    await fields.nth(3).getByRole("button", { name: "Clear choice: Publish" }).click();
    await fields.nth(4).getByText("stable", { exact: true }).click();
    await fields.nth(5).getByText("Asia", { exact: true }).click();

    // The page is dropped and built again: the form shows what was given, not the agent's defaults.
    await hideAndShowView(page);
    await form.waitFor({ state: "visible", timeout: 30_000 });
    assert.equal(await fields.nth(0).getByRole("textbox", { name: "Name" }).inputValue(), "api");
    assert.equal(await fields.nth(1).getByRole("spinbutton", { name: "Replicas" }).inputValue(), "4");
    assert.equal(await fields.nth(3).getByRole("radio", { checked: true }).count(), 0, "Publish cleared");
    assert.equal(await fields.nth(4).getByRole("radio", { name: "stable" }).isChecked(), true);
    assert.deepEqual(
      await fields
        .nth(5)
        .getByRole("checkbox", { checked: true })
        .evaluateAll((boxes) =>
          boxes.map(
            (box) => (box as unknown as { labels: { textContent: string }[] }).labels[0]!.textContent,
          ),
        ),
      ["Europe", "Asia"],
    );
    await waitForGuard(form);
    await form.getByRole("button", { name: "Submit", exact: true }).click();
    const answered = await waitUntil(
      () =>
        ctx
          .log("Scripted")
          .entries()
          .find((entry) => entry.kind === "callResult" && entry.method === "elicitation/create"),
      "the agent to receive the form's values",
    );
    assert.deepEqual(answered.result, {
      action: "accept",
      content: { name: "api", replicas: 4, ratio: 0.5, channel: "stable", regions: ["eu-1", "ap-1"] },
    });
    await waitForReady(webview);
  });

  it("puts a reason being written into the message box when the agent withdraws its card", async () => {
    const { page } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    await sendScript(webview, {
      steps: [
        { request: { title: "Rewrite the parser" }, wait: false },
        { sleep: 4_000 },
        { cancelLast: true },
        { waitAll: true },
      ],
    });
    const held = card(webview, "Rewrite the parser");
    await waitForGuard(held);
    await held.getByRole("button", { name: "Reject with reason…" }).click();
    const reason = "keep the hand-written parser, it handles the errors";
    await held.getByRole("textbox", { name: "Reason for rejecting" }).fill(reason);
    // The agent withdraws the request: the card goes, the reason stays, to send or not.
    await held.waitFor({ state: "detached", timeout: 30_000 });
    await waitUntil(
      async () => (await messageBox(webview).inputValue()) === reason || undefined,
      "the reason in the message box",
    );
    await waitForReady(webview);
    assert.ok(!ctx.log("Scripted").prompts().includes(reason), "nothing sent without the person");
  });

  it("keeps Thinking and Raw input as the person left them, open or closed, when the view is shown again", async () => {
    const { page } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    const toolCall = (toolCallId: string, title: string, path: string) => ({
      update: { sessionUpdate: "tool_call_update", toolCallId, title, kind: "read", rawInput: { path } },
    });
    await sendScript(webview, {
      steps: [
        {
          update: {
            sessionUpdate: "agent_thought_chunk",
            content: { type: "text", text: "Weighing it up." },
          },
        },
        toolCall("look", "Look at README.md", "README.md"),
        toolCall("skim", "Skim package.json", "package.json"),
      ],
    });
    await waitForReady(webview);
    const transcript = activeTranscript(webview);
    const thought = transcript.locator("details.item.thought");
    const raw = (title: string) =>
      transcript.locator("article.item.tool-call", { hasText: title }).locator("details.raw-input");
    /** Clicks the section's summary and waits for its `toggle` (an event a task later), as a person is slower. */
    const toggle = async (details: ReturnType<typeof raw>) => {
      const toggled = details.evaluate(
        (node) =>
          new Promise<void>((resolve) =>
            (
              node as unknown as { addEventListener(type: string, listener: () => void): void }
            ).addEventListener("toggle", () => resolve()),
          ),
      );
      await details.locator("summary").click();
      await toggled;
    };
    await toggle(thought);
    await toggle(raw("Look at README.md"));

    await hideAndShowView(page);
    await raw("Skim package.json").waitFor({ state: "attached", timeout: 30_000 });
    const open = async (details: ReturnType<typeof raw>) => (await details.getAttribute("open")) !== null;
    assert.equal(await open(thought), true, "the thought opened before is open");
    assert.equal(await open(raw("Look at README.md")), true, "the raw input opened before is open");
    assert.equal(await open(raw("Skim package.json")), false, "one never opened stays closed");
    // Closed again, it stays closed the next time.
    await toggle(thought);
    await hideAndShowView(page);
    await raw("Skim package.json").waitFor({ state: "attached", timeout: 30_000 });
    assert.equal(await open(thought), false, "closed again");
    assert.equal(await open(raw("Look at README.md")), true);
  });

  it("queues a message sent while the second session starts and sends it once the session is ready", async () => {
    const { page } = ctx.workbench;
    await startSession(page, "Scripted");
    const text = "hello from the queue";
    const webview = await openSession(page, "Slow");
    // The empty session says the agent is starting and that a message can be written already...
    const hint = activeTranscript(webview).locator(".session-hint");
    assert.match(
      (await hint.innerText()).replace(/\s+/g, " "),
      /Starting Slow… You can write your first message now: it is sent when the agent is ready\./,
    );
    // ...and the keyboard is in its Message box (New session was pressed here): typed straight in.
    await page.keyboard.type(text);
    await page.keyboard.press("Enter");

    const queued = activeTranscript(webview).locator("article.item.user.queued", { hasText: text });
    await queued.waitFor({ state: "visible", timeout: 15_000 });
    assert.equal(await hint.isVisible(), false, "the hint shows above the waiting message");
    assert.equal(await queued.getAttribute("aria-label"), "You, Waiting for Slow to start…");
    assert.match(await queued.locator(".queued-marker").innerText(), /Waiting for Slow to start…/);
    assert.equal(await messageBox(webview).inputValue(), "", "the box is cleared because the message queued");
    await waitUntil(
      async () =>
        ((await webview.locator('[aria-live="polite"]').textContent()) ?? "").includes(
          "Message queued: waiting for Slow to start.",
        ),
      "the queued message to be announced",
    );
    assert.deepEqual(ctx.log("Slow").prompts(), [], "nothing reaches the agent before its session exists");
    await screenshot(page, "queue-waiting");

    // Once session/new is answered the message goes out, and the agent's echo shows under it.
    await activeTranscript(webview)
      .locator("article.item.agent", { hasText: `scripted agent received: ${text}` })
      .waitFor({ state: "visible", timeout: 30_000 });
    assert.deepEqual(ctx.log("Slow").prompts(), [text]);
    const sent = activeTranscript(webview).locator("article.item.user", { hasText: text });
    assert.equal(await sent.count(), 1, "the message is shown once");
    assert.equal(await sent.locator(".queued-marker").count(), 0, "no marker once it was sent");
    assert.equal(await sent.getAttribute("aria-label"), "You");
  });

  it("keeps the message with the error when session/new fails, and re-sends it in a new session", async () => {
    const { page } = ctx.workbench;
    const text = "please do not lose me";
    const webview = await sendWhileStarting(page, "Failing", text);

    const kept = activeTranscript(webview).locator("article.item.user.queued", { hasText: text });
    const marker = kept.locator(".queued-marker.queued-failed");
    await marker.waitFor({ state: "visible", timeout: 30_000 });
    assert.match(await marker.innerText(), /Not sent: .*no model is configured/);
    const copy = kept.getByRole("button", { name: "Copy", exact: true });
    const resend = kept.getByRole("button", { name: "Send in a new session", exact: true });
    assert.equal(await copy.isVisible(), true);
    assert.equal(await resend.isVisible(), true);
    await waitUntil(
      async () =>
        ((await webview.locator('[aria-live="polite"]').textContent()) ?? "").includes(
          "Your message was not sent: Failing failed to start.",
        ),
      "the failure to be announced",
    );
    assert.deepEqual(ctx.log("Failing").prompts(), []);
    await screenshot(page, "queue-failed");

    // The agent's next session/new succeeds: the message reaches it in the new session.
    const sessionsBefore = await webview.locator(".session-view").count();
    await resend.click();
    await waitUntil(
      async () => (await webview.locator(".session-view").count()) > sessionsBefore,
      "the new session",
    );
    // It waits there, and Stop (which would drop it) is offered: the host's header says a message is queued.
    await activeTranscript(webview)
      .locator("article.item.user.queued .queued-waiting", { hasText: "Waiting for Failing to start…" })
      .waitFor({ state: "visible", timeout: 15_000 });
    assert.equal(await stopButton(webview).getAttribute("aria-disabled"), "false", "Stop is offered");
    await activeTranscript(webview)
      .locator("article.item.agent", { hasText: `scripted agent received: ${text}` })
      .waitFor({ state: "visible", timeout: 30_000 });
    assert.deepEqual(ctx.log("Failing").prompts(), [text]);
  });

  it("offers Try again and Open settings on a session that failed to start; Try again starts it in its place", async () => {
    const { page } = ctx.workbench;
    const webview = await openSession(page, "NotSignedIn");
    const error = webview.locator(".session-error:not([hidden])");
    await error.waitFor({ state: "visible", timeout: 30_000 });
    assert.match(await error.getByRole("alert").innerText(), /not signed in/);
    const retry = error.getByRole("button", { name: "Try again", exact: true });
    // Open settings: the user settings JSON, where symposium.agents is.
    await error.getByRole("button", { name: "Open settings", exact: true }).click();
    await page
      .locator(".tabs-container .tab", { hasText: "settings.json" })
      .waitFor({ state: "visible", timeout: 15_000 });
    // Said once, in the tab where it was started: no notification saying it again (it would have shown by now, long
    // before the settings editor opened).
    assert.equal(await page.locator(".notification-toast", { hasText: "not signed in" }).count(), 0);
    const findings = await axeFindings(webview);
    assert.deepEqual(findings, [], `axe, a failed start's actions:\n${findings.join("\n")}`);
    await screenshot(page, "session-failed-to-start");
    await page.keyboard.press("Control+w"); // the settings editor, back out of the way

    const tabs = webview.getByRole("tablist", { name: "Sessions" }).getByRole("tab");
    const tabsBefore = await tabs.count();
    await retry.click();
    // In its place: the failed tab goes, a new one starts (on the agent still running, whose next session/new
    // succeeds), and the keyboard is in its Message box.
    await waitForReady(webview);
    assert.equal(await tabs.count(), tabsBefore, "the failed session's tab was replaced, not added to");
    assert.equal(await error.count(), 0, "no error is shown");
    await page.keyboard.type("hello again");
    await page.keyboard.press("Enter");
    await activeTranscript(webview)
      .locator("article.item.agent", { hasText: "scripted agent received: hello again" })
      .waitFor({ state: "visible", timeout: 30_000 });
    const starts = ctx
      .log("NotSignedIn")
      .entries()
      .filter((entry) => entry.kind === "start");
    assert.equal(starts.length, 1, "the agent was not spawned again");
  });

  it("a failed Resume Session… shows in the view, brought back, and Try again reopens the same session", async () => {
    const { page } = ctx.workbench;
    const webview = symposiumWebview(page);
    await showExplorer(page); // run from the palette while reading code: the view is not on screen
    await runCommand(page, "Symposium: Resume Session…");
    await pickQuickItem(page, "PastFailing", "PastFailing");
    await pickQuickItem(page, "Fix the parser");
    // The view came back by itself, on the new tab, which says why it did not reopen.
    const error = webview.locator(".session-error:not([hidden])");
    await error.waitFor({ state: "visible", timeout: 30_000 });
    assert.match(await error.getByRole("alert").innerText(), /the session store is locked/);
    const loads = () =>
      ctx
        .log("PastFailing")
        .entries()
        .filter((entry) => entry.kind === "load");
    const tabs = webview.getByRole("tablist", { name: "Sessions" }).getByRole("tab");
    const tabsBefore = await tabs.count();

    await error.getByRole("button", { name: "Try again", exact: true }).click();
    await waitUntil(() => loads().length === 2 || undefined, "a second session/load");
    assert.deepEqual(
      loads().map((entry) => entry.sessionId),
      ["scripted-past", "scripted-past"],
      "Try again reopened the same past session, not a new one",
    );
    await error.waitFor({ state: "visible", timeout: 30_000 });
    assert.equal(await tabs.count(), tabsBefore, "in the failed tab's place");
    // Said in the tab only: no notification saying it again (it would have shown long before the second load).
    assert.equal(
      await page.locator(".notification-toast", { hasText: "the session store is locked" }).count(),
      0,
    );
  });

  it("Try again keeps what was typed and not sent in the failed session's box", async () => {
    const { page } = ctx.workbench;
    const webview = await openSession(page, "SlowToFail");
    const draft = "half a thought, not sent yet";
    await messageBox(webview).fill(draft);
    const error = webview.locator(".session-error:not([hidden])");
    await error.waitFor({ state: "visible", timeout: 30_000 });
    await error.getByRole("button", { name: "Try again", exact: true }).click();
    // The new tab, still starting (this agent takes 3 s): the draft is in its box, to finish.
    await webview
      .locator(".session-status", { hasText: /Starting/ })
      .first()
      .waitFor({ timeout: 15_000 });
    await waitUntil(
      async () => (await messageBox(webview).inputValue()) === draft || undefined,
      "the draft in the new session's box",
    );
  });

  it("Try again that makes no tab leaves the draft in the failed tab, not in the next tab started", async () => {
    const { page } = ctx.workbench;
    const webview = await openSession(page, "Unconfigured");
    const draft = "typed where the agent is about to go";
    await messageBox(webview).fill(draft);
    const error = webview.locator(".session-error:not([hidden])");
    await error.waitFor({ state: "visible", timeout: 30_000 });
    // The agent taken out of the user settings: Try again cannot start it.
    const settings = ctx.workbench.readUserSettings();
    const agents = { ...(settings["symposium.agents"] as Record<string, unknown>) };
    delete agents.Unconfigured;
    await editUserSettings(
      ctx.workbench,
      JSON.stringify({ ...settings, "symposium.agents": agents }, null, 2),
    );
    await webview
      .getByRole("combobox", { name: "Agent" })
      .locator("option", { hasText: "Unconfigured" })
      .waitFor({ state: "detached", timeout: 15_000 });
    await error.getByRole("button", { name: "Try again", exact: true }).click();
    await page
      .locator(".notification-toast", { hasText: 'No agent named "Unconfigured"' })
      .waitFor({ state: "visible", timeout: 15_000 });
    // A session started from the command palette: its box is its own, empty.
    await runCommand(page, "Symposium: New Session");
    await pickQuickItem(page, "Scripted");
    await waitForReady(webview);
    assert.equal(await messageBox(webview).inputValue(), "", "the failed tab's draft did not follow");
    await webview
      .getByRole("tablist", { name: "Sessions" })
      .getByRole("tab", { name: /Unconfigured/ })
      .click();
    await waitUntil(
      async () => (await messageBox(webview).inputValue()) === draft || undefined,
      "the draft still in the failed tab's box",
    );
  });

  it("gives a queued message back into the box when Stop is pressed before the agent started", async () => {
    const { page } = ctx.workbench;
    const text = "stop before you start";
    const webview = await sendWhileStarting(page, "Slow", text);
    const queued = activeTranscript(webview).locator("article.item.user.queued", { hasText: text });
    await queued.locator(".queued-waiting").waitFor({ state: "visible", timeout: 15_000 });
    await messageBox(webview).fill("and a second thought");
    await stopButton(webview).click();
    const dropped = queued.locator(".queued-marker.queued-dropped");
    await dropped.waitFor({ state: "visible", timeout: 15_000 });
    assert.equal(await dropped.innerText(), "Not sent: stopped, back in the message box");
    assert.equal(await queued.getAttribute("aria-label"), "You, Not sent: stopped, back in the message box");
    // After what was typed since, so neither is lost.
    await waitUntil(
      async () => (await messageBox(webview).inputValue()) === `and a second thought\n${text}` || undefined,
      "the stopped message back in the box",
    );

    // The session still starts; the dropped message never reaches the agent.
    await waitForReady(webview);
    await sendPrompt(webview, "after the stop");
    await activeTranscript(webview)
      .locator("article.item.agent", { hasText: "scripted agent received: after the stop" })
      .waitFor({ state: "visible", timeout: 30_000 });
    assert.equal(ctx.log("Slow").prompts().includes(text), false);
  });

  it("Up in the empty message box brings back the messages sent earlier, Down goes forward again", async () => {
    const { page } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    const box = messageBox(webview);
    const sent = ["run the unit tests", "now the lint,\nand fix what it finds"];
    for (const text of sent) {
      await sendPrompt(webview, text);
      await activeTranscript(webview)
        .locator("article.item.agent", { hasText: `scripted agent received: ${text.split("\n")[0]}` })
        .waitFor({ state: "visible", timeout: 30_000 });
    }
    await waitForReady(webview);
    await box.focus();
    const shows = (text: string, what: string) =>
      waitUntil(async () => (await box.inputValue()) === text || undefined, what);
    await page.keyboard.press("ArrowUp");
    await shows(sent[1]!, "the last message back");
    await page.keyboard.press("ArrowUp");
    await shows(sent[0]!, "the one before it");
    await page.keyboard.press("ArrowUp");
    await shows(sent[0]!, "still the first: there is none before it");
    await page.keyboard.press("ArrowDown");
    await shows(sent[1]!, "forward to the last");
    await page.keyboard.press("ArrowDown");
    await shows("", "past the last: the empty box again");

    // Once edited, the text is the person's draft: Up and Down move the caret in it, and it goes as typed.
    await page.keyboard.press("ArrowUp");
    await shows(sent[1]!, "the last message back again");
    await page.keyboard.type(" too");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    assert.equal(await box.inputValue(), `${sent[1]} too`, "an edited message is not swapped for another");
    await page.keyboard.press("Enter");
    await activeTranscript(webview)
      .locator("article.item.agent", { hasText: "and fix what it finds too" })
      .waitFor({ state: "visible", timeout: 30_000 });
    assert.equal(ctx.log("Scripted").prompts().at(-1), `${sent[1]} too`);
  });

  it("sends a follow-up typed while the agent works once its turn ends; Edit or Up takes it back first", async () => {
    const { page } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    await sendScript(webview, {
      steps: [{ request: { title: "Hold the turn" } }, { say: "first turn done" }],
    });
    const held = card(webview, "Hold the turn");
    await waitForGuard(held);

    const text = "then run the tests";
    const box = messageBox(webview);
    await box.fill(text);
    await box.press("Enter");
    const queued = activeTranscript(webview).locator("article.item.user.queued", { hasText: text });
    await queued.waitFor({ state: "visible", timeout: 15_000 });
    assert.equal(await queued.getAttribute("aria-label"), "You, Waiting for the turn before it to end…");
    assert.equal(await box.inputValue(), "", "the box is cleared: the message waits in the transcript");
    await waitUntil(
      async () =>
        ((await webview.locator('[aria-live="polite"]').textContent()) ?? "").includes(
          "Message queued: it goes when Scripted's turn ends.",
        ),
      "the queued follow-up to be announced",
    );
    assert.ok(!ctx.log("Scripted").prompts().includes(text), "nothing reaches the agent while its turn runs");
    await screenshot(page, "queue-follow-up");
    const findings = await axeFindings(webview);
    assert.deepEqual(findings, [], `axe, a waiting follow-up with Edit:\n${findings.join("\n")}`);

    // Edit takes it back into the box, unsent; sent again, it waits again.
    await queued.getByRole("button", { name: "Edit this message (it is not sent)" }).click();
    await waitUntil(async () => (await box.inputValue()) === text || undefined, "the text back in the box");
    await waitUntil(
      async () =>
        /Not sent: taken back to edit/.test(await queued.locator(".queued-marker").innerText()) || undefined,
      "the message marked as taken back",
    );
    await page.keyboard.type(" with coverage");
    await page.keyboard.press("Enter");
    const edited = `${text} with coverage`;
    const waiting = activeTranscript(webview).locator("article.item.user.queued", {
      hasText: "Waiting for the turn before it to end…",
    });
    await waiting.filter({ hasText: edited }).waitFor({ state: "visible", timeout: 15_000 });
    // Up in the empty box does the same for the last waiting message, without leaving the keyboard.
    assert.equal(await box.inputValue(), "");
    await page.keyboard.press("ArrowUp");
    await waitUntil(async () => (await box.inputValue()) === edited || undefined, "Up to take it back");
    await waitUntil(async () => (await waiting.count()) === 0 || undefined, "nothing waiting");
    await page.keyboard.press("Enter");
    await waiting.filter({ hasText: edited }).waitFor({ state: "visible", timeout: 15_000 });

    // The queued messages came into the transcript below the card and moved it: answer waits out its guard.
    await answer(held, "Allow once");
    await activeTranscript(webview)
      .locator("article.item.agent", { hasText: `scripted agent received: ${edited}` })
      .waitFor({ state: "visible", timeout: 30_000 });
    assert.equal(ctx.log("Scripted").prompts().at(-1), edited);
    assert.deepEqual(
      ctx
        .log("Scripted")
        .prompts()
        .filter((prompt) => prompt.startsWith(text)),
      [edited],
      "only the last version went, once",
    );
    // The versions taken back stay, marked not sent; the one that went has no marker.
    const versions = activeTranscript(webview).locator("article.item.user", { hasText: text });
    assert.deepEqual(
      (await versions.locator(".queued-reason").allInnerTexts()).map((reason) => reason.trim()),
      ["Not sent: taken back to edit", "Not sent: taken back to edit"],
    );
    assert.equal(await versions.count(), 3);
    assert.equal(await versions.last().locator(".queued-marker").count(), 0, "no marker once it was sent");
    await waitForReady(webview);
  });

  it("asks before closing a session with a message waiting or text in its box; Keep Session keeps both", async () => {
    const { page } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    await sendScript(webview, { steps: [{ request: { title: "Hold the close" } }] });
    const held = card(webview, "Hold the close");
    await waitForGuard(held);
    const waitingText = "and then write the release notes";
    await messageBox(webview).fill(waitingText);
    await messageBox(webview).press("Enter");
    const waiting = activeTranscript(webview)
      .locator("article.item.user.queued", { hasText: waitingText })
      .locator(".queued-waiting");
    await waiting.waitFor({ state: "visible", timeout: 15_000 });
    const draft = "a long second thought, not sent";
    await messageBox(webview).fill(draft);
    const sessions = await webview.locator(".session-view").count();

    const close = webview.getByRole("button", { name: "Close session" });
    const dialog = page.locator(".monaco-dialog-box");
    await close.click();
    await dialog.waitFor({ state: "visible", timeout: 15_000 });
    const said = (await dialog.textContent()) ?? "";
    assert.match(said, /Close the Scripted session\?/);
    assert.match(said, /1 of your messages has not reached Scripted\./);
    assert.match(said, /Its message box holds text you have not sent\./);
    await dialog.getByRole("button", { name: "Keep Session" }).click();
    await dialog.waitFor({ state: "hidden", timeout: 15_000 });
    assert.equal(await webview.locator(".session-view").count(), sessions, "the session is still open");
    await waiting.waitFor({ state: "visible", timeout: 15_000 });
    assert.equal(await messageBox(webview).inputValue(), draft, "the draft is still in the box");

    // Asked again, Close Session closes it.
    await close.click();
    await dialog.waitFor({ state: "visible", timeout: 15_000 });
    await dialog.getByRole("button", { name: "Close Session" }).click();
    await waitUntil(
      async () => (await webview.locator(".session-view").count()) === sessions - 1 || undefined,
      "the session closed",
    );
    assert.ok(!ctx.log("Scripted").prompts().includes(waitingText), "the waiting message never went");

    // Only a file added to the next message: that is asked about too.
    await startSession(page, "Scripted");
    await openFile(page, "README.md");
    await runCommand(page, "Symposium: Add to Message");
    await webview
      .getByRole("list", { name: "Added to your message" })
      .getByRole("listitem")
      .first()
      .waitFor({ state: "visible", timeout: 15_000 });
    await close.click();
    await dialog.waitFor({ state: "visible", timeout: 15_000 });
    assert.match((await dialog.textContent()) ?? "", /1 file or image waits to go with your next message\./);
    await dialog.getByRole("button", { name: "Close Session" }).click();
    await waitUntil(
      async () => (await webview.locator(".session-view").count()) === sessions - 1 || undefined,
      "the session with a file added closed",
    );

    // Nothing unsent: it closes at once.
    await startSession(page, "Scripted");
    await close.click();
    await waitUntil(
      async () => (await webview.locator(".session-view").count()) === sessions - 1 || undefined,
      "a session with nothing unsent closed without asking",
    );
    assert.equal(await dialog.isVisible(), false);
  });
});

// The agent's mode and options in the composer, in a real workbench: labelled native controls operated from the
// keyboard, the others behind a button that names their values, the change reaching the agent and announced, and a mode that acts without asking confirmed in VS Code's
// modal dialog the first time (then remembered for that agent) and marked like Bypass.
import * as assert from "node:assert/strict";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { screenshot } from "../../tools/browser";
import { axeFindings } from "../harness/axe";
import { switchTheme } from "../harness/colorTheme";
import { revokeThroughManagePermissions, sendPrompt, startSession, waitUntil } from "../harness/scripted";
import { makeTempFolder, openWorkbench, type Workbench } from "../../tools/workbench";
import { CONTROLS_AGENT, configOptions, MODES_V1, receivedFrames } from "../support/controlsFixtures";

/** Claude's modes with its Auto (a classifier model approves) last. */
const SETUP = {
  modes: { ...MODES_V1, availableModes: [...MODES_V1.availableModes, { id: "auto", name: "Auto" }] },
  configOptions: configOptions("id").slice(0, 3),
};

/** Agent text where the controls show it (the row's picker, the options button's summary and title): markup and a long name. */
const MARKUP = '<img src=x onerror="document.title=1">';
const HOSTILE_SETUP = {
  modes: {
    currentModeId: "m",
    availableModes: [{ id: "m", name: `${MARKUP}Manual`, description: MARKUP }],
  },
  configOptions: [
    {
      id: "model",
      name: `${MARKUP}Model`,
      category: "model",
      type: "select",
      currentValue: "x",
      options: [{ value: "x", name: `${MARKUP}${"Sonnet ".repeat(200)}` }],
    },
  ],
};

/**
 * Mode names holding a right-to-left override, which would reorder the card's words after them; and descriptions and
 * a group name holding one, which the tooltips and the picker show.
 */
const BIDI_SETUP = {
  modes: {
    currentModeId: "plan",
    availableModes: MODES_V1.availableModes.map((mode) => ({
      ...mode,
      name: `${mode.name}\u202e`,
      description: `Asks \u202eeman`,
    })),
  },
  configOptions: [
    {
      id: "effort",
      name: "Effort",
      description: "How \u202edrah",
      category: "thought_level",
      type: "select",
      currentValue: "low",
      options: [
        {
          group: "g",
          name: "Levels\u202e",
          options: [{ value: "low", name: "Low", description: "Quick\u202e" }],
        },
      ],
    },
  ],
};

describe("Session controls (e2e)", function () {
  this.timeout(120_000);
  let workbench: Workbench;
  let logDir: string;
  let logPath: string;

  const received = (method: string) => receivedFrames(logPath, method);

  before(async () => {
    logDir = makeTempFolder("symposium-e2e-controls-");
    logPath = join(logDir, "agent.jsonl");
    writeFileSync(logPath, "");
    workbench = await openWorkbench({
      workspaceFiles: { "README.md": "# Modes\n" },
      settings: {
        "symposium.agents": {
          Modes: {
            command: process.execPath,
            args: [CONTROLS_AGENT],
            env: { CONTROLS_SETUP: JSON.stringify(SETUP), CONTROLS_LOG: logPath, CONTROLS_FAIL: "opus" },
          },
          Hostile: {
            command: process.execPath,
            args: [CONTROLS_AGENT],
            env: { CONTROLS_SETUP: JSON.stringify(HOSTILE_SETUP) },
          },
          Bidi: {
            command: process.execPath,
            args: [CONTROLS_AGENT],
            env: { CONTROLS_SETUP: JSON.stringify(BIDI_SETUP) },
          },
        },
      },
    });
  });

  after(async () => {
    await workbench?.close();
    rmSync(logDir, { recursive: true, force: true });
  });

  it("shows labelled controls, sets them from the keyboard, and confirms a mode that acts without asking", async () => {
    const { page } = workbench;
    const webview = await startSession(page, "Modes");
    // In the composer, where the message goes: the mode in the bar beside Send, the rest behind one button that
    // names their values. Above the transcript they took a row each in a narrow side bar.
    const composer = webview.locator("footer.composer");
    const mode = composer.getByRole("combobox", { name: "Mode", exact: true });
    await mode.waitFor({ state: "visible", timeout: 30_000 });
    assert.equal(await mode.inputValue(), "default");
    assert.equal(
      await webview.locator("header.toolbar select").count(),
      1,
      "the top bar holds the agent picker only",
    );
    const options = composer.getByRole("button", { name: /^Session options/ });
    assert.equal(await options.getAttribute("aria-expanded"), "false");
    assert.match((await options.textContent()) ?? "", /Sonnet · Low/, "the button names the values it opens");
    assert.match((await options.getAttribute("title")) ?? "", /Model Sonnet, Effort Low, Fast mode off/);
    const row = await webview.locator(".session-controls").boundingBox();
    const modeBox = await mode.boundingBox();
    assert.ok(row && modeBox && row.height <= modeBox.height + 2, `one row: ${row?.height} px`);
    const model = webview.getByRole("combobox", { name: "Model", exact: true });
    assert.equal(await model.isVisible(), false, "the other options wait behind the button");
    await screenshot(page, "session-controls");

    // Opened from the keyboard: the options show, labelled, above the message box; Escape closes them again.
    await options.focus();
    await options.press("Enter");
    await model.waitFor({ state: "visible", timeout: 5_000 });
    assert.equal(await options.getAttribute("aria-expanded"), "true");
    assert.equal(await model.inputValue(), "sonnet");
    await screenshot(page, "session-controls-options");
    const found: string[] = [];
    for (const theme of ["dark", "light", "highContrast"] as const) {
      await switchTheme(workbench, webview, theme);
      found.push(...(await axeFindings(webview)).map((finding) => `${theme}: ${finding}`));
    }
    assert.deepEqual(found, [], `axe, the bar and the opened options:\n${found.join("\n")}`);
    await model.focus();
    await model.press("Escape");
    await waitUntil(async () => !(await model.isVisible()), "Escape to close the options");
    const focusedAgain = await options.evaluate(
      (node: unknown) =>
        (node as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement === node,
    );
    assert.equal(focusedAgain, true, "the focus goes back to the button");
    await options.press("Enter");
    await model.waitFor({ state: "visible", timeout: 5_000 });
    const fast = webview.getByRole("checkbox", { name: "Fast mode" });
    assert.equal(await fast.isChecked(), false);

    // Keyboard: focus the picker and move down one (Plan).
    await mode.focus();
    await mode.press("ArrowDown");
    await waitUntil(() => received("session/set_mode").some((p) => p.modeId === "plan"), "set_mode plan");
    await waitUntil(
      async () => (await webview.locator(".sr-only[aria-live]").textContent())?.includes("Mode: Plan"),
      "the change announced",
    );

    await fast.focus();
    await fast.press("Space");
    await waitUntil(
      () => received("session/set_config_option").some((p) => p.configId === "fast" && p.value === true),
      "set_config_option fast",
    );
    await waitUntil(
      async () => /Sonnet · Low · Fast mode/.test((await options.textContent()) ?? ""),
      "the button to name the switch that is on",
    );

    // The agent refuses a value: the control goes back, the transcript says why, and it is announced.
    const modelPicker = model;
    await modelPicker.selectOption("opus");
    await waitUntil(async () => (await modelPicker.inputValue()) === "sonnet", "the model picker to go back");
    await waitUntil(
      async () =>
        (await webview.locator(".sr-only[aria-live]").textContent())?.includes(
          "Model was not changed; it stays Sonnet",
        ),
      "the refusal announced",
    );
    await webview.getByText(/did not change Model to Opus/).waitFor({ state: "visible", timeout: 15_000 });

    // A mode in which a model approves: confirmed in VS Code's modal, and marked.
    const dialog = page.locator(".monaco-dialog-box");
    const marker = webview.locator(".unattended-badge");
    await mode.selectOption("auto");
    await dialog.waitFor({ state: "visible", timeout: 15_000 });
    assert.match((await dialog.textContent()) ?? "", /a model approves/);
    await dialog.getByRole("button", { name: "Let it act without asking" }).click();
    await waitUntil(async () => /A model approves/.test((await marker.textContent()) ?? ""), "the marker");
    await mode.selectOption("plan");
    await waitUntil(async () => !(await marker.isVisible()), "the marker to go");

    // A mode that acts without asking is asked about still (a yes to a model approving was no yes to this); Cancel
    // leaves the mode as it was.
    await mode.selectOption("bypassPermissions");
    await dialog.waitFor({ state: "visible", timeout: 15_000 });
    assert.match(
      (await dialog.textContent()) ?? "",
      /Let Modes act without asking you\?[\s\S]*The agent's setting: "Mode: Bypass permissions"\./,
    );
    await screenshot(page, "session-controls-confirm");
    const focused = await page.evaluate(() => {
      const active = (
        globalThis as unknown as { document: { activeElement: { textContent: string } | null } }
      ).document.activeElement;
      return active?.textContent ?? "";
    });
    assert.equal(
      focused.trim(),
      "Keep asking",
      "the safe answer has the focus (Enter keeps the agent asking)",
    );
    await dialog.getByRole("button", { name: "Keep asking" }).click();
    await waitUntil(async () => (await mode.inputValue()) === "plan", "the picker to go back");
    assert.ok(!received("session/set_mode").some((p) => p.modeId === "bypassPermissions"));

    await mode.selectOption("bypassPermissions");
    await dialog.waitFor({ state: "visible", timeout: 15_000 });
    await dialog.getByRole("button", { name: "Let it act without asking" }).click();
    await waitUntil(async () => (await marker.isVisible()) && (await marker.textContent()), "the marker");
    assert.match((await marker.textContent()) ?? "", /Acts without asking/);
    assert.ok(received("session/set_mode").some((p) => p.modeId === "bypassPermissions"));
    await screenshot(page, "session-controls-unattended");

    // Remembered for this agent: back and forth again without a dialog.
    await mode.selectOption("default");
    await waitUntil(async () => !(await marker.isVisible()), "the marker to go");
    await mode.selectOption("bypassPermissions");
    await waitUntil(
      () => received("session/set_mode").filter((p) => p.modeId === "bypassPermissions").length === 2,
      "the second switch without a dialog",
    );
    assert.equal(await dialog.isVisible(), false);

    // Taken back in Manage Permissions: the next switch asks again.
    await revokeThroughManagePermissions(
      page,
      "Switching Modes to modes that act without asking",
      "confirmed once, for every window",
    );
    await mode.selectOption("default");
    await waitUntil(async () => !(await marker.isVisible()), "the marker to go");
    await mode.selectOption("bypassPermissions");
    await dialog.waitFor({ state: "visible", timeout: 15_000 });
    await dialog.getByRole("button", { name: "Let it act without asking" }).click();
    await waitUntil(
      () => received("session/set_mode").filter((p) => p.modeId === "bypassPermissions").length === 3,
      "the switch after the second yes",
    );

    // The agent crashes: its last values stay readable, and none can be changed any more.
    await sendPrompt(webview, "crash [exit]");
    await webview.locator(".session-status.status-ended").waitFor({ state: "visible", timeout: 15_000 });
    await waitUntil(async () => await mode.isDisabled(), "the mode picker to be disabled");
    assert.equal(await mode.inputValue(), "bypassPermissions");
    assert.equal(await model.isDisabled(), true);
    assert.equal(await fast.isDisabled(), true);
  });

  it("shows an agent's markup in its control names and values as text, and a long value cut to the row", async () => {
    const { page } = workbench;
    const webview = await startSession(page, "Hostile");
    const options = webview.locator("footer.composer").getByRole("button", { name: /^Session options/ });
    await options.waitFor({ state: "visible", timeout: 30_000 });
    const summary = options.locator(".session-options-summary");
    assert.ok(
      ((await summary.textContent()) ?? "").startsWith(MARKUP),
      "the summary shows the markup as text",
    );
    assert.ok(((await options.getAttribute("title")) ?? "").includes(`${MARKUP}Model ${MARKUP}Sonnet`));
    assert.equal(await webview.locator("img").count(), 0, "no element made from agent text");
    const row = await webview.locator(".session-controls").boundingBox();
    const composer = await webview.locator("footer.composer").boundingBox();
    assert.ok(row && composer && row.width <= composer.width, "the long value stays inside the composer");
  });

  it("marks a bidi override in the mode names of the picker and of a card's options, as in the options", async () => {
    const { page } = workbench;
    const webview = await startSession(page, "Bidi");
    const mode = webview.locator("footer.composer").getByRole("combobox", { name: "Mode", exact: true });
    await mode.waitFor({ state: "visible", timeout: 30_000 });
    assert.equal(await mode.locator("option:checked").innerText(), "Plan<U+202E>", "the picker too");
    // The tooltips and the group's name, as the names.
    assert.equal(await mode.locator("option:checked").getAttribute("title"), "Asks <U+202E>eman");
    const effort = webview.locator("select.session-control-select:has(optgroup)");
    assert.equal(await effort.getAttribute("title"), "How <U+202E>drah");
    assert.equal(await effort.locator("optgroup").getAttribute("label"), "Levels<U+202E>");
    assert.equal(await effort.locator("option").getAttribute("title"), "Quick<U+202E>");
    await sendPrompt(webview, "done planning [exit-plan]");
    const note = webview.locator(".card .mode-switch");
    await note.waitFor({ state: "visible", timeout: 30_000 });
    assert.equal(
      (await note.locator(".mode-switch-heading").innerText()).trim(),
      "Leave plan<U+202E> mode and …",
    );
    assert.deepEqual((await note.locator("li").allInnerTexts()).sort(), [
      "No, keep planning → Plan<U+202E>",
      "Yes, and auto-accept edits → Accept edits<U+202E>",
      "Yes, and manually approve edits → Manual<U+202E>",
    ]);
    await webview.locator(".card").getByRole("button", { name: "No, keep planning" }).click();
  });
});

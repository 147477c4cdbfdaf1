// The Symposium view checked by axe-core (the engine of Chromium's and other browsers' accessibility audits) against
// WCAG 2.1 A and AA in a real workbench, in VS Code's default dark and light themes, both high-contrast themes and
// Light+: two sessions, cards of each kind waiting (an agent's form too), a decision made, the pending list shown, a
// command's output longer than its box, a file added to the next message.
import * as assert from "node:assert/strict";
import type { FrameLocator } from "playwright-core";
import {
  answer,
  askAboutToolCall,
  card,
  sendScript,
  startSession,
  portEdit,
  waitForGuard,
  waitForReady,
} from "../harness/scripted";
import { scriptedWorkbench } from "../harness/scriptedWorkbench";
import { switchTheme } from "../harness/colorTheme";
import { axeFindings } from "../harness/axe";
import { everyKindForm } from "../support/agentForms";
import { askStep } from "../support/agentQuestions";
import { openFile, runCommand } from "../../tools/browser";

/** WCAG's contrast ratio of two opaque `rgb(r, g, b)` colours. */
function contrastRatio(a: string, b: string): number {
  const luminance = (rgb: string): number => {
    const [r, g, bl] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
      const c = Number(part) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const OPTIONS = [
  { optionId: "allow-once", name: "Allow once", kind: "allow_once" },
  { optionId: "allow-always", name: "Always allow edits", kind: "allow_always" },
  { optionId: "reject-once", name: "Reject", kind: "reject_once" },
];

/** A finished build whose output (80 lines) is longer than its box: the box scrolls. */
function longBuild(id: string): object[] {
  const output = Array.from({ length: 80 }, (_, line) => `compiled module ${line + 1} of 80`).join("\n");
  const terminalId = `${id}-term`;
  return [
    {
      update: {
        sessionUpdate: "tool_call_update",
        toolCallId: id,
        title: "Run the build",
        kind: "execute",
        status: "completed",
        content: [{ type: "terminal", terminalId }],
      },
    },
    {
      update: {
        sessionUpdate: "terminal_update",
        terminalId,
        output: { data: Buffer.from(`${output}\n`).toString("base64") },
      },
    },
    { update: { sessionUpdate: "terminal_update", terminalId, exitStatus: { exitCode: 0 } } },
  ];
}

const NOTES_COMMAND = [
  "cat > notes.md <<'EOF'",
  ...Array.from({ length: 60 }, (_, line) => `- note ${line + 1}`),
  "EOF",
].join("\n");

/** The card of `everyKindForm`. */
const form = (webview: FrameLocator) =>
  webview.locator(".card:has(.question-form)", { hasText: "Set up the release" });

describe("Accessibility of the Symposium view, by axe-core (e2e)", function () {
  this.timeout(120_000);
  const ctx = scriptedWorkbench({
    workspaceFiles: { "src/app.ts": "export const port = 8080;\n" },
    agents: { Scripted: "v2", "Scripted v1": "v1" },
  });

  it("finds no WCAG A or AA failure with cards of each kind waiting, in the default dark, light and both high-contrast themes and Light+", async () => {
    const { page, workspace } = ctx.workbench;
    // An agent's questions (a v1 agent's, Qwen Code's shape): its card waits pinned in the sessions shown next.
    const asking = await startSession(page, "Scripted v1");
    await sendScript(asking, { steps: [askStep()] });
    await asking.locator(".question-form").waitFor();
    await startSession(page, "Scripted");
    const webview = await startSession(page, "Scripted");
    const toolCall = portEdit(workspace, "a11y-edit");
    await sendScript(webview, {
      steps: [
        // The agent's prose: a link among words (told apart by more than its colour), a code block and its Copy.
        { say: "See [the guide](https://example.invalid/guide) for why, then run:\n\n```sh\nnpm test\n```" },
        {
          update: {
            sessionUpdate: "plan",
            entries: [
              { content: "Change the port", status: "in_progress", priority: "high" },
              { content: "Run the tests", status: "pending", priority: "medium" },
            ],
          },
        },
        {
          update: {
            sessionUpdate: "notice",
            severity: "warning",
            title: "Rate limited",
            description: "Retrying",
          },
        },
        {
          // Outside the workspace, with a bidi override in its title: both are flagged in the transcript.
          update: {
            sessionUpdate: "tool_call_update",
            toolCallId: "a11y-read",
            title: "Read \u202Ehosts",
            kind: "read",
            status: "completed",
            locations: [{ path: "/etc/hosts" }],
          },
        },
        ...longBuild("a11y-build"),
        {
          request: {
            title: "Read the notes",
            subject: { type: "command", command: "cat notes.md", cwd: workspace },
          },
        },
        ...askAboutToolCall(toolCall, { title: "Change the port", options: OPTIONS }, { wait: false }),
        {
          request: {
            title: "Run the tests",
            subject: { type: "command", command: "npm test", cwd: workspace },
          },
          wait: false,
        },
        {
          // A command longer than its box (agents write files through here-documents): the box scrolls.
          request: {
            title: "Write the notes",
            subject: { type: "command", command: NOTES_COMMAND, cwd: workspace },
          },
          wait: false,
        },
        { request: { title: "Teleport", subject: { type: "teleport", to: "mars" } }, wait: false },
        // An agent's form: text, number, yes/no and choice fields.
        { call: { method: "elicitation/create", params: everyKindForm() }, wait: false },
        { waitAll: true },
      ],
    });
    await answer(card(webview, "Read the notes"), "Allow once");
    for (const title of ["Change the port", "Run the tests", "Write the notes", "Teleport"])
      await waitForGuard(card(webview, title));
    // The parts a card opens: the reason field, the rule editor.
    await card(webview, "Teleport").getByRole("button", { name: "Reject with reason…" }).click();
    await card(webview, "Change the port").getByRole("button", { name: "Edit rule" }).click();

    // A file added to the next message: its chip and Remove button above the message box.
    await openFile(page, "app.ts");
    await runCommand(page, "Symposium: Add to Message");
    await webview.getByRole("button", { name: "Remove app.ts", exact: true }).waitFor();

    // What the scan must see to check it: a hidden character's highlight and an outside location's warning.
    await webview.locator(".hidden-char").first().waitFor();
    await webview.locator(".location.outside").first().waitFor();
    await webview.getByText("Exit code 0", { exact: true }).waitFor();
    await waitForGuard(form(webview));
    const found: string[] = [];
    for (const theme of ["dark", "light", "highContrast", "highContrastLight", "lightPlus"] as const) {
      await switchTheme(ctx.workbench, webview, theme);
      found.push(...(await axeFindings(webview)).map((finding) => `${theme}: ${finding}`));
      // axe leaves a hidden-character marker out of its contrast rule: measured here, on its own highlight.
      const [color, background] = await webview
        .locator(".hidden-char")
        .first()
        .evaluate((marker) => {
          const view = globalThis as unknown as {
            getComputedStyle(element: unknown): { color: string; backgroundColor: string };
          };
          const style = view.getComputedStyle(marker);
          return [style.color, style.backgroundColor];
        });
      const ratio = contrastRatio(color, background);
      if (ratio < 4.5)
        found.push(`${theme}: hidden-character marker ${color} on ${background}: ${ratio.toFixed(2)}:1`);
    }
    assert.deepEqual(found, [], found.join("\n"));
    for (const title of ["Change the port", "Run the tests", "Write the notes", "Teleport"])
      await answer(card(webview, title), "Reject");
    await answer(form(webview), "Cancel");
    await answer(webview.locator(".card:has(.question-form)"), "Cancel");
    await waitForReady(webview);
  });

  it("a command or a command's output longer than its box is a Tab stop the keyboard scrolls; a short one is none", async () => {
    const { page, workspace } = ctx.workbench;
    const webview = await startSession(page, "Scripted");
    await sendScript(webview, {
      steps: [
        ...longBuild("kb-build"),
        {
          request: {
            title: "Write the notes",
            subject: { type: "command", command: NOTES_COMMAND, cwd: workspace },
          },
          wait: false,
        },
        {
          request: {
            title: "Run the tests",
            subject: { type: "command", command: "npm test", cwd: workspace },
          },
          wait: false,
        },
        { waitAll: true },
      ],
    });
    const notes = card(webview, "Write the notes");
    const tests = card(webview, "Run the tests");
    await waitForGuard(notes);
    await waitForGuard(tests);
    /** The focused element's name (its label, else its text) and how far it is scrolled. */
    const active = (): Promise<{ name: string; scrollTop: number }> =>
      webview.locator("body").evaluate((body) => {
        interface Focused {
          scrollTop: number;
          textContent: string | null;
          getAttribute(name: string): string | null;
        }
        const focused = (body as unknown as { ownerDocument: { activeElement: Focused | null } })
          .ownerDocument.activeElement;
        const name = focused?.getAttribute("aria-label") ?? focused?.textContent ?? "";
        return { name: name.replace(/\s+/g, " ").trim().slice(0, 40), scrollTop: focused?.scrollTop ?? 0 };
      });
    const scrollsWithEnd = async (what: string): Promise<void> => {
      await page.keyboard.press("End");
      for (let i = 0; i < 50 && (await active()).scrollTop === 0; i++) await page.waitForTimeout(100);
      assert.ok((await active()).scrollTop > 0, `End scrolls ${what}`);
    };

    // From a card, Tab goes to its long command before its options; End shows the command's end.
    await notes.focus();
    await page.keyboard.press("Tab");
    assert.equal((await active()).name, "Command");
    await scrollsWithEnd("the long command");
    // A command that fits its box is no Tab stop: Tab goes from the card to its first option.
    await tests.focus();
    await page.keyboard.press("Tab");
    assert.match((await active()).name, /^Allow once/);
    // The build's output, longer than its box, is reached with Tab from the top of the view.
    await webview.getByRole("combobox", { name: "Agent" }).focus();
    for (let i = 0; i < 30 && (await active()).name !== "Terminal output"; i++)
      await page.keyboard.press("Tab");
    assert.equal((await active()).name, "Terminal output");
    await scrollsWithEnd("the build's output");

    for (const title of ["Write the notes", "Run the tests"]) await answer(card(webview, title), "Reject");
    await waitForReady(webview);
  });
});

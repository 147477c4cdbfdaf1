// The Symposium view checked by axe-core (the engine of Chromium's and other browsers' accessibility audits) against
// WCAG 2.1 A and AA in a real workbench, in VS Code's default dark and light themes: two sessions, cards of each kind
// waiting, a decision made, the pending list shown.
import * as assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Frame } from "playwright-core";
import {
  askAboutToolCall,
  card,
  sendScript,
  startSession,
  v2Diff,
  waitForGuard,
  waitForReady,
} from "../harness/scripted";
import { scriptedWorkbench } from "../harness/scriptedWorkbench";
import { switchTheme } from "../harness/colorTheme";

/** What axe reports per rule broken (its `violations`), reduced to what a failure message needs. */
interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

const OPTIONS = [
  { optionId: "allow-once", name: "Allow once", kind: "allow_once" },
  { optionId: "allow-always", name: "Always allow edits", kind: "allow_always" },
  { optionId: "reject-once", name: "Reject", kind: "reject_once" },
];

describe("Accessibility of the Symposium view, by axe-core (e2e)", function () {
  this.timeout(120_000);
  const ctx = scriptedWorkbench({
    workspaceFiles: { "src/app.ts": "export const port = 8080;\n" },
    agents: { Scripted: "v2" },
  });

  /** Runs axe's WCAG 2.x A and AA rules over the webview's document: what fails, and what it could not decide. */
  async function audit(frame: Frame): Promise<Violation[]> {
    // Evaluated as a string through the DevTools protocol: the webview's CSP (no eval, scripts by nonce) stays on.
    await frame.evaluate(readFileSync(require.resolve("axe-core/axe.min.js"), "utf8"));
    return frame.evaluate(async () => {
      const axe = (
        globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } }
      ).axe;
      const result = (await axe.run((globalThis as unknown as { document: unknown }).document, {
        runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
        resultTypes: ["violations", "incomplete"],
      })) as { violations: Violation[]; incomplete: Violation[] };
      // What axe could not decide counts too (a name on an element that drops it, say), except colours it could not
      // measure under something drawn over them.
      const undecided = result.incomplete.filter((v) => v.id !== "color-contrast");
      return [...result.violations, ...undecided].map(({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
      }));
    });
  }

  it("finds no WCAG A or AA failure with cards of each kind waiting, in the dark and the light default theme", async () => {
    const { page, workspace } = ctx.workbench;
    await startSession(page, "Scripted");
    const webview = await startSession(page, "Scripted");
    const path = join(workspace, "src", "app.ts");
    const toolCall = {
      toolCallId: "a11y-edit",
      title: "Change the port",
      kind: "edit",
      locations: [{ path, line: 1 }],
      content: [v2Diff(path, "src/app.ts", "export const port = 8080;", "export const port = 9090;")],
    };
    await sendScript(webview, {
      steps: [
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
        { request: { title: "Teleport", subject: { type: "teleport", to: "mars" } }, wait: false },
        { waitAll: true },
      ],
    });
    const first = card(webview, "Read the notes");
    await waitForGuard(first);
    await first.getByRole("button", { name: "Allow once", exact: true }).click();
    for (const title of ["Change the port", "Run the tests", "Teleport"])
      await waitForGuard(card(webview, title));
    // The parts a card opens: the reason field, the rule editor, Bypass's confirmation.
    await card(webview, "Teleport").getByRole("button", { name: "Reject with reason…" }).click();
    await card(webview, "Change the port").getByRole("button", { name: "Edit rule" }).click();
    await card(webview, "Run the tests").getByRole("button", { name: "Bypass Permissions" }).click();
    await card(webview, "Run the tests").getByRole("button", { name: "Confirm bypass" }).waitFor();

    const frame = (await (await webview.locator("body").elementHandle()).ownerFrame())!;
    const found: string[] = [];
    for (const theme of ["dark", "light"] as const) {
      await switchTheme(ctx.workbench, webview, theme);
      for (const v of await audit(frame)) {
        const where = v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`).join("\n    ");
        found.push(`${theme}: ${v.impact}: ${v.id} (${v.help})\n    ${where}`);
      }
    }
    assert.deepEqual(found, [], found.join("\n"));
    await card(webview, "Run the tests").getByRole("button", { name: "Cancel", exact: true }).click();
    for (const title of ["Change the port", "Run the tests", "Teleport"])
      await card(webview, title).getByRole("button", { name: "Reject", exact: true }).click();
    await waitForReady(webview);
  });
});

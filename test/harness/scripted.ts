// Driving the Symposium view with the scripted test agent (test/agents/scriptedAgent.ts): its definition in user
// settings, starting a session and sending a script through the webview, and reading what the agent received.
import { waitFor } from "../../tools/waitFor";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FrameLocator, Locator, Page } from "playwright-core";
import { openSymposiumView, runCommand, screenshot, symposiumWebview } from "../../tools/browser";
import { repoRoot } from "../../tools/paths";
import type { Workbench } from "../../tools/workbench";
import { readJsonLines } from "../../tools/jsonLines";

/** The compiled scripted agent (built by `npm run build`). */
export const scriptedAgentPath = join(repoRoot, "out", "test", "agents", "scriptedAgent.js");

export interface AgentDefinition {
  command: string;
  args: string[];
  env: Record<string, string>;
  bypassPermissions?: boolean;
}

/** A `symposium.agents` entry that runs the scripted agent, logging to `log`. */
export function scriptedAgent(log: string, protocol: "v1" | "v2" | "dual" = "v2"): AgentDefinition {
  return {
    command: process.execPath,
    args: [scriptedAgentPath, "--protocol", protocol],
    env: { SCRIPTED_AGENT_LOG: log },
  };
}

/** Polls `probe` (see `waitFor`), at the pace of a workbench: every 100 ms, 30 s by default. */
export function waitUntil<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  return waitFor(probe, what, timeoutMs, 100);
}

/** A v2 diff: the changed paths plus a git patch (v2's `Diff` has no old/new texts). */
export function v2Diff(
  path: string,
  relativePath: string,
  before: string,
  after: string,
): Record<string, unknown> {
  const text = [
    `diff --git a/${relativePath} b/${relativePath}`,
    `--- a/${relativePath}`,
    `+++ b/${relativePath}`,
    "@@ -1 +1 @@",
    `-${before}`,
    `+${after}`,
    "",
  ].join("\n");
  return { type: "diff", changes: [{ path, operation: "modify" }], patch: { format: "git_patch", text } };
}

/** A v2 edit tool call, "Change the port", of a workspace holding `src/app.ts` = `export const port = 8080;`. */
export function portEdit(
  workspace: string,
  toolCallId: string,
): { toolCallId: string } & Record<string, unknown> {
  const path = join(workspace, "src", "app.ts");
  return {
    toolCallId,
    title: "Change the port",
    kind: "edit",
    locations: [{ path, line: 1 }],
    content: [v2Diff(path, "src/app.ts", "export const port = 8080;", "export const port = 9090;")],
  };
}

/**
 * Script steps for what a coding agent sends before an edit or a command: the tool call announced as pending
 * (`tool_call_update`), then a permission request whose subject is that tool call. `request` adds the request's own
 * fields (title, options), `step` the step's (e.g. `wait: false`).
 */
export function askAboutToolCall(
  toolCall: { toolCallId: string } & Record<string, unknown>,
  request: Record<string, unknown> = {},
  step: Record<string, unknown> = {},
): unknown[] {
  return [
    { update: { sessionUpdate: "tool_call_update", ...toolCall, status: "pending" } },
    { request: { ...request, subject: { type: "tool_call", toolCall } }, ...step },
  ];
}

// ---------------------------------------------------------------------------------------------------------------------
// The agent's log

export type LogEntry = { kind: string; agentPid: number } & Record<string, unknown>;

interface PermissionParams {
  title?: unknown;
  toolCall?: { title?: unknown; toolCallId?: unknown };
}

/** The scripted agent's JSON-lines log (`SCRIPTED_AGENT_LOG`), shared by every process of that agent. */
export class ScriptedAgentLog {
  constructor(readonly path: string) {
    writeFileSync(path, "");
  }

  entries(): LogEntry[] {
    return readJsonLines<LogEntry>(this.path);
  }

  /**
   * The `session/request_permission` requests the agent sent, each with the process and index its outcome is logged
   * under. `title` is the v2 title, or the v1 tool call's title.
   */
  requests(): { agentPid: number; requestIndex: number; title: string; params: PermissionParams }[] {
    return this.entries().flatMap((entry) => {
      const frame = entry.frame as { method?: unknown; params?: PermissionParams } | undefined;
      if (
        entry.kind !== "frame" ||
        entry.direction !== "sent" ||
        frame?.method !== "session/request_permission"
      )
        return [];
      const params = frame.params ?? {};
      const v1Title = params.toolCall?.title;
      const title =
        typeof params.title === "string" ? params.title : typeof v1Title === "string" ? v1Title : "";
      return [{ agentPid: entry.agentPid, requestIndex: Number(entry.requestIndex), title, params }];
    });
  }

  /** Has the agent sent a request with this title? */
  sent(title: string): boolean {
    return this.requests().some((request) => request.title === title);
  }

  /** The outcome the agent received for its request titled `title` (undefined while unanswered). */
  outcomeOf(title: string): Record<string, unknown> | undefined {
    const request = this.requests().find((candidate) => candidate.title === title);
    if (!request) return undefined;
    const entry = this.entries().find(
      (e) =>
        e.kind === "outcome" && e.agentPid === request.agentPid && e.requestIndex === request.requestIndex,
    );
    if (!entry) return undefined;
    return (entry.outcome ?? { error: entry.error }) as Record<string, unknown>;
  }

  /** Waits for the answer to the request titled `title`. */
  async waitForOutcome(title: string, timeoutMs = 30_000): Promise<Record<string, unknown>> {
    return waitUntil(() => this.outcomeOf(title), `the agent to receive an answer to "${title}"`, timeoutMs);
  }

  /** Waits until the agent has sent the request titled `title`. */
  async waitForRequest(title: string, timeoutMs = 30_000): Promise<void> {
    await waitUntil(() => this.sent(title), `the agent to send "${title}"`, timeoutMs);
  }

  /** The prompt texts the agent received, in order (text blocks joined with "\n"). */
  prompts(): string[] {
    return this.promptBlocks().map((blocks) =>
      blocks.map((block) => (typeof block.text === "string" ? block.text : "")).join("\n"),
    );
  }

  /** The content blocks of each `session/prompt` the agent received, in order. */
  promptBlocks(): Record<string, unknown>[][] {
    return this.entries().flatMap((entry) => {
      const frame = entry.frame as
        { method?: string; params?: { prompt?: Record<string, unknown>[] } } | undefined;
      if (entry.kind !== "frame" || entry.direction !== "received" || frame?.method !== "session/prompt")
        return [];
      return [frame.params?.prompt ?? []];
    });
  }

  /** Entries of one kind (e.g. "turnEnd"). */
  ofKind(kind: string): LogEntry[] {
    return this.entries().filter((entry) => entry.kind === kind);
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// The view

/** The Symposium view's document; opens the view first. */
export async function symposium(page: Page): Promise<FrameLocator> {
  await openSymposiumView(page);
  const webview = symposiumWebview(page);
  await webview.getByRole("combobox", { name: "Agent" }).waitFor({ state: "visible", timeout: 30_000 });
  return webview;
}

export function messageBox(webview: FrameLocator): Locator {
  return webview.getByRole("textbox", { name: "Message", exact: true });
}

export function sendButton(webview: FrameLocator): Locator {
  return webview.getByRole("button", { name: "Send", exact: true });
}

export function stopButton(webview: FrameLocator): Locator {
  return webview.getByRole("button", { name: "Stop", exact: true });
}

/** The approval card whose request is titled `title` (exact). */
export function card(webview: FrameLocator, title: string): Locator {
  return webview.getByRole("group", { name: title, exact: true });
}

/** Waits until the active session is ready for a prompt: idle ("Ready" in its bar), Send enabled. */
export async function waitForReady(webview: FrameLocator, timeoutMs = 60_000): Promise<void> {
  // Send alone does not say it: a message can be sent (and waits) while the agent starts or works.
  await webview
    .locator(".session-bar .session-status.status-ready")
    .waitFor({ state: "visible", timeout: timeoutMs });
  await webview
    .locator('vscode-button[aria-disabled="false"]', { hasText: "Send" })
    .waitFor({ state: "visible", timeout: timeoutMs });
}

/** Picks `agentName` in the header, clicks New session and waits until the session is ready for a prompt. */
export async function startSession(page: Page, agentName: string): Promise<FrameLocator> {
  const webview = await openSession(page, agentName);
  await waitForReady(webview);
  return webview;
}

/** Picks `agentName` in the header, clicks New session and waits for its tab, not for the agent to start. */
export async function openSession(page: Page, agentName: string): Promise<FrameLocator> {
  const webview = await symposium(page);
  const sessionsBefore = await webview.locator(".session-view").count();
  await webview.getByRole("combobox", { name: "Agent" }).selectOption(agentName);
  await webview.getByRole("button", { name: "New session", exact: true }).click();
  await waitUntil(
    async () => (await webview.locator(".session-view").count()) > sessionsBefore,
    `a new ${agentName} session`,
    60_000,
  );
  return webview;
}

/**
 * Types `text` into the Message box, presses Enter and waits until the shown session has taken it (the session must
 * be ready). Taken: its item is in the transcript, put there with the turn's status (or queued): until then the bar
 * still says Ready, and a `waitForReady` right after a send could pass before the turn even began.
 */
export async function sendPrompt(webview: FrameLocator, text: string): Promise<void> {
  await waitForReady(webview);
  const box = messageBox(webview);
  const lastMessage = () =>
    webview.locator(".session-view:visible article.item.user").evaluateAll((items) => {
      const last = items[items.length - 1] as unknown as
        { getAttribute(name: string): string | null } | undefined;
      return last?.getAttribute("data-id") ?? null;
    });
  const before = await lastMessage();
  if (text.length <= 10_000) await box.fill(text);
  else {
    // Playwright's fill inserts huge texts slowly (and echoes them in its call log); set it as a paste would.
    await box.evaluate((textarea, value) => {
      const input = textarea as unknown as { value: string; dispatchEvent(event: unknown): boolean };
      input.value = value;
      input.dispatchEvent(
        new (globalThis as unknown as { Event: new (type: string, init: unknown) => unknown }).Event(
          "input",
          { bubbles: true, composed: true },
        ),
      );
    }, text);
  }
  await box.press("Enter");
  await waitUntil(
    async () => (await box.inputValue()) === "",
    "the Message box to be sent and cleared",
    15_000,
  );
  await waitUntil(async () => (await lastMessage()) !== before, "the session to take the message", 30_000);
}

/** Sends a scripted agent script (`{steps: [...]}`) as the prompt. */
export async function sendScript(
  webview: FrameLocator,
  script: { steps: unknown[]; cancelPending?: boolean },
): Promise<void> {
  await sendPrompt(webview, JSON.stringify(script));
}

/**
 * Presses the answer `name` on a card and waits until the card is gone. Its click guard is waited out first, so
 * answering cards one after another answers each: a card that moved on screen because the one before it went
 * ignores a mouse's click a moment (as it should), and the next card is only looked at once that move is done.
 */
export async function answer(cardLocator: Locator, name: string): Promise<void> {
  await waitForGuard(cardLocator);
  await cardLocator.getByRole("button", { name, exact: true }).click();
  await cardLocator.waitFor({ state: "detached", timeout: 30_000 });
}

/** Waits until a new card's click guard is over (it ignores clicks and keys for about 500 ms after it appears). */
export async function waitForGuard(cardLocator: Locator): Promise<void> {
  await cardLocator.waitFor({ state: "visible", timeout: 30_000 });
  await waitUntil(
    async () => !((await cardLocator.getAttribute("class")) ?? "").split(/\s+/).includes("guarded"),
    "the card's click guard to end",
    10_000,
  );
}

/** Runs Symposium: Manage Permissions…, picks the row showing `label` (and `description`), confirms Revoke. */
export async function revokeThroughManagePermissions(
  page: Page,
  label: string,
  description: string,
): Promise<void> {
  await runCommand(page, "Symposium: Manage Permissions…");
  const widget = page.locator(".quick-input-widget");
  const row = widget
    .locator(".quick-input-list .monaco-list-row")
    .filter({ hasText: label })
    .filter({ hasText: description })
    .first();
  await row.waitFor({ state: "visible", timeout: 15_000 });
  await screenshot(page, "manage-permissions");
  await row.click();
  const dialog = page.locator(".monaco-dialog-box");
  await dialog.waitFor({ state: "visible", timeout: 15_000 });
  await dialog.getByRole("button", { name: "Revoke", exact: true }).click();
  await dialog.waitFor({ state: "hidden", timeout: 15_000 });
}

/** Replaces the user settings with `text` in VS Code's own editor, as a person does, and saves. */
export async function editUserSettings(workbench: Workbench, text: string): Promise<void> {
  const { page } = workbench;
  const origin = new URL(page.url()).origin;
  await workbench.browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
  await page.evaluate(
    (value) =>
      (
        globalThis as unknown as { navigator: { clipboard: { writeText(text: string): Promise<void> } } }
      ).navigator.clipboard.writeText(value),
    text,
  );
  await runCommand(page, "Preferences: Open User Settings (JSON)");
  await page
    .locator(".tabs-container .tab.active", { hasText: "settings.json" })
    .waitFor({ state: "visible", timeout: 30_000 });
  await page.locator(".editor-instance .monaco-editor").first().click();
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Control+V");
  await page.keyboard.press("Control+S");
  await runCommand(page, "View: Close Editor");
}

/**
 * Attention (the view's badge and the status bar item) in a real extension host: it writes to the workbench only
 * when what it shows changed. VS Code sends every status bar write to the workbench, and the workbench draws it in a
 * frame of the whole page, whose thread the webview's cards share.
 */
import * as assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { join } from "node:path";
import * as vscode from "vscode";
import type { SymposiumTestApi } from "../../src/extension";
import { ATTENTION_DELAY_MS, ATTENTION_SPACING_MS } from "../../src/core/laterTimer";
import { waitFor as poll } from "../../tools/waitFor";

const EXTENSION_ID = "symposium.symposium";
const SCRIPTED_AGENT = join(__dirname, "..", "agents", "scriptedAgent.js");
/** Longer than an attention update can wait after the event that asks for it. */
const SETTLE_MS = ATTENTION_DELAY_MS + ATTENTION_SPACING_MS + 150;

const waitFor = <T>(probe: () => T | undefined | false, what: string) => poll(probe, what, 15_000, 20);

async function setAgents(value: Record<string, unknown> | undefined): Promise<void> {
  await vscode.workspace
    .getConfiguration("symposium")
    .update("agents", value, vscode.ConfigurationTarget.Global);
}

/** Records every badge the extension writes to its view, from now on. */
function recordBadges(view: SymposiumTestApi["view"]): { values: (number | undefined)[]; stop(): void } {
  const values: (number | undefined)[] = [];
  const inherited = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(view), "badge")!;
  Object.defineProperty(view, "badge", {
    configurable: true,
    set(badge: vscode.ViewBadge | undefined) {
      values.push(badge?.value);
      inherited.set!.call(view, badge);
    },
  });
  return { values, stop: () => delete (view as { badge?: unknown }).badge };
}

describe("Attention in a real extension host", function () {
  this.timeout(60_000);
  let api: SymposiumTestApi;
  const workspace = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;

  before(async () => {
    api = await vscode.extensions.getExtension<SymposiumTestApi>(EXTENSION_ID)!.activate();
  });

  afterEach(async () => {
    for (const key of api.sessions.sessionKeys()) await api.sessions.closeSession(key);
    await setAgents(undefined);
  });

  it("writes the badge and status bar only when the count or the Bypass marker changed", async () => {
    await setAgents({ Scripted: { command: process.execPath, args: [SCRIPTED_AGENT, "--protocol", "v2"] } });
    await waitFor(() => api.sessions.pending.size === 0, "no request pending");
    await sleep(SETTLE_MS); // whatever update the tests before asked for has been written
    const badges = recordBadges(api.view);
    try {
      // Each of these asks for an update; none changes what Attention shows (nothing pending, no Bypass).
      const key = await api.sessions.startSession("Scripted");
      await sleep(SETTLE_MS);
      await api.sessions.closeSession(key);
      await sleep(SETTLE_MS);
      const next = await api.sessions.startSession("Scripted");
      await sleep(SETTLE_MS);
      // A request waits: the count changes, and is written once.
      void api.sessions.sendPrompt(
        next,
        JSON.stringify({
          steps: [{ request: { subject: { type: "command", command: "ls", cwd: workspace() } } }],
        }),
      );
      const card = await waitFor(() => api.sessions.pending.list()[0], "the card");
      await waitFor(() => badges.values.length > 0, "the badge to be written");
      await sleep(SETTLE_MS);
      assert.deepEqual(badges.values, [1], "only the change of the count was written");
      api.sessions.choose(card.key, "reject-once");
      await waitFor(() => badges.values.length > 1, "the badge to be written again");
      assert.deepEqual(badges.values, [1, 0]);
    } finally {
      badges.stop();
    }
  });
});

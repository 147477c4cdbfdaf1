// Scoped grants from a card, end to end in the real workbench with the scripted agent: "Always allow" saves the rule
// the card shows in the user settings file and the next matching request is approved without a card, the transcript
// naming the rule; chained commands the rule does not cover still get a card; "Allow in this session" approves the
// next match in that session only.
import * as assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { FrameLocator } from "playwright-core";
import { screenshot } from "../../tools/browser";
import {
  card,
  ScriptedAgentLog,
  scriptedAgent,
  sendScript,
  startSession,
  waitForGuard,
  waitForReady,
  waitUntil,
} from "../harness/scripted";
import { makeTempFolder, openWorkbench, type Workbench } from "../../tools/workbench";

/** The scripted agent's options plus a lasting one of its own, which the card marks as the agent's memory. */
const OPTIONS = [
  { optionId: "allow-once", name: "Allow once", kind: "allow_once" },
  { optionId: "allow-always", name: "Always Allow", kind: "allow_always" },
  { optionId: "reject-once", name: "Reject", kind: "reject_once" },
];

describe("Scoped grants from a card (e2e)", function () {
  this.timeout(180_000);
  let workbench: Workbench;
  let logDir: string;
  let log: ScriptedAgentLog;

  before(async () => {
    logDir = makeTempFolder("symposium-e2e-grants-");
    log = new ScriptedAgentLog(join(logDir, "agent.jsonl"));
    workbench = await openWorkbench({
      workspaceFiles: { "README.md": "# Grants\n" },
      settings: { "symposium.agents": { Scripted: scriptedAgent(log.path, "v2") } },
    });
  });

  after(async () => {
    await workbench?.close();
    rmSync(logDir, { recursive: true, force: true });
  });

  const run = (title: string, command: string) => ({
    request: { title, subject: { type: "command", command, cwd: workbench.workspace }, options: OPTIONS },
  });
  const decisions = async (webview: FrameLocator): Promise<string[]> =>
    webview.locator(".session-view:not([hidden]) .decision-summary").allTextContents();
  const allowOnce = { outcome: "selected", optionId: "allow-once" };

  it('"Always allow" saves the rule; the next `npm test` is approved without a card, naming the rule; chained commands still ask', async () => {
    const webview = await startSession(workbench.page, "Scripted");
    const first = "Run the tests (grant)";
    await sendScript(webview, { steps: [run(first, "npm test -- --grep grants")] });
    const group = card(webview, first);
    await waitForGuard(group);
    const rules = group.getByRole("group", { name: "Rules Symposium can remember" });
    assert.match((await rules.textContent()) ?? "", /allow commands starting with "npm test"/);
    // The agent's own lasting option and Symposium's rule are told apart.
    assert.match((await group.textContent()) ?? "", /remembered by the agent/);
    await screenshot(workbench.page, "grant-card");
    await rules.getByRole("button", { name: "Always allow" }).click();
    assert.deepEqual(await log.waitForOutcome(first), allowOnce, "the card is answered with allow once");
    const stored = await waitUntil(() => {
      const permissions = workbench.readUserSettings()["symposium.permissions"] as
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
    assert.deepEqual(await log.waitForOutcome(second), allowOnce, "approved by the rule");
    await waitForGuard(card(webview, chained));
    assert.equal(await card(webview, second).count(), 0, "no card for the request the rule covers");
    await waitUntil(
      async () =>
        (await decisions(webview)).some((s) =>
          /Allow commands starting with "npm test".*\(user settings\)/.test(s),
        ),
      "the transcript to say which rule approved",
    );
    await card(webview, chained).getByRole("button", { name: "Reject" }).click();
    assert.equal((await log.waitForOutcome(chained)).optionId, "reject-once");
    const otherCard = card(webview, other);
    await waitForGuard(otherCard);
    assert.equal(log.outcomeOf(other), undefined, "`npm test && make` is not covered: it waits for a person");
    await otherCard.getByRole("button", { name: "Reject" }).click();
    await log.waitForOutcome(other);
    await waitForReady(webview);
  });

  it('"Allow in this session" approves the next match in that session, not in another', async () => {
    const webview = await startSession(workbench.page, "Scripted");
    const first = "Lint (grant)";
    await sendScript(webview, { steps: [run(first, "npm run lint -- --fix")] });
    const group = card(webview, first);
    await waitForGuard(group);
    await group.getByRole("button", { name: "Allow in this session" }).click();
    assert.deepEqual(await log.waitForOutcome(first), allowOnce);
    await waitForReady(webview);
    const second = "Lint again";
    await sendScript(webview, { steps: [run(second, "npm run lint")] });
    assert.deepEqual(await log.waitForOutcome(second), allowOnce, "approved by the session grant");
    await waitUntil(
      async () =>
        (await decisions(webview)).some((s) =>
          /Allow commands starting with "npm run lint".*\(this session\)/.test(s),
        ),
      "the transcript to name the session grant",
    );
    await waitForReady(webview);

    const elsewhere = await startSession(workbench.page, "Scripted");
    const third = "Lint in another session";
    await sendScript(elsewhere, { steps: [run(third, "npm run lint")] });
    const otherCard = card(elsewhere, third);
    await waitForGuard(otherCard);
    assert.equal(log.outcomeOf(third), undefined, "another session's request waits for a person");
    await otherCard.getByRole("button", { name: "Reject" }).click();
    await log.waitForOutcome(third);
  });

  it("reports no webview errors or CSP violations", () => {
    const problems = workbench.console.webviewProblems();
    assert.deepEqual(problems, [], problems.map((p) => `${p.type}: ${p.text} (${p.url})`).join("\n"));
  });
});

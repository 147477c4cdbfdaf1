/**
 * What the getting-started walkthrough (`contributes.walkthroughs` in package.json) needs from the extension: the
 * context keys its steps complete on, and the command behind its "add a real agent" button.
 */
import * as vscode from "vscode";
import type { AgentSessions } from "../acp/agentSessions";
import { AGENT_EXAMPLES, withAgentExample, type AddExampleResult } from "../core/agentExamples";
import { DEMO_AGENT_NAME, parseAgentSettings } from "../core/settings";

/** Set once a Demo Agent session is ready for a prompt, in this window (however it was started). */
export const DEMO_STARTED_CONTEXT = "symposium.walkthrough.demoSessionStarted";
/** Set once a person approves a card (a click or key on an allow option), in this window. */
export const CARD_APPROVED_CONTEXT = "symposium.walkthrough.cardApproved";
/** True while user settings define at least one agent besides the Demo Agent. */
export const AGENT_CONFIGURED_CONTEXT = "symposium.walkthrough.agentConfigured";
export const ADD_AGENT_EXAMPLE_COMMAND = "symposium.addAgentExample";

export function registerWalkthrough(
  sessions: Pick<AgentSessions, "onDidDecide" | "onDidChange">,
): vscode.Disposable {
  let demoStarted = false;
  let approved = false;
  const updateAgentConfigured = (): void => {
    const stored = vscode.workspace.getConfiguration("symposium").inspect<unknown>("agents")?.globalValue;
    void setContext(AGENT_CONFIGURED_CONTEXT, parseAgentSettings(stored).agents.size > 0);
  };
  updateAgentConfigured();
  return vscode.Disposable.from(
    sessions.onDidChange((ops) => {
      if (demoStarted) return;
      const ready = ops.some(
        (op) =>
          op.op === "session" && op.header.agentName === DEMO_AGENT_NAME && op.header.status === "ready",
      );
      if (!ready) return;
      demoStarted = true;
      void setContext(DEMO_STARTED_CONTEXT, true);
    }),
    sessions.onDidDecide((_prompt, record) => {
      if (approved || record.provenance !== "user" || record.optionKindClass !== "allow") return;
      approved = true;
      void setContext(CARD_APPROVED_CONTEXT, true);
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("symposium.agents")) updateAgentConfigured();
    }),
    vscode.commands.registerCommand(ADD_AGENT_EXAMPLE_COMMAND, addAgentExample),
  );
}

function setContext(key: string, value: boolean): Thenable<unknown> {
  return vscode.commands.executeCommand("setContext", key, value);
}

/**
 * Symposium: Add Agent Example… — adds one of the README's agent examples to `symposium.agents` in user settings
 * (every existing agent kept; an agent of the same name is never replaced), then opens user settings JSON.
 * `name` (an example's name) skips the picker, for links; anything else is ignored.
 */
export async function addAgentExample(name?: unknown): Promise<AddExampleResult["type"] | undefined> {
  const example =
    AGENT_EXAMPLES.find((candidate) => candidate.name === name) ??
    (
      await vscode.window.showQuickPick(
        AGENT_EXAMPLES.map((candidate) => ({
          label: candidate.name,
          description: `${candidate.entry.command} ${candidate.entry.args.join(" ")}`,
          detail: candidate.needs,
          example: candidate,
        })),
        {
          title: vscode.l10n.t("Add an agent to your user settings"),
          placeHolder: vscode.l10n.t("Agent"),
          matchOnDescription: true,
        },
      )
    )?.example;
  if (!example) return undefined;
  const configuration = vscode.workspace.getConfiguration("symposium");
  const result = withAgentExample(configuration.inspect<unknown>("agents")?.globalValue, example);
  switch (result.type) {
    case "added":
      await configuration.update("agents", result.agents, vscode.ConfigurationTarget.Global);
      void vscode.window.showInformationMessage(
        vscode.l10n.t("Added {0} to your user settings. It needs: {1}", example.name, example.needs),
      );
      break;
    case "exists":
      void vscode.window.showInformationMessage(
        vscode.l10n.t("{0} is already in your user settings; it was left as it is.", example.name),
      );
      break;
    case "invalid":
      void vscode.window.showWarningMessage(
        vscode.l10n.t(
          "symposium.agents in your user settings is not an object of agents; nothing was added.",
        ),
      );
      break;
  }
  await vscode.commands.executeCommand("workbench.action.openSettingsJson");
  return result.type;
}

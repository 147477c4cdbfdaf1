/**
 * Symposium's settings, read from user settings only. A repository's `.vscode/settings.json` (workspace or folder
 * level) can neither define an agent nor switch bypass on: such values are ignored, with a warning.
 */
import * as vscode from "vscode";
import type { Logger } from "../acp/agentSessions";
import type { PendingLimits } from "../core/pendingApprovals";
import { DEFAULT_PENDING_LIMITS } from "../core/pendingApprovals";
import { parseAgentSettings, withBypass, type AgentSettings } from "../core/settings";

const SECTION = "symposium";

let warnedAboutWorkspaceAgents = false;

export function readAgentSettings(log: Logger): AgentSettings {
  const inspected = vscode.workspace.getConfiguration(SECTION).inspect<unknown>("agents");
  const ignored = [inspected?.workspaceValue, inspected?.workspaceFolderValue].some((v) => v !== undefined);
  if (ignored && !warnedAboutWorkspaceAgents) {
    warnedAboutWorkspaceAgents = true;
    const message = vscode.l10n.t(
      "symposium.agents in workspace settings is ignored: agents and bypass are read from your user settings only.",
    );
    log.warn(message);
    void vscode.window.showWarningMessage(message);
  }
  const settings = parseAgentSettings(inspected?.globalValue);
  for (const problem of settings.problems) log.warn(problem);
  return settings;
}

export function pendingLimits(): PendingLimits {
  const seconds =
    vscode.workspace.getConfiguration(SECTION).inspect<number>("permissionTimeoutSeconds")?.globalValue ?? 0;
  const timeoutMs = Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 86_400) * 1000 : 0;
  return { ...DEFAULT_PENDING_LIMITS, timeoutMs };
}

/** Writes `bypassPermissions` for one agent to user settings, keeping every other field and agent as it was. */
export async function writeBypass(agentName: string, bypass: boolean): Promise<void> {
  const configuration = vscode.workspace.getConfiguration(SECTION);
  const current = configuration.inspect<unknown>("agents")?.globalValue;
  await configuration.update(
    "agents",
    withBypass(current, agentName, bypass),
    vscode.ConfigurationTarget.Global,
  );
}

export function affectsSymposium(event: vscode.ConfigurationChangeEvent): boolean {
  return event.affectsConfiguration(SECTION);
}

/**
 * Turning bypass off (Symposium: Revoke Bypass…) and on for this window only (Symposium: Bypass Permissions for This
 * Window…, never written to settings). Revoking takes effect at once: the next request of that agent shows a card.
 */
import * as vscode from "vscode";
import type { AgentSessions } from "../acp/agentSessions";
import { errorMessage } from "../core/errorMessage";

export async function revokeBypass(sessions: AgentSessions): Promise<void> {
  const bypassed = sessions.agentChoices().filter((a) => a.bypassed);
  if (bypassed.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t("No agent has Bypass Permissions on."));
    return;
  }
  const picked = await vscode.window.showQuickPick(
    bypassed.map((a) => ({ label: a.name })),
    { title: vscode.l10n.t("Revoke Bypass Permissions for"), placeHolder: vscode.l10n.t("Agent") },
  );
  if (picked) await revokeBypassOf(sessions, picked.label);
}

/** Turns an agent's Bypass off (setting and this window's), said to the person; a failed settings write is said too. */
export async function revokeBypassOf(sessions: AgentSessions, agentName: string): Promise<void> {
  // Revoking holds in memory at once, whatever the settings write does; a failed write is said, not swallowed.
  const written = sessions.setBypass(agentName, false);
  void vscode.window.showInformationMessage(vscode.l10n.t("{0} asks for permission again.", agentName));
  await written.catch((error: unknown) =>
    vscode.window.showErrorMessage(
      vscode.l10n.t(
        "{0} asks for permission again in this window, but the setting could not be saved: {1}",
        agentName,
        errorMessage(error),
      ),
    ),
  );
}

export async function bypassForWindow(sessions: AgentSessions): Promise<void> {
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage(vscode.l10n.t("Bypass never applies in an untrusted workspace."));
    return;
  }
  const candidates = sessions.agentChoices().filter((a) => !a.bypassed);
  const picked = await vscode.window.showQuickPick(
    candidates.map((a) => ({ label: a.name })),
    {
      title: vscode.l10n.t("Bypass Permissions for this window only"),
      placeHolder: vscode.l10n.t(
        "Approve this agent's requests once each, inside the workspace, until the window closes",
      ),
    },
  );
  if (picked) sessions.setWindowOnlyBypass(picked.label, true);
}

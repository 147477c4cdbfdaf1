/**
 * Turning bypass off (Symposium: Revoke Bypass…) and on for this window only (Symposium: Bypass Permissions for This
 * Window…, never written to settings). Revoking takes effect at once: the next request of that agent shows a card.
 */
import * as vscode from "vscode";
import type { AgentSessions } from "../acp/agentSessions";
import { writeBypass } from "./configuration";

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
  if (!picked) return;
  sessions.setBypass(picked.label, false);
  await writeBypass(picked.label, false);
  void vscode.window.showInformationMessage(vscode.l10n.t("{0} asks for permission again.", picked.label));
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
  if (picked) sessions.setSessionOnlyBypass(picked.label, true);
}

/**
 * Turning bypass on from a card (confirmed in a modal dialog), off (Symposium: Revoke Bypass…) and on for this window
 * only (Symposium: Bypass Permissions for This Window…, never written to settings). Revoking takes effect at once: the
 * next request of that agent shows a card.
 */
import * as vscode from "vscode";
import type { AgentSessions } from "../acp/agentSessions";
import { errorMessage } from "../core/errorMessage";
import { inertText } from "../core/untrustedText";

/** Cards whose Bypass confirmation is up: another click on their button asks nothing more. */
const confirming = new Set<string>();

/**
 * Bypass Permissions on a card: confirmed in VS Code's modal dialog, which the webview cannot answer, since a message
 * of the webview's alone must not turn on what approves the agent's later requests everywhere. The safe answer is the
 * default button. Yes approves the card once and turns Bypass on; a card answered meanwhile turns nothing on.
 */
export async function bypassFromCard(sessions: AgentSessions, key: string): Promise<void> {
  const agentName = sessions.bypassOfferedFor(key);
  if (agentName === undefined || confirming.has(key)) return;
  confirming.add(key);
  try {
    const name = inertText(agentName, 200);
    const allow: vscode.MessageItem = { title: vscode.l10n.t("Bypass Permissions") };
    const keep: vscode.MessageItem = { title: vscode.l10n.t("Keep asking") };
    const picked = await vscode.window.showWarningMessage(
      vscode.l10n.t("Approve this request, and {0}'s future requests automatically?", name),
      {
        modal: true,
        detail: vscode.l10n.t(
          "Saved in your user settings: it holds in every window and workspace until you revoke it (Symposium: Revoke Bypass…). Each request is allowed once; one that reaches outside the workspace, touches a protected file or runs a guarded command (sudo, a force push, …) still asks. It is not a sandbox: a program {0} runs this way (a script, your tests, python3 -c …) can do whatever you can.",
          name,
        ),
      },
      keep,
      allow,
    );
    if (picked === allow) await sessions.bypass(key);
  } catch (error) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t("Could not save Bypass Permissions: {0}", errorMessage(error)),
    );
  } finally {
    confirming.delete(key);
  }
}

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

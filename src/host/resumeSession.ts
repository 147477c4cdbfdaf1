/**
 * Symposium: Resume Session… — pick an agent (those not known to lack it), then one of its past sessions for this
 * workspace (title and last activity), and reopen it in a tab with its transcript, shown as soon as it is picked (a
 * failed reopen says why there, with Try again). An agent that cannot list and reopen sessions is explained, not
 * offered a list. Titles are the agent's words: made inert before VS Code shows them.
 */
import * as vscode from "vscode";
import type { AgentSessions, PastSession } from "../acp/agentSessions";
import { inertText } from "../core/untrustedText";
import { showStartError } from "./commands";
import type { SymposiumView } from "./symposiumView";

interface SessionItem extends vscode.QuickPickItem {
  session: PastSession;
}

export async function resumeSession(
  sessions: AgentSessions,
  view: SymposiumView,
  now: () => number = Date.now,
): Promise<string | undefined> {
  const agentName = await pickAgent(sessions);
  if (agentName === undefined) return undefined;
  // Progress while the agent starts and lists its sessions; the list itself is the quick pick.
  let listed = (): void => undefined;
  const listing = new Promise<void>((resolve) => (listed = resolve));
  void vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: vscode.l10n.t("Asking {0} for its sessions…", agentName),
    },
    () => listing,
  );
  try {
    const result = await sessions
      .resumeSession(
        agentName,
        (past) => {
          listed();
          return pickSession(agentName, past, now());
        },
        // The view at once, with the tab saying it reopens (the agent may replay a long conversation first), and,
        // when that fails, why, with Try again.
        () => void view.reveal(undefined, false),
      )
      .finally(listed);
    if (result.outcome === "unsupported") {
      void vscode.window.showInformationMessage(
        vscode.l10n.t("{0} cannot list and reopen its past sessions.", agentName),
      );
      return undefined;
    }
    if (result.outcome === "cancelled") return undefined;
    await view.reveal({ type: "focusComposer", sessionKey: result.sessionKey }, false);
    return result.sessionKey;
  } catch (error) {
    showStartError(error);
    return undefined;
  }
}

async function pickAgent(sessions: AgentSessions): Promise<string | undefined> {
  const agents = sessions.agentChoices().filter((agent) => agent.canResume !== false);
  if (agents.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t("None of your agents can list and reopen its past sessions."),
    );
    return undefined;
  }
  if (agents.length === 1) return agents[0]!.name;
  const picked = await vscode.window.showQuickPick(
    agents.map((agent) => ({ label: agent.name })),
    { title: vscode.l10n.t("Resume a session of"), placeHolder: vscode.l10n.t("Agent") },
  );
  return picked?.label;
}

async function pickSession(
  agentName: string,
  past: readonly PastSession[],
  now: number,
): Promise<PastSession | undefined> {
  if (past.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t("{0} has no past sessions for this workspace.", agentName),
    );
    return undefined;
  }
  const items: SessionItem[] = past.map((session) => ({
    label: inertText(session.title ?? vscode.l10n.t("Untitled session"), 200),
    description: session.updatedAt === undefined ? undefined : age(session.updatedAt, now),
    detail: session.updatedAt === undefined ? undefined : new Date(session.updatedAt).toLocaleString(),
    session,
  }));
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t("Resume a {0} session", agentName),
    placeHolder: vscode.l10n.t("Past sessions in this workspace, newest first"),
    matchOnDescription: true,
  });
  return picked?.session;
}

/** "5 minutes ago", "3 days ago". */
function age(at: number, now: number): string {
  const minutes = Math.max(0, Math.round((now - at) / 60_000));
  if (minutes < 1) return vscode.l10n.t("just now");
  if (minutes < 60) return vscode.l10n.t("{0} min ago", minutes);
  const hours = Math.round(minutes / 60);
  if (hours < 48) return vscode.l10n.t("{0} h ago", hours);
  return vscode.l10n.t("{0} days ago", Math.round(hours / 24));
}

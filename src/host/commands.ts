import * as vscode from "vscode";
import type { AgentSessions } from "../acp/agentSessions";
import { SessionClosedError, SessionStartError } from "../acp/session";
import { errorMessage } from "../core/errorMessage";
import { inertText } from "../core/untrustedText";
import type { SymposiumView } from "./symposiumView";

/** Symposium: New Session — pick an agent, start a session, show the view with the composer focused. */
export async function newSession(sessions: AgentSessions, view: SymposiumView): Promise<string | undefined> {
  const agents = sessions.agentChoices();
  // The agent last started (or the person's own) first, so Enter starts it.
  const items = [...agents.filter((a) => a.preferred), ...agents.filter((a) => !a.preferred)].map(
    (agent) => ({
      label: agent.name,
      description: [
        agent.builtIn ? vscode.l10n.t("built in") : undefined,
        agent.bypassed ? vscode.l10n.t("Bypass on") : undefined,
      ]
        .filter(Boolean)
        .join(" · "),
    }),
  );
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t("Start a session with"),
    placeHolder: vscode.l10n.t("Agent"),
  });
  if (!picked) return undefined;
  const starting = sessions.startSession(picked.label);
  await view.reveal(undefined, false);
  try {
    const key = await starting;
    await view.reveal({ type: "focusComposer", sessionKey: key }, false);
    return key;
  } catch (error) {
    // The view was revealed: a failed start shows there.
    showStartError(error);
    return undefined;
  }
}

/**
 * A session that did not start, said only when no tab says it already: a failed start shows in the view (revealed,
 * or where the person pressed), which announces it; a notification would say it twice.
 */
export function showStartError(error: unknown): void {
  if (error instanceof SessionClosedError || error instanceof SessionStartError) return;
  void vscode.window.showErrorMessage(inertText(errorMessage(error), 500));
}

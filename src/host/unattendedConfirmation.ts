/**
 * The first time per agent that a mode would let the agent act without asking (full access, yolo, autopilot, bypass,
 * a reviewer model), the person confirms it in a modal dialog; the answer "yes" is remembered per agent and level in
 * the extension's global state, like the Bypass confirmation on a card is remembered in settings. A yes to a model
 * approving is no yes to the agent acting without asking; a yes to that covers a model approving. Manage Permissions
 * lists each yes and forgets it on request.
 */
import * as vscode from "vscode";
import type { UnattendedLevel } from "../shared/protocol";
import { inertText, quotedInert } from "../core/untrustedText";

/** `…:<agent>` (before levels were told apart) is read as a yes to a model approving only. */
const KEY = "unattendedModeConfirmed:";
const FULL_KEY = "unattendedModeConfirmedFull:";

/** The agents and levels a yes is remembered for. */
export function confirmedUnattended(state: vscode.Memento): { agentName: string; level: UnattendedLevel }[] {
  return state.keys().flatMap((key): { agentName: string; level: UnattendedLevel }[] => {
    if (state.get<boolean>(key) !== true) return [];
    if (key.startsWith(FULL_KEY)) return [{ agentName: key.slice(FULL_KEY.length), level: "full" }];
    if (key.startsWith(KEY)) return [{ agentName: key.slice(KEY.length), level: "reviewer" }];
    return [];
  });
}

/** Forgets a yes: the next switch of the agent to a mode of that level asks again. */
export async function forgetUnattended(
  state: vscode.Memento,
  agentName: string,
  level: UnattendedLevel,
): Promise<void> {
  await state.update((level === "full" ? FULL_KEY : KEY) + agentName, undefined);
}

export function confirmUnattended(
  state: vscode.Memento,
): (agentName: string, change: { label: string; level: UnattendedLevel }) => Promise<boolean> {
  return async (agentName, change) => {
    const keys = change.level === "full" ? [FULL_KEY] : [FULL_KEY, KEY];
    if (keys.some((key) => state.get<boolean>(key + agentName) === true)) return true;
    const allow: vscode.MessageItem = { title: vscode.l10n.t("Let it act without asking") };
    // The safe answer comes first, so it is the dialog's default (focused) button: Enter keeps the agent asking.
    // (A close-affordance item would be listed after the approving one, which would then take the focus.)
    const keep: vscode.MessageItem = { title: vscode.l10n.t("Keep asking") };
    // Symposium's words lead: the mode's name is the agent's to choose (up to 200 characters, which could say the mode
    // changes nothing), so it comes last in the detail, quoted and cut short.
    const agent = inertText(agentName, 200);
    const mode = quotedInert(change.label, 60);
    const [question, detail] =
      change.level === "full"
        ? [
            vscode.l10n.t("Let {0} act without asking you?", agent),
            vscode.l10n.t(
              "In this mode {0} runs commands and changes files without asking you; Symposium shows no approval cards for what it does. The agent's setting: {1}.",
              agent,
              mode,
            ),
          ]
        : [
            vscode.l10n.t("Let a model approve {0}'s actions instead of you?", agent),
            vscode.l10n.t(
              "In this mode a model approves {0}'s actions instead of you; Symposium shows no approval cards for what it approves. The agent's setting: {1}.",
              agent,
              mode,
            ),
          ];
    const picked = await vscode.window.showWarningMessage(question, { modal: true, detail }, keep, allow);
    if (picked !== allow) return false;
    await state.update((change.level === "full" ? FULL_KEY : KEY) + agentName, true);
    return true;
  };
}

/**
 * What the webview's (validated) intents do. The webview names things only by the keys the host gave it; paths,
 * diffs and links are looked up or checked here.
 */
import * as vscode from "vscode";
import type { AgentSessions } from "../acp/agentSessions";
import { errorMessage } from "../core/errorMessage";
import type { Logger } from "../core/logger";
import { externalLinkTarget, inertText } from "../core/untrustedText";
import type { DiffDocuments } from "./diffDocuments";
import type { FileMentions } from "./fileMentions";
import { attachPastedImage, pickFilesForMessage } from "./addToMessage";
import { bypassFromCard } from "./bypassCommands";
import { showStartError } from "./commands";
import { openAddress } from "./openAddress";
import type { SymposiumView, ViewIntent } from "./symposiumView";

export interface IntentContext {
  sessions: AgentSessions;
  view: SymposiumView;
  diffs: DiffDocuments;
  mentions: FileMentions;
  log: Logger;
  inWorkspace(path: string): boolean;
}

export function handleIntent(message: ViewIntent, context: IntentContext): void {
  const { sessions, log } = context;
  switch (message.type) {
    case "resolveBlocked":
      void vscode.commands.executeCommand(
        vscode.workspace.isTrusted ? "workbench.action.files.openFolder" : "workbench.trust.manage",
      );
      return;
    case "newSession":
      sessions.startSession(message.agentName).catch(showStartError);
      return;
    case "selectSession":
      sessions.selectSession(message.sessionKey);
      return;
    case "closeSession":
      void closeSession(message, context);
      return;
    case "sendPrompt":
      // A message the session could not take (too many wait) goes back into the message box, as Stop gives back.
      void sessions
        .sendPrompt(message.sessionKey, message.text, message.context ?? [])
        .then((text) => giveBack(message.sessionKey, text, context));
      return;
    case "pickContext":
      void pickFilesForMessage(sessions, context.view, message.sessionKey);
      return;
    case "attachImage":
      attachPastedImage(sessions, message.sessionKey, message.data, log);
      return;
    case "findFiles":
      void context.mentions.find(message.sessionKey, message.query, message.seq);
      return;
    case "addMention":
      context.mentions.add(message.sessionKey, message.token);
      return;
    case "removeContext":
      sessions.removeContext(message.sessionKey, message.id);
      return;
    case "stop":
      // The messages that waited go back into the message box, as Edit takes one back: nothing typed is lost.
      void sessions.stop(message.sessionKey).then((text) => giveBack(message.sessionKey, text, context));
      return;
    case "editQueued":
      giveBack(message.sessionKey, sessions.takeBackMessage(message.sessionKey, message.itemId), context);
      return;
    case "copyMessage": {
      const text = sessions.copyText(message.sessionKey, message.itemId, message.code);
      if (text !== undefined) void vscode.env.clipboard.writeText(text);
      else log.warn("Ignored copyMessage: no message to copy with that id.");
      return;
    }
    case "resendInNewSession":
      sessions.resendInNewSession(message.sessionKey).catch(showStartError);
      return;
    case "retrySession":
      sessions.retryStart(message.sessionKey).catch(showStartError);
      return;
    case "openAgentSettings":
      void vscode.commands.executeCommand("workbench.action.openSettingsJson", {
        revealSetting: { key: "symposium.agents" },
      });
      return;
    case "setControl":
      void sessions.setControl(message.sessionKey, message.controlId, message.value);
      return;
    case "choose":
      sessions.chooseOption(message.key, message.optionKey);
      return;
    case "answer":
      sessions.answerQuestions(message.key, message.optionKey, message.answers);
      return;
    case "deny":
      sessions.deny(message.key);
      return;
    case "rejectWithReason":
      sessions.rejectWithReason(message.key, message.reason, (sessionKey, text) =>
        giveBack(sessionKey, text, context),
      );
      return;
    case "bypass":
      void bypassFromCard(sessions, message.key);
      return;
    case "grant":
      void grantFromCard(message, context);
      return;
    case "answerMany": {
      const answered = sessions.answerMany(message.keys, message.answer);
      if (answered < message.keys.length)
        log.info(
          `Answered ${answered} of ${message.keys.length} selected requests; the others were not pending.`,
        );
      return;
    }
    case "openLocation": {
      const location = sessions
        .session(message.sessionKey)
        ?.location(message.toolCallId, message.index, message.key);
      if (!location || !context.inWorkspace(location.path)) {
        log.warn("Ignored openLocation: no such location, or it is outside the workspace.");
        return;
      }
      const line = Math.max(0, (location.line ?? 1) - 1);
      void vscode.window.showTextDocument(vscode.Uri.file(location.path), {
        preview: true,
        selection: new vscode.Range(line, 0, line, 0),
      });
      return;
    }
    case "openDiff": {
      // The whole texts come from the session's bounded cache; a long-gone diff is no longer kept.
      const diff = sessions
        .session(message.sessionKey)
        ?.fullDiff(message.toolCallId, message.index, message.key);
      if (diff?.type === "diff")
        void context.diffs.showDiff(diff.path, diff.oldText, diff.newText, diff.version);
      else if (diff?.type === "patch") void context.diffs.showPatch(diff.patch, diff.version);
      else log.warn("Ignored openDiff: no diff at that place, or its full text is no longer kept.");
      return;
    }
    case "openLink": {
      const address = externalLinkTarget(message.href);
      if (address !== undefined) openAddress(address);
      else log.warn("Ignored a link that is not http(s), or names a user before its host.");
      return;
    }
  }
}

/** Text of messages taken back from the queue, into the session's message box (after what is typed there). */
function giveBack(sessionKey: string, text: string | undefined, { view }: IntentContext): void {
  if (text !== undefined) void view.reveal({ type: "focusComposer", sessionKey, text }, false);
}

/**
 * Closing a tab drops what the person wrote there and did not send (messages waiting or failed, the message box's
 * text): asked first, in a modal dialog whose default keeps the session. Closing with nothing unsent asks nothing.
 */
async function closeSession(
  message: Extract<ViewIntent, { type: "closeSession" }>,
  { sessions }: IntentContext,
): Promise<void> {
  const unsent = sessions.unsentCount(message.sessionKey);
  const added = sessions.unsentContextCount(message.sessionKey);
  const agentName = sessions.session(message.sessionKey)?.agentName;
  if (agentName !== undefined && (unsent > 0 || added > 0 || message.draft)) {
    const name = inertText(agentName, 200);
    const lost = [
      ...(unsent === 1 ? [vscode.l10n.t("1 of your messages has not reached {0}.", name)] : []),
      ...(unsent > 1 ? [vscode.l10n.t("{0} of your messages have not reached {1}.", unsent, name)] : []),
      ...(message.draft ? [vscode.l10n.t("Its message box holds text you have not sent.")] : []),
      ...(added === 1 ? [vscode.l10n.t("1 file or image waits to go with your next message.")] : []),
      ...(added > 1 ? [vscode.l10n.t("{0} files or images wait to go with your next message.", added)] : []),
    ];
    // The safe answer first, so it is the dialog's default (focused) button: Enter keeps the session.
    const keep: vscode.MessageItem = { title: vscode.l10n.t("Keep Session") };
    const close: vscode.MessageItem = { title: vscode.l10n.t("Close Session") };
    const picked = await vscode.window.showWarningMessage(
      vscode.l10n.t("Close the {0} session?", name),
      {
        modal: true,
        detail: [...lost, vscode.l10n.t("Closing the session drops what you wrote.")].join(" "),
      },
      keep,
      close,
    );
    if (picked !== close) return;
  }
  await sessions.closeSession(message.sessionKey);
}

/**
 * "Allow in this session" / "Always allow …": the host re-checks the rule (the webview is not an authority); a refused
 * one leaves the card pending and says why. A grant that covers other pending requests offers them in one notice
 * ("Also approve the 3 pending requests this rule covers"), approved only by a person's click there.
 */
async function grantFromCard(
  message: Extract<ViewIntent, { type: "grant" }>,
  { sessions }: IntentContext,
): Promise<void> {
  const edit = {
    ...(message.command !== undefined ? { command: message.command } : {}),
    ...(message.path !== undefined ? { path: message.path } : {}),
  };
  let result;
  try {
    result = await sessions.grant(message.key, message.scope, edit);
  } catch (error) {
    showError(vscode.l10n.t("Could not save the rule in your user settings: {0}", errorMessage(error)));
    return;
  }
  if (!result.ok) {
    showError(vscode.l10n.t("Symposium did not save this rule: {0}.", result.reason));
    return;
  }
  if (!result.offer) return;
  const { id, count } = result.offer;
  const approve = count === 1 ? vscode.l10n.t("Approve it") : vscode.l10n.t("Approve {0}", count);
  const text =
    count === 1
      ? vscode.l10n.t("Also approve the pending request this rule covers? {0}", result.rule.label)
      : vscode.l10n.t(
          "Also approve the {0} pending requests this rule covers? {1}",
          count,
          result.rule.label,
        );
  const choice = await vscode.window.showInformationMessage(inertText(text, 500), approve);
  if (choice === approve) sessions.approveOffer(id);
}

function showError(message: string): void {
  void vscode.window.showErrorMessage(inertText(message, 500));
}

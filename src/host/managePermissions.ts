/**
 * Symposium: Manage Permissions… — one quick pick of everything that approves or holds requests without a card:
 * Bypass (user settings or this window only), allow/ask/deny rules with where they come from, this window's
 * session grants, per agent, and the folders counted as the workspace's: `symposium.additionalFolders`, and those a
 * workspace file lists outside its own folder that the person confirmed, and the modes that act without asking the
 * person said yes to. Picking one takes it back, effective for the very next request (or switch): Bypass through the
 * revoke path, a user rule or additional folder removed from user settings, a session grant revoked, a confirmed folder
 * no longer counted, a yes to a mode forgotten. Workspace rules belong to the repository: Symposium
 * opens the file that holds them and never edits it.
 */
import * as vscode from "vscode";
import type { AgentSessions } from "../acp/agentSessions";
import { errorMessage } from "../core/errorMessage";
import { inertText } from "../core/untrustedText";
import { revokeBypassOf } from "./bypassCommands";
import type { Configuration } from "./configuration";
import { grantGroups, type GrantTarget, type RuleOrigin } from "./permissionEntries";
import type { UnattendedLevel } from "../shared/protocol";
import type { WorkspaceFileFolders } from "./workspaceFileFolders";

/** The folders counted as the workspace's beyond its own, listed and taken back here. */
export interface AddedFolders {
  workspaceFile: WorkspaceFileFolders;
  /** `symposium.additionalFolders` as the policy reads it now, with why it refused one. */
  additional(): readonly { folder: string; refused?: string }[];
  /** Out of the policy's view at once, then out of user settings; false when the settings no longer held it. */
  removeAdditional(folder: string): Promise<boolean>;
}

/** The modes that act without asking the person said yes to (`unattendedConfirmation`). */
export interface ConfirmedModes {
  list(): readonly { agentName: string; level: UnattendedLevel }[];
  forget(agentName: string, level: UnattendedLevel): Promise<void>;
}

export const MANAGE_PERMISSIONS_COMMAND = "symposium.managePermissions";

type PickItem = vscode.QuickPickItem & { target?: GrantTarget | { type: "openSettings" } };

export async function managePermissions(
  sessions: AgentSessions,
  configuration: Configuration,
  folders: AddedFolders,
  modes: ConfirmedModes,
): Promise<void> {
  const groups = grantGroups({
    confirmedModes: modes.list(),
    bypass: sessions.bypassOrigins(),
    rules: configuration.permissionRuleEntries(),
    grants: sessions.sessionGrants(),
    confirmedFolders: folders.workspaceFile.confirmedHere(),
    additionalFolders: folders.additional(),
  });
  const items: PickItem[] = [];
  for (const group of groups) {
    items.push({ label: inertText(group.title, 100), kind: vscode.QuickPickItemKind.Separator });
    for (const item of group.items)
      items.push({
        label: item.label,
        description: item.description,
        ...(item.detail !== undefined ? { detail: item.detail } : {}),
        target: item.target,
      });
  }
  if (groups.length === 0)
    items.push({
      label: vscode.l10n.t("Nothing is granted"),
      description: vscode.l10n.t(
        "no Bypass, rules, session grants, added folders or modes that act without asking: every request shows a card",
      ),
    });
  items.push({ label: "", kind: vscode.QuickPickItemKind.Separator });
  items.push({
    label: `$(settings-gear) ${vscode.l10n.t("Open settings.json")}`,
    description: vscode.l10n.t("user settings: symposium.permissions and symposium.agents"),
    target: { type: "openSettings" },
  });
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t("Manage Permissions"),
    placeHolder: vscode.l10n.t("Pick a grant or rule to take it back"),
    matchOnDescription: true,
  });
  if (!picked?.target) return;
  await takeBack(picked.target, picked.label, sessions, folders, modes);
}

async function takeBack(
  target: GrantTarget | { type: "openSettings" },
  label: string,
  sessions: AgentSessions,
  folders: AddedFolders,
  modes: ConfirmedModes,
): Promise<void> {
  switch (target.type) {
    case "openSettings":
      await vscode.commands.executeCommand("workbench.action.openSettingsJson");
      return;
    case "workspaceRule":
      await openWorkspaceSettings(target.origin, target.folderUri);
      return;
    case "bypass":
      if (
        !(await confirm(
          vscode.l10n.t("Revoke Bypass Permissions for {0}?", inertText(target.agentName, 100)),
        ))
      )
        return;
      if (target.origin === "window") {
        sessions.setWindowOnlyBypass(target.agentName, false);
        const name = inertText(target.agentName, 100);
        // Turned on in the user settings too (another window's card, a hand edit): that one still holds.
        void vscode.window.showInformationMessage(
          sessions.isBypassed(target.agentName)
            ? vscode.l10n.t("{0} is still bypassed by your user settings; revoke that entry too.", name)
            : vscode.l10n.t("{0} asks for permission again.", name),
        );
      } else await revokeBypassOf(sessions, target.agentName);
      return;
    case "sessionGrant":
      if (!(await confirm(vscode.l10n.t("Revoke {0} in the {1}?", label, target.session)))) return;
      if (!sessions.revokeSessionGrant(target.sessionKey, target.grantId))
        void vscode.window.showInformationMessage(vscode.l10n.t("That grant had already ended."));
      return;
    case "confirmedFolder":
      if (
        !(await confirm(
          vscode.l10n.t(
            "Stop counting {0} as inside the workspace? Bypass Permissions and allow rules ask again for what is in it.",
            inertText(target.path, 300),
          ),
        ))
      )
        return;
      await folders.workspaceFile.forget(target.file, target.path);
      return;
    case "additionalFolder":
      await removeFromUserSettings(
        vscode.l10n.t(
          "Remove {0} from symposium.additionalFolders in your user settings? Bypass Permissions and allow rules ask again for what is in it.",
          inertText(target.folder, 300),
        ),
        () => folders.removeAdditional(target.folder),
        {
          gone: vscode.l10n.t("That folder is no longer in your user settings."),
          failed: (reason) => vscode.l10n.t("Could not remove the folder: {0}", reason),
        },
      );
      return;
    case "confirmedMode":
      if (
        !(await confirm(
          vscode.l10n.t(
            "Ask again before {0} switches to such a mode? A session already in one stays in it.",
            inertText(target.agentName, 100),
          ),
        ))
      )
        return;
      await modes.forget(target.agentName, target.level);
      return;
    case "userRule":
      await removeFromUserSettings(
        vscode.l10n.t("Remove the rule {0} from your user settings?", label),
        () => sessions.removeRule(target.action, target.entry),
        {
          gone: vscode.l10n.t("That rule is no longer in your user settings."),
          failed: (reason) => vscode.l10n.t("Could not remove the rule: {0}", reason),
        },
      );
      return;
  }
}

/** After a yes, removes an entry of user settings; says so when it was gone already or could not be written. */
async function removeFromUserSettings(
  question: string,
  remove: () => Promise<boolean>,
  say: { gone: string; failed: (reason: string) => string },
): Promise<void> {
  if (!(await confirm(question))) return;
  try {
    if (!(await remove())) void vscode.window.showInformationMessage(say.gone);
  } catch (error) {
    void vscode.window.showErrorMessage(say.failed(inertText(errorMessage(error), 300)));
  }
}

/** A modal yes/no: taking back a grant is one click away from a list, so it asks once. */
async function confirm(question: string): Promise<boolean> {
  const yes = vscode.l10n.t("Revoke");
  return (await vscode.window.showWarningMessage(question, { modal: true }, yes)) === yes;
}

/**
 * The file that holds workspace rules: the `.code-workspace` file, or the folder's `.vscode/settings.json` (the
 * folder named, else the only one).
 */
async function openWorkspaceSettings(origin: Exclude<RuleOrigin, "user">, folderUri?: string): Promise<void> {
  // The user's settings file, or the remote's, where a dev container writes its settings.
  if (origin === "remote") {
    await vscode.commands.executeCommand(
      vscode.env.remoteName ? "workbench.action.openRemoteSettingsFile" : "workbench.action.openSettingsJson",
    );
    return;
  }
  const workspaceFile = vscode.workspace.workspaceFile;
  const folder =
    folderUri !== undefined ? vscode.Uri.parse(folderUri) : vscode.workspace.workspaceFolders?.[0]?.uri;
  if (origin === "workspace" && workspaceFile && workspaceFile.scheme !== "untitled") {
    await vscode.window.showTextDocument(workspaceFile);
    return;
  }
  if (origin === "workspaceFolder" || !workspaceFile) {
    if (folder) {
      await vscode.window.showTextDocument(vscode.Uri.joinPath(folder, ".vscode", "settings.json"));
      return;
    }
  }
  await vscode.commands.executeCommand("workbench.action.openWorkspaceSettingsFile");
}

/**
 * The folders a `.code-workspace` file lists outside its own folder (`..`, `../../.local/bin`, an absolute path)
 * count as no folder for permissions until the person confirms them (`BoundaryOptions.workspaceFile`): a repository
 * can ship such a file, and opening it shows nothing of what it adds. This asks once per folder and window, when
 * Symposium starts or the folder joins the workspace (the command asks again), and remembers a yes per workspace file
 * in the extension's global state, which no workspace can write. Manage Permissions lists each yes of the window's
 * file and takes it back (`forget`).
 */
import { basename } from "node:path";
import * as vscode from "vscode";
import type { Logger } from "../core/logger";
import type { UnconfirmedFolder } from "../core/policy/resolvePath";
import { inertText } from "../core/untrustedText";

const KEY = "confirmedWorkspaceFolders:";

export const CONFIRM_WORKSPACE_FOLDERS_COMMAND = "symposium.confirmWorkspaceFolders";

export class WorkspaceFileFolders {
  /** Folders asked about in this window (their real paths): a "Keep asking" is not asked again until a reload. */
  private readonly asked = new Set<string>();
  /** What the policy's latest view of the workspace left out, for the command. */
  private waiting: { file: string; folders: readonly UnconfirmedFolder[] } | undefined;

  constructor(
    private readonly memory: vscode.Memento,
    private readonly log: Logger,
    /** A yes was stored or taken back: the policy's view of the workspace is to be built again. */
    private readonly onChanged: () => void,
  ) {}

  /** The workspace file the window opened, if it is one on disk (an untitled workspace's folders are the person's). */
  get file(): string | undefined {
    const file = vscode.workspace.workspaceFile;
    return file?.scheme === "file" ? file.fsPath : undefined;
  }

  confirmed(file: string): string[] {
    return this.memory.get<string[]>(KEY + file) ?? [];
  }

  /** The folders counted as inside for the window's workspace file, for Manage Permissions. */
  confirmedHere(): { file: string; path: string }[] {
    const file = this.file;
    return file === undefined ? [] : this.confirmed(file).map((path) => ({ file, path }));
  }

  /**
   * Takes a yes back: the folder counts as no folder again from the next request on (the policy's view is rebuilt for
   * it, as with a yes). Not asked about again in this window; the command asks.
   */
  forget(file: string, path: string): Thenable<void> {
    // Said no to just now: the notice does not ask again when the view is rebuilt (a yes from an earlier window was
    // never asked about in this one).
    this.asked.add(path);
    const written = this.memory.update(
      KEY + file,
      this.confirmed(file).filter((confirmed) => confirmed !== path),
    );
    this.log.info(`No longer counted as inside the workspace of ${file}: ${inertText(path, 300)}`);
    this.onChanged();
    return written;
  }

  /**
   * The policy's view was built anew (at start, on trust, or because the workspace's folders changed): asks about the
   * folders it left out that were not asked about in this window yet, and only about those. Not in Restricted Mode:
   * nothing is approved there anyway, and a repository not trusted yet is no place to take a yes about its own file;
   * the view is built again once the workspace is trusted, and asks then.
   */
  sync(file: string, unconfirmed: readonly UnconfirmedFolder[]): void {
    this.waiting = unconfirmed.length > 0 ? { file, folders: unconfirmed } : undefined;
    if (!vscode.workspace.isTrusted) return;
    const fresh = unconfirmed.filter((folder) => !this.asked.has(folder.path));
    if (fresh.length === 0) return;
    for (const folder of fresh) this.asked.add(folder.path);
    const keep: vscode.MessageItem = { title: vscode.l10n.t("Keep Asking") };
    // One folder is counted with a click; of several, the person picks (the pick starts with none).
    const count: vscode.MessageItem = {
      title: fresh.length === 1 ? vscode.l10n.t("Count as Inside") : vscode.l10n.t("Choose Folders…"),
    };
    void vscode.window
      .showWarningMessage(
        vscode.l10n.t(
          "The workspace file {0} lists folders outside its own folder: {1}. Bypass Permissions and allow rules ask for what is in them until you count them as inside: do so only if you chose them yourself.",
          inertText(basename(file), 200),
          listed(fresh),
        ),
        keep,
        count,
      )
      .then((picked) => {
        if (picked !== count) return;
        return fresh.length === 1 ? this.count(file, fresh) : this.pickAndCount(file, fresh);
      });
  }

  /** The command: every folder still waiting, to pick from. */
  async confirmFromCommand(): Promise<void> {
    const waiting = this.waiting;
    if (waiting === undefined) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t("No folder a workspace file lists outside its own folder waits to be confirmed."),
      );
      return;
    }
    await this.pickAndCount(waiting.file, waiting.folders);
  }

  /**
   * Each folder a row, none picked: accepting the pick as it opens (Enter) counts nothing, and a folder the person
   * did not choose is not counted along with one they did.
   */
  private async pickAndCount(file: string, folders: readonly UnconfirmedFolder[]): Promise<void> {
    const items = folders.map((folder) => ({
      label: inertText(folder.root, 300),
      // Where a link leads is what a yes stores, so it is shown when it differs from the listed path.
      description:
        folder.path === folder.root ? undefined : vscode.l10n.t("is {0}", inertText(folder.path, 300)),
      folder,
    }));
    const picked = await vscode.window.showQuickPick(items, {
      canPickMany: true,
      ignoreFocusOut: true,
      title: vscode.l10n.t("Count as Inside the Workspace ({0})", inertText(basename(file), 200)),
      placeHolder: vscode.l10n.t(
        "Pick the folders you chose yourself: Bypass Permissions and allow rules then treat them as part of the workspace",
      ),
    });
    if (picked === undefined || picked.length === 0) return;
    await this.count(
      file,
      picked.map((item) => item.folder),
    );
  }

  /**
   * Holds at once: the global state keeps the value in memory as `update` is called, and the policy's view is rebuilt
   * in the same task, so a request that arrives while the value is written to disk is decided with the yes.
   */
  private count(file: string, folders: readonly UnconfirmedFolder[]): Thenable<void> {
    const paths = [...new Set([...this.confirmed(file), ...folders.map((folder) => folder.path)])];
    const written = this.memory.update(KEY + file, paths);
    this.log.info(`Confirmed as inside the workspace of ${file}: ${listed(folders)}`);
    this.onChanged();
    return written;
  }
}

function listed(folders: readonly UnconfirmedFolder[]): string {
  return folders.map((folder) => inertText(folder.root, 300)).join(", ");
}

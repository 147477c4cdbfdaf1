/**
 * The folders a `.code-workspace` file lists outside its own folder (`..`, `../../.local/bin`, an absolute path)
 * count as no folder for permissions until the person confirms them (`BoundaryOptions.workspaceFile`): a repository
 * can ship such a file, and opening it shows nothing of what it adds. This asks once per folder and window, and
 * remembers a yes per workspace file in the extension's global state, which no workspace can write.
 */
import { basename } from "node:path";
import * as vscode from "vscode";
import type { Logger } from "../core/logger";
import type { UnconfirmedFolder } from "../core/policy/resolvePath";
import { inertText } from "../core/untrustedText";

const KEY = "confirmedWorkspaceFolders:";

export class WorkspaceFileFolders {
  /** Folders asked about in this window (their real paths): a "Keep asking" is not asked again until a reload. */
  private readonly asked = new Set<string>();

  constructor(
    private readonly memory: vscode.Memento,
    private readonly log: Logger,
    /** A yes was stored: the policy's view of the workspace is to be built again. */
    private readonly onConfirmed: () => void,
  ) {}

  /** The workspace file the window opened, if it is one on disk (an untitled workspace's folders are the person's). */
  get file(): string | undefined {
    const file = vscode.workspace.workspaceFile;
    return file?.scheme === "file" ? file.fsPath : undefined;
  }

  confirmed(file: string): string[] {
    return this.memory.get<string[]>(KEY + file) ?? [];
  }

  /** Asks about the folders not asked about yet; a yes counts them (and those asked before) as folders. */
  ask(file: string, unconfirmed: readonly UnconfirmedFolder[]): void {
    const fresh = unconfirmed.filter((folder) => !this.asked.has(folder.path));
    if (fresh.length === 0) return;
    for (const folder of fresh) this.asked.add(folder.path);
    const count: vscode.MessageItem = { title: vscode.l10n.t("Count as Inside") };
    const keep: vscode.MessageItem = { title: vscode.l10n.t("Keep Asking") };
    const listed = unconfirmed.map((folder) => inertText(folder.root, 300)).join(", ");
    void vscode.window
      .showWarningMessage(
        vscode.l10n.t(
          "The workspace file {0} lists folders outside its own folder: {1}. Symposium does not count them as inside the workspace, so Bypass Permissions and allow rules ask for what is in them. Count them as inside only if you chose these folders yourself.",
          inertText(basename(file), 200),
          listed,
        ),
        keep,
        count,
      )
      .then(async (picked) => {
        if (picked !== count) return;
        const paths = [...new Set([...this.confirmed(file), ...unconfirmed.map((folder) => folder.path)])];
        await this.memory.update(KEY + file, paths);
        this.log.info(`Counting ${listed} as inside the workspace of ${file}, as confirmed.`);
        this.onConfirmed();
      });
  }
}

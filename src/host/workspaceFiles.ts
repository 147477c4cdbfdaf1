/**
 * The workspace's files as the message's pickers offer them (the Add files quick pick, the message box's `@` list):
 * files on disk found by VS Code's search (its `files.exclude` applies), without dependencies and Git's own files, and
 * the files open in editors. Paths as a person reads them.
 */
import * as vscode from "vscode";

/** Files listed: enough for a workspace a person picks from by typing; past it, the `@` list searches by name. */
const LISTED_FILES = 5_000;
const DEPENDENCIES = "**/node_modules/**";

export interface FileListing {
  uris: vscode.Uri[];
  /** The listing stopped at its cap: the workspace holds more files than it names. */
  capped: boolean;
}

export async function listWorkspaceFiles(): Promise<FileListing> {
  // Dependencies left out by the search, so they do not take the cap (files.exclude applies as well).
  const found = await vscode.workspace.findFiles("**/*", DEPENDENCIES, LISTED_FILES);
  return { uris: ownFiles(found), capped: found.length >= LISTED_FILES };
}

export async function workspaceFiles(): Promise<vscode.Uri[]> {
  return (await listWorkspaceFiles()).uris;
}

/** The files `findFiles` finds for `glob` (at most `limit`), as the listing has them. */
export async function workspaceFilesMatching(
  glob: string,
  limit: number,
  token?: vscode.CancellationToken,
): Promise<vscode.Uri[]> {
  return ownFiles(await vscode.workspace.findFiles(glob, DEPENDENCIES, limit, token));
}

/** Without dependencies and Git's own files. */
function ownFiles(uris: readonly vscode.Uri[]): vscode.Uri[] {
  return uris.filter((uri) => !/[\\/](node_modules|\.git)[\\/]/.test(uri.path));
}

/** Files on disk open in an editor, each once, in the order of the editor groups and their tabs. */
export function openFiles(): vscode.Uri[] {
  return [
    ...new Map(
      vscode.window.tabGroups.all
        .flatMap((group) => group.tabs)
        .flatMap((tab) => (tab.input instanceof vscode.TabInputText ? [tab.input.uri] : []))
        .filter((uri) => uri.scheme === "file")
        .map((uri) => [uri.toString(), uri]),
    ).values(),
  ];
}

/**
 * Relative to its workspace folder (named when there are several), else the absolute path. As it is: the view shows
 * a file name's hidden characters as markers, and caps it (`contextChip`).
 */
export function shownPath(uri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
}

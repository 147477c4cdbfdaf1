/**
 * The workspace's files as the message's pickers offer them (the Add files quick pick, the message box's `@` list):
 * files on disk found by VS Code's search (its `files.exclude` applies), without dependencies and Git's own files, and
 * the files open in editors. Paths as a person reads them.
 */
import * as vscode from "vscode";

/** Files listed: enough for any workspace a person picks from by typing; the rest is not looked at. */
const LISTED_FILES = 5_000;

export async function workspaceFiles(): Promise<vscode.Uri[]> {
  return (await vscode.workspace.findFiles("**/*", undefined, LISTED_FILES)).filter(
    (uri) => !/[\\/](node_modules|\.git)[\\/]/.test(uri.path),
  );
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

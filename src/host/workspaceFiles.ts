/**
 * The workspace's files as the message's pickers offer them (the Add files quick pick, the message box's `@` list):
 * files on disk found by VS Code's search (its `files.exclude` applies), without dependencies and Git's own files, and
 * the files open in editors. Paths as a person reads them.
 */
import * as vscode from "vscode";
import { pathHoldingGlob } from "../core/fileMentions";

/** Files listed: enough for a workspace a person picks from by typing; past it, both pickers search by what is typed. */
const LISTED_FILES = 5_000;
const DEPENDENCIES = "**/node_modules/**";
/** Files a search past the listing takes for one query: the lists show the best of them. */
const SEARCHED_FILES = 500;

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

/**
 * For a workspace larger than its listing: the files whose path holds `query` in any case (`pathHoldingGlob`), at
 * most `SEARCHED_FILES`. None for a query a glob cannot hold, or when `token` is cancelled (a newer query's search
 * is the one that counts).
 */
export async function workspaceFilesHolding(
  query: string,
  token: vscode.CancellationToken,
): Promise<vscode.Uri[]> {
  const glob = pathHoldingGlob(query);
  if (glob === undefined) return [];
  try {
    return ownFiles(await vscode.workspace.findFiles(glob, DEPENDENCIES, SEARCHED_FILES, token));
  } catch (error) {
    if (token.isCancellationRequested) return [];
    throw error;
  }
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
  return vscode.workspace.asRelativePath(uri, severalFolders());
}

/** A workspace of several folders: a shown path leads with its folder's name. */
function severalFolders(): boolean {
  return (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
}

/**
 * Open documents as the editor holds them, for v1 agents' `fs/*`: reads see a document's unsaved changes. Nothing here
 * edits or saves a document: `ClientFileSystem` writes the file itself (through the handle it checked), and the editor
 * treats that as any other program's write. A document without unsaved changes reloads it when the file watcher reports
 * it; one with unsaved changes keeps them, and the person's save then meets the write as a conflict to compare. Any edit
 * made here would leave the document unsaved, and the editor's save, auto save included, writes by name, following any
 * link put in the path since the check. Paths arrive already checked against the workspace boundary, and their files on
 * disk as `ClientFileSystem` checks them (a hard link's document is the other name's file too).
 */
import * as vscode from "vscode";
import type { DocumentStore } from "../acp/clientFileSystem";

export const editorDocuments: DocumentStore = {
  openText(path) {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.scheme === "file" && d.uri.fsPath === path);
    // Without unsaved changes a document holds the disk as last read: a write the file watcher has not reported yet
    // (or never will, under files.watcherExclude) is newer, so the file itself is read.
    return open?.isDirty ? open.getText() : undefined;
  },
};

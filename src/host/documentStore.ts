/**
 * Open documents as the editor holds them, for v1 agents' `fs/*`: reads see unsaved editor contents; after
 * `ClientFileSystem` has written a file (through the handle it checked), its open document is brought to the new text.
 * Nothing here saves: the editor's save writes by name, following any link put in the path since the check. Paths
 * arrive already checked against the workspace boundary, and their files on disk as `ClientFileSystem` checks them (a
 * hard link's document is the other name's file too).
 */
import * as vscode from "vscode";
import type { DocumentStore } from "../acp/clientFileSystem";

/** How long a document without unsaved changes may take to reload a write from disk before it is edited instead. */
const RELOAD_MS = 3000;

export const editorDocuments: DocumentStore = {
  openText(path) {
    return openDocument(path)?.getText();
  },

  async showWritten(path, content) {
    const open = openDocument(path);
    if (!open || open.getText() === content) return;
    // A document without unsaved changes reloads when the file watcher reports the write: it then matches the disk.
    if (!open.isDirty && (await reloaded(open, content))) return;
    // Otherwise it shows the text as unsaved changes, the same as the disk's, so a person's save writes nothing new.
    const edit = new vscode.WorkspaceEdit();
    edit.replace(
      open.uri,
      new vscode.Range(open.positionAt(0), open.positionAt(open.getText().length)),
      content,
    );
    await vscode.workspace.applyEdit(edit);
  },
};

function openDocument(path: string): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.scheme === "file" && d.uri.fsPath === path);
}

function reloaded(document: vscode.TextDocument, content: string): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (result: boolean) => {
      clearTimeout(timer);
      listener.dispose();
      resolve(result);
    };
    const timer = setTimeout(() => done(false), RELOAD_MS);
    const listener = vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document === document && document.getText() === content) done(true);
    });
  });
}

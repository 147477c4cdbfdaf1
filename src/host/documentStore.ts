/**
 * Open documents as the editor holds them, for v1 agents' `fs/*`: reads see unsaved editor contents; writes go through
 * an open document (then save it) so the editor and the disk agree. Files that are not open are read and written by
 * `ClientFileSystem` itself, with its bounds and checks. Paths arrive already checked against the workspace boundary,
 * and their files on disk as `ClientFileSystem` checks them (a hard link's document is the other name's file too).
 */
import * as vscode from "vscode";
import type { DocumentStore } from "../acp/clientFileSystem";

export const editorDocuments: DocumentStore = {
  openText(path) {
    return openDocument(path)?.getText();
  },

  async writeOpen(path, content) {
    const open = openDocument(path);
    if (!open) return false;
    const edit = new vscode.WorkspaceEdit();
    edit.replace(
      open.uri,
      new vscode.Range(open.positionAt(0), open.positionAt(open.getText().length)),
      content,
    );
    if (!(await vscode.workspace.applyEdit(edit)) || !(await open.save())) {
      throw new Error(`Could not write ${path} through its open editor.`);
    }
    return true;
  },
};

function openDocument(path: string): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.scheme === "file" && d.uri.fsPath === path);
}

/**
 * Files as the editor sees them, for v1 agents' `fs/*`: reads return unsaved editor contents; writes go through an
 * open document (then save it) so the editor and the disk agree, or straight to disk when the file is not open.
 * Paths arrive already checked against the workspace boundary.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import * as vscode from "vscode";
import type { DocumentStore } from "../acp/clientFileSystem";

export const editorDocuments: DocumentStore = {
  async readText(path) {
    const open = openDocument(path);
    return open ? open.getText() : readFile(path, "utf8");
  },

  async writeText(path, content) {
    const open = openDocument(path);
    if (!open) {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, content, "utf8");
      return;
    }
    const edit = new vscode.WorkspaceEdit();
    edit.replace(
      open.uri,
      new vscode.Range(open.positionAt(0), open.positionAt(open.getText().length)),
      content,
    );
    if (!(await vscode.workspace.applyEdit(edit)) || !(await open.save())) {
      throw new Error(`Could not write ${path} through its open editor.`);
    }
  },
};

function openDocument(path: string): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.scheme === "file" && d.uri.fsPath === path);
}

/**
 * Read-only documents holding an agent's proposed text, so "Open diff" can use VS Code's own diff editor.
 * Bounded: only the most recent diffs are kept.
 */
import { randomUUID } from "../core/randomUUID";
import { basename } from "node:path";
import * as vscode from "vscode";

const SCHEME = "symposium-diff";
const MAX_DOCUMENTS = 40;

export class DiffDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(SCHEME, this);

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.path) ?? "";
  }

  async showDiff(path: string, oldText: string | null, newText: string): Promise<void> {
    const name = basename(path);
    const left = this.add(`${name} (before)`, oldText ?? "");
    const right = this.add(`${name} (proposed)`, newText);
    await vscode.commands.executeCommand(
      "vscode.diff",
      left,
      right,
      vscode.l10n.t("{0}: proposed change", name),
      {
        preview: true,
      },
    );
  }

  async showPatch(patch: string): Promise<void> {
    const document = await vscode.workspace.openTextDocument({ language: "diff", content: patch });
    await vscode.window.showTextDocument(document, { preview: true });
  }

  dispose(): void {
    this.registration.dispose();
    this.texts.clear();
  }

  private add(label: string, text: string): vscode.Uri {
    const path = `/${randomUUID()}/${label}`;
    this.texts.set(path, text);
    while (this.texts.size > MAX_DOCUMENTS) {
      const oldest = this.texts.keys().next().value;
      if (oldest === undefined) break;
      this.texts.delete(oldest);
    }
    return vscode.Uri.from({ scheme: SCHEME, path });
  }
}

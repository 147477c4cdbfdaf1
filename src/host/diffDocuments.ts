/**
 * Read-only documents holding an agent's proposed text, so "Open diff" can use VS Code's own diff editor.
 * Bounded: only the most recent diffs are kept.
 */
import { randomUUID } from "../core/randomUUID";
import { inertText } from "../core/untrustedText";
import { basename } from "node:path";
import * as vscode from "vscode";

const SCHEME = "symposium-diff";

type DiffVersion = "asked" | "changed";

function versionTitle(name: string, version: DiffVersion | undefined): string {
  if (version === "asked")
    return vscode.l10n.t("{0}: the change the card asks about (changed by the agent since)", name);
  if (version === "changed")
    return vscode.l10n.t("{0}: changed after asking, not what the card asks about", name);
  return vscode.l10n.t("{0}: proposed change", name);
}
const MAX_DOCUMENTS = 40;

export class DiffDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(SCHEME, this);

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.path) ?? "";
  }

  /**
   * `version`: the agent changed the diff after asking, and this is the one a card asks about ("asked") or the one
   * it put there since, which no card asks about ("changed"); the editor's title says which.
   */
  async showDiff(
    path: string,
    oldText: string | null,
    newText: string,
    version?: DiffVersion,
  ): Promise<void> {
    // The agent's file name, in the editor's tab and title: a bidi override there made "photo_<U+202E>gnp.exe" read as
    // "photo_exe.png".
    const name = inertText(basename(path));
    const left = this.add(`${name} (before)`, oldText ?? "");
    const right = this.add(
      `${name} (${version === "changed" ? "changed after asking" : "proposed"})`,
      newText,
    );
    await vscode.commands.executeCommand("vscode.diff", left, right, versionTitle(name, version), {
      preview: true,
    });
  }

  async showPatch(patch: string, version?: DiffVersion): Promise<void> {
    // A patch the agent changed after asking opens under a name that says which one it is.
    const document = version
      ? await vscode.workspace.openTextDocument(
          this.add(
            version === "asked"
              ? vscode.l10n.t("Patch the card asks about (changed by the agent since).diff")
              : vscode.l10n.t("Patch changed after asking, not what the card asks about.diff"),
            patch,
          ),
        )
      : await vscode.workspace.openTextDocument({ language: "diff", content: patch });
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

/**
 * Symposium: Add to Message — puts files, folders or the editor's selected lines into the active session's next
 * message (chips above the message box; `Session.addContext`). From the editor (its selections, or the whole file when
 * nothing is selected), from the Explorer (every selected file or folder), or from the Command Palette (the active
 * editor); and the composer's Add files button, which asks which of the workspace's files (`pickFilesForMessage`).
 * Only files on disk: an agent reads what it is given by path. Images pasted into the message box go whole
 * (`attachPastedImage`).
 */
import * as vscode from "vscode";
import type { AgentSessions } from "../acp/agentSessions";
import { randomUUID } from "../core/randomUUID";
import type { Logger } from "../core/logger";
import {
  MAX_CONTEXT_IMAGE_BYTES,
  MAX_CONTEXT_ITEMS,
  MAX_CONTEXT_TEXT_CHARS,
  type PromptContext,
} from "../core/promptContext";
import { inertText } from "../core/untrustedText";
import { newSession } from "./commands";
import { listWorkspaceFiles, openFiles, shownPath, workspaceFilesHolding } from "./workspaceFiles";
import type { SymposiumView } from "./symposiumView";

export async function addToMessage(
  sessions: AgentSessions,
  view: SymposiumView,
  clicked?: unknown,
  selected?: unknown,
): Promise<void> {
  const items = await contextFrom(clicked, selected);
  if (items === undefined) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t("Open a file, or select files in the Explorer, to add them to your message."),
    );
    return;
  }
  if (items.length === 0) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t("Only files saved on disk can be added to a message: an agent opens them by path."),
    );
    return;
  }
  let result = sessions.addContext(items);
  if (!result) {
    const start = vscode.l10n.t("New Session");
    const picked = await vscode.window.showInformationMessage(
      vscode.l10n.t("Start a session first: what you add goes with its next message."),
      start,
    );
    if (picked !== start || (await newSession(sessions, view)) === undefined) return;
    result = sessions.addContext(items);
    if (!result) return;
  }
  await view.reveal({ type: "focusComposer", sessionKey: result.sessionKey }, false);
  const left = items.length - result.added;
  if (left > 0 && result.full)
    void vscode.window.showWarningMessage(
      vscode.l10n.t(
        "A message takes up to {0} files or selections; {1} were not added.",
        MAX_CONTEXT_ITEMS,
        left,
      ),
    );
}

/**
 * An image pasted into the composer. The view checks its size and type and whether the agent takes images first, and
 * says so itself; a refusal here is a race with the agent starting, or a view that did not check.
 */
export function attachPastedImage(
  sessions: AgentSessions,
  sessionKey: string,
  data: string,
  log: Logger,
): void {
  const result = sessions.attachImage(sessionKey, data);
  if ("refused" in result) {
    log.warn(`Pasted image not added: ${result.refused}.`);
    void vscode.window.showWarningMessage(vscode.l10n.t("The image was not added: {0}.", result.refused));
  } else if (result.added === 0 && result.full) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t(
        "The image was not added: a message takes up to {0} files, selections or images, and {1} MB of images.",
        MAX_CONTEXT_ITEMS,
        MAX_CONTEXT_IMAGE_BYTES / (1024 * 1024),
      ),
    );
  }
}

let picking = false;

/**
 * The composer's Add files button: a quick pick of the workspace's files, the open editors first, several at once,
 * added to that session's next message. One picker at a time (a view cannot stack them).
 */
export async function pickFilesForMessage(
  sessions: AgentSessions,
  view: SymposiumView,
  sessionKey: string,
): Promise<void> {
  if (picking) return;
  picking = true;
  try {
    const uris = await pickWorkspaceFiles();
    if (uris.length === 0) return;
    const result = sessions.addContext(
      uris.map((uri) => fileContext(uri, "file")),
      sessionKey,
    );
    if (result) await view.reveal({ type: "focusComposer", sessionKey: result.sessionKey }, false);
  } finally {
    picking = false;
  }
}

type FileItem = vscode.QuickPickItem & { uri: vscode.Uri };

/**
 * The files the person ticks in a quick pick of the workspace's, open editors first. In a workspace larger than the
 * listing, what is typed also searches for the files past it (the previous search cancelled), added under their
 * own heading with the ticks kept.
 */
async function pickWorkspaceFiles(): Promise<vscode.Uri[]> {
  const open = openFiles();
  const listing = await listWorkspaceFiles();
  const known = new Set(open.map((uri) => uri.toString()));
  const rest = listing.uris
    .filter((uri) => !known.has(uri.toString()))
    .sort((a, b) => a.path.localeCompare(b.path));
  for (const uri of rest) known.add(uri.toString());
  // A repository names its files: inert, so a name cannot draw an icon (`$(…)`) or read backwards in the list.
  const item = (uri: vscode.Uri): FileItem => {
    const path = shownPath(uri);
    const slash = path.lastIndexOf("/");
    return {
      label: inertText(path.slice(slash + 1), 500),
      description: slash > 0 ? inertText(path.slice(0, slash), 1_000) : "",
      uri,
    };
  };
  const group = (label: string, items: readonly FileItem[]): vscode.QuickPickItem[] =>
    items.length > 0 ? [{ label, kind: vscode.QuickPickItemKind.Separator }, ...items] : [];
  const openItems = open.map(item);
  const restItems = rest.map(item);
  const foundItems: FileItem[] = [];
  const allItems = () => [
    ...group(vscode.l10n.t("Open editors"), openItems),
    ...group(vscode.l10n.t("Files"), restItems),
    ...group(vscode.l10n.t("Found by name"), foundItems),
  ];

  const pick = vscode.window.createQuickPick<vscode.QuickPickItem>();
  pick.title = vscode.l10n.t("Add to your message");
  pick.placeholder = vscode.l10n.t("Type to search; tick one or more files");
  pick.canSelectMany = true;
  pick.matchOnDescription = true;
  pick.items = allItems();
  let searching: vscode.CancellationTokenSource | undefined;
  const search = async (query: string) => {
    searching?.cancel();
    const source = (searching = new vscode.CancellationTokenSource());
    pick.busy = true;
    try {
      const fresh = (await workspaceFilesHolding(query.trim(), source.token)).filter(
        (uri) => !known.has(uri.toString()),
      );
      if (source.token.isCancellationRequested || fresh.length === 0) return;
      for (const uri of fresh) known.add(uri.toString());
      foundItems.push(...fresh.map(item));
      const ticked = pick.selectedItems;
      pick.items = allItems();
      pick.selectedItems = ticked;
    } catch {
      // The listing's files are still there to pick; a failed search adds nothing.
    } finally {
      if (searching === source) {
        searching = undefined;
        pick.busy = false;
      }
      source.dispose();
    }
  };
  const subscriptions = listing.capped ? [pick.onDidChangeValue((query) => void search(query))] : [];
  try {
    return await new Promise<vscode.Uri[]>((resolve) => {
      subscriptions.push(
        pick.onDidAccept(() => {
          resolve(
            pick.selectedItems.flatMap((choice) => ("uri" in choice ? [(choice as FileItem).uri] : [])),
          );
          pick.hide();
        }),
        pick.onDidHide(() => resolve([])),
      );
      pick.show();
    });
  } finally {
    // A search still running finds the pick gone: cancelled, and no longer the one that may touch it.
    searching?.cancel();
    searching = undefined;
    for (const subscription of subscriptions) subscription.dispose();
    pick.dispose();
  }
}

/**
 * What the command was run on: undefined when on nothing (no editor, no selection in the Explorer); the items that
 * are files on disk otherwise (empty when none is).
 */
async function contextFrom(clicked: unknown, selected: unknown): Promise<PromptContext[] | undefined> {
  const editor = vscode.window.activeTextEditor;
  const uris = Array.isArray(selected) && selected.every((u) => u instanceof vscode.Uri) ? selected : [];
  const explorer = uris.length > 0 ? uris : clicked instanceof vscode.Uri ? [clicked] : [];
  // From the editor's own menu (or the palette), the editor's selection; from the Explorer, the files picked there.
  const fromEditor =
    editor !== undefined &&
    (explorer.length === 0 ||
      (explorer.length === 1 && explorer[0]!.toString() === editor.document.uri.toString()));
  if (fromEditor) return editor.document.uri.scheme === "file" ? editorContext(editor) : [];
  if (explorer.length === 0) return undefined;
  const files = explorer.filter((uri) => uri.scheme === "file");
  return Promise.all(
    files.map(async (uri) => {
      const stat = await Promise.resolve(vscode.workspace.fs.stat(uri)).catch(() => undefined);
      return fileContext(uri, stat && stat.type & vscode.FileType.Directory ? "folder" : "file");
    }),
  );
}

function fileContext(uri: vscode.Uri, kind: "file" | "folder"): PromptContext {
  return { id: randomUUID(), uri: uri.toString(), path: shownPath(uri), kind };
}

/** The editor's selections as lines (the text as shown, unsaved edits included); the whole file when none. */
function editorContext(editor: vscode.TextEditor): PromptContext[] {
  const { document } = editor;
  const base = { uri: document.uri.toString(), path: shownPath(document.uri) };
  const selections = editor.selections.filter((selection) => !selection.isEmpty);
  if (selections.length === 0) return [{ id: randomUUID(), ...base, kind: "file" }];
  return [...selections]
    .sort((a, b) => a.start.compareTo(b.start))
    .map((selection) => {
      // A selection that ends at the start of a line does not take that line.
      const endLine =
        selection.end.character === 0 && selection.end.line > selection.start.line
          ? selection.end.line - 1
          : selection.end.line;
      const text = document.getText(selection);
      return {
        id: randomUUID(),
        ...base,
        kind: "lines" as const,
        lines: { start: selection.start.line + 1, end: endLine + 1 },
        ...(text.length <= MAX_CONTEXT_TEXT_CHARS ? { text } : {}),
      };
    });
}

/**
 * The message box's `@` list, host side: lists the workspace's files (and the folders holding them) once and again only
 * after a file was created or deleted (or the folders changed), and in a workspace with more files than the listing
 * holds also searches for the paths holding what was typed; answers each query with the best matches (`matchFiles`)
 * and the tokens they are offered by, and adds a chosen file or folder to that session's next message under its token
 * (`MentionTokens`).
 */
import * as vscode from "vscode";
import type { AgentSessions } from "../acp/agentSessions";
import { errorMessage } from "../core/errorMessage";
import { foldersOf, matchFiles, MentionTokens, type MentionFile } from "../core/fileMentions";
import type { Logger } from "../core/logger";
import type { SymposiumView } from "./symposiumView";
import { listWorkspaceFiles, openFiles, shownPath, workspaceFilesHolding } from "./workspaceFiles";

function mentionFile(uri: vscode.Uri): MentionFile {
  return { uri: uri.toString(), path: shownPath(uri), open: false };
}

/** The names a shown path leads with before the workspace folder's own (`shownPath`). */
/** The workspace folders' URIs, which the `@` list's folders stay strictly inside. */
function roots(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.toString());
}

export class FileMentions implements vscode.Disposable {
  private readonly tokens = new MentionTokens();
  /** The workspace's files, until one is created or deleted; one listing at a time. */
  private listing: Promise<{ files: MentionFile[]; capped: boolean }> | undefined;
  /** The search past a capped listing for the latest query. */
  private searching: vscode.CancellationTokenSource | undefined;
  /** Made with the first listing: a window where nobody types `@` watches nothing more. */
  private watchers: vscode.Disposable[] = [];

  constructor(
    private readonly sessions: AgentSessions,
    private readonly view: SymposiumView,
    private readonly log: Logger,
  ) {}

  /** Answers the view with the files matching `query` for that session's list; nothing for a session that ended. */
  async find(sessionKey: string, query: string, seq: number): Promise<void> {
    if (!this.takesContext(sessionKey)) return;
    let listed: MentionFile[];
    try {
      const listing = await this.files();
      // A workspace larger than the listing: the files past it are searched for by what was typed.
      listed = listing.capped ? await this.withFilesHolding(listing.files, query) : listing.files;
    } catch (error) {
      this.log.warn(`Could not list the workspace's files for the @ list: ${errorMessage(error)}`);
      listed = [];
    }
    // Open editors count as open at the moment of asking, and are offered even when the search leaves them out.
    const open = new Map(openFiles().map((uri) => [uri.toString(), uri]));
    const files = [
      ...listed.map((file) => (open.delete(file.uri) ? { ...file, open: true } : file)),
      ...[...open.values()].map((uri) => ({ ...mentionFile(uri), open: true })),
    ];
    const matches = this.tokens.offer(sessionKey, matchFiles(files, query));
    this.view.send({ type: "fileMatches", sessionKey, seq, matches });
  }

  /** Adds the file offered by `token` to that session's next message; its chip's id is the token. */
  add(sessionKey: string, token: string): void {
    const file = this.tokens.take(sessionKey, token);
    if (!file) {
      this.log.warn("Ignored addMention: no file was offered to that session with that token.");
      return;
    }
    this.sessions.addContext(
      [{ id: token, uri: file.uri, path: file.path, kind: file.folder ? "folder" : "file" }],
      sessionKey,
    );
  }

  dispose(): void {
    this.searching?.cancel();
    for (const watcher of this.watchers) watcher.dispose();
    this.watchers = [];
    this.listing = undefined;
  }

  private takesContext(sessionKey: string): boolean {
    const status = this.sessions.session(sessionKey)?.status;
    return status !== undefined && status !== "ended" && status !== "error";
  }

  /**
   * The listing, and the files whose path holds `query` past it (a search per query, the previous one cancelled: the
   * view keeps only the latest answer).
   */
  private async withFilesHolding(listed: MentionFile[], query: string): Promise<MentionFile[]> {
    this.searching?.cancel();
    const searching = (this.searching = new vscode.CancellationTokenSource());
    try {
      const found = await workspaceFilesHolding(query, searching.token);
      const known = new Set(listed.map((file) => file.uri));
      const more = found.filter((uri) => !known.has(uri.toString())).map(mentionFile);
      return [...listed, ...more, ...foldersOf(more, roots()).filter((f) => !known.has(f.uri))];
    } finally {
      searching.dispose();
      if (this.searching === searching) this.searching = undefined;
    }
  }

  private files(): Promise<{ files: MentionFile[]; capped: boolean }> {
    if (this.watchers.length === 0) {
      const stale = () => (this.listing = undefined);
      const watcher = vscode.workspace.createFileSystemWatcher("**/*", false, true, false);
      this.watchers = [
        watcher,
        watcher.onDidCreate(stale),
        watcher.onDidDelete(stale),
        vscode.workspace.onDidChangeWorkspaceFolders(stale),
      ];
    }
    const listing = (this.listing ??= listWorkspaceFiles().then(({ uris, capped }) => {
      const files = uris.map(mentionFile);
      return { files: [...files, ...foldersOf(files, roots())], capped };
    }));
    // A failed listing is tried again on the next query.
    listing.catch(() => {
      if (this.listing === listing) this.listing = undefined;
    });
    return listing;
  }
}

/**
 * The message box's `@` list, host side: lists the workspace's files once and again only after a file was created or
 * deleted (or the folders changed), answers each query with the best matches (`matchFiles`) and the tokens they are
 * offered by, and adds a chosen file to that session's next message under its token (`MentionTokens`).
 */
import * as vscode from "vscode";
import type { AgentSessions } from "../acp/agentSessions";
import { errorMessage } from "../core/errorMessage";
import { matchFiles, MentionTokens, type MentionFile } from "../core/fileMentions";
import type { Logger } from "../core/logger";
import type { SymposiumView } from "./symposiumView";
import { openFiles, shownPath, workspaceFiles } from "./workspaceFiles";

export class FileMentions implements vscode.Disposable {
  private readonly tokens = new MentionTokens();
  /** The workspace's files, until one is created or deleted; one listing at a time. */
  private listing: Promise<MentionFile[]> | undefined;
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
      listed = await this.files();
    } catch (error) {
      this.log.warn(`Could not list the workspace's files for the @ list: ${errorMessage(error)}`);
      listed = [];
    }
    // Open editors count as open at the moment of asking, and are offered even when the search leaves them out.
    const open = new Map(openFiles().map((uri) => [uri.toString(), uri]));
    const files = [
      ...listed.map((file) => (open.delete(file.uri) ? { ...file, open: true } : file)),
      ...[...open].map(([uri, file]) => ({ uri, path: shownPath(file), open: true })),
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
    this.sessions.addContext([{ id: token, uri: file.uri, path: file.path, kind: "file" }], sessionKey);
  }

  dispose(): void {
    for (const watcher of this.watchers) watcher.dispose();
    this.watchers = [];
    this.listing = undefined;
  }

  private takesContext(sessionKey: string): boolean {
    const status = this.sessions.session(sessionKey)?.status;
    return status !== undefined && status !== "ended" && status !== "error";
  }

  private files(): Promise<MentionFile[]> {
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
    const listing = (this.listing ??= workspaceFiles().then((uris) =>
      uris.map((uri) => ({ uri: uri.toString(), path: shownPath(uri), open: false })),
    ));
    // A failed listing is tried again on the next query.
    listing.catch(() => {
      if (this.listing === listing) this.listing = undefined;
    });
    return listing;
  }
}

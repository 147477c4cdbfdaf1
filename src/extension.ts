/**
 * Composition root: wires settings, the ACP client, the view and the commands. Two lifetimes: the extension's
 * (`SymposiumExtension`, one cleanup list) and, inside it, each agent connection's (owned by the client).
 * Deactivation answers every pending request `cancelled`, kills the agents, removes the window's scratch folder, and
 * waits until the history, shutdown decisions included, is on disk.
 */
import { authMethodItems } from "./host/authMethodPick";
import * as vscode from "vscode";
import type { ProtocolVersion } from "./acp/agentConnection";
import { AgentSessions } from "./acp/agentSessions";
import { ApprovalHistory, historyEntry } from "./core/approvalHistory";
import { Disposable } from "./core/disposable";
import { errorMessage } from "./core/errorMessage";
import { removeLeftScratchFolders, ScratchFolder } from "./core/scratchFolder";
import type { Logger } from "./core/logger";
import type { GitAllowance } from "./core/policy/gitChanges";
import type { RepositoryScan } from "./core/policy/nestedRepositories";
import type { BoundaryOptions, PolicyBoundary } from "./core/policy/resolvePath";
import { Attention, REVEAL_COMMAND } from "./host/attention";
import { bypassForWindow, revokeBypass } from "./host/bypassCommands";
import { confirmUnattended, confirmedUnattended, forgetUnattended } from "./host/unattendedConfirmation";
import { newSession } from "./host/commands";
import { resumeSession } from "./host/resumeSession";
import { Configuration } from "./host/configuration";
import { DiffDocuments } from "./host/diffDocuments";
import { editorDocuments } from "./host/documentStore";
import { HistoryPanel } from "./host/historyPanel";
import { MANAGE_PERMISSIONS_COMMAND, managePermissions } from "./host/managePermissions";
import { createLog } from "./host/log";
import { paintReportsRequested, SymposiumView, VIEW_ID } from "./host/symposiumView";
import { addToMessage } from "./host/addToMessage";
import { FileMentions } from "./host/fileMentions";
import { handleIntent } from "./host/viewIntents";
import { openAddress } from "./host/openAddress";
import { registerWalkthrough } from "./host/walkthrough";
import { CONFIRM_WORKSPACE_FOLDERS_COMMAND, WorkspaceFileFolders } from "./host/workspaceFileFolders";

/** What tests get from `activate()` (only in ExtensionMode.Test; never a command). */
export interface SymposiumTestApi {
  sessions: AgentSessions;
  history: ApprovalHistory;
  view: SymposiumView;
  /** The workspace as the policy sees it now. */
  paths(): PolicyBoundary;
  /** The window's scratch folder (agents' TMPDIR), if it could be made. */
  scratchFolder: string | undefined;
}

class SymposiumExtension extends Disposable {
  readonly sessions: AgentSessions;
  readonly history: ApprovalHistory;
  readonly view: SymposiumView;
  private additionalFolders: string[];
  /** Additional folders being removed from user settings (`removeAdditionalFolder`). */
  private readonly folderRemovals = new Set<string>();
  /** The workspace as the policy sees it; built on first use and dropped when what it is built from changes. */
  private boundary: PolicyBoundary | undefined;
  /** What its git reads may spend, kept from one boundary to the next: each `.git/config` change builds one anew. */
  private boundaryGit: GitAllowance | undefined;
  /** The repositories nested in the workspace's folders, each folder walked once for all boundaries. */
  private repositoryScan: RepositoryScan | undefined;
  /** The `.git/config` files seen changing: each boundary then knows their repositories (`BoundaryOptions`). */
  private readonly gitConfigs = new Set<string>();
  private readonly log: Logger;
  /** The editor's user folder (settings, tasks, the approval history): protected also where no home folder holds it. */
  private readonly userFolder: string;
  /** Agents' and terminals' TMPDIR, a folder writes may go to; removed once the agents are stopped (`shutdown`). */
  readonly scratch: ScratchFolder | undefined;
  /** The folders a `.code-workspace` file lists outside its own folder, counted once the person confirms them. */
  private readonly workspaceFileFolders: WorkspaceFileFolders;

  constructor(context: vscode.ExtensionContext) {
    super();
    const log = this._register(createLog());
    const configuration = this._register(new Configuration(log));
    this.additionalFolders = configuration.additionalFolders;
    this.log = log;
    this.scratch = scratchFolder(log);
    const memory = context.globalState;
    this.workspaceFileFolders = new WorkspaceFileFolders(memory, log, () => this.resetPaths());
    const sessions = new AgentSessions({
      readAgents: () => configuration.agents,
      demoAgent: {
        command: process.execPath,
        args: [vscode.Uri.joinPath(context.extensionUri, "dist", "demoAgent.js").fsPath],
        env: { ELECTRON_RUN_AS_NODE: "1" },
      },
      workspaceRoots: folderPaths,
      workspaceTrusted: () => vscode.workspace.isTrusted,
      workspacePaths: () => this.paths,
      permissionRules: () => configuration.permissionRules,
      documents: editorDocuments,
      writeBypass: (agentName, bypass) => configuration.writeBypass(agentName, bypass),
      confirmUnattended: confirmUnattended(memory),
      addPermissionRule: (entry) => configuration.addPermissionRule(entry),
      removePermissionRule: (action, entry) => configuration.removePermissionRule(action, entry),
      chooseAuthMethod: async (agentName, methods, closed) => {
        // Closing the tab closes the picker.
        if (closed.aborted) return undefined;
        const picking = new vscode.CancellationTokenSource();
        const close = () => picking.cancel();
        closed.addEventListener("abort", close);
        try {
          const items = authMethodItems(methods);
          const title = vscode.l10n.t("{0} needs you to sign in", agentName);
          return (await vscode.window.showQuickPick(items, { title, ignoreFocusOut: true }, picking.token))
            ?.id;
        } finally {
          closed.removeEventListener("abort", close);
          picking.dispose();
        }
      },
      // The host is checked first (`agentForms.formOf`); VS Code still asks before an untrusted domain.
      openExternal: openAddress,
      lastAgent: {
        get: () => memory.get<string>("lastAgent"),
        set: (name) => void memory.update("lastAgent", name),
      },
      versionMemory: {
        get: (name) => memory.get<ProtocolVersion>(`protocolVersion:${name}`),
        set: (name, version) => void memory.update(`protocolVersion:${name}`, version),
      },
      log,
      clientVersion: (context.extension.packageJSON as { version?: string }).version ?? "0.0.0",
      limits: configuration.pendingLimits,
      terminalTimeoutSeconds: () => configuration.terminalTimeoutSeconds,
      ...(this.scratch ? { scratchFolder: this.scratch.path } : {}),
    });
    this.sessions = sessions;
    const diffs = this._register(new DiffDocuments());
    const view = this._register(
      new SymposiumView(
        context.extensionUri,
        () => sessions.snapshot(),
        (message) =>
          handleIntent(message, {
            sessions,
            view,
            diffs,
            mentions,
            log,
            inWorkspace: (path) => this.paths.contains(path),
          }),
        log,
        { reportPaint: paintReportsRequested(context.extensionMode), storage: context.globalStorageUri },
      ),
    );
    this.view = view;
    const mentions = this._register(new FileMentions(sessions, view, log));
    const attention = this._register(new Attention(sessions, view, () => configuration.notifyWhenTurnEnds));
    this.userFolder = vscode.Uri.joinPath(context.globalStorageUri, "../..").fsPath;
    const history = new ApprovalHistory(vscode.Uri.joinPath(context.globalStorageUri, "history").fsPath);
    history.onWriteError = (error) =>
      log.error(`Could not write the approval history: ${errorMessage(error)}`);
    this.history = history;
    const historyPanel = this._register(new HistoryPanel(context.extensionUri, history, log));

    this._register(vscode.window.registerWebviewViewProvider(VIEW_ID, view));
    this._register(sessions.onDidChange((ops) => view.push(ops)));
    this._register(
      sessions.onDidDecide((prompt, record) => {
        history.append(historyEntry(prompt, record));
        historyPanel.refreshSoon();
      }),
    );
    const commands: [string, (...args: unknown[]) => unknown][] = [
      ["symposium.newSession", () => newSession(sessions, view)],
      ["symposium.addToMessage", (clicked, selected) => addToMessage(sessions, view, clicked, selected)],
      ["symposium.resumeSession", () => resumeSession(sessions, view)],
      ["symposium.showLog", () => log.show()],
      [REVEAL_COMMAND, () => attention.revealPending()],
      ["symposium.revokeBypass", () => revokeBypass(sessions)],
      ["symposium.bypassForWindow", () => bypassForWindow(sessions)],
      ["symposium.showHistory", () => historyPanel.show()],
      [
        MANAGE_PERMISSIONS_COMMAND,
        () =>
          managePermissions(
            sessions,
            configuration,
            {
              workspaceFile: this.workspaceFileFolders,
              additional: () => {
                const refused = this.paths.refusedAdditional;
                return this.additionalFolders.map((folder) => {
                  const why = refused.get(folder);
                  return why === undefined ? { folder } : { folder, refused: why };
                });
              },
              removeAdditional: (folder) => this.removeAdditionalFolder(configuration, folder),
            },
            {
              list: () => confirmedUnattended(memory),
              forget: (agentName, level) => forgetUnattended(memory, agentName, level),
            },
          ),
      ],
      [
        CONFIRM_WORKSPACE_FOLDERS_COMMAND,
        () => {
          void this.paths; // the folders as they are now
          return this.workspaceFileFolders.confirmFromCommand();
        },
      ],
    ];
    for (const [id, run] of commands) this._register(vscode.commands.registerCommand(id, run));
    this._register(registerWalkthrough(sessions));
    this._register(
      configuration.onDidChange(() => {
        const folders = this.foldersInSettings(configuration);
        if (folders.join("\n") !== this.additionalFolders.join("\n")) this.resetPaths(folders);
        sessions.setLimits(configuration.pendingLimits);
        sessions.reloadSettings();
      }),
    );
    this._register(
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        this.resetPaths();
        // Built now, so a folder the workspace file gained outside its own folder (added in the window, or by the
        // file changing on disk) is asked about as it comes, not first at a request that Bypass then holds.
        if (this.workspaceFileFolders.file !== undefined) void this.paths;
        view.push([sessions.blockedOp()]);
      }),
    );
    // A repository's configuration changing may move its hooks folder (`core.hooksPath`, set by a setup script).
    const gitConfigs = this._register(vscode.workspace.createFileSystemWatcher("**/.git/config"));
    const rereadHooks = (config: vscode.Uri) => this.resetPaths(undefined, config.fsPath);
    this._register(gitConfigs.onDidChange(rereadHooks));
    this._register(gitConfigs.onDidCreate(rereadHooks));
    // A workspace file's folders outside its own folder are asked about when Symposium starts, not at the first
    // request: built after activation, where the policy's modules may load.
    if (this.workspaceFileFolders.file !== undefined) {
      const build = setTimeout(() => this.paths, WORKSPACE_FILE_CHECK_MS);
      this._register({ dispose: () => clearTimeout(build) });
    }
    this._register(
      vscode.workspace.onDidGrantWorkspaceTrust(() => {
        // Built again, so the workspace file's outside folders are asked about now (not while untrusted).
        this.resetPaths();
        if (this.workspaceFileFolders.file !== undefined) void this.paths;
        sessions.reloadSettings();
        view.push([sessions.blockedOp()]);
      }),
    );
  }

  get paths(): PolicyBoundary {
    if (this.boundary) return this.boundary;
    const workspaceFile = this.workspaceFileFolders.file;
    const boundary = policyBoundary(
      this.log,
      this.scratch ? [...this.additionalFolders, this.scratch.path] : this.additionalFolders,
      this.boundaryGit,
      this.gitConfigs,
      this.userFolder,
      this.repositoryScan,
      workspaceFile === undefined
        ? {}
        : { workspaceFile, confirmedFolders: this.workspaceFileFolders.confirmed(workspaceFile) },
    );
    this.boundary = boundary;
    this.boundaryGit = boundary.gitAllowance;
    this.repositoryScan = boundary.repositoryScan;
    if (workspaceFile !== undefined)
      this.workspaceFileFolders.sync(workspaceFile, boundary.unconfirmedFolders);
    return boundary;
  }

  /**
   * Out of the policy's view for the very next request, then out of user settings; until the write lands, a settings
   * change read meanwhile (the old value still on disk) does not bring it back. A write that fails puts back what the
   * settings hold.
   */
  private async removeAdditionalFolder(configuration: Configuration, folder: string): Promise<boolean> {
    this.folderRemovals.add(folder);
    this.resetPaths(this.additionalFolders.filter((entry) => entry !== folder));
    let found: boolean;
    try {
      found = await configuration.removeAdditionalFolder(folder);
    } catch (error) {
      this.folderRemovals.delete(folder);
      this.resetPaths(this.foldersInSettings(configuration));
      throw error;
    }
    this.folderRemovals.delete(folder);
    return found;
  }

  /** `symposium.additionalFolders` as user settings hold it, without the entries being removed from them. */
  private foldersInSettings(configuration: Configuration): string[] {
    return configuration.additionalFolders.filter((folder) => !this.folderRemovals.has(folder));
  }

  /** The folders, a repository's hooks folder or the additional folders changed: the next check builds it anew. */
  private resetPaths(additionalFolders = this.additionalFolders, gitConfig?: string): void {
    this.additionalFolders = additionalFolders;
    if (gitConfig) this.gitConfigs.add(gitConfig);
    this.boundary = undefined;
  }

  /** Agents stopped (none writes into the scratch folder again) and every decision on disk; then the rest released. */
  async shutdown(): Promise<void> {
    await this.sessions.dispose();
    try {
      this.scratch?.dispose();
    } catch (error) {
      this.log.warn(`Could not remove the scratch folder ${this.scratch?.path}: ${errorMessage(error)}`);
    }
    // Bounded: a write a stalled file system never finishes must not hold the window's close until VS Code kills it.
    if (!(await this.history.flushWithin(SHUTDOWN_HISTORY_WAIT_MS)))
      this.log.warn("The approval history's last decisions were not written: its write has not finished.");
    this.dispose();
  }
}

/** How long closing the window waits for the approval history's last writes. */
const SHUTDOWN_HISTORY_WAIT_MS = 2_000;

/** How long after activation a window opened from a workspace file checks the folders it lists. */
const WORKSPACE_FILE_CHECK_MS = 1000;

let extension: SymposiumExtension | undefined;

export function activate(context: vscode.ExtensionContext): SymposiumTestApi | undefined {
  const current = new SymposiumExtension(context);
  extension = current;
  // Also released if the host disposes the subscriptions without calling `deactivate` (dispose is idempotent).
  context.subscriptions.push({ dispose: () => void current.shutdown() });
  return context.extensionMode === vscode.ExtensionMode.Test
    ? {
        sessions: current.sessions,
        history: current.history,
        view: current.view,
        paths: () => current.paths,
        scratchFolder: current.scratch?.path,
      }
    : undefined;
}

export async function deactivate(): Promise<void> {
  await extension?.shutdown();
  extension = undefined;
}

/**
 * The workspace as the permission policy sees it, with the additional folders of user settings and the folders git
 * runs their hooks from (`core.hooksPath`, read again when the folders or a workspace repository's configuration
 * change); roots it refuses (`/`, the home folder) are logged when it is built.
 */
function policyBoundary(
  log: Logger,
  additionalFolders: readonly string[],
  gitAllowance: GitAllowance | undefined,
  gitConfigs: Iterable<string>,
  userFolder: string,
  repositoryScan: RepositoryScan | undefined,
  workspaceFile: Pick<BoundaryOptions, "workspaceFile" | "confirmedFolders">,
): PolicyBoundary {
  // Required here, not imported: activation does not load it (dist/policyPaths.js, see esbuild.config.mjs).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const paths = require("./core/policy/policyPaths") as typeof import("./core/policy/policyPaths");
  const {
    GitAllowance,
    PolicyBoundary,
    RepositoryScan,
    gitFolders,
    hooksFolder,
    plainRepository,
    sharedConfig,
  } = paths;
  const boundary = new PolicyBoundary(folderPaths(), {
    additionalFolders,
    gitFolders,
    hooksFolder,
    plainRepository,
    sharedConfig,
    repositoryScan: repositoryScan ?? new RepositoryScan(),
    gitAllowance: gitAllowance ?? new GitAllowance(),
    gitConfigs,
    revisionChanges: paths.revisionChanges,
    protectedFolders: [userFolder],
    startupEnv: process.env,
    ...workspaceFile,
  });
  for (const warning of boundary.warnings) log.warn(warning);
  return boundary;
}

/** The window's scratch folder; none (temporary files outside the workspace ask) where the OS refused to make it. */
function scratchFolder(log: Logger): ScratchFolder | undefined {
  // Off the activation path, its first system call included (0.5-0.9 ms in activate() when it began there): those of
  // windows that crashed or were killed, which no shutdown removed.
  setImmediate(() => {
    void removeLeftScratchFolders().then(
      (removed) =>
        removed > 0 &&
        log.info(`Removed ${removed} scratch folder(s) left by windows that ended unexpectedly.`),
      (error: unknown) =>
        log.warn(`Could not look for scratch folders left by other windows: ${errorMessage(error)}`),
    );
  });
  try {
    return new ScratchFolder();
  } catch (error) {
    log.warn(`Could not make a scratch folder for agents' temporary files: ${errorMessage(error)}`);
    return undefined;
  }
}

function folderPaths(): string[] {
  return (vscode.workspace.workspaceFolders ?? [])
    .filter((f) => f.uri.scheme === "file")
    .map((f) => f.uri.fsPath);
}

/**
 * Composition root: wires settings, the ACP client, the view and the commands. Every registration is disposed
 * through `context.subscriptions`; deactivation answers every pending request `cancelled` and kills the agents.
 */
import * as vscode from "vscode";
import { AgentSessions } from "./acp/agentSessions";
import type { ProtocolVersion } from "./acp/agentConnection";
import { WorkspacePaths } from "./core/workspacePaths";
import { ApprovalHistory, historyEntry } from "./core/approvalHistory";
import { Attention, REVEAL_COMMAND } from "./host/attention";
import { bypassForWindow, revokeBypass } from "./host/bypassCommands";
import { HistoryPanel } from "./host/historyPanel";
import { newSession } from "./host/commands";
import { affectsSymposium, pendingLimits, readAgentSettings, writeBypass } from "./host/configuration";
import { DiffDocuments } from "./host/diffDocuments";
import { editorDocuments } from "./host/documentStore";
import { createLog } from "./host/log";
import { paintReportsRequested, SymposiumView, VIEW_ID } from "./host/symposiumView";
import { handleIntent } from "./host/viewIntents";
import { registerWalkthrough } from "./host/walkthrough";

/** What tests get from `activate()` (only in ExtensionMode.Test; never a command). */
export interface SymposiumTestApi {
  sessions: AgentSessions;
  history: ApprovalHistory;
  view: SymposiumView;
}

let sessions: AgentSessions | undefined;

export function activate(context: vscode.ExtensionContext): SymposiumTestApi | undefined {
  const log = createLog();
  let paths = new WorkspacePaths(folderPaths());
  const versions = context.globalState;
  sessions = new AgentSessions({
    readAgents: () => readAgentSettings(log),
    demoAgent: {
      command: process.execPath,
      args: [vscode.Uri.joinPath(context.extensionUri, "dist", "demoAgent.js").fsPath],
      env: { ELECTRON_RUN_AS_NODE: "1" },
    },
    workspaceRoots: folderPaths,
    workspaceTrusted: () => vscode.workspace.isTrusted,
    workspacePaths: () => paths,
    documents: editorDocuments,
    writeBypass,
    chooseAuthMethod: async (agentName, methods) =>
      (
        await vscode.window.showQuickPick(
          methods.map((m) => ({ label: m.name, detail: m.description, id: m.id })),
          { title: vscode.l10n.t("{0} needs you to sign in", agentName), ignoreFocusOut: true },
        )
      )?.id,
    versionMemory: {
      get: (name) => versions.get<ProtocolVersion>(`protocolVersion:${name}`),
      set: (name, version) => void versions.update(`protocolVersion:${name}`, version),
    },
    log,
    clientVersion: (context.extension.packageJSON as { version?: string }).version ?? "0.0.0",
    limits: pendingLimits(),
  });
  const client = sessions;
  const diffs = new DiffDocuments();
  const view: SymposiumView = new SymposiumView(
    context.extensionUri,
    () => client.snapshot(),
    (message) =>
      handleIntent(message, {
        sessions: client,
        diffs,
        log,
        inWorkspace: (path) => paths.contains(path),
      }),
    log,
    { reportPaint: paintReportsRequested(context.extensionMode) },
  );
  const attention = new Attention(client, view);
  const history = new ApprovalHistory(vscode.Uri.joinPath(context.globalStorageUri, "history").fsPath);
  const historyPanel = new HistoryPanel(context.extensionUri, history, log);

  context.subscriptions.push(
    log,
    diffs,
    view,
    attention,
    vscode.window.registerWebviewViewProvider(VIEW_ID, view),
    client.onDidChange((ops) => view.push(ops)),
    vscode.commands.registerCommand("symposium.newSession", () => newSession(client, view)),
    vscode.commands.registerCommand("symposium.showLog", () => log.show()),
    vscode.commands.registerCommand(REVEAL_COMMAND, () => attention.revealPending()),
    vscode.commands.registerCommand("symposium.revokeBypass", () => revokeBypass(client)),
    vscode.commands.registerCommand("symposium.bypassForWindow", () => bypassForWindow(client)),
    vscode.commands.registerCommand("symposium.showHistory", () => historyPanel.show()),
    registerWalkthrough(client),
    client.onDidDecide((prompt, record) => {
      history.append(historyEntry(prompt, record));
      historyPanel.refreshSoon();
    }),
    { dispose: () => void history.flush() },
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!affectsSymposium(event)) return;
      client.setLimits(pendingLimits());
      client.reloadSettings();
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(() => {
      paths = new WorkspacePaths(folderPaths());
      view.push([client.blockedOp()]);
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      client.reloadSettings();
      view.push([client.blockedOp()]);
    }),
    { dispose: () => void client.dispose() },
  );

  return context.extensionMode === vscode.ExtensionMode.Test
    ? { sessions: client, history, view }
    : undefined;
}

export async function deactivate(): Promise<void> {
  await sessions?.dispose();
  sessions = undefined;
}

function folderPaths(): string[] {
  return (vscode.workspace.workspaceFolders ?? [])
    .filter((f) => f.uri.scheme === "file")
    .map((f) => f.uri.fsPath);
}

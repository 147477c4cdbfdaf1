/**
 * Symposium's settings, read from user settings only, at use time (live getters), with one change event. A
 * repository's `.vscode/settings.json` (workspace or folder level) can neither define an agent nor switch bypass on:
 * such values are ignored, with a warning.
 */
import * as vscode from "vscode";
import { Disposable } from "../core/disposable";
import type { Logger } from "../core/logger";
import { DEFAULT_PENDING_LIMITS, type PendingLimits } from "../core/pendingApprovals";
import { parsePermissionSources, type PermissionRule } from "../core/policy/ruleSettings";
import { inertText } from "../core/untrustedText";
import { parseAgentSettings, withBypass, type AgentSettings } from "../core/settings";
import {
  listRuleEntries,
  ORIGIN_LABELS,
  withoutRuleEntry,
  type RuleEntryListing,
  type RuleFolder,
  type RuleOrigin,
} from "./permissionEntries";

const SECTION = "symposium";

export class Configuration extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** Fires when any `symposium.*` setting changed. */
  readonly onDidChange = this.changed.event;
  private warnedAboutWorkspaceAgents = false;
  /** The permission-settings problems last logged, so each is logged once per change rather than per request. */
  private loggedPermissionProblems = "";
  /**
   * `permissionRules` as last read: every permission request reads them, and reading a setting in the extension host
   * costs about 0.1 ms. Dropped whenever settings, the workspace's folders or its trust change.
   */
  private rules: PermissionRule[] | undefined;
  /** Settings writes, one after the other: each reads the setting, changes it and writes it back. */
  private writes: Promise<unknown> = Promise.resolve();

  constructor(private readonly log: Logger) {
    super();
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (!event.affectsConfiguration(SECTION)) return;
        this.rules = undefined;
        this.changed.fire();
      }),
    );
    this._register(vscode.workspace.onDidChangeWorkspaceFolders(() => (this.rules = undefined)));
    this._register(vscode.workspace.onDidGrantWorkspaceTrust(() => (this.rules = undefined)));
  }

  get agents(): AgentSettings {
    const inspected = vscode.workspace.getConfiguration(SECTION).inspect<unknown>("agents");
    const ignored = [inspected?.workspaceValue, inspected?.workspaceFolderValue].some((v) => v !== undefined);
    if (ignored && !this.warnedAboutWorkspaceAgents) {
      this.warnedAboutWorkspaceAgents = true;
      const message = vscode.l10n.t(
        "symposium.agents in workspace settings is ignored: agents and bypass are read from your user settings only.",
      );
      this.log.warn(message);
      void vscode.window.showWarningMessage(message);
    }
    const settings = parseAgentSettings(inspected?.globalValue);
    for (const problem of settings.problems) this.log.warn(problem);
    return settings;
  }

  /**
   * `symposium.permissions`: allow, ask and deny rules from user settings (application-scoped, so neither a
   * repository's settings nor a remote's, a dev container's among them, are read as the person's); then
   * `symposium.workspacePermissions` from the workspace, its folders and a remote, which add deny and ask rules only (a
   * repository can tighten, never loosen) for the whole workspace. Allow rules from those are dropped, with a warning in
   * the log.
   */
  get permissionRules(): readonly PermissionRule[] {
    return (this.rules ??= this.readPermissionRules());
  }

  private readPermissionRules(): PermissionRule[] {
    // The workspace's sources are capped together: one cap each, a workspace of many folders read them all.
    const { rules, problems } = parsePermissionSources(
      permissionSources().map(({ value, origin, folder }) => ({
        value,
        source: origin === "user" ? "user" : "workspace",
        where: folder
          ? `settings of the workspace folder "${inertText(folder.name, 80)}"`
          : ORIGIN_LABELS[origin],
      })),
    );
    const key = problems.join("\n");
    if (key !== this.loggedPermissionProblems) {
      this.loggedPermissionProblems = key;
      for (const problem of problems) this.log.warn(problem);
    }
    return rules;
  }

  get pendingLimits(): PendingLimits {
    const seconds =
      vscode.workspace.getConfiguration(SECTION).inspect<number>("permissionTimeoutSeconds")?.globalValue ??
      0;
    const timeoutMs = Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 86_400) * 1000 : 0;
    return { ...DEFAULT_PENDING_LIMITS, timeoutMs };
  }

  /**
   * `symposium.additionalFolders`: folders outside the workspace that permissions treat as inside it. User settings
   * only, as agents are: a repository must not widen what counts as its own workspace.
   */
  get additionalFolders(): string[] {
    const value = vscode.workspace
      .getConfiguration(SECTION)
      .inspect<unknown>("additionalFolders")?.globalValue;
    if (!Array.isArray(value)) return [];
    return value.filter((folder): folder is string => typeof folder === "string" && folder.trim() !== "");
  }

  /** Wall-clock limit for an agent's terminal commands, in seconds; 0 = none. User settings only. */
  get terminalTimeoutSeconds(): number {
    const seconds =
      vscode.workspace.getConfiguration(SECTION).inspect<number>("terminalTimeoutSeconds")?.globalValue ?? 0;
    return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 86_400) : 0;
  }

  /**
   * Whether a turn that ends while the view is hidden is announced by a notification. User settings only: a
   * repository must not silence the news that an agent stopped working in it.
   */
  get notifyWhenTurnEnds(): boolean {
    return (
      vscode.workspace.getConfiguration(SECTION).inspect<unknown>("notifyWhenTurnEnds")?.globalValue !== false
    );
  }

  /**
   * Appends an allow rule ("Always allow …" from a card) to `symposium.permissions.allow` in user settings, keeping
   * every other rule and list as it was; an equal rule already there is not added twice. In the same write chain as
   * `removePermissionRule`, so an add and a remove never undo each other.
   */
  addPermissionRule(entry: Record<string, unknown>): Promise<void> {
    return this.serialized(async () => {
      const configuration = vscode.workspace.getConfiguration(SECTION, null);
      const current = configuration.inspect<unknown>("permissions")?.globalValue;
      const permissions =
        current !== null && typeof current === "object" && !Array.isArray(current)
          ? { ...(current as Record<string, unknown>) }
          : {};
      const allow = Array.isArray(permissions.allow) ? [...(permissions.allow as unknown[])] : [];
      if (allow.some((existing) => JSON.stringify(existing) === JSON.stringify(entry))) return;
      permissions.allow = [...allow, entry];
      await configuration.update("permissions", permissions, vscode.ConfigurationTarget.Global);
    });
  }

  /**
   * Writes `bypassPermissions` for one agent to user settings, keeping every other field and agent as it was. It
   * reads the setting and writes it back, so callers run one write at a time (`AgentSessions.setBypass` does).
   */
  async writeBypass(agentName: string, bypass: boolean): Promise<void> {
    const configuration = vscode.workspace.getConfiguration(SECTION);
    const current = configuration.inspect<unknown>("agents")?.globalValue;
    await configuration.update(
      "agents",
      withBypass(current, agentName, bypass),
      vscode.ConfigurationTarget.Global,
    );
  }

  /**
   * Every rule entry of `symposium.permissions` with where it comes from (user settings, workspace settings, the
   * workspace folder's settings), for Manage Permissions. Workspace allow entries are listed too, marked ignored.
   */
  permissionRuleEntries(): RuleEntryListing[] {
    return permissionSources().flatMap(({ value, origin, folder }) => listRuleEntries(value, origin, folder));
  }

  /**
   * Removes one rule from user settings `symposium.permissions`: the entry of that list equal to `entry` (the first
   * one when the same entry is there twice), keeping every other entry and key as it was. Resolves false when no such
   * entry is there (any more). Workspace settings are never written: a repository's settings are the repository's.
   */
  removePermissionRule(action: "allow" | "ask" | "deny", entry: unknown): Promise<boolean> {
    return this.serialized(async () => {
      const configuration = vscode.workspace.getConfiguration(SECTION, null);
      const current = configuration.inspect<unknown>("permissions")?.globalValue;
      const next = withoutRuleEntry(current, action, entry);
      if (next === undefined) return false;
      await configuration.update("permissions", next, vscode.ConfigurationTarget.Global);
      return true;
    });
  }

  /**
   * Removes every entry equal to `folder` from `symposium.additionalFolders` in user settings, keeping the rest in
   * order; false when there was none. Serialized with the other writes, as `removePermissionRule` is.
   */
  removeAdditionalFolder(folder: string): Promise<boolean> {
    return this.serialized(async () => {
      const configuration = vscode.workspace.getConfiguration(SECTION, null);
      const current = configuration.inspect<unknown>("additionalFolders")?.globalValue;
      if (!Array.isArray(current) || !current.includes(folder)) return false;
      await configuration.update(
        "additionalFolders",
        current.filter((entry: unknown) => entry !== folder),
        vscode.ConfigurationTarget.Global,
      );
      return true;
    });
  }

  /** Runs a read-change-write of a setting after the writes before it (two quick writes must not undo each other). */
  private serialized<T>(write: () => Promise<T>): Promise<T> {
    const result = this.writes.then(write);
    this.writes = result.catch(() => undefined);
    return result;
  }
}

/**
 * Every settings source of the permission rules, in order: the person's `symposium.permissions` (user settings, this
 * machine's: the setting is application-scoped), then `symposium.workspacePermissions` of the workspace's settings,
 * each folder's `.vscode/settings.json` in a multi-root workspace, and the remote's settings (a dev container copies
 * its `customizations.vscode.settings` there; VS Code reads them as user settings, so the person's and the remote's
 * values of this setting cannot be told apart: both only tighten). In a folder opened alone, its settings are the
 * workspace's (read once); in a multi-root workspace they are read per folder (the setting is resource-scoped: VS Code
 * keeps only such settings from a folder's file there). `null`: no folder, the user and workspace values (a
 * resource-scoped setting read without one is logged as a mistake).
 */
function permissionSources(): { value: unknown; origin: RuleOrigin; folder?: RuleFolder }[] {
  const configuration = vscode.workspace.getConfiguration(SECTION, null);
  const workspaces = configuration.inspect<unknown>("workspacePermissions");
  const sources: { value: unknown; origin: RuleOrigin; folder?: RuleFolder }[] = [
    { value: configuration.inspect<unknown>("permissions")?.globalValue, origin: "user" },
    { value: workspaces?.workspaceValue, origin: "workspace" },
  ];
  if (vscode.workspace.workspaceFile !== undefined)
    for (const folder of vscode.workspace.workspaceFolders ?? [])
      sources.push({
        value: vscode.workspace.getConfiguration(SECTION, folder.uri).inspect<unknown>("workspacePermissions")
          ?.workspaceFolderValue,
        origin: "workspaceFolder",
        folder: { name: folder.name, uri: folder.uri.toString() },
      });
  sources.push({ value: workspaces?.globalValue, origin: "remote" });
  return sources;
}

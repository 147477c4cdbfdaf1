/**
 * Symposium's settings, read from user settings only, at use time (live getters), with one change event. A
 * repository's `.vscode/settings.json` (workspace or folder level) can neither define an agent nor switch bypass on:
 * such values are ignored, with a warning.
 */
import * as vscode from "vscode";
import { Disposable } from "../core/disposable";
import type { Logger } from "../core/logger";
import { DEFAULT_PENDING_LIMITS, type PendingLimits } from "../core/pendingApprovals";
import { parsePermissionSettings, type PermissionRule } from "../core/policy/rules";
import { parseAgentSettings, withBypass, type AgentSettings } from "../core/settings";

const SECTION = "symposium";

export class Configuration extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** Fires when any `symposium.*` setting changed. */
  readonly onDidChange = this.changed.event;
  private warnedAboutWorkspaceAgents = false;
  /** The permission-settings problems last logged, so each is logged once per change rather than per request. */
  private loggedPermissionProblems = "";

  constructor(private readonly log: Logger) {
    super();
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(SECTION)) this.changed.fire();
      }),
    );
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
   * `symposium.permissions`: allow, ask and deny rules from user settings; the workspace and its folders may add
   * deny and ask rules only (a repository can tighten, never loosen). Allow rules from them are dropped, with a
   * warning in the log.
   */
  get permissionRules(): PermissionRule[] {
    const inspected = vscode.workspace.getConfiguration(SECTION).inspect<unknown>("permissions");
    const sources = [
      parsePermissionSettings(inspected?.globalValue, "user"),
      parsePermissionSettings(inspected?.workspaceValue, "workspace"),
      parsePermissionSettings(inspected?.workspaceFolderValue, "workspace"),
    ];
    const problems = sources.flatMap((s) => s.problems);
    const key = problems.join("\n");
    if (key !== this.loggedPermissionProblems) {
      this.loggedPermissionProblems = key;
      for (const problem of problems) this.log.warn(problem);
    }
    return sources.flatMap((s) => s.rules);
  }

  get pendingLimits(): PendingLimits {
    const seconds =
      vscode.workspace.getConfiguration(SECTION).inspect<number>("permissionTimeoutSeconds")?.globalValue ??
      0;
    const timeoutMs = Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 86_400) * 1000 : 0;
    return { ...DEFAULT_PENDING_LIMITS, timeoutMs };
  }

  /** Wall-clock limit for an agent's terminal commands, in seconds; 0 = none. User settings only. */
  get terminalTimeoutSeconds(): number {
    const seconds =
      vscode.workspace.getConfiguration(SECTION).inspect<number>("terminalTimeoutSeconds")?.globalValue ?? 0;
    return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 86_400) : 0;
  }

  /**
   * Appends an allow rule ("Always allow …" from a card) to `symposium.permissions.allow` in user settings, keeping
   * every other rule and list as it was; an equal rule already there is not added twice. Like `writeBypass`, it
   * reads and writes back, so callers run one write at a time (`AgentSessions.grant` does).
   */
  async addPermissionRule(entry: Record<string, unknown>): Promise<void> {
    const configuration = vscode.workspace.getConfiguration(SECTION);
    const current = configuration.inspect<unknown>("permissions")?.globalValue;
    const permissions =
      current !== null && typeof current === "object" && !Array.isArray(current)
        ? { ...(current as Record<string, unknown>) }
        : {};
    const allow = Array.isArray(permissions.allow) ? [...(permissions.allow as unknown[])] : [];
    if (allow.some((existing) => JSON.stringify(existing) === JSON.stringify(entry))) return;
    permissions.allow = [...allow, entry];
    await configuration.update("permissions", permissions, vscode.ConfigurationTarget.Global);
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
}

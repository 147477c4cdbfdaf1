/**
 * Whether bypass is on for an agent: the user setting (`bypassPermissions`, the Demo Agent's entry) as last read or
 * written, plus a window-only bypass that is never written anywhere and ends with the window.
 */
import type { AgentChoice } from "../shared/protocol";
import { DEMO_AGENT_NAME, type AgentDefinition, type AgentSettings } from "./settings";

export class BypassState {
  private settings: AgentSettings;
  private readonly windowOnly = new Set<string>();
  /**
   * The person's latest choice per agent, over what the settings say until a reload shows the settings agree: a
   * write still in flight (or a revoke whose write failed) is not undone by a reload that happens in between.
   */
  private readonly chosen = new Map<string, boolean>();

  constructor(private readonly read: () => AgentSettings) {
    this.settings = read();
  }

  /**
   * Re-reads the user settings (on configuration changes); the window-only bypass stays while its agent does. An
   * agent no longer in the settings (removed, renamed, or an entry that no longer reads) loses both: kept by name,
   * Bypass was shown and revocable nowhere, and went to whatever agent the settings gave that name next.
   */
  reload(): void {
    this.settings = this.read();
    for (const [agentName, on] of this.chosen)
      if (this.stored(agentName) === on || !this.defined(agentName)) this.chosen.delete(agentName);
    for (const agentName of this.windowOnly) if (!this.defined(agentName)) this.windowOnly.delete(agentName);
  }

  private defined(agentName: string): boolean {
    return agentName === DEMO_AGENT_NAME || this.settings.agents.has(agentName);
  }

  definition(agentName: string): AgentDefinition | undefined {
    return this.settings.agents.get(agentName);
  }

  isBypassed(agentName: string): boolean {
    return this.windowOnly.has(agentName) || (this.chosen.get(agentName) ?? this.stored(agentName));
  }

  /** Where an agent's bypass comes from (Manage Permissions): the setting, this window only, both or neither. */
  origins(agentName: string): ("settings" | "window")[] {
    const settings = this.chosen.get(agentName) ?? this.stored(agentName);
    return [
      ...(settings ? ["settings" as const] : []),
      ...(this.windowOnly.has(agentName) ? ["window" as const] : []),
    ];
  }

  /** The person turned bypass on or off (to be written to settings). Turning it off also ends window-only bypass. */
  choose(agentName: string, on: boolean): void {
    if (!on) this.windowOnly.delete(agentName);
    this.chosen.set(agentName, on);
  }

  setWindowOnly(agentName: string, on: boolean): void {
    if (on) this.windowOnly.add(agentName);
    else this.windowOnly.delete(agentName);
  }

  /** The agents to offer; `bypassed` is whether bypass is in effect (never in an untrusted workspace). */
  choices(workspaceTrusted: boolean): AgentChoice[] {
    const effective = (name: string) => workspaceTrusted && this.isBypassed(name);
    return [
      { name: DEMO_AGENT_NAME, builtIn: true, bypassed: effective(DEMO_AGENT_NAME) },
      ...[...this.settings.agents.keys()].map((name) => ({
        name,
        builtIn: false,
        bypassed: effective(name),
      })),
    ];
  }

  private stored(agentName: string): boolean {
    if (agentName === DEMO_AGENT_NAME) return this.settings.demoBypass;
    return this.settings.agents.get(agentName)?.bypassPermissions ?? false;
  }
}

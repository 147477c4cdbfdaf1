/**
 * The top bar: agent picker (bypassed agents visibly marked) and the New session button.
 *
 * The picker is a native `<select>` styled with the dropdown theme colours rather than `<vscode-single-select>`:
 * that component (with its list controller and scrollable) adds about 47 KB minified, which would take the bundle
 * past its 150 KB budget; the native control is also fully accessible and keyboard-operable as is.
 */
import "@vscode-elements/elements/dist/vscode-button/index.js";
import type { AgentChoice } from "../../src/shared/protocol";
import { custom, el, icon, setEnabled } from "../dom";

export class Header {
  readonly root: HTMLElement;
  private readonly select: HTMLSelectElement;
  private readonly bypassBadge: HTMLElement;
  private readonly newSessionButton: HTMLElement;
  private agents: AgentChoice[] = [];
  private selectedName: string | undefined;
  /** The person picked an agent here, or a session of one was shown: kept over the host's preferred one. */
  private picked = false;
  constructor(
    onNewSession: (agentName: string) => void,
    /** Another agent is picked (by the person, or as the session shown): the empty state's Start follows it. */
    private readonly onPick: (agentName: string) => void,
  ) {
    this.select = el("select", { class: "agent-select", id: "agent-select" });
    this.select.addEventListener("change", () => {
      this.selectedName = this.select.value;
      this.picked = true;
      this.syncBadge();
      onPick(this.select.value);
    });
    this.bypassBadge = el(
      "span",
      {
        class: "bypass-badge",
        hidden: true,
        title: "This agent's requests are approved automatically (allow once, inside the workspace)",
      },
      icon("shield"),
      " Bypass on",
    );
    this.newSessionButton = custom("vscode-button", { icon: "add" }, "New session");
    this.newSessionButton.addEventListener("click", () => {
      const name = this.selectedAgent();
      if (name !== undefined && !this.newSessionButton.hasAttribute("disabled")) onNewSession(name);
    });
    this.root = el(
      "header",
      { class: "toolbar" },
      labelFor("agent-select", "Agent"),
      this.select,
      this.bypassBadge,
      this.newSessionButton,
    );
  }

  /** The agent currently picked (falls back to the first offered). */
  selectedAgent(): string | undefined {
    const name = this.selectedName ?? this.select.value;
    return this.agents.some((agent) => agent.name === name) ? name : this.agents[0]?.name;
  }

  setAgents(agents: AgentChoice[], blocked: boolean): void {
    const preferred = (agents.find((agent) => agent.preferred) ?? agents[0])?.name;
    const keep = this.picked ? this.selectedAgent() : preferred;
    this.agents = agents;
    const selected = agents.some((agent) => agent.name === keep) ? keep : preferred;
    this.selectedName = selected;
    this.select.disabled = agents.length === 0;
    this.select.replaceChildren(
      ...agents.map((agent) => {
        const label = agent.bypassed ? `${agent.name} (Bypass on)` : agent.name;
        const option = el("option", {}, label);
        option.value = agent.name;
        option.selected = agent.name === selected;
        return option;
      }),
    );
    if (selected !== undefined) this.select.value = selected;
    setEnabled(this.newSessionButton, !blocked && agents.length > 0);
    this.syncBadge();
  }

  /** The shown session's agent becomes the picked one: the picker never names another agent than the one open. */
  showAgent(name: string): void {
    if (!this.agents.some((agent) => agent.name === name)) return;
    const changed = name !== this.selectedName;
    this.selectedName = name;
    this.picked = true;
    this.select.value = name;
    this.syncBadge();
    if (changed) this.onPick(name);
  }

  private syncBadge(): void {
    const agent = this.agents.find((candidate) => candidate.name === this.selectedAgent());
    this.bypassBadge.hidden = !agent?.bypassed;
  }
}

function labelFor(id: string, text: string): HTMLLabelElement {
  const label = el("label", { class: "toolbar-label" }, text);
  label.htmlFor = id;
  return label;
}

/** What the view shows before any session exists. */
import "@vscode-elements/elements/dist/vscode-button/index.js";
import { custom, el, icon, setEnabled } from "../dom";

export class EmptyState {
  readonly root: HTMLElement;
  private readonly startButton: HTMLElement;
  private agentName = "Demo Agent";

  constructor(onStart: (agentName: string) => void) {
    this.startButton = custom("vscode-button", { icon: "play" }, "Start a session with Demo Agent");
    this.startButton.addEventListener("click", () => {
      if (!this.startButton.hasAttribute("disabled")) onStart(this.agentName);
    });
    this.root = el(
      "div",
      { class: "empty-state" },
      icon("comment-discussion", "empty-icon"),
      el("h2", {}, "No sessions yet"),
      el(
        "p",
        {},
        "Start a session with an agent. Before it runs a command or changes a file, it asks you here, and you decide.",
      ),
      this.startButton,
    );
  }

  /** The built-in demo agent, if the host offers one under another name. */
  update(demoAgentName: string | undefined, blocked: boolean): void {
    if (demoAgentName !== undefined) this.agentName = demoAgentName;
    setEnabled(this.startButton, !blocked);
  }
}

/** What the view shows before any session exists. */
import "@vscode-elements/elements/dist/vscode-button/index.js";
import { custom, el, icon, setEnabled } from "../dom";

export class EmptyState {
  readonly root: HTMLElement;
  private readonly startButton: HTMLElement;
  private agentName: string | undefined;

  constructor(onStart: (agentName: string) => void) {
    this.startButton = custom("vscode-button", { icon: "play" }, "Start a session");
    this.startButton.addEventListener("click", () => {
      if (!this.startButton.hasAttribute("disabled") && this.agentName !== undefined) onStart(this.agentName);
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

  /** The agent the picker above names (the one last started, at first): the button starts that one. */
  update(agentName: string | undefined, blocked: boolean): void {
    if (agentName !== this.agentName) {
      this.agentName = agentName;
      this.startButton.textContent =
        agentName === undefined ? "Start a session" : `Start a session with ${agentName}`;
    }
    setEnabled(this.startButton, !blocked && agentName !== undefined);
  }
}

/**
 * The `/` list of the message box: the agent's slash commands (name, input hint, description), filtered as the person
 * types the name, chosen with the keyboard (Up/Down, Enter or Tab, Escape closes) or the mouse. The message box stays
 * a (multi-line) textbox, as in an editor's suggest widget: it says it autocompletes from a list (`aria-autocomplete`)
 * and points at the listbox and its active option by element reference where the browser supports references across
 * its shadow root; the live region says what is active, so screen readers hear it either way. Agent text goes in as
 * text only, already capped by the host.
 */
import type { SlashCommand } from "../../src/shared/protocol";
import { el } from "../dom";
import { awaitingInput, completion, matchCommands, slashQuery } from "../slashCommandMatch";
import "../styles/sessionControls.css";

export interface SlashListHost {
  /** The element that has focus while typing (the textarea inside `<vscode-textarea>`), once rendered. */
  input(): HTMLElement | undefined;
  value(): string;
  /** Replaces the message box's text and leaves the caret at its end. */
  setValue(text: string): void;
  announce(text: string): void;
}

export class SlashCommandList {
  readonly root: HTMLElement;
  private readonly listbox: HTMLElement;
  private readonly hint: HTMLElement;
  private commands: readonly SlashCommand[] = [];
  private shown: SlashCommand[] = [];
  private active = 0;
  /** The text Escape closed the list for: it stays closed until the text changes. */
  private dismissedFor: string | undefined;

  constructor(private readonly host: SlashListHost) {
    this.listbox = el("div", {
      class: "slash-list",
      role: "listbox",
      id: "slash-commands",
      "aria-label": "Slash commands",
      hidden: true,
    });
    this.hint = el("div", { class: "slash-input-hint", hidden: true });
    this.root = el("div", { class: "slash-commands" }, this.listbox, this.hint);
    // The options take no focus: the caret stays in the message box while the mouse picks one.
    this.listbox.addEventListener("mousedown", (event) => event.preventDefault());
  }

  get isOpen(): boolean {
    return !this.listbox.hidden;
  }

  /** The session's commands changed (or another session is shown). */
  setCommands(commands: readonly SlashCommand[]): void {
    if (commands === this.commands) return;
    this.commands = commands;
    this.update();
  }

  /** Call after every change of the message box's text. */
  update(): void {
    const text = this.host.value();
    if (this.dismissedFor !== undefined && this.dismissedFor !== text) this.dismissedFor = undefined;
    const query = slashQuery(text);
    const matches =
      query === undefined || this.dismissedFor !== undefined ? [] : matchCommands(this.commands, query);
    const wasOpen = this.isOpen;
    const previous = this.shown[this.active]?.name;
    const countChanged = matches.length !== this.shown.length;
    this.shown = matches;
    if (matches.length === 0) {
      this.close();
    } else {
      const keep = matches.findIndex((command) => command.name === previous);
      this.active = keep >= 0 ? keep : 0;
      this.render();
      if (!wasOpen)
        this.host.announce(
          `${countText(matches.length)}. Up and down arrows choose, Enter or Tab inserts, Escape closes. ${this.activeText()}`,
        );
      else if (countChanged) this.host.announce(`${countText(matches.length)}. ${this.activeText()}`);
    }
    this.showHint(text);
  }

  /** Keys while the list is open; returns true when the key was the list's (the caller must not act on it). */
  handleKey(event: KeyboardEvent): boolean {
    if (!this.isOpen || event.isComposing || event.altKey || event.ctrlKey || event.metaKey) return false;
    switch (event.key) {
      case "ArrowDown":
        this.move(1);
        return true;
      case "ArrowUp":
        this.move(-1);
        return true;
      case "Enter":
      case "Tab":
        if (event.shiftKey) return false;
        this.choose(this.active);
        return true;
      case "Escape":
        this.dismissedFor = this.host.value();
        this.close();
        this.host.announce("Slash commands closed.");
        return true;
      default:
        return false;
    }
  }

  private move(step: number): void {
    const count = this.shown.length;
    this.active = (this.active + step + count) % count;
    this.render();
    this.host.announce(this.activeText());
  }

  private choose(index: number): void {
    const command = this.shown[index];
    if (!command) return;
    this.host.setValue(completion(command));
    this.shown = [];
    this.close();
    this.showHint(this.host.value());
    this.host.announce(`Inserted /${command.name}.${command.hint ? ` Type ${command.hint}.` : ""}`);
  }

  private close(): void {
    this.listbox.hidden = true;
    this.listbox.replaceChildren();
    const input = this.host.input();
    if (input && "ariaActiveDescendantElement" in input) {
      input.ariaActiveDescendantElement = null;
      input.ariaControlsElements = null;
    }
  }

  private render(): void {
    const options = this.shown.map((command, index) => {
      const option = el(
        "div",
        {
          class: index === this.active ? "slash-option active" : "slash-option",
          role: "option",
          id: `slash-option-${index}`,
          "aria-selected": String(index === this.active),
        },
        el("span", { class: "slash-name" }, `/${command.name}`),
        command.hint ? el("span", { class: "slash-hint" }, command.hint) : null,
        el("span", { class: "slash-description" }, command.description),
      );
      option.addEventListener("click", () => this.choose(index));
      return option;
    });
    this.listbox.replaceChildren(...options);
    this.listbox.hidden = false;
    const active = options[this.active];
    active?.scrollIntoView?.({ block: "nearest" });
    const input = this.host.input();
    if (!input) return;
    input.setAttribute("aria-autocomplete", "list");
    if ("ariaActiveDescendantElement" in input) {
      input.ariaControlsElements = [this.listbox];
      input.ariaActiveDescendantElement = active ?? null;
    }
  }

  private activeText(): string {
    const command = this.shown[this.active];
    if (!command) return "";
    const description = command.description ? `: ${command.description}` : "";
    return `/${command.name}${description} (${this.active + 1} of ${this.shown.length})`;
  }

  /** Under the box while a chosen command's input is still empty: what to type. */
  private showHint(text: string): void {
    const command = this.isOpen ? undefined : awaitingInput(this.commands, text);
    this.hint.hidden = !command?.hint;
    this.hint.textContent = command?.hint ? `/${command.name} ${command.hint}` : "";
  }
}

function countText(count: number): string {
  return count === 1 ? "1 slash command" : `${count} slash commands`;
}

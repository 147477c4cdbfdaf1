/**
 * The `/` list of the message box: the agent's slash commands (name, input hint, description), filtered as the person
 * types the name (`SuggestList` does the keys and what screen readers hear), and the input hint of a chosen command
 * under the box until its input is typed. Agent text goes in as text only, already capped by the host, its hidden
 * characters shown as markers (an override in a name or description would reorder what the list says).
 */
import type { SlashCommand } from "../../src/shared/protocol";
import { el } from "../dom";
import { visibleText } from "../hiddenCharacters";
import { appendVisible } from "../text";
import { awaitingInput, completion, matchCommands, slashQuery } from "../slashCommandMatch";
import { SuggestList, type SuggestListHost } from "./suggestList";

export interface SlashListHost extends SuggestListHost {
  value(): string;
  /** Replaces the message box's text and leaves the caret at its end. */
  setValue(text: string): void;
}

export class SlashCommandList {
  readonly root: HTMLElement;
  private readonly list: SuggestList;
  private readonly hint: HTMLElement;
  private commands: readonly SlashCommand[] = [];
  private shown: SlashCommand[] = [];
  /** The text Escape closed the list for: it stays closed until the text changes. */
  private dismissedFor: string | undefined;

  constructor(private readonly host: SlashListHost) {
    this.list = new SuggestList(host, {
      id: "slash-commands",
      label: "Slash commands",
      count: (count) => (count === 1 ? "1 slash command" : `${count} slash commands`),
      usage: "Up and down arrows choose, Enter or Tab inserts, Escape closes.",
      choose: (index) => this.choose(index),
      dismiss: () => (this.dismissedFor = this.host.value()),
      write: appendVisible,
    });
    this.hint = el("div", { class: "slash-input-hint", hidden: true });
    this.root = el("div", { class: "slash-commands" }, this.list.root, this.hint);
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
    this.shown =
      query === undefined || this.dismissedFor !== undefined ? [] : matchCommands(this.commands, query);
    this.list.show(
      this.shown.map((command) => ({
        key: command.name,
        name: `/${command.name}`,
        hint: command.hint,
        detail: command.description,
        spoken: `/${command.name}${command.description ? `: ${command.description}` : ""}`,
      })),
    );
    this.showHint(text);
  }

  /** Keys while the list is open; returns true when the key was the list's (the caller must not act on it). */
  handleKey(event: KeyboardEvent): boolean {
    return this.list.handleKey(event);
  }

  private choose(index: number): void {
    const command = this.shown[index];
    if (!command) return;
    this.host.setValue(completion(command));
    this.shown = [];
    this.list.close();
    this.showHint(this.host.value());
    this.host.announce(`Inserted /${command.name}.${command.hint ? ` Type ${command.hint}.` : ""}`);
  }

  /** Under the box while a chosen command's input is still empty: what to type. */
  private showHint(text: string): void {
    const command = this.list.isOpen ? undefined : awaitingInput(this.commands, text);
    this.hint.hidden = !command?.hint;
    this.hint.textContent = command?.hint ? visibleText(`/${command.name} ${command.hint}`) : "";
  }
}

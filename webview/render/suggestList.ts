/**
 * A list of suggestions under the message box (the `/` commands, the `@` files), as an editor's suggest widget: the
 * caret stays in the box, which says it autocompletes from the list (`aria-autocomplete`) and points at the listbox
 * and its active option by element reference where the browser supports references across its shadow root; the live
 * region says what is active, so screen readers hear it either way. Up/Down choose, Enter or Tab takes the active
 * option, Escape closes; a click takes one too. What each option says is the caller's, as text.
 */
import { el } from "../dom";
import "../styles/sessionControls.css";

export interface SuggestListHost {
  /** The element that has focus while typing (the textarea inside `<vscode-textarea>`), once rendered. */
  input(): HTMLElement | undefined;
  announce(text: string): void;
}

export interface Suggestion {
  /** Keeps the active option active while the list changes under it. */
  key: string;
  /** The option's bold part. */
  name: string;
  /** In italics after the name: what to type after a command. */
  hint?: string;
  /** Muted, last, cut to the width: a command's description, a file's folder. */
  detail?: string;
  /** What a screen reader hears for it, without its position. */
  spoken: string;
}

export interface SuggestListOptions {
  id: string;
  /** The listbox's name: "Slash commands". */
  label: string;
  /** "3 slash commands". */
  count(count: number): string;
  /** Said when the list opens, after the count: how to use it. */
  usage: string;
  choose(index: number): void;
  /** Escape closed the list. */
  dismiss(): void;
  /** Appends a part's text to its element (the caller decides how hidden characters show). */
  write?: (element: HTMLElement, text: string) => void;
}

export class SuggestList {
  readonly root: HTMLElement;
  private shown: readonly Suggestion[] = [];
  private active = 0;

  constructor(
    private readonly host: SuggestListHost,
    private readonly options: SuggestListOptions,
  ) {
    this.root = el("div", {
      class: "suggest-list",
      role: "listbox",
      id: options.id,
      "aria-label": options.label,
      hidden: true,
    });
    // The options take no focus: the caret stays in the message box while the mouse picks one.
    this.root.addEventListener("mousedown", (event) => event.preventDefault());
  }

  get isOpen(): boolean {
    return !this.root.hidden;
  }

  /** Shows these suggestions (closes on none), keeping the active one where it is still listed. */
  show(suggestions: readonly Suggestion[]): void {
    if (suggestions.length === 0) {
      this.close();
      return;
    }
    const wasOpen = this.isOpen;
    const previous = this.shown[this.active]?.key;
    const countChanged = suggestions.length !== this.shown.length;
    this.shown = suggestions;
    const keep = suggestions.findIndex((suggestion) => suggestion.key === previous);
    this.active = keep >= 0 ? keep : 0;
    this.render();
    const count = this.options.count(suggestions.length);
    if (!wasOpen) this.host.announce(`${count}. ${this.options.usage} ${this.activeText()}`);
    else if (countChanged) this.host.announce(`${count}. ${this.activeText()}`);
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
        this.options.choose(this.active);
        return true;
      case "Escape":
        this.close();
        this.options.dismiss();
        this.host.announce(`${this.options.label} closed.`);
        return true;
      default:
        return false;
    }
  }

  close(): void {
    this.shown = [];
    if (!this.isOpen) return;
    this.root.hidden = true;
    this.root.replaceChildren();
    const input = this.host.input();
    if (input && "ariaActiveDescendantElement" in input) {
      input.ariaActiveDescendantElement = null;
      input.ariaControlsElements = null;
    }
  }

  private move(step: number): void {
    const count = this.shown.length;
    this.active = (this.active + step + count) % count;
    this.render();
    this.host.announce(this.activeText());
  }

  private render(): void {
    const write = this.options.write ?? ((element, text) => (element.textContent = text));
    const part = (className: string, text: string) => {
      const span = el("span", { class: className });
      write(span, text);
      return span;
    };
    const options = this.shown.map((suggestion, index) => {
      const option = el(
        "div",
        {
          class: index === this.active ? "suggest-option active" : "suggest-option",
          role: "option",
          id: `${this.options.id}-option-${index}`,
          "aria-selected": String(index === this.active),
        },
        part("suggest-name", suggestion.name),
        suggestion.hint ? part("suggest-hint", suggestion.hint) : null,
        suggestion.detail ? part("suggest-detail", suggestion.detail) : null,
      );
      option.addEventListener("click", () => this.options.choose(index));
      return option;
    });
    this.root.replaceChildren(...options);
    this.root.hidden = false;
    const active = options[this.active];
    active?.scrollIntoView?.({ block: "nearest" });
    const input = this.host.input();
    if (!input) return;
    input.setAttribute("aria-autocomplete", "list");
    if ("ariaActiveDescendantElement" in input) {
      input.ariaControlsElements = [this.root];
      input.ariaActiveDescendantElement = active ?? null;
    }
  }

  private activeText(): string {
    const suggestion = this.shown[this.active];
    return suggestion ? `${suggestion.spoken} (${this.active + 1} of ${this.shown.length})` : "";
  }
}

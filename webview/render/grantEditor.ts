/**
 * The part of a card where Symposium offers to remember a rule: "Allow in this session" and "Always allow", with the
 * narrowest rule that covers the request in plain words and a small inline editor for its command prefix or path
 * glob. What the agent remembers (its own lasting options) is marked on those buttons; what Symposium remembers is
 * said here, with how long. The host checks the edited rule again and refuses one that does not cover the request or
 * is wider than allowed: this is a view, not an authority.
 */
import type { GrantView } from "../../src/shared/protocol";
import { LIMITS } from "../../src/shared/limits";
import { button, el, icon } from "../dom";
import { appendVisible } from "../text";

export type GrantScope = "session" | "always";

let nextEditorId = 0;

interface GrantButtonText {
  icon: string;
  label: string;
  /** How long Symposium remembers the rule, beside the label. */
  lasts: string;
  description: string;
}

const GRANT_BUTTONS: Record<GrantScope, GrantButtonText> = {
  session: {
    icon: "check",
    label: "Allow in this session",
    lasts: "until the session ends",
    description:
      "Allows this request once, and Symposium allows what the rule covers until this session ends.",
  },
  always: {
    icon: "check-all",
    label: "Always allow",
    lasts: "saved in your user settings",
    description:
      "Allows this request once, and saves the rule in your user settings: Symposium allows what it covers until you remove it.",
  },
};

export class GrantEditor {
  readonly root: HTMLElement;
  /** The buttons that approve (the card guards them like its options). */
  readonly approveButtons: HTMLButtonElement[];
  private readonly input: HTMLInputElement | null = null;
  private readonly ruleText: HTMLElement;
  private readonly editPanel: HTMLElement | null = null;
  private readonly editButton: HTMLButtonElement | null = null;
  private readonly options: HTMLElement;

  constructor(
    private readonly grant: GrantView,
    onGrant: (scope: GrantScope, edit: { command?: string; path?: string }) => void,
  ) {
    const id = nextEditorId++;
    this.ruleText = el("span", { class: "grant-rule", id: `grant-${id}-rule` });
    this.showRule(grant.value);

    if (grant.field !== "none") {
      const inputId = `grant-${id}-input`;
      this.input = el("input", {
        class: "grant-input",
        id: inputId,
        value: grant.value,
        "aria-describedby": `grant-${id}-hint`,
      });
      this.input.type = "text";
      this.input.maxLength = LIMITS.intent.ruleChars;
      this.input.spellcheck = false;
      this.input.addEventListener("input", () => this.showRule(this.input!.value));
      this.input.addEventListener("keydown", (event) => {
        // The card's keys (1–9 choose, Escape denies) must not act while a person types a rule.
        event.stopPropagation();
        if (event.key === "Escape") {
          event.preventDefault();
          this.closeEditor();
        }
      });
      this.editPanel = el(
        "div",
        { class: "grant-edit", hidden: true },
        el(
          "label",
          { class: "grant-edit-label" },
          grant.field === "command" ? "Command prefix (words)" : "Path glob (relative to the workspace)",
        ),
        this.input,
        el(
          "p",
          { class: "note grant-edit-hint", id: `grant-${id}-hint` },
          grant.field === "command"
            ? "Must stay a prefix of every command this request runs. Symposium checks it again before saving."
            : "Must match every path of this request and start with a folder name. Symposium checks it again before saving.",
        ),
      );
      (this.editPanel.firstChild as HTMLLabelElement).htmlFor = inputId;
      this.editButton = button("option option-neutral grant-edit-button", icon("edit"), "Edit rule");
      this.editButton.setAttribute("aria-expanded", "false");
      this.editButton.addEventListener("click", () => {
        if (this.editPanel!.hidden) this.openEditor();
        else this.closeEditor();
      });
    }

    const edit = (): { command?: string; path?: string } =>
      this.input === null
        ? {}
        : this.grant.field === "command"
          ? { command: this.input.value }
          : { path: this.input.value };
    const grantButton = (scope: GrantScope, text: GrantButtonText): HTMLButtonElement => {
      const action = button(
        `option option-grant grant-${scope}`,
        icon(text.icon),
        text.label,
        el("span", { class: "option-lasting-note", "aria-hidden": "true" }, ` · ${text.lasts}`),
      );
      action.setAttribute("aria-description", text.description);
      action.addEventListener("click", () => onGrant(scope, edit()));
      return action;
    };
    const session = grantButton("session", GRANT_BUTTONS.session);
    const always = grantButton("always", GRANT_BUTTONS.always);
    this.approveButtons = [session, always];
    this.options = el("div", { class: "card-options grant-options" }, session, always, this.editButton);

    // The edit panel joins the card when first opened: with a text field in every card (even hidden), Chromium's
    // autofill laid out each off-screen card (content-visibility) after cards were added: 1 s for 100 cards.
    this.root = el(
      "div",
      { class: "grant", role: "group", "aria-label": "Rules Symposium can remember" },
      el(
        "p",
        { class: "grant-text" },
        icon("bookmark"),
        " Symposium can remember: ",
        this.ruleText,
        grant.rest !== "" ? el("span", { class: "grant-rest" }, ` · ${grant.rest}`) : null,
      ),
      this.options,
    );
  }

  private showRule(value: string): void {
    this.ruleText.replaceChildren();
    const words =
      this.grant.field === "command"
        ? `allow commands starting with "${value.trim()}"`
        : this.grant.field === "path"
          ? `allow paths matching "${value.trim()}"`
          : "allow";
    appendVisible(this.ruleText, words);
  }

  private openEditor(): void {
    if (!this.editPanel || !this.input) return;
    if (!this.editPanel.isConnected) this.options.before(this.editPanel);
    this.editPanel.hidden = false;
    this.editButton?.setAttribute("aria-expanded", "true");
    this.input.focus();
    this.input.select();
  }

  private closeEditor(): void {
    if (!this.editPanel) return;
    this.editPanel.hidden = true;
    this.editButton?.setAttribute("aria-expanded", "false");
    this.editButton?.focus();
  }
}

/**
 * The part of a card where Symposium offers to remember a rule: "Allow in this session" and "Always allow", with the
 * narrowest rule that covers the request in plain words and a small inline editor for its command prefix or path
 * glob. What the agent remembers (its own lasting options) is marked on those buttons; what Symposium remembers is
 * said here, with how long. The host checks the edited rule again and refuses one that does not cover the request or
 * is wider than allowed: this is a view, not an authority.
 */
import type { GrantView } from "../../src/shared/protocol";
import { LIMITS } from "../../src/shared/limits";
import { button, el, focusOpened, icon } from "../dom";
import { appendVisible } from "../text";
import { labelWithLastingNote } from "./optionLabel";

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
    // Rules carry no folder: `npm test` allowed here runs another repository's own test script there.
    lasts: "in every workspace",
    description:
      "Allows this request once, and saves the rule in your user settings: Symposium allows what it covers in every workspace you open, until you remove it.",
  },
};

export class GrantEditor {
  readonly root: HTMLElement;
  /** The buttons that approve (the card guards them like its options). */
  readonly approveButtons: HTMLButtonElement[];
  private input: HTMLInputElement | null = null;
  private readonly ruleText: HTMLElement;
  private editPanel: HTMLElement | null = null;
  private readonly editButton: HTMLButtonElement | null = null;
  private readonly options: HTMLElement;
  private readonly id = nextEditorId++;

  constructor(
    private readonly grant: GrantView,
    onGrant: (scope: GrantScope, edit: { command?: string; path?: string }) => void,
  ) {
    this.ruleText = el("span", { class: "grant-rule", id: `grant-${this.id}-rule` });
    this.showRule(grant.value);

    if (grant.field !== "none") {
      this.editButton = button("option option-neutral grant-edit-button small", icon("edit"), "Edit rule");
      this.editButton.setAttribute("aria-expanded", "false");
      this.editButton.addEventListener("click", () => {
        if (this.editPanel === null || this.editPanel.hidden) this.openEditor();
        else this.closeEditor();
      });
    }

    const edit = (): { command?: string; path?: string } => {
      if (this.grant.field === "none") return {};
      const value = this.input?.value ?? this.grant.value;
      return this.grant.field === "command" ? { command: value } : { path: value };
    };
    const grantButton = (scope: GrantScope, text: GrantButtonText): HTMLButtonElement => {
      const action = button(
        `option option-grant grant-${scope}`,
        icon(text.icon),
        labelWithLastingNote(text.label, `· ${text.lasts}`),
      );
      action.setAttribute("aria-description", text.description);
      action.addEventListener("click", () => onGrant(scope, edit()));
      return action;
    };
    const session = grantButton("session", GRANT_BUTTONS.session);
    const always = grantButton("always", GRANT_BUTTONS.always);
    this.approveButtons = [session, always];
    this.options = el("div", { class: "card-options grant-options" }, session, always);

    // The edit panel is built and joins the card when first opened: with a text field in every card (even hidden),
    // Chromium's autofill laid out each off-screen card (content-visibility) after cards were added (1 s for 100
    // cards), and building the field and its panel was a share of every card's script.
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
        // Beside the rule it edits, whose field opens right under it: in a narrow view it ends the rule's last line
        // rather than taking a row of its own.
        this.editButton ? " " : null,
        this.editButton,
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

  /** The panel with the rule's text field, built on first use. */
  private buildEditPanel(): { panel: HTMLElement; input: HTMLInputElement } {
    const { grant, id } = this;
    const inputId = `grant-${id}-input`;
    const input = el("input", {
      class: "grant-input",
      id: inputId,
      value: grant.value,
      "aria-describedby": `grant-${id}-hint`,
    });
    input.type = "text";
    input.maxLength = LIMITS.intent.ruleChars;
    input.spellcheck = false;
    input.addEventListener("input", () => this.showRule(input.value));
    input.addEventListener("keydown", (event) => {
      // The card's keys (1–9 choose, Escape denies) must not act while a person types a rule; the workbench's
      // shortcuts (with Ctrl, Alt or Cmd, which the card ignores) still must.
      if (!event.ctrlKey && !event.altKey && !event.metaKey) event.stopPropagation();
      if (event.key === "Escape") {
        event.preventDefault();
        this.closeEditor();
      }
    });
    const label = el(
      "label",
      { class: "grant-edit-label" },
      grant.field === "command" ? "Command prefix (words)" : "Path glob (relative to the workspace)",
    );
    label.htmlFor = inputId;
    const panel = el(
      "div",
      { class: "grant-edit" },
      label,
      input,
      el(
        "p",
        { class: "note grant-edit-hint", id: `grant-${id}-hint` },
        grant.field === "command"
          ? "Must stay a prefix of every command this request runs. Symposium checks it again before saving."
          : "Must match every path of this request and start with a folder name. Symposium checks it again before saving.",
      ),
    );
    return { panel, input };
  }

  private openEditor(): void {
    if (this.grant.field === "none") return;
    if (!this.editPanel || !this.input) {
      const { panel, input } = this.buildEditPanel();
      this.editPanel = panel;
      this.input = input;
      this.options.before(panel);
    }
    this.editPanel.hidden = false;
    this.editButton?.setAttribute("aria-expanded", "true");
    focusOpened(this.input, this.editPanel);
    this.input.select();
  }

  private closeEditor(): void {
    if (!this.editPanel) return;
    this.editPanel.hidden = true;
    this.editButton?.setAttribute("aria-expanded", "false");
    this.editButton?.focus();
  }
}

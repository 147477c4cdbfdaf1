/**
 * "Reject with reason…" on a card: a button beside the options that opens a small text field inside the card. Sending
 * rejects the request like Reject (the agent's reject option) and the host then sends the reason to the agent as the
 * person's next message of that session: ACP has no field for a reason. Keys typed in the field stay in the field:
 * the card's 1–9 and Escape shortcuts must never answer the request while a reason is being written.
 */
import type { HostPort } from "../host";
import type { ReasonDrafts } from "../savedState";
import { LIMITS } from "../../src/shared/limits";
import { button, el, focusOpened, icon } from "../dom";
import "../styles/rejectReason.css";

export interface RejectReasonCard {
  readonly key: string;
  /** The card ignores choices (a new card's guard, or answered); a mouse's clicks on a guarded card stop before. */
  isBlocked(): boolean;
  /** The card is answered: it blocks its buttons until the host replaces it. */
  markAnswered(): void;
}

export class RejectReason {
  /** Goes in the card's row of options. */
  readonly button: HTMLButtonElement;
  /** Goes at the end of the card; holds the field while it is open. */
  readonly panel: HTMLElement;
  private field: HTMLTextAreaElement | null = null;

  constructor(
    private readonly card: RejectReasonCard,
    private readonly host: HostPort,
    private readonly drafts?: ReasonDrafts,
  ) {
    this.button = button("option option-reject option-reason", icon("comment"), "Reject with reason…");
    this.button.title = "Reject, then tell the agent why (sent as your next message)";
    this.button.setAttribute("aria-expanded", "false");
    this.button.addEventListener("click", () => this.open());
    this.panel = el("div", { class: "reject-reason", hidden: true });
    // A reason written before the view was hidden (its page dropped) comes back open, where it was left; the keyboard
    // stays where it is.
    const kept = drafts?.reason(card.key);
    if (kept !== undefined) this.open(kept);
    // No key pressed in the field or its buttons reaches the card's shortcuts (1–9 choose, Escape rejects). A key with
    // Ctrl, Alt or Cmd goes on: the card ignores those, and the workbench's own shortcuts (Ctrl+Shift+E, Ctrl+P) must
    // work while a reason is typed.
    this.panel.addEventListener("keydown", (event) => {
      if (!event.ctrlKey && !event.altKey && !event.metaKey) event.stopPropagation();
      if (event.key === "Escape" && !event.isComposing) {
        event.preventDefault();
        this.close();
      }
    });
  }

  private close(): void {
    if (!this.field) return;
    this.field = null;
    this.drafts?.setReason(this.card.key, "");
    this.panel.replaceChildren();
    this.panel.hidden = true;
    this.button.setAttribute("aria-expanded", "false");
    this.button.focus();
  }

  /** Opens the field; `kept`: a reason written before the page was built again (no guard then, no focus taken). */
  private open(kept?: string): void {
    if ((kept === undefined && this.card.isBlocked()) || this.field) return;
    const field = el("textarea", {
      class: "reject-reason-field card-field",
      "aria-label": "Reason for rejecting",
      placeholder: "Why? The agent gets this as your next message",
    });
    field.maxLength = LIMITS.intent.rejectReasonChars;
    field.rows = 2;
    if (kept !== undefined) field.value = kept;
    field.addEventListener("input", () => this.drafts?.setReason(this.card.key, field.value));
    const send = button("option option-reject", icon("close"), "Reject and send reason");
    const cancel = button("option option-neutral", "Cancel");
    send.addEventListener("click", () => this.submit());
    cancel.addEventListener("click", () => this.close());
    field.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        this.submit();
      }
    });
    const group = el(
      "div",
      { role: "group", "aria-label": "Reject with reason" },
      field,
      el("div", { class: "card-options" }, send, cancel),
    );
    this.panel.replaceChildren(group);
    this.panel.hidden = false;
    this.field = field;
    this.button.setAttribute("aria-expanded", "true");
    if (kept === undefined) focusOpened(field, group);
  }

  private submit(): void {
    const reason = this.field?.value.trim() ?? "";
    if (this.card.isBlocked() || !this.field) return;
    if (reason === "") {
      this.field.focus();
      return;
    }
    this.card.markAnswered();
    this.drafts?.setReason(this.card.key, "");
    this.host.post({
      type: "rejectWithReason",
      key: this.card.key,
      reason: reason.slice(0, LIMITS.intent.rejectReasonChars),
    });
  }
}

/**
 * The pending list of the shown session: when two or more cards wait, a compact, collapsed list lets a person select
 * several (checkboxes, keyboard first) and allow each once, or reject each, in one step. Each answer is the card's
 * own: allow once (cards without an allow-once option stay open) or its reject option (Deny). Nothing is selected
 * by itself: a card that just arrived is never answered without being ticked.
 */
import type { PromptView } from "../../src/shared/protocol";
import { LIMITS } from "../../src/shared/limits";
import { subjectGist } from "../../src/shared/toolCallView";
import { button, el, icon, ignoreMouseClicks } from "../dom";
import { planOrder } from "../keyedOrder";
import { COMMAND_HIDDEN } from "../hiddenCharacters";
import { appendVisible, clip } from "../text";
import { GUARD_MS } from "./approvalCard";

/** A row's gist: a command's most, with room for what a cut one says of the characters it leaves out. */
const GIST_CHARS = LIMITS.commandChars + 100;

export interface PendingListActions {
  answer(keys: string[], answer: "allow" | "reject"): void;
  announce(text: string): void;
}

export class PendingList {
  private readonly summary = el("summary", { class: "pending-batch-summary" });
  private readonly list = el("ul", { role: "list", "aria-label": "Pending requests" });
  private readonly allowButton = button("option option-allow small", icon("check"), "Allow once");
  private readonly rejectButton = button("option option-reject small", icon("close"), "Reject");
  private readonly selectAll = el("input", { "aria-label": "Select all pending requests" });
  private readonly selected = new Set<string>();
  private keys: string[] = [];
  /** When each row came (performance.now()): Select all leaves out a row that came a moment ago. */
  private readonly arrived = new Map<string, number>();
  /** The list's rows by prompt key, in `keys` order. */
  private readonly rows = new Map<string, HTMLLIElement>();
  /** Until then (performance.now()) the list ignores clicks: its rows just changed and moved under the pointer. */
  private guardUntil = 0;
  readonly root: HTMLDetailsElement;

  constructor(private readonly actions: PendingListActions) {
    this.selectAll.type = "checkbox";
    this.selectAll.addEventListener("change", () => {
      // A row that came a moment ago is not ticked, by keys either: Select all pressed as it arrived would otherwise
      // answer a request the person never saw.
      const settled = performance.now() - GUARD_MS;
      let leftOut = 0;
      for (const key of this.keys) {
        if (!this.selectAll.checked) this.selected.delete(key);
        else if ((this.arrived.get(key) ?? 0) <= settled) this.selected.add(key);
        else leftOut++;
      }
      for (const [key, row] of this.rows) {
        const box = row.querySelector<HTMLInputElement>("input[type=checkbox]");
        if (box) box.checked = this.selected.has(key);
      }
      this.sync();
      if (leftOut > 0)
        this.actions.announce(
          `${leftOut} request${leftOut === 1 ? "" : "s"} that just arrived ${leftOut === 1 ? "is" : "are"} not selected`,
        );
    });
    this.allowButton.addEventListener("click", () => this.answer("allow"));
    this.rejectButton.addEventListener("click", () => this.answer("reject"));
    const body = el(
      "div",
      { class: "pending-batch-body" },
      el("label", { class: "pending-batch-all" }, this.selectAll, " Select all"),
      this.list,
      el(
        "div",
        { class: "card-options", role: "group", "aria-label": "Answer the selected requests" },
        this.allowButton,
        this.rejectButton,
      ),
    );
    // A row that comes or goes moves the others and the buttons below them: a click meant for one row ticked the one
    // that slid under the pointer. Taken before it reaches a checkbox or button, as a moved card's guard does. Keys
    // (a click of detail 0) are not: the focused row stays the one the person is on.
    ignoreMouseClicks(body, () => performance.now() < this.guardUntil);
    this.root = el("details", { class: "pending-batch", hidden: true }, this.summary, body);
    this.sync();
  }

  /**
   * The shown session's pending cards, in arrival order. Shown only when two or more wait. Only the rows that came or
   * went change (with 1,000 pending, rebuilding every row took most of a new card's message).
   */
  render(prompts: readonly PromptView[]): void {
    const keys = prompts.map((p) => p.key);
    if (keys.length === this.keys.length && keys.every((k, i) => k === this.keys[i])) return;
    const plan = planOrder(this.keys, keys);
    this.keys = keys;
    this.guardUntil = performance.now() + GUARD_MS;
    for (const key of plan.remove) {
      this.selected.delete(key);
      this.arrived.delete(key);
      this.rows.get(key)?.remove();
      this.rows.delete(key);
    }
    const byKey = new Map(prompts.map((prompt) => [prompt.key, prompt]));
    for (const { key, before } of plan.insert) {
      if (!this.rows.has(key)) this.arrived.set(key, performance.now());
      const row = this.rows.get(key) ?? this.row(byKey.get(key)!);
      this.rows.set(key, row);
      this.list.insertBefore(row, before === undefined ? null : (this.rows.get(before) ?? null));
    }
    // Written only on a change (the same `hidden` restyles the list, the same text lays it out again).
    if (this.root.hidden !== prompts.length < 2) this.root.hidden = prompts.length < 2;
    const summary = `${prompts.length} requests pending: answer several at once`;
    if (this.summary.textContent !== summary) this.summary.textContent = summary;
    this.sync();
  }

  private row(prompt: PromptView): HTMLLIElement {
    const box = el("input", {});
    box.type = "checkbox";
    box.checked = this.selected.has(prompt.key);
    box.addEventListener("change", () => {
      if (box.checked) this.selected.add(prompt.key);
      else this.selected.delete(prompt.key);
      this.sync();
    });
    const text = el("span", { class: "pending-batch-title" });
    appendVisible(text, clip(prompt.title, LIMITS.titleChars));
    // What it runs or touches, under the agent's wording of it: the rows are all a batch shows.
    const gist = subjectGist(prompt.subject);
    if (gist !== "")
      appendVisible(
        text.appendChild(el("span", { class: "pending-batch-gist mono" })),
        clip(gist, GIST_CHARS),
        COMMAND_HIDDEN, // a command's curly quotes marked, as on its card
      );
    return el("li", {}, el("label", {}, box, text));
  }

  private sync(): void {
    const count = this.selected.size;
    // Runs with every card that comes or goes: each write only on a change, like `render`'s.
    const labels = [
      [this.allowButton, count > 0 ? `Allow once (${count})` : "Allow once"],
      [this.rejectButton, count > 0 ? `Reject (${count})` : "Reject"],
    ] as const;
    for (const [action, label] of labels) {
      if (action.lastChild!.textContent !== label) action.lastChild!.textContent = label;
      if (action.getAttribute("aria-disabled") !== String(count === 0))
        action.setAttribute("aria-disabled", String(count === 0));
    }
    this.selectAll.checked = count > 0 && count === this.keys.length;
    this.selectAll.indeterminate = count > 0 && count < this.keys.length;
  }

  private answer(answer: "allow" | "reject"): void {
    const keys = this.keys.filter((key) => this.selected.has(key));
    if (keys.length === 0) return;
    this.selected.clear();
    this.sync();
    this.actions.answer(keys, answer);
    this.actions.announce(
      `${answer === "allow" ? "Allowing once" : "Rejecting"} ${keys.length} request${keys.length === 1 ? "" : "s"}`,
    );
  }
}

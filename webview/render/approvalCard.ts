/**
 * One pending permission request. The card is a `role="group"` named by the request title and described by its
 * description (or its subject). Against click-through and approval fatigue: a new card ignores choices for
 * `GUARD_MS`, focus never lands on an allow button, held-down keys do not repeat choices, Escape picks the first
 * reject option (Deny, answering `cancelled`, where there is none), and Bypass Permissions is confirmed by the host in
 * a modal dialog of VS Code's, which this page cannot answer.
 */
import type { OptionView, PromptView } from "../../src/shared/protocol";
import { LIMITS } from "../../src/shared/limits";
import type { HostPort } from "../host";
import type { AnswerDrafts, ReasonDrafts } from "../savedState";
import { afterNextPaint, button, el, icon, ignoreMouseClicks } from "../dom";
import { COMMAND_HIDDEN, visibleText } from "../hiddenCharacters";
import { appendVisible, clip } from "../text";
import { RejectReason } from "./rejectReason";
import { renderSubject, renderToolCommand } from "./subject";
import { modeSwitchNote } from "./sessionControls";
import { GrantEditor, type GrantScope } from "./grantEditor";
import { labelWithLastingNote } from "./optionLabel";
import { optionShownName } from "../../src/shared/optionWords";
import { reachableWhenScrolling } from "./scrollBox";
import { QuestionForm } from "./questionForm";

/** How long a newly shown card ignores clicks and keys, and a moved one a mouse's clicks. */
export const GUARD_MS = 500;
/** If the host has not answered a choice by then, the buttons come back (the host ignored it; the card is pending). */
const RESEND_AFTER_MS = 5_000;

const OPTION_ICONS: Readonly<Record<OptionView["kindClass"], string | undefined>> = {
  allow: "check",
  reject: "close",
  neutral: undefined,
};

let nextCardId = 0;

/** One timer for all guarded cards (a flood of a thousand cards should not mean a thousand timers). */
const guardedCards = new Map<ApprovalCard, number>();
let guardTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleGuardRelease(): void {
  if (guardTimer !== undefined || guardedCards.size === 0) return;
  const next = Math.min(...guardedCards.values());
  guardTimer = setTimeout(
    () => {
      guardTimer = undefined;
      const now = performance.now();
      for (const [card, until] of guardedCards) {
        if (until <= now) {
          guardedCards.delete(card);
          card.releaseGuard();
        }
      }
      scheduleGuardRelease();
    },
    Math.max(0, next - performance.now()),
  );
}

export class ApprovalCard {
  readonly root: HTMLDivElement;
  private readonly actions: HTMLButtonElement[] = [];
  private readonly options: { view: OptionView; button: HTMLButtonElement }[] = [];
  private readonly countdown: HTMLElement | null;
  /** What the request is about; a placeholder until `showSubject` while the card sits on its tool call. */
  private subject: HTMLElement;
  private subjectShown: boolean;
  private answerTimer: ReturnType<typeof setTimeout> | undefined;
  /** Ignoring a mouse's clicks on the card's answers (`armGuard`). */
  private guarded = false;
  /** Until then (performance.now()) keys, and a key's click, are ignored too: the card just appeared. */
  private keysUntil = 0;
  private answered = false;
  /** Unique in the page, for the ids that tie the card's parts to what describes them. */
  private readonly cardId: number;
  /** The agent's questions, when it asks some: its allow option sends their answers. */
  private readonly questions: QuestionForm | null;
  /** Which session the card is from, while another one is shown (`showSession`). */
  private readonly sessionNote = el("p", { class: "note card-session", hidden: true });

  constructor(
    readonly prompt: PromptView,
    private readonly host: HostPort,
    drafts?: ReasonDrafts & AnswerDrafts,
  ) {
    const id = (this.cardId = nextCardId++);
    const descriptionId = `card-${id}-description`;
    const title = clip(prompt.title, LIMITS.titleChars);

    const titleElement = el("span", { class: "card-title" });
    appendVisible(titleElement, title);
    this.countdown = prompt.expiresAt !== undefined ? el("span", { class: "card-countdown" }) : null;
    let description: HTMLElement | null = null;
    if (prompt.description !== undefined && prompt.description !== "") {
      // Like the title: a bidi override or zero-width character in the description must not disguise what it says.
      description = reachableWhenScrolling(el("p", { class: "card-description", id: descriptionId }));
      appendVisible(description, clip(prompt.description, LIMITS.descriptionChars));
    }
    // On its tool call a card hides a tool-call subject (the tool call above shows it: main.css), so that subject is
    // built only when the card shows it (`showSubject`): building a hidden diff was a quarter of the card's script.
    // Without a description the subject describes the card to screen readers, so it is built at once.
    this.subjectShown = prompt.subject.type !== "tool_call" || description === null;
    this.subject = this.subjectShown
      ? renderSubject(prompt, host)
      : el("div", { class: "subject subject-tool" });
    if (!description) this.subject.id = descriptionId;
    // With the agent's description, a screen reader hears first what the card runs: "Run tests" described as "Runs
    // the unit tests" must not hide a `curl … | sh` from someone who answers it by its number key.
    const runs =
      prompt.subject.type === "command" || prompt.subject.type === "tool_call" ? prompt.subject.command : "";
    const runsId = `card-${id}-runs`;
    const runsNote =
      description && runs
        ? el("span", { class: "sr-only", id: runsId }, `Runs: ${visibleText(runs, COMMAND_HIDDEN)}. `)
        : null;

    this.questions = prompt.questions
      ? new QuestionForm(prompt.questions, id, drafts && { key: prompt.key, drafts })
      : null;
    const optionRow = el("div", { class: "card-options" });
    prompt.options.slice(0, LIMITS.optionsPerRequest).forEach((option, index) => {
      const optionIcon = OPTION_ICONS[option.kindClass];
      const name = el("span", { class: "option-name" });
      // Named for the opposite answer ("Reject" on an option that allows), the button says first what it does.
      appendVisible(name, optionShownName(option.name, option.kindClass));
      const optionButton = button(
        `option option-${option.kindClass}${option.lasting ? " option-lasting" : ""}`,
        optionIcon ? icon(optionIcon) : null,
        // A lasting choice says so, in its name too: it looks unlike the once-options and outlives this card.
        option.lasting ? labelWithLastingNote(name, icon("history"), " · remembered by the agent") : name,
        index < 9 ? el("kbd", { class: "key-hint", "aria-hidden": "true" }, String(index + 1)) : null,
      );
      if (option.lasting) optionButton.title = "Lasts beyond this request: the agent remembers this choice";
      if (index < 9) optionButton.setAttribute("aria-keyshortcuts", String(index + 1));
      optionButton.addEventListener("click", () => this.choose(option));
      this.options.push({ view: option, button: optionButton });
      this.actions.push(optionButton);
    });
    if (prompt.options.length === 0)
      optionRow.appendChild(el("p", { class: "note" }, "The agent offered no options."));
    if (!prompt.options.some((option) => option.kindClass === "reject")) {
      // Every card can be turned down: with no reject option, Deny answers `cancelled`.
      const deny = button("option option-reject option-deny", icon("close"), "Deny");
      deny.title = "The agent offered no reject option: answer that the request was cancelled";
      deny.addEventListener("click", () => this.deny());
      this.actions.push(deny);
    }

    // Reject with reason… (rejectReason.ts) follows the agent's options, being another way to turn the request down;
    // its field opens at the end of the card. Bypass, which outlasts the card, comes last, at the row's end.
    const withReason = new RejectReason(
      { key: prompt.key, isBlocked: () => this.blocked, markAnswered: () => this.markAnswered() },
      host,
      drafts,
    );
    this.actions.push(withReason.button);

    if (prompt.canBypass) {
      const bypass = button("option option-bypass", icon("shield"), "Bypass Permissions");
      bypass.title = "Approve this request once, and this agent's future requests automatically";
      bypass.setAttribute("aria-haspopup", "dialog");
      bypass.addEventListener("click", () => this.askBypass());
      this.actions.push(bypass);
    }
    // The row holds the actions so far, in their order (after the note that there are no options, if there are none).
    optionRow.append(...this.actions);

    // --- Grants: a rule Symposium remembers ("Allow in this session", "Always allow"), see grantEditor.ts ---
    const grant = prompt.grant
      ? new GrantEditor(prompt.grant, (scope, edit) => this.grant(scope, edit))
      : null;
    if (grant) this.actions.push(...grant.approveButtons);
    // --- end grants ---

    this.root = el(
      "div",
      {
        class: "card",
        role: "group",
        "aria-label": visibleText(title), // its name, said as the title shows it
        "aria-describedby": runsNote ? `${runsId} ${descriptionId}` : descriptionId,
        tabindex: -1,
        "data-key": prompt.key,
      },
      el("div", { class: "card-head" }, icon("shield", "card-icon"), titleElement, this.countdown, runsNote),
      el("div", { class: "card-agent" }, icon("hubot"), ` ${prompt.agentName}`),
      this.sessionNote,
      renderToolCommand(prompt),
      description,
      modeSwitchNote(prompt),
      this.subject,
      this.questions?.root,
      prompt.bypassBlockedReason !== undefined ? bypassNote(prompt.bypassBlockedReason) : null,
      prompt.heldBy !== undefined ? heldNote(prompt.heldBy) : null,
      optionRow,
      withReason.panel,
      grant?.root,
    );
    this.root.addEventListener("keydown", (event) => this.onKeyDown(event));
    // A mouse's click on an answer while the card is guarded. A key's click goes on, to wait out only the guard a new
    // card's keys get (`blocked`).
    ignoreMouseClicks(this.root, (target) => this.guarded && target.closest(".option"));
    this.updateCountdown(Date.now());
  }

  /** Builds the subject if it was left out while the card sat on its tool call (the card goes where it shows). */
  showSubject(): void {
    if (this.subjectShown) return;
    this.subjectShown = true;
    const subject = renderSubject(this.prompt, this.host);
    this.subject.replaceWith(subject);
    this.subject = subject;
  }

  /**
   * Names the card's session (its tab's label) while it waits pinned in another session's view, where it would
   * otherwise read as a request of the work shown; undefined hides the note.
   */
  showSession(label: string | undefined): void {
    const text = label === undefined ? "" : `From another session: ${label}`;
    const changed =
      this.sessionNote.textContent !== text || this.sessionNote.hidden !== (label === undefined);
    if (this.sessionNote.textContent !== text) this.sessionNote.textContent = text;
    if (this.sessionNote.hidden !== (label === undefined)) this.sessionNote.hidden = label === undefined;
    // Above the buttons: as it comes, goes or wraps anew (the agent renames its session), they move while the card's
    // top, all the moved-card guard compares, stays put.
    if (changed && this.root.isConnected) this.armGuard(false);
  }

  /**
   * Ignore choices for a moment: the card just appeared under the pointer or the keyboard, or (`keys` false) moved
   * on screen, under the pointer only: the keyboard's focus stays on the card it was on, moved or not.
   */
  armGuard(keys = true): void {
    const until = performance.now() + GUARD_MS;
    if (keys) this.keysUntil = until;
    // `aria-disabled` says what keys can do; the look (main.css) what a mouse can. Written only on a change.
    if (!this.guarded || keys) {
      this.guarded = true;
      this.root.classList.add("guarded");
      this.syncActionState();
    }
    guardedCards.set(this, until);
    scheduleGuardRelease();
  }

  /** Called by the shared guard timer. */
  releaseGuard(): void {
    this.guarded = false;
    this.root.classList.remove("guarded");
    this.syncActionState();
  }

  /**
   * Focus the card itself (never one of its buttons). The keyboard moved onto it (Ctrl+Alt+Y, the status bar, a
   * notification's Show, "requests waiting"): its keys wait too, or the "1" pressed right after would answer a card
   * the person had not seen, such as the oldest one scrolled into view, or one put in place of the card they read.
   */
  focusGroup(options: { scroll: boolean }): void {
    const arriving = !this.containsFocus();
    if (options.scroll) {
      this.root.scrollIntoView({ block: "nearest" });
      // Scrolled to where the pointer may be (the "requests waiting" button it was pressed on): clicks wait.
      this.armGuard(false);
    }
    if (arriving) this.armGuard();
    this.root.focus({ preventScroll: !options.scroll });
  }

  containsFocus(): boolean {
    return this.root.contains(document.activeElement);
  }

  updateCountdown(now: number): void {
    if (!this.countdown || this.prompt.expiresAt === undefined) return;
    const seconds = Math.max(0, Math.ceil((this.prompt.expiresAt - now) / 1000));
    const text =
      seconds === 0
        ? "Expiring…"
        : `Expires in ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
    if (this.countdown.textContent !== text) this.countdown.textContent = text;
  }

  get hasCountdown(): boolean {
    return this.countdown !== null;
  }

  dispose(): void {
    guardedCards.delete(this);
    clearTimeout(this.answerTimer);
  }

  /** For keys (and any click that got past the mouse's guard). */
  private get blocked(): boolean {
    return this.answered || performance.now() < this.keysUntil;
  }

  private syncActionState(): void {
    for (const action of this.actions) action.setAttribute("aria-disabled", String(this.blocked));
    this.root.toggleAttribute("aria-busy", this.answered);
  }

  private choose(option: OptionView): void {
    if (this.blocked) return;
    // A form that does not hold what the agent takes says so on its field; nothing is sent.
    if (this.questions && option.kindClass === "allow" && !this.questions.reportValidity()) return;
    // Post first: the answer leaves before the card's own state changes.
    if (this.questions && option.kindClass === "allow")
      this.host.post({
        type: "answer",
        key: this.prompt.key,
        optionKey: option.key,
        answers: this.questions.answers(),
      });
    else this.host.post({ type: "choose", key: this.prompt.key, optionKey: option.key });
    this.markAnswered();
  }

  /** A rule from the grant editor; the host checks it and answers with allow once, or leaves the card pending. */
  private grant(scope: GrantScope, edit: { command?: string; path?: string }): void {
    if (this.blocked) return;
    this.markAnswered();
    this.host.post({ type: "grant", key: this.prompt.key, scope, ...edit });
  }

  private deny(): void {
    if (this.blocked) return;
    this.host.post({ type: "deny", key: this.prompt.key });
    this.markAnswered();
  }

  private markAnswered(): void {
    this.answered = true;
    // The look follows after the next frame. Changed in the click's task, Chromium restyled and laid out the card in
    // that task (its hover hit test after a mouse release forces it) and repainted it in the next frame, both before
    // the posted answer left the page: about 1.5 ms a click in traces. The guard is the flag above, set at once.
    afterNextPaint(() => this.syncActionState());
    // The host answers with a `decided` op that replaces this card; if it never does, let the user try again.
    this.answerTimer = setTimeout(() => {
      this.answered = false;
      this.syncActionState();
    }, RESEND_AFTER_MS);
  }

  /** The host asks in a modal dialog (and answers this card if the person says yes); nothing is answered here. */
  private askBypass(): void {
    if (this.blocked) return;
    this.host.post({ type: "bypass", key: this.prompt.key });
  }

  /** 1..9 pick the n-th option, Escape the first reject option or Deny. */
  private onKeyDown(event: KeyboardEvent): void {
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      if (event.repeat) return;
      const reject = this.options.find((option) => option.view.kindClass === "reject");
      if (reject) this.choose(reject.view);
      else this.deny();
      return;
    }
    if (/^[1-9]$/.test(event.key)) {
      event.preventDefault();
      // A held-down key must not approve one card after another.
      if (event.repeat) return;
      const option = this.options[Number(event.key) - 1];
      if (option) this.choose(option.view);
    }
  }
}

/** Which rule or guard holds this request for a person (Bypass is off); the label may name an agent's path. */
function heldNote(label: string): HTMLElement {
  const note = el("p", { class: "note held-note" }, icon("law"), " ");
  appendVisible(note, label);
  return note;
}

/** Why bypass did not apply; the reason may name an agent's path, so its hidden characters are shown. */
function bypassNote(reason: string): HTMLElement {
  const note = el("p", { class: "note bypass-note" }, icon("info"), " Bypass did not apply: ");
  appendVisible(note, reason);
  return note;
}

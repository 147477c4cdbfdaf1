/**
 * Session tabs (shown when there are several) and the bar under them for the active session: status, bypass
 * marker, usage and cost (`usage.ts`) and the close affordance. Tabs follow the ARIA tabs pattern (roving tabindex, arrow keys).
 */
import type { SessionHeader, SessionStatus } from "../../src/shared/protocol";
import { button, el, icon, replaceChildren } from "../dom";
import { OUTPUT_HIDDEN, visibleText } from "../hiddenCharacters";
import { planOrder } from "../keyedOrder";
import { sessionLabels } from "../sessionLabels";
import { turnStart, type TurnStart } from "../turnStart";
import { TurnClock } from "./turnClock";
import { usageElement } from "./usage";

const STATUS_TEXT: Readonly<Record<SessionStatus, { text: string; icon: string }>> = {
  starting: { text: "Starting…", icon: "loading codicon-modifier-spin" },
  ready: { text: "Ready", icon: "circle-large-outline" },
  running: { text: "Working…", icon: "loading codicon-modifier-spin" },
  requires_action: { text: "Waiting for your approval", icon: "shield" },
  stopping: { text: "Stopping…", icon: "loading codicon-modifier-spin" },
  ended: { text: "Ended", icon: "circle-slash" },
  error: { text: "Error", icon: "error" },
};

function statusText(status: SessionStatus): string {
  return STATUS_TEXT[status]?.text ?? status;
}

export interface SessionTabEntry {
  header: SessionHeader;
  pending: number;
}

export interface SessionTabActions {
  select(sessionKey: string): void;
  close(sessionKey: string): void;
  /** The session failed to start: start its agent again in its place. */
  retry(sessionKey: string): void;
  /** Open the agents' settings, to fix the one that failed to start. */
  openSettings(): void;
}

export class SessionTabs {
  readonly root: HTMLElement;
  private readonly tablist = el("div", { class: "session-tabs", role: "tablist", "aria-label": "Sessions" });
  private readonly bar = el("div", { class: "session-bar", hidden: true });
  /** The tabs in the strip's order, by session key. */
  private tabsByKey = new Map<string, SessionTab>();
  /** Usage and cost on their own line under the bar: the bar has no room for them in a narrow side bar. */
  private readonly usage = el("div", { class: "session-usage-line", hidden: true });
  /** What the bar shows now. */
  private shownBar: { header: SessionHeader | undefined; label: string; waiting: boolean } | undefined;
  /** Why the session ended or failed (announced), and for a failed start, Try again and Open settings. */
  private readonly errorText = el("div", { class: "session-error-text", role: "alert" });
  private readonly errorActions: HTMLElement;
  private readonly error: HTMLElement;

  private readonly barName = el("span", { class: "session-name" });
  private readonly barStatus = el("span", { class: "session-status" });
  /** How long the shown session's turn has run, while it works. */
  private readonly clock = new TurnClock();
  /**
   * When each session's running turn started, on `performance.now()`'s clock: taken from the header's duration when a
   * header arrives (`turnStart`).
   */
  private readonly turnStarts = new Map<string, TurnStart>();
  private readonly barBypass = el(
    "span",
    { class: "bypass-badge", hidden: true },
    icon("shield"),
    " Bypass on",
  );

  private readonly close = button("icon-button", icon("close"));
  private readonly retry = button("secondary small", icon("refresh"), "Try again");

  constructor(private readonly actions: SessionTabActions) {
    const close = this.close;
    close.setAttribute("aria-label", "Close session");
    close.title = "Close session";
    close.addEventListener("click", () => {
      const key = this.shownBar?.header?.key;
      if (key !== undefined) this.actions.close(key);
    });
    this.bar.append(this.barName, this.barStatus, this.barBypass, el("span", { class: "spacer" }), close);
    const retry = this.retry;
    retry.title = "Start the agent again in a new session (what you wrote goes with it)";
    retry.addEventListener("click", () => {
      const key = this.shownBar?.header?.key;
      if (key !== undefined) this.actions.retry(key);
    });
    const settings = button("secondary small", icon("settings-gear"), "Open settings");
    settings.title = "Open symposium.agents in your user settings";
    settings.addEventListener("click", () => this.actions.openSettings());
    this.errorActions = el("div", { class: "session-error-actions", hidden: true }, retry, settings);
    this.error = el(
      "div",
      { class: "banner banner-error session-error", hidden: true },
      this.errorText,
      this.errorActions,
    );
    this.root = el("div", { class: "sessions" }, this.tablist, this.bar, this.usage, this.error);
    this.tablist.addEventListener("keydown", (event) => this.onTabKey(event));
  }

  /** `agentNames`: the agents the person has, whose names no other agent's title may take unmarked. */
  render(
    entries: readonly SessionTabEntry[],
    activeKey: string | undefined,
    agentNames: readonly string[] = [],
  ): void {
    this.noteTurnStarts(entries);
    const labels = sessionLabels(
      entries.map((entry) => entry.header),
      agentNames,
    );
    this.renderTabs(entries, activeKey, labels);
    const active = entries.find((entry) => entry.header.key === activeKey);
    this.renderBar(active?.header, active && labels.get(active.header.key), (active?.pending ?? 0) > 0);
  }

  private renderTabs(
    entries: readonly SessionTabEntry[],
    activeKey: string | undefined,
    labels: ReadonlyMap<string, string>,
  ): void {
    // One session shows no tabs: nothing to build (a new card would otherwise update them, hidden, in its task).
    if (entries.length < 2) {
      if (this.tablist.hidden && this.tabsByKey.size === 0) return;
      this.tablist.hidden = true;
      this.tablist.replaceChildren();
      this.tabsByKey.clear();
      return;
    }
    if (this.tablist.hidden) this.tablist.hidden = false;
    // Keyed and updated in place: a card arriving in any session changes one tab's count, and rebuilding the strip
    // moved focus to a new element (a screen reader announced the focused tab again with every card) and dropped a
    // hovered tab's tooltip.
    const plan = planOrder(
      [...this.tabsByKey.keys()],
      entries.map((entry) => entry.header.key),
    );
    for (const key of plan.remove) this.tabsByKey.get(key)?.root.remove();
    // The map's order is the strip's (it drives the next plan).
    const tabs = new Map<string, SessionTab>();
    for (const { header, pending } of entries) {
      const tab = this.tabsByKey.get(header.key) ?? this.newTab(header.key);
      tab.show(header, labels.get(header.key) ?? header.agentName, pending, header.key === activeKey);
      tabs.set(header.key, tab);
    }
    this.tabsByKey = tabs;
    for (const { key, before } of plan.insert) {
      const next = before === undefined ? null : (tabs.get(before)?.root ?? null);
      this.tablist.insertBefore(tabs.get(key)!.root, next);
    }
  }

  private noteTurnStarts(entries: readonly SessionTabEntry[]): void {
    const now = performance.now();
    for (const { header } of entries) {
      const start = turnStart(this.turnStarts.get(header.key), header, now);
      if (start === undefined) this.turnStarts.delete(header.key);
      else this.turnStarts.set(header.key, start);
    }
    if (this.turnStarts.size > entries.length)
      for (const key of this.turnStarts.keys())
        if (!entries.some((entry) => entry.header.key === key)) this.turnStarts.delete(key);
  }

  private newTab(key: string): SessionTab {
    const tab = new SessionTab(key);
    tab.root.addEventListener("click", () => this.actions.select(key));
    return tab;
  }

  private renderBar(
    header: SessionHeader | undefined,
    label = header?.agentName ?? "",
    waiting = false,
  ): void {
    // Written only when what it shows changed (the store replaces a header when it changes): a new card re-renders
    // the tabs for their counts, and rewriting the bar restyled it, laid it out and painted it in the card's task and
    // frame.
    const shown = this.shownBar;
    if (shown?.header === header && shown?.label === label && shown?.waiting === waiting) return;
    this.shownBar = { header, label, waiting };
    this.bar.hidden = header === undefined;
    const usage = usageElement(header?.usage);
    this.usage.hidden = usage === null;
    this.usage.replaceChildren(...(usage ? [usage] : []));
    this.error.hidden = header?.error === undefined || header.error === "";
    // The agent's last stderr lines are in it: colour codes dropped, an override shown (`visibleText`).
    this.errorText.textContent = visibleText(header?.error ?? "", OUTPUT_HIDDEN);
    // Only a start that failed is tried again: a session that ended after working keeps its transcript to read.
    this.errorActions.hidden = header?.status !== "error";
    if (!header) {
      this.clock.show(undefined);
      return;
    }
    // Its parts are kept and written in place: the Close button is the same element from session to session and
    // status to status, so keyboard focus on it survives a turn starting or ending and closing one session after
    // another (a rebuilt bar dropped it to the page).
    // A turn with a card waiting waits for the person, whether or not the agent says so: v1 has no such state, and
    // the five agents of the registry speak v1.
    const shownStatus = waiting && header.status === "running" ? "requires_action" : header.status;
    const status = STATUS_TEXT[shownStatus] ?? { text: shownStatus, icon: "question" };
    // Shown only while the agent works: not while it waits for the person (it comes back with the whole turn's time),
    // nor before or after the turn.
    this.clock.show(shownStatus === "running" ? this.turnStarts.get(header.key)?.startedAt : undefined);
    this.barName.title = visibleText(`${header.agentName}: ${header.title}`);
    this.barName.textContent = label;
    this.barStatus.className = `session-status status-${shownStatus}`;
    this.barStatus.title = status.text;
    replaceChildren(this.barStatus, icon(status.icon), ` ${status.text}`, this.clock.root);
    this.barBypass.hidden = !header.bypassed;
  }

  /** Gives the keyboard to the shown session's bar: Try again when its start failed, else Close. */
  focusBar(): void {
    if (this.bar.hidden) return;
    (this.errorActions.hidden ? this.close : this.retry).focus();
  }

  private tabs(): HTMLElement[] {
    return Array.from(this.tablist.querySelectorAll<HTMLElement>("[role=tab]"));
  }

  private onTabKey(event: KeyboardEvent): void {
    const tabs = this.tabs();
    const index = tabs.findIndex((tab) => tab === document.activeElement);
    if (index < 0) return;
    let next: number | undefined;
    if (event.key === "ArrowRight") next = (index + 1) % tabs.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = tabs.length - 1;
    const target = next === undefined ? undefined : tabs[next];
    if (!target?.dataset.key) return;
    event.preventDefault();
    target.focus();
    this.actions.select(target.dataset.key);
  }
}

/** One session's tab: each part written only when what it shows changed. */
class SessionTab {
  readonly root = button("session-tab");
  private readonly title = el("span", { class: "tab-title" });
  private readonly count = el("span", { class: "count-badge", hidden: true });
  private shown = "";

  constructor(key: string) {
    this.root.setAttribute("role", "tab");
    this.root.dataset.key = key;
    this.root.append(this.title, this.count);
  }

  show(header: SessionHeader, label: string, pending: number, active: boolean): void {
    const shown = JSON.stringify([header.status, header.title, header.agentName, label, pending, active]);
    if (shown === this.shown) return;
    this.shown = shown;
    this.root.className = `session-tab status-${header.status}`;
    this.root.setAttribute("aria-selected", String(active));
    this.root.tabIndex = active ? 0 : -1;
    // The agent's title names the tab; the tooltip says which agent it is.
    this.root.title = visibleText(
      header.title !== header.agentName
        ? `${header.title} (${header.agentName}): ${statusText(header.status)}`
        : `${header.agentName}: ${statusText(header.status)}`,
    );
    if (this.title.textContent !== label) this.title.textContent = label;
    this.count.hidden = pending === 0;
    replaceChildren(
      this.count,
      ...(pending > 0
        ? [
            String(pending),
            el("span", { class: "sr-only" }, pending === 1 ? " pending approval" : " pending approvals"),
          ]
        : []),
    );
  }
}

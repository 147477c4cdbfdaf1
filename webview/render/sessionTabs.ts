/**
 * Session tabs (shown when there are several) and the bar under them for the active session: status, bypass
 * marker, usage and cost (`usage.ts`) and the close affordance. Tabs follow the ARIA tabs pattern (roving tabindex, arrow keys).
 */
import type { SessionHeader, SessionStatus } from "../../src/shared/protocol";
import { button, el, icon, replaceChildren } from "../dom";
import { sessionLabels } from "../sessionLabels";
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
}

export class SessionTabs {
  readonly root: HTMLElement;
  private readonly tablist = el("div", { class: "session-tabs", role: "tablist", "aria-label": "Sessions" });
  private readonly bar = el("div", { class: "session-bar" });
  /** Usage and cost on their own line under the bar: the bar has no room for them in a narrow side bar. */
  private readonly usage = el("div", { class: "session-usage-line", hidden: true });
  /** What the bar shows now. */
  private shownBar: { header: SessionHeader | undefined; label: string } | undefined;
  private readonly error = el("div", {
    class: "banner banner-error session-error",
    role: "alert",
    hidden: true,
  });

  constructor(private readonly actions: SessionTabActions) {
    this.root = el("div", { class: "sessions" }, this.tablist, this.bar, this.usage, this.error);
    this.tablist.addEventListener("keydown", (event) => this.onTabKey(event));
  }

  render(entries: readonly SessionTabEntry[], activeKey: string | undefined): void {
    const labels = sessionLabels(entries.map((entry) => entry.header));
    this.renderTabs(entries, activeKey, labels);
    const active = entries.find((entry) => entry.header.key === activeKey)?.header;
    this.renderBar(active, active && labels.get(active.key));
  }

  private renderTabs(
    entries: readonly SessionTabEntry[],
    activeKey: string | undefined,
    labels: ReadonlyMap<string, string>,
  ): void {
    // One session shows no tabs: nothing to build (a new card would otherwise rebuild them, hidden, in its task).
    if (entries.length < 2) {
      if (this.tablist.hidden && this.tablist.childElementCount === 0) return;
      this.tablist.hidden = true;
      this.tablist.replaceChildren();
      return;
    }
    const focusedKey = this.tablist.contains(document.activeElement)
      ? (document.activeElement as HTMLElement | null)?.dataset.key
      : undefined;
    this.tablist.hidden = false;
    this.tablist.replaceChildren(
      ...entries.map(({ header, pending }) => {
        const active = header.key === activeKey;
        const tab = button(
          `session-tab status-${header.status}`,
          el("span", { class: "tab-title" }, labels.get(header.key) ?? header.agentName),
          pending > 0
            ? el(
                "span",
                { class: "count-badge" },
                String(pending),
                el("span", { class: "sr-only" }, pending === 1 ? " pending approval" : " pending approvals"),
              )
            : null,
        );
        tab.setAttribute("role", "tab");
        tab.setAttribute("aria-selected", String(active));
        tab.tabIndex = active ? 0 : -1;
        tab.dataset.key = header.key;
        // The agent's title names the tab; the tooltip says which agent it is.
        tab.title =
          header.title !== header.agentName
            ? `${header.title} (${header.agentName}): ${statusText(header.status)}`
            : `${header.agentName}: ${statusText(header.status)}`;
        tab.addEventListener("click", () => this.actions.select(header.key));
        return tab;
      }),
    );
    if (focusedKey !== undefined) {
      for (const tab of this.tabs()) if (tab.dataset.key === focusedKey) tab.focus();
    }
  }

  private renderBar(header: SessionHeader | undefined, label = header?.agentName ?? ""): void {
    // Rebuilt only when what it shows changed (the store replaces a header when it changes): a new card re-renders
    // the tabs for their counts, and a rebuilt bar dropped the focus of its Close button and was restyled, laid out
    // and painted in the card's task and frame.
    if (this.shownBar !== undefined && this.shownBar.header === header && this.shownBar.label === label)
      return;
    this.shownBar = { header, label };
    this.bar.hidden = header === undefined;
    const usage = usageElement(header?.usage);
    this.usage.hidden = usage === null;
    this.usage.replaceChildren(...(usage ? [usage] : []));
    this.error.hidden = header?.error === undefined || header.error === "";
    if (!header) {
      this.bar.replaceChildren();
      return;
    }
    const status = STATUS_TEXT[header.status] ?? { text: header.status, icon: "question" };
    const close = button("icon-button", icon("close"));
    close.setAttribute("aria-label", "Close session");
    close.title = "Close session";
    close.addEventListener("click", () => this.actions.close(header.key));
    replaceChildren(
      this.bar,
      el("span", { class: "session-name", title: `${header.agentName}: ${header.title}` }, label),
      el("span", { class: `session-status status-${header.status}` }, icon(status.icon), ` ${status.text}`),
      header.bypassed ? el("span", { class: "bypass-badge" }, icon("shield"), " Bypass on") : null,
      el("span", { class: "spacer" }),
      close,
    );
    this.error.textContent = header.error ?? "";
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

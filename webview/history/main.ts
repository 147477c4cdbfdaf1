/**
 * The approval history panel: a table of decisions, filtered as you type, with an export button. Text only (text
 * nodes), like every other view of agent-supplied strings, shown as cards show them (`appendVisible`): hidden
 * characters as markers, words that only look Latin highlighted.
 */
import type { FromHistoryMessage, HistoryGap, HistoryRow, ToHistoryMessage } from "../../src/shared/protocol";
import { appendVisible } from "../text";
import "./history.css";

declare function acquireVsCodeApi(): {
  postMessage(message: FromHistoryMessage): void;
  getState(): unknown;
  setState(state: unknown): void;
};

/** A filter longer than a person types is not ours: the saved state is read as untrusted as the rest. */
const MAX_FILTER_CHARS = 1_000;

const PROVENANCE: Record<HistoryRow["provenance"], string> = {
  user: "You",
  bypass: "Bypass",
  policy: "Policy",
  timeout: "Timeout",
  stop: "Stop",
  agent_cancel: "Agent withdrew",
  agent_exit: "Agent exited",
  duplicate: "Duplicate id",
  shutdown: "Window closed",
  cap: "Over the cap",
  mode: "Mode change",
};

/** Who changed a mode: the person and the agent putting itself in Bypass mode must not read alike. */
const MODE_BY: Record<NonNullable<HistoryRow["modeBy"]>, string> = {
  user: "You",
  settings: "Your settings",
  agent: "The agent",
};

(() => {
  const vscode = acquireVsCodeApi();
  let rows: (HistoryRow | HistoryGap)[] = [];

  const app = document.getElementById("app")!;
  const toolbar = el("div", "toolbar");
  const search = el("input", "search");
  search.type = "search";
  search.placeholder = "Filter by agent, title, subject, decision…";
  search.setAttribute("aria-label", "Filter");
  // VS Code drops a hidden panel's page (another editor in its place): the filter typed comes back with the new one.
  const saved = (vscode.getState() as { filter?: unknown } | null | undefined)?.filter;
  if (typeof saved === "string" && saved.length <= MAX_FILTER_CHARS) search.value = saved;
  const count = el("span", "count");
  count.setAttribute("aria-live", "polite");
  const exportButton = el("button", "export");
  exportButton.textContent = "Export…";
  exportButton.addEventListener("click", () => vscode.postMessage({ type: "export" }));
  toolbar.append(search, count, exportButton);

  const table = el("table", "history");
  const head = table.createTHead().insertRow();
  for (const name of ["Time", "Agent", "Request", "Subject", "Decided by", "Decision"]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = name;
    head.append(th);
  }
  const body = table.createTBody();
  app.append(toolbar, table);

  const render = () => {
    const terms = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    // A gap stays whatever the filter: "no such request before 10:00" needs to say what was let go before 10:00.
    const shown = rows.filter((row) => {
      if (!("provenance" in row)) return true;
      const text = [row.at, row.agent, row.title, row.subject, decidedBy(row), decision(row), row.note ?? ""]
        .join(" ")
        .toLowerCase();
      return terms.every((term) => text.includes(term));
    });
    body.replaceChildren(
      ...shown.map((row) => {
        const tr = document.createElement("tr");
        tr.insertCell().textContent = new Date(row.at).toLocaleString();
        if (!("provenance" in row)) {
          const cell = tr.insertCell();
          cell.colSpan = 5;
          cell.textContent = gapText(row);
          tr.className = "gap";
          return tr;
        }
        for (const [text, agentText] of [
          [row.agent, false],
          [row.title, true],
          [row.subject, true],
          [decidedBy(row), false],
          [decision(row), false],
        ] as const) {
          const cell = tr.insertCell();
          // As the card showed it: a bidi override in a command or an option's name would reorder what it reads, and
          // "раураӏ" in Cyrillic letters would read as "paypal".
          appendVisible(cell, text);
          if (agentText) cell.className = "agent-text";
        }
        // The rule or grant the answer came by, on its own line under the option's name, in Symposium's voice.
        if (row.note) {
          const note = el("div", "decision-note");
          appendVisible(note, row.note);
          tr.lastElementChild!.append(note);
        }
        tr.dataset.outcome = row.outcome;
        return tr;
      }),
    );
    const decisions = (list: typeof rows) => list.filter((row) => "provenance" in row).length;
    count.textContent = `${decisions(shown)} of ${decisions(rows)}`;
  };

  search.addEventListener("input", () => {
    vscode.setState({ filter: search.value });
    render();
  });
  window.addEventListener("message", (event: MessageEvent<ToHistoryMessage>) => {
    if (event.data?.type === "rows") {
      rows = event.data.rows;
      render();
    }
  });
  vscode.postMessage({ type: "ready" });
  search.focus();
})();

function decidedBy({ provenance, modeBy }: HistoryRow): string {
  if (provenance === "mode" && modeBy && Object.hasOwn(MODE_BY, modeBy))
    return `${MODE_BY[modeBy]} (mode change)`;
  return PROVENANCE[provenance] ?? provenance;
}

/** The option chosen, or "Cancelled" (the rule, guard or grant it came by is `note`, shown under it). */
function decision(row: HistoryRow): string {
  return row.option ?? (row.outcome === "cancelled" ? "Cancelled" : "Selected");
}

/** What a gap row says: the history is bounded, and the person's own answers are kept apart from automatic ones. */
function gapText({ letGo, count }: HistoryGap): string {
  if (count) return `${count} decisions were let go here (too many at once).`;
  if (letGo === "automatic")
    return "Older automatic decisions were let go (the history is bounded; yours are kept apart).";
  return `Older ${letGo === "yours" ? "decisions of yours" : "mode changes"} were let go (the history is bounded).`;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  element.className = className;
  return element;
}

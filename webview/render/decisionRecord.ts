/** The one line a card collapses into once it is answered: "✓ You chose Allow once", "✕ Expired: rejected". */
import type { DecisionRecord } from "../../src/shared/protocol";
import { LIMITS } from "../../src/shared/limits";
import { el } from "../dom";
import { visibleText } from "../hiddenCharacters";
import { appendVisible, clip } from "../text";

function symbolFor(record: DecisionRecord): { symbol: string; tone: string } {
  if (record.outcome === "selected" && record.optionKindClass === "allow")
    return { symbol: "✓", tone: "allow" };
  if (record.outcome === "selected" && record.optionKindClass === "neutral")
    return { symbol: "•", tone: "neutral" };
  return { symbol: "✕", tone: "reject" };
}

/**
 * `withTitle`: records at the end of the transcript name the request; records on their tool call need not. The
 * summary holds the option's name: it and the title show their hidden characters as the card did, so a record never
 * reads otherwise than the card it replaces ("<U+202E>tcejeR", not "Reject").
 */
export function renderDecisionRecord(record: DecisionRecord, withTitle: boolean): HTMLElement {
  const { symbol, tone } = symbolFor(record);
  const summary = el("span", { class: "decision-summary" });
  appendVisible(summary, record.summary);
  const title = withTitle ? el("span", { class: "decision-title" }, " · ") : null;
  if (title) appendVisible(title, clip(record.title, LIMITS.titleChars));
  const line = el(
    "div",
    { class: `decision-record tone-${tone}`, "data-key": record.key, tabindex: -1 },
    el("span", { class: "decision-symbol", "aria-hidden": "true" }, symbol),
    summary,
    title,
  );
  line.title = visibleText(
    `${record.agentName}: ${record.title} (${new Date(record.at).toLocaleTimeString()})`,
  );
  return line;
}

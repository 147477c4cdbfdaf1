/** The one line a card collapses into once it is answered: "✓ You chose Allow once", "✕ Expired: rejected". */
import type { DecisionRecord } from "../../src/shared/protocol";
import { LIMITS } from "../../src/shared/limits";
import { el } from "../dom";
import { clip } from "../text";

function symbolFor(record: DecisionRecord): { symbol: string; tone: string } {
  if (record.outcome === "selected" && record.optionKindClass === "allow")
    return { symbol: "✓", tone: "allow" };
  if (record.outcome === "selected" && record.optionKindClass === "neutral")
    return { symbol: "•", tone: "neutral" };
  return { symbol: "✕", tone: "reject" };
}

/** `withTitle`: records at the end of the transcript name the request; records on their tool call need not. */
export function renderDecisionRecord(record: DecisionRecord, withTitle: boolean): HTMLElement {
  const { symbol, tone } = symbolFor(record);
  const line = el(
    "div",
    { class: `decision-record tone-${tone}`, "data-key": record.key, tabindex: -1 },
    el("span", { class: "decision-symbol", "aria-hidden": "true" }, symbol),
    el("span", { class: "decision-summary" }, record.summary),
    withTitle ? el("span", { class: "decision-title" }, ` · ${clip(record.title, LIMITS.titleChars)}`) : null,
  );
  line.title = `${record.agentName}: ${record.title} (${new Date(record.at).toLocaleTimeString()})`;
  return line;
}

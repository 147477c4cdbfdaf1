/**
 * The session's usage in its bar (`usageText.ts` says what), as text only; nothing at all when the agent reported
 * nothing. The numbers were checked by the host.
 */
import type { UsageView } from "../../src/shared/protocol";
import { el } from "../dom";
import { usageSummary } from "../usageText";

/** The bar's usage element, or null when there is nothing to show. */
export function usageElement(usage: UsageView | undefined): HTMLElement | null {
  const summary = usageSummary(usage);
  if (!summary) return null;
  return el(
    "span",
    { class: "session-usage", title: summary.long },
    el("span", { "aria-hidden": "true" }, summary.short),
    el("span", { class: "sr-only" }, summary.long),
  );
}

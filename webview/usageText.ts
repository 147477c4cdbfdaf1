/**
 * What the session bar says about usage: the last turn's and the session's cost (with the agent's currency), tokens
 * of the turn and the session, and how full the context window is. Pure, for plain-Node tests; `render/usage.ts`
 * puts it on the page.
 */
import type { UsageView } from "../src/shared/protocol";

/** 1234 -> "1.2k", 2_500_000 -> "2.5M". */
export function compactCount(n: number): string {
  if (n < 1_000) return String(Math.round(n));
  if (n < 1_000_000) return `${trim(n / 1_000)}k`;
  if (n < 1_000_000_000) return `${trim(n / 1_000_000)}M`;
  return `${trim(n / 1_000_000_000)}G`;
}

function trim(n: number): string {
  return n >= 100 ? String(Math.round(n)) : n.toFixed(1).replace(/\.0$/, "");
}

/** An amount with its currency as the agent named it: "0.0123 USD", "3 credits". */
export function money(amount: number, currency: string): string {
  const digits = amount === 0 || amount >= 1 ? 2 : 4;
  return `${amount.toFixed(digits).replace(/(\.\d*?[1-9])0+$|\.0+$/, "$1")} ${currency}`;
}

/** The short line for the bar and the longer sentence for its tooltip; undefined when there is nothing to show. */
export function usageSummary(usage: UsageView | undefined): { short: string; long: string } | undefined {
  if (!usage) return undefined;
  const short: string[] = [];
  const long: string[] = [];
  const { cost, turnCost, turnTokens, sessionTokens, context } = usage;
  if (cost) {
    if (turnCost !== undefined) {
      short.push(`Turn ${money(turnCost, cost.currency)}`);
      long.push(`Last turn cost ${money(turnCost, cost.currency)}`);
    }
    short.push(`Session ${money(cost.amount, cost.currency)}`);
    long.push(`Session cost ${money(cost.amount, cost.currency)}`);
  }
  if (turnTokens !== undefined) {
    const session = sessionTokens !== undefined ? ` / ${compactCount(sessionTokens)}` : "";
    short.push(`${compactCount(turnTokens)}${session} tokens`);
    long.push(
      `Last turn ${turnTokens.toLocaleString("en-US")} tokens` +
        (sessionTokens !== undefined ? `, session ${sessionTokens.toLocaleString("en-US")} tokens` : ""),
    );
  }
  if (context) {
    const percent =
      context.size > 0 ? Math.min(100, Math.round((context.used / context.size) * 100)) : undefined;
    short.push(percent !== undefined ? `Context ${percent}%` : `Context ${compactCount(context.used)}`);
    long.push(
      `Context ${context.used.toLocaleString("en-US")} of ${context.size.toLocaleString("en-US")} tokens`,
    );
  }
  if (short.length === 0) return undefined;
  return { short: short.join(" · "), long: `${long.join(". ")}.` };
}

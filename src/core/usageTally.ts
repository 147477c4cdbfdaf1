/**
 * What a session cost, from what the agent reports: `usage_update` (context window and the cumulative session cost,
 * both protocol versions) and each turn's own token usage (v1 `session/prompt`'s `usage`, a v2 `idle` state's).
 * The turn's cost is the change of the session cost since the turn started, whichever order the reports arrive in.
 * Numbers an agent sends are accepted only when finite, non-negative and below 10^15; a currency only when it is a
 * short word (an ISO code or a unit such as "credits").
 */
import type { UsageView } from "../shared/protocol";
import { asObject, asString } from "./json";

const MAX_NUMBER = 1e15;
const CURRENCY = /^[\p{L}$€£¥][\p{L}\p{N}_$€£¥-]{0,15}$/u;

function count(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value < MAX_NUMBER
    ? value
    : undefined;
}

export class UsageTally {
  private context: { used: number; size: number } | undefined;
  private cost: { amount: number; currency: string } | undefined;
  /** The session cost when the current turn started (0 before any report). */
  private costAtTurnStart: { amount: number; currency: string } | undefined;
  private turnCost: number | undefined;
  private turnTokens: number | undefined;
  private sessionTokens: number | undefined;

  /** A `usage_update`; true when it changed what is shown. */
  applyUsageUpdate(update: Record<string, unknown>): boolean {
    const used = count(update.used);
    const size = count(update.size);
    const before = JSON.stringify(this.view());
    if (used !== undefined && size !== undefined) this.context = { used, size };
    // v2: `null` says the cost is no longer known; what was shown goes (absent keeps it).
    if (update.cost === null) {
      this.cost = undefined;
      this.turnCost = undefined;
      this.costAtTurnStart = undefined;
    }
    const cost = asObject(update.cost);
    const amount = count(cost?.amount);
    const currency = asString(cost?.currency);
    if (amount !== undefined && currency !== undefined && CURRENCY.test(currency)) {
      this.cost = { amount, currency };
      const start = this.costAtTurnStart;
      // A currency change mid-session leaves nothing to subtract: the turn's cost is not known.
      this.turnCost =
        start === undefined
          ? amount
          : start.currency === currency
            ? Math.max(0, amount - start.amount)
            : undefined;
    }
    return JSON.stringify(this.view()) !== before;
  }

  /** A turn starts: its cost is counted from here. */
  startTurn(): void {
    this.costAtTurnStart = this.cost ?? this.costAtTurnStart;
    this.turnCost = undefined;
    this.turnTokens = undefined;
  }

  /** A turn's own `usage` (`{totalTokens, inputTokens, outputTokens, …}`); true when it changed what is shown. */
  applyTurnUsage(raw: unknown): boolean {
    const usage = asObject(raw);
    if (!usage) return false;
    const input = count(usage.inputTokens) ?? 0;
    const output = count(usage.outputTokens) ?? 0;
    const total = count(usage.totalTokens) ?? (input + output > 0 ? input + output : undefined);
    if (total === undefined) return false;
    this.turnTokens = total;
    this.sessionTokens = Math.min(MAX_NUMBER, (this.sessionTokens ?? 0) + total);
    return true;
  }

  /** Undefined while the agent reported nothing: the view then shows nothing. */
  view(): UsageView | undefined {
    const view: UsageView = {
      ...(this.context ? { context: this.context } : {}),
      ...(this.cost ? { cost: this.cost } : {}),
      ...(this.turnCost !== undefined ? { turnCost: this.turnCost } : {}),
      ...(this.turnTokens !== undefined ? { turnTokens: this.turnTokens } : {}),
      ...(this.sessionTokens !== undefined ? { sessionTokens: this.sessionTokens } : {}),
    };
    return Object.keys(view).length > 0 ? view : undefined;
  }
}

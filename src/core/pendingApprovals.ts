/**
 * The promise-keyed map between ACP permission handlers and the UI: the only source of truth for what is pending.
 *
 * Each entry settles exactly once. Every path takes the entry out of the map first and then answers, so a second
 * click, a late timeout or a close after a decision finds nothing and does nothing. Nothing here ever answers with an
 * allow option except `resolve` with an option that was offered for that key (a person's click, or the bypass policy).
 */
import type { Answers } from "./agentQuestions";
import { LIMITS } from "../shared/limits";
import { optionShownName } from "../shared/optionWords";
import type { DecisionRecord, Provenance } from "../shared/protocol";
import { subjectToolCallId } from "../shared/toolCallView";
import { rejectOption, type PermissionPrompt, type PromptOption } from "./permissionPrompt";
import { capLabel } from "./text";

/** `answers`: a question card's answers by question index (`agentQuestions.ts`), sent beside the outcome. */
export type PermissionOutcome =
  { outcome: "selected"; optionId: string; answers?: Answers } | { outcome: "cancelled" };

export interface PendingLimits {
  perSession: number;
  perAgent: number;
  /** Milliseconds before an unanswered request is rejected; 0 waits forever. */
  timeoutMs: number;
}

export const DEFAULT_PENDING_LIMITS: PendingLimits = { perSession: 64, perAgent: 256, timeoutMs: 0 };

/** Where a request comes from: the agent process it arrived on (its identity) and its JSON-RPC id. */
export interface RequestOrigin {
  /** Identity of the agent process/connection; a replaced process has a new one. */
  connectionId: string;
  requestId: string | number | null;
}

interface Entry {
  prompt: PermissionPrompt;
  origin: RequestOrigin;
  /** When the timeout answers it, fixed when it was added (a later change of the timeout applies to new requests). */
  expiresAt: number | undefined;
  settle: (outcome: PermissionOutcome) => void;
  dispose: () => void;
}

export type PendingEvent =
  | { type: "added"; prompt: PermissionPrompt }
  | { type: "settled"; prompt: PermissionPrompt; record: DecisionRecord };

type Listener = (event: PendingEvent) => void;

export class PendingApprovals {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<Listener>();

  constructor(
    private limits: PendingLimits = DEFAULT_PENDING_LIMITS,
    private readonly clock: () => number = Date.now,
  ) {}

  setLimits(limits: PendingLimits): void {
    this.limits = limits;
  }

  get size(): number {
    return this.entries.size;
  }

  list(): PermissionPrompt[] {
    return [...this.entries.values()].map((e) => e.prompt);
  }

  get(key: string): PermissionPrompt | undefined {
    return this.entries.get(key)?.prompt;
  }

  /** When the timeout will answer `key`; undefined without a timeout. */
  expiresAt(key: string): number | undefined {
    return this.entries.get(key)?.expiresAt;
  }

  onDidChange(listener: Listener): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /**
   * Two live requests under one JSON-RPC id: the agent's state is ambiguous, so neither may be approved, by a person,
   * a rule or Bypass. Settles the one waiting under `origin` and records `prompt` as cancelled; false when none waits.
   */
  refuseDuplicate(prompt: PermissionPrompt, origin: RequestOrigin): boolean {
    const duplicate = this.findByOrigin(origin);
    if (!duplicate) return false;
    this.settle(duplicate, { outcome: "cancelled" }, "duplicate");
    this.notifySettled(prompt, { outcome: "cancelled" }, "duplicate");
    return true;
  }

  /**
   * Holds a request until it is decided. Resolves with the outcome to send the agent; never rejects.
   * `signal` is the handler's abort signal: `$/cancel_request` or the connection closing settles it as cancelled.
   */
  add(
    prompt: PermissionPrompt,
    origin: RequestOrigin,
    signal?: AbortSignal,
    /** Why the signal aborted: the agent withdrew the request, or its connection closed. */
    abortProvenance: () => Provenance = () => "agent_cancel",
  ): Promise<PermissionOutcome> {
    if (this.refuseDuplicate(prompt, origin)) return Promise.resolve({ outcome: "cancelled" });
    if (signal?.aborted) {
      this.notifySettled(prompt, { outcome: "cancelled" }, abortProvenance());
      return Promise.resolve({ outcome: "cancelled" });
    }
    if (this.overCap(prompt, origin)) {
      const outcome = rejectOutcome(prompt.options);
      this.notifySettled(prompt, outcome, "cap");
      return Promise.resolve(outcome);
    }
    return new Promise<PermissionOutcome>((resolve) => {
      const onAbort = () => this.settleKey(prompt.key, { outcome: "cancelled" }, abortProvenance());
      signal?.addEventListener("abort", onAbort, { once: true });
      const timer =
        this.limits.timeoutMs > 0
          ? setTimeout(
              () => this.settleKey(prompt.key, rejectOutcome(prompt.options), "timeout"),
              this.limits.timeoutMs,
            )
          : undefined;
      timer?.unref?.();
      this.entries.set(prompt.key, {
        prompt,
        origin,
        expiresAt: timer ? this.clock() + this.limits.timeoutMs : undefined,
        settle: resolve,
        dispose: () => {
          signal?.removeEventListener("abort", onAbort);
          if (timer) clearTimeout(timer);
        },
      });
      this.emit({ type: "added", prompt });
    });
  }

  /**
   * Answers `key` with `optionId` if, and only if, that option was offered for it. Returns false (and changes
   * nothing) for an unknown key, an already-settled key or an option that was not offered.
   */
  resolve(key: string, optionId: string, provenance: Provenance = "user", answers?: Answers): boolean {
    const entry = this.entries.get(key);
    if (!entry || !entry.prompt.options.some((o) => o.optionId === optionId)) return false;
    return this.settleKey(
      key,
      { outcome: "selected", optionId, ...(answers ? { answers } : {}) },
      provenance,
    );
  }

  /**
   * A person's click, naming the option by the host's key (`OptionView.key`): answers the agent's own `optionId` of
   * that offered option, whatever its size. False for an unknown request or key.
   */
  choose(key: string, optionKey: string, provenance: Provenance = "user"): boolean {
    const option = this.entries.get(key)?.prompt.options.find((o) => o.key === optionKey);
    return option ? this.resolve(key, option.optionId, provenance) : false;
  }

  /** A person's Deny: the card's reject option, or `cancelled` when it offers none (never an approval). */
  deny(key: string, provenance: Provenance = "user"): boolean {
    const entry = this.entries.get(key);
    return entry ? this.settleKey(key, rejectOutcome(entry.prompt.options), provenance) : false;
  }

  /** Answers `cancelled`: the only non-approval left when the card offers no reject option. */
  cancel(key: string, provenance: Provenance): boolean {
    return this.settleKey(key, { outcome: "cancelled" }, provenance);
  }

  /** Stop (`session/cancel`): every pending request of that session is answered `cancelled`. */
  cancelSession(sessionKey: string, provenance: Provenance = "stop"): number {
    return this.cancelWhere((e) => e.prompt.sessionKey === sessionKey, provenance);
  }

  /** Agent exit or connection close: only this process's requests, never a successor's. */
  cancelConnection(connectionId: string, provenance: Provenance = "agent_exit"): number {
    return this.cancelWhere((e) => e.origin.connectionId === connectionId, provenance);
  }

  /** Deactivation or reload. */
  cancelAll(provenance: Provenance = "shutdown"): number {
    return this.cancelWhere(() => true, provenance);
  }

  private cancelWhere(predicate: (entry: Entry) => boolean, provenance: Provenance): number {
    const matching = [...this.entries.values()].filter(predicate);
    for (const entry of matching) this.settle(entry, { outcome: "cancelled" }, provenance);
    return matching.length;
  }

  private settleKey(key: string, outcome: PermissionOutcome, provenance: Provenance): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.settle(entry, outcome, provenance);
    return true;
  }

  private settle(entry: Entry, outcome: PermissionOutcome, provenance: Provenance): void {
    // Out of the map first: whatever happens next, this entry can never be answered again.
    if (!this.entries.delete(entry.prompt.key)) return;
    entry.dispose();
    entry.settle(outcome);
    this.notifySettled(entry.prompt, outcome, provenance);
  }

  private notifySettled(prompt: PermissionPrompt, outcome: PermissionOutcome, provenance: Provenance): void {
    this.emit({ type: "settled", prompt, record: decisionRecord(prompt, outcome, provenance, this.clock()) });
  }

  private findByOrigin(origin: RequestOrigin): Entry | undefined {
    for (const entry of this.entries.values()) {
      if (entry.origin.connectionId === origin.connectionId && entry.origin.requestId === origin.requestId)
        return entry;
    }
    return undefined;
  }

  private overCap(prompt: PermissionPrompt, origin: RequestOrigin): boolean {
    let session = 0;
    let agent = 0;
    for (const entry of this.entries.values()) {
      if (entry.prompt.sessionKey === prompt.sessionKey) session++;
      if (entry.origin.connectionId === origin.connectionId) agent++;
    }
    return session >= this.limits.perSession || agent >= this.limits.perAgent;
  }

  private emit(event: PendingEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // A failing view must not keep a request from being answered.
      }
    }
  }
}

/** The agent's reject option, or `cancelled` when it offered none: never an approval. */
export function rejectOutcome(options: readonly PromptOption[]): PermissionOutcome {
  const reject = rejectOption(options);
  return reject ? { outcome: "selected", optionId: reject.optionId } : { outcome: "cancelled" };
}

export const PROVENANCE_SUMMARY: Record<Provenance, string> = {
  user: "You chose",
  bypass: "Bypass approved",
  policy: "Policy chose",
  timeout: "Expired",
  stop: "Stopped",
  agent_cancel: "Withdrawn by the agent",
  agent_exit: "Agent exited",
  duplicate: "Duplicate request id",
  shutdown: "Window closed",
  cap: "Too many pending requests",
  mode: "Mode changed",
};

export function decisionRecord(
  prompt: PermissionPrompt,
  outcome: PermissionOutcome,
  provenance: Provenance,
  at: number,
): DecisionRecord {
  const option =
    outcome.outcome === "selected" ? prompt.options.find((o) => o.optionId === outcome.optionId) : undefined;
  const head = PROVENANCE_SUMMARY[provenance];
  const aboutId = subjectToolCallId(prompt.subject);
  const summary = option
    ? `${head}: ${optionShownName(option.name, option.kindClass)}`
    : provenance === "user"
      ? "You denied: cancelled"
      : `${head}: cancelled`;
  return {
    key: prompt.key,
    sessionKey: prompt.sessionKey,
    agentName: prompt.agentName,
    title: prompt.title,
    provenance,
    outcome: outcome.outcome,
    ...(option
      ? {
          // Records reach the view, the history file and logs: the agent's id is kept only to a bound.
          optionId: capLabel(option.optionId, LIMITS.optionIdChars),
          optionName: option.name,
          optionKindClass: option.kindClass,
        }
      : {}),
    ...(aboutId !== undefined ? { toolCallId: aboutId } : {}),
    at,
    summary,
  };
}

/**
 * The raw tool calls of one session, as the agent sent them (`tool_call` replaces, `tool_call_update` and a permission
 * request's patch merge field by field), for the policy's footprint. `SessionModel` keeps only capped copies for
 * display; the policy must see what the agent really asked. Bounded: a call too large to keep, or dropped to make
 * room, is remembered as lost, and a footprint built without it is incomplete.
 */
import { compactLengthLowerBound, jsonLongerThan } from "../core/boundedJson";
import { asObject, asString, type Json } from "../core/json";

/** One tool call's raw fields, as JSON text, beyond which it is not kept (a footprint without it asks a person). */
export const MAX_RAW_TOOL_CALL_CHARS = 1024 * 1024;
/** Tool calls kept per session; the oldest go first. */
export const MAX_RAW_TOOL_CALLS = 512;
/** Characters of raw tool calls kept per session (their compact JSON, at least): 512 calls of 1 MB were 512 MB. */
export const MAX_RAW_CHARS = 16 * 1024 * 1024;

export type StoredToolCall =
  { state: "kept"; call: Json } | { state: "lost"; reason: string } | { state: "unknown" };

export class RawToolCalls {
  private readonly calls = new Map<string, { call: Json; chars: number } | { lost: string }>();
  private chars = 0;
  /** Ids dropped to make room: a later request about one of them cannot be read whole. */
  private readonly dropped = new Set<string>();

  /** A `session/update` payload; anything but a tool call is ignored. */
  noteUpdate(update: Json): void {
    const kind = update.sessionUpdate;
    if (kind === "tool_call") this.put(update, true);
    else if (kind === "tool_call_update") this.put(update, false);
  }

  /** A permission request's tool-call patch merges into the stored call (after the footprint was built). */
  notePatch(patch: Json): void {
    this.put(patch, false);
  }

  get(toolCallId: string): StoredToolCall {
    const entry = this.calls.get(toolCallId);
    if (entry === undefined)
      return this.dropped.has(toolCallId)
        ? { state: "lost", reason: "the tool call's earlier fields were dropped to bound memory" }
        : { state: "unknown" };
    return "lost" in entry ? { state: "lost", reason: entry.lost } : { state: "kept", call: entry.call };
  }

  private put(fields: Json, replace: boolean): void {
    const id = asString(fields.toolCallId);
    if (id === undefined) return;
    const previous = this.calls.get(id);
    this.forget(id); // re-inserted last: the most recently used stays longest
    if (previous && "lost" in previous && !replace) {
      this.calls.set(id, previous);
      return;
    }
    const merged: Json = replace || !previous || "lost" in previous ? {} : { ...previous.call };
    for (const [key, value] of Object.entries(fields)) {
      // `__proto__` is no field (the session model ignores it): assigned, it would become the call's prototype, whose
      // rawInput the footprint and a terminal grant would read though no card shows it.
      if (key === "sessionUpdate" || key === "__proto__") continue;
      // Absent and null both leave a field as it was: an update names only what changed.
      if (value !== undefined && value !== null) merged[key] = value;
    }
    let size: number;
    try {
      size = jsonLongerThan(merged, MAX_RAW_TOOL_CALL_CHARS) ? Infinity : 0; // stops at the cap, not after 7 MB
    } catch {
      size = Infinity;
    }
    if (size > MAX_RAW_TOOL_CALL_CHARS)
      this.calls.set(id, { lost: "the tool call is too large to be read whole" });
    else {
      const chars = compactLengthLowerBound(merged, MAX_RAW_TOOL_CALL_CHARS);
      this.calls.set(id, { call: merged, chars });
      this.chars += chars;
    }
    this.dropped.delete(id);
    while (this.calls.size > MAX_RAW_TOOL_CALLS || (this.chars > MAX_RAW_CHARS && this.calls.size > 1)) {
      const oldest = this.calls.keys().next().value as string;
      this.forget(oldest);
      this.dropped.add(oldest);
      if (this.dropped.size > MAX_RAW_TOOL_CALLS * 8)
        this.dropped.delete(this.dropped.values().next().value!);
    }
  }

  private forget(id: string): void {
    const entry = this.calls.get(id);
    if (entry && "chars" in entry) this.chars -= entry.chars;
    this.calls.delete(id);
  }
}

export function rawSubjectToolCall(protocolVersion: 1 | 2, params: unknown): Json | undefined {
  const p = asObject(params);
  if (!p) return undefined;
  if (protocolVersion === 1) return asObject(p.toolCall);
  const subject = asObject(p.subject);
  if (subject?.type === "tool_call") return asObject(subject.toolCall);
  // A v2 command subject may name its tool call.
  return typeof subject?.toolCallId === "string" ? { toolCallId: subject.toolCallId } : undefined;
}

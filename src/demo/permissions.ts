// The options the demo offers on every permission request, and how an answer is read back. Fail closed: only a
// `selected` outcome naming an allow option we offered counts as approval.
import type { PermissionDecision } from "./demoTurn";

export interface OfferedOption {
  readonly optionId: string;
  readonly name: string;
  readonly kind: "allow_once" | "allow_always" | "reject_once";
}

/** A fresh copy per request, so nothing downstream can change what a later request offers. */
export function permissionOptions(): OfferedOption[] {
  return [
    { optionId: "allow-once", name: "Allow once", kind: "allow_once" },
    { optionId: "allow-always", name: "Always allow", kind: "allow_always" },
    { optionId: "reject-once", name: "Reject", kind: "reject_once" },
  ];
}

/** The `outcome` of a `session/request_permission` response, as both protocol versions shape it. */
export interface WireOutcome {
  readonly outcome: string;
  readonly optionId?: unknown;
}

/**
 * Sends one permission request (`send`, in either protocol version) and reads its answer. A turn cancelled while
 * waiting reads as cancelled whatever came back; a failed request is an invalid answer, never an approval.
 */
export async function askClient(
  signal: AbortSignal,
  options: readonly OfferedOption[],
  send: () => Promise<{ outcome: WireOutcome }>,
): Promise<PermissionDecision> {
  try {
    const response = await send();
    return signal.aborted ? { kind: "cancelled" } : decide(response.outcome, options);
  } catch (error) {
    if (signal.aborted) return { kind: "cancelled" };
    const why = error instanceof Error ? error.message : String(error);
    return { kind: "invalid", reason: `the permission request failed: ${why}` };
  }
}

export function decide(outcome: WireOutcome, offered: readonly OfferedOption[]): PermissionDecision {
  if (outcome.outcome === "cancelled") return { kind: "cancelled" };
  if (outcome.outcome !== "selected") {
    return { kind: "invalid", reason: `the client answered with an unknown outcome "${outcome.outcome}"` };
  }
  const chosen = offered.find((option) => option.optionId === outcome.optionId);
  if (!chosen) return { kind: "invalid", reason: "the client picked an option I did not offer" };
  switch (chosen.kind) {
    case "allow_once":
      return { kind: "allowed", always: false };
    case "allow_always":
      return { kind: "allowed", always: true };
    case "reject_once":
      return { kind: "rejected" };
  }
}

/**
 * Whether a session's turn just ended, read from two of its headers in a row: for telling a person who is not looking
 * at Symposium. Pure, for plain-Node tests.
 */
import type { SessionHeader } from "../shared/protocol";

/**
 * `finished` when the agent was working (or waiting for an approval) and is ready again with nothing left to send;
 * `failed` when it was working and the session ended with an error (the agent exited, the connection broke).
 * Undefined otherwise: no turn ended, the person's Stop or Close ended it (they were there), or a message waiting
 * behind it goes next (the turn that counts is the last).
 */
export function turnEnd(
  before: Pick<SessionHeader, "status"> | undefined,
  after: Pick<SessionHeader, "status" | "queued" | "error">,
): "finished" | "failed" | undefined {
  if (before?.status !== "running" && before?.status !== "requires_action") return undefined;
  if (after.status === "ready") return (after.queued ?? 0) > 0 ? undefined : "finished";
  return (after.status === "ended" || after.status === "error") && after.error ? "failed" : undefined;
}

/**
 * An agent's `session/list` answer, checked: what "Resume Session…" offers. Only sessions of the asked working
 * directory (the agent was asked to filter; it is not trusted to), with an id short enough to send back whole (a
 * longer one is left out, never cut), a one-line capped title, and a valid update time that has come (a date ahead of
 * this clock, past a skew, is dropped: it would head the list for ever). Newest first.
 */
import { LIMITS } from "../shared/protocol";
import { asArray, asObject, asString } from "./json";
import { capLabel } from "./text";

export interface PastSession {
  /** The agent's own session id, sent back as received. */
  sessionId: string;
  /** The agent's title, one line and capped; undefined when it gave none. */
  title?: string;
  /** Milliseconds since the epoch of its last activity, when the agent said. */
  updatedAt?: number;
}

const TITLE_CHARS = 200;
/** How far ahead of this machine's clock an agent's (or its server's) clock may run. */
const CLOCK_SKEW_MS = 10 * 60_000;

/** Sessions of one `session/list` page for `cwd`, plus the cursor of the next page (when a usable one was given). */
export function parsePastSessions(
  response: unknown,
  cwd: string,
  now: number = Date.now(),
): { sessions: PastSession[]; nextCursor?: string } {
  const page = asObject(response);
  const sessions: PastSession[] = [];
  for (const entry of asArray(page?.sessions).slice(0, LIMITS.pastSessions)) {
    const info = asObject(entry);
    const sessionId = asString(info?.sessionId);
    if (!info || !sessionId || sessionId.length > LIMITS.agentSessionIdChars) continue;
    if (asString(info.cwd) !== cwd) continue;
    const title = asString(info.title)
      ?.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ")
      .trim();
    const updated = asString(info.updatedAt);
    const updatedAt = updated === undefined ? NaN : Date.parse(updated);
    sessions.push({
      sessionId,
      ...(title ? { title: capLabel(title, TITLE_CHARS) } : {}),
      ...(Number.isFinite(updatedAt) && updatedAt <= now + CLOCK_SKEW_MS ? { updatedAt } : {}),
    });
  }
  const cursor = asString(page?.nextCursor);
  return {
    sessions,
    ...(cursor !== undefined && cursor.length <= LIMITS.agentSessionIdChars ? { nextCursor: cursor } : {}),
  };
}

/** Newest first; sessions without a time last, in the agent's order. */
export function newestFirst(sessions: readonly PastSession[]): PastSession[] {
  return [...sessions].sort((a, b) => (b.updatedAt ?? -Infinity) - (a.updatedAt ?? -Infinity));
}

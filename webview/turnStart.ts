/**
 * When a session's running turn started, on the view's own clock (`performance.now()`), from the headers the host
 * sends: each carries the turn's duration when it was made (the host's clock may be another machine's). Pure, for
 * plain-Node tests.
 */
import type { SessionHeader } from "../src/shared/protocol";

export interface TurnStart {
  /** The header it was last read from: the same header is not read again. */
  header: SessionHeader;
  startedAt: number;
}

/**
 * The start after `header` arrived at `now`; undefined when no turn runs. A header reaches the view a few ms after it
 * was made, so a later header of the same turn gives a later estimate, which would take the count a second back at a
 * second's edge: within a second of the known start the earlier one stays. A new turn's estimate is later by the whole
 * turn before it and replaces it (a turn under a second long followed at once by another may leave the next one's
 * count up to that much ahead, where the host's headers of both came in one message).
 */
export function turnStart(
  known: TurnStart | undefined,
  header: SessionHeader,
  now: number,
): TurnStart | undefined {
  if (header.turnElapsedMs === undefined) return undefined;
  if (known?.header === header) return known;
  const estimate = now - header.turnElapsedMs;
  const sameTurn = known !== undefined && Math.abs(estimate - known.startedAt) < 1000;
  return { header, startedAt: sameTurn ? Math.min(estimate, known.startedAt) : estimate };
}

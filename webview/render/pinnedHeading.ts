/**
 * The heading over `count` pinned cards, with `above` more of the shown session waiting on their tool calls in the
 * transcript: each is said, since the pending list and the status bar count them all. (No DOM: unit-tested.)
 */
export function pinnedHeading(count: number, above: number): string {
  if (above > 0) return `Waiting for your approval (${count} here, ${above} above)`;
  return count === 1 ? "Waiting for your approval" : `Waiting for your approval (${count})`;
}

/**
 * Which elements of a growing list skip layout and paint off screen (`content-visibility: auto`, given by the
 * `settled` class in main.css). Not the last few: an element that starts with `content-visibility` is laid out at
 * its guessed size (`contain-intrinsic-size`) until a frame has found it on screen, so a new transcript item (a tool
 * call with a long diff) and its card took a second lifecycle pass in their first frame, and the transcript's end,
 * set against the guess, left the card below the viewport for a frame. An element settles once `keep` newer ones
 * follow it; by then it has been laid out at its real size, which its `contain-intrinsic-size: auto` remembers.
 * Pure over the few DOM members it reads, so it runs in plain Node too.
 */
export const SETTLED = "settled";

/** Elements near a list's end that never carry `content-visibility`. */
export const KEEP_UNSETTLED = 8;

/** The part of an element this module reads and writes. */
export interface ListElement {
  readonly previousElementSibling: ListElement | null;
  readonly classList: { contains(token: string): boolean; add(token: string): void };
}

/** When the caller can put settling off: `later` runs work after the next paint. */
export interface SettleLater {
  later: (work: () => void) => void;
  /** Elements appended to the list in this pass (one message's changes), `appended` included. */
  appendedInPass: number;
}

/**
 * Settles the element `keep` places before `appended` (just added at the list's end). Returns it when it settled now
 * and was not settled before, so the caller can tell a burst (an element settled before it was ever shown).
 *
 * With `put`, an element that was in the list before this pass (laid out) settles after the next paint: settling
 * restyles it, and that style pass fell in the task and frame that show `appended` (0.6 ms of a card's 1.5 ms style
 * pass in the replay lab; docs/performance.md), for nothing a person sees: the element is far above the end. One
 * appended in the same pass (a burst, never laid out) settles now, so that its first frame skips it.
 */
export function settleBehind(
  appended: ListElement,
  keep = KEEP_UNSETTLED,
  put?: SettleLater,
): ListElement | undefined {
  let element: ListElement | null = appended;
  for (let i = 0; i < keep && element; i++) element = element.previousElementSibling;
  if (!element) return undefined;
  if (!put || put.appendedInPass > keep) return settle(element);
  const { later } = put;
  const behind = element;
  if (!behind.classList.contains(SETTLED)) later(() => settle(behind));
  return undefined;
}

/** Settles every element before the last `keep` of a list (built or reordered at once). Returns how many were new. */
export function settleAllBut(last: ListElement | null, keep = KEEP_UNSETTLED): number {
  let element = last;
  for (let i = 0; i < keep && element; i++) element = element.previousElementSibling;
  let settled = 0;
  for (; element; element = element.previousElementSibling) if (settle(element)) settled++;
  return settled;
}

/**
 * Settles an element now: one added where nobody looks (below a list's visible end, or the transcript's end while
 * the person has scrolled up) is skipped from its first frame, as before any of this.
 */
export function settle(element: ListElement): ListElement | undefined {
  // Checked first: adding a class it already has would still write the attribute (a style invalidation).
  if (element.classList.contains(SETTLED)) return undefined;
  element.classList.add(SETTLED);
  return element;
}

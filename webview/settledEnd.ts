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

/**
 * Settles the element `keep` places before `appended` (just added at the list's end). Returns it when it was
 * not settled before, so the caller can tell a burst (an element settled before it was ever shown).
 */
export function settleBehind(appended: ListElement, keep = KEEP_UNSETTLED): ListElement | undefined {
  let element: ListElement | null = appended;
  for (let i = 0; i < keep && element; i++) element = element.previousElementSibling;
  return element ? settle(element) : undefined;
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

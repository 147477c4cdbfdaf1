/**
 * What the view's live region says next, and when (`Announcer` writes it): announcements that come together are said
 * together, the person's and the cards' (`add`) kept until said, the rest said in place of one another. DOM-free, so
 * its timing is unit-tested in Node.
 */

/** One announcement is said in at most this many characters: a long title must not crowd out the cards around it. */
const LINE_CHARS = 300;
/** What `add` keeps waiting to be said, at most: the oldest line, a count, and the newest lines past it. */
const KEPT_CHARS = 1_500;
/**
 * How long what waits may be put off by later announcements: a stream of them (an agent flipping its own mode every
 * few milliseconds) put off the write for as long as it lasted, and a card was never said.
 */
const MAX_WAIT_MS = 250;

export interface LiveRegion {
  /** Runs `run` after the next frame is painted. */
  afterPaint(run: () => void): void;
  /** Empties the region, so that the same sentence twice in a row is said twice. */
  clear(): void;
  write(text: string): void;
}

export class Announcements {
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Counts writes set off: one put off by a later announcement does not write. */
  private latest = 0;
  /** What is waiting to be said. */
  private text = "";
  /** The `add` announcements waiting: none of them is dropped for a later announcement. */
  private kept: string[] = [];
  /** `add` announcements past `KEPT_CHARS`, left out after the oldest one and counted. */
  private leftOut = 0;
  /** A write is on its way (after the next paint, then a tick). */
  private writing = false;
  /** When the oldest announcement waiting came (`performance.now()`); undefined when nothing waits. */
  private waitingSince: number | undefined;

  constructor(private readonly region: LiveRegion) {}

  /**
   * `add`: kept until said, with whatever comes after it (a card, or one that ended, is not news a later card or an
   * agent's control changing makes stale). Otherwise said in place of what else waits, after what was added. Bounded:
   * each announcement is cut short, and a flood of cards says the first one, how many more, and the latest ones.
   */
  announce(text: string, add?: boolean): void {
    const now = performance.now();
    const since = (this.waitingSince ??= now);
    const line = text.length > LINE_CHARS ? `${text.slice(0, LINE_CHARS)}…` : text;
    if (add) {
      this.kept.push(line);
      while (this.kept.length > 2 && this.kept.join(". ").length > KEPT_CHARS) {
        this.kept.splice(1, 1);
        this.leftOut++;
      }
    }
    const more = this.leftOut > 0 ? [`${this.leftOut} more not read out`] : [];
    this.text = [...this.kept.slice(0, 1), ...more, ...this.kept.slice(1), ...(add ? [] : [line])].join(". ");
    // A write on its way that has waited long enough goes as it is: it writes what waits then, this included.
    if (this.writing && now - since >= MAX_WAIT_MS) return;
    clearTimeout(this.timer);
    this.writing = true;
    const which = ++this.latest;
    // Nothing is written in the caller's task: clearing the region there laid it out again in the frame that shows a
    // new card. Cleared, then set a tick later.
    this.region.afterPaint(() => {
      if (which !== this.latest) return;
      this.region.clear();
      this.timer = setTimeout(() => {
        this.region.write(this.text);
        this.text = "";
        this.kept = [];
        this.leftOut = 0;
        this.writing = false;
        this.waitingSince = undefined;
      }, 50);
    });
  }
}

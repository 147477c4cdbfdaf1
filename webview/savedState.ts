/**
 * What the view keeps across being hidden: VS Code drops a hidden view's page and builds a new one when it is shown
 * again. The host's snapshot brings back the sessions; the page's own saved state (`setState`, which VS Code keeps for
 * the view) brings back what only the page knew: each session's unsent draft, and where the person was reading.
 */
import { LIMITS } from "../src/shared/limits";

/** The page's saved state, as `acquireVsCodeApi()` gives it. */
export interface StatePort {
  get(): unknown;
  set(state: unknown): void;
}

/** Where a person reading up a transcript was: the item at the top of the view, and how far into it (px). */
export interface ReadingPlace {
  readonly itemId: string;
  readonly offset: number;
}

/** More sessions than this are not open at once; a longer list in the saved state is not ours. */
const MAX_SESSIONS = 200;
/** Item ids carry the agent's tool call id, of any length: a longer one is not kept (the session opens at its end). */
const MAX_ITEM_ID = 1_000;

export class SavedState {
  private readonly drafts: Map<string, string>;
  private readonly places: Map<string, ReadingPlace>;

  constructor(private readonly port: StatePort) {
    const saved = port.get() as { drafts?: unknown; places?: unknown } | null | undefined;
    this.drafts = readEntries(saved?.drafts, (text) =>
      typeof text === "string" && text !== "" && text.length <= LIMITS.intent.promptChars ? text : undefined,
    );
    this.places = readEntries(saved?.places, readPlace);
  }

  draft(sessionKey: string): string | undefined {
    return this.drafts.get(sessionKey);
  }

  /** Keeps `text` as the session's draft (an empty one is none) and saves at once: the page may be dropped any time. */
  setDraft(sessionKey: string, text: string): void {
    if ((this.drafts.get(sessionKey) ?? "") === text) return;
    if (text === "") this.drafts.delete(sessionKey);
    else this.drafts.set(sessionKey, text);
    this.save();
  }

  place(sessionKey: string): ReadingPlace | undefined {
    return this.places.get(sessionKey);
  }

  /** Where the person reads in the session; undefined at the transcript's end (shown there again). */
  setPlace(sessionKey: string, wanted: ReadingPlace | undefined): void {
    const place = wanted && wanted.itemId.length <= MAX_ITEM_ID ? wanted : undefined;
    const before = this.places.get(sessionKey);
    if (before?.itemId === place?.itemId && before?.offset === place?.offset) return;
    if (place === undefined) this.places.delete(sessionKey);
    else this.places.set(sessionKey, place);
    this.save();
  }

  /** Forgets what was kept for sessions that are gone (closed, also while the view was hidden, or before a reload). */
  keepOnly(sessionKeys: ReadonlySet<string>): void {
    let changed = false;
    for (const map of [this.drafts, this.places])
      for (const key of map.keys()) if (!sessionKeys.has(key)) changed = map.delete(key) || changed;
    if (changed) this.save();
  }

  private save(): void {
    this.port.set({ drafts: Object.fromEntries(this.drafts), places: Object.fromEntries(this.places) });
  }
}

function readEntries<T>(saved: unknown, read: (value: unknown) => T | undefined): Map<string, T> {
  const entries = new Map<string, T>();
  if (typeof saved !== "object" || saved === null || Array.isArray(saved)) return entries;
  for (const [key, value] of Object.entries(saved).slice(0, MAX_SESSIONS)) {
    const entry = read(value);
    if (entry !== undefined) entries.set(key, entry);
  }
  return entries;
}

function readPlace(value: unknown): ReadingPlace | undefined {
  const place = value as Partial<ReadingPlace> | null;
  return typeof place?.itemId === "string" &&
    place.itemId.length <= MAX_ITEM_ID &&
    typeof place.offset === "number" &&
    Number.isFinite(place.offset)
    ? { itemId: place.itemId, offset: place.offset }
    : undefined;
}

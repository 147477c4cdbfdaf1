/**
 * What the view keeps across being hidden: VS Code drops a hidden view's page and builds a new one when it is shown
 * again. The host's snapshot brings back the sessions; the page's own saved state (`setState`, which VS Code keeps for
 * the view) brings back what only the page knew: each session's unsent draft, where the person was reading, the
 * sections they opened (a thought, a tool call's raw input), and what is being written on a waiting card: a reason for
 * rejecting it, answers to its questions or form.
 */
import { LIMITS } from "../src/shared/limits";

/** The page's saved state, as `acquireVsCodeApi()` gives it. */
export interface StatePort {
  get(): unknown;
  set(state: unknown): void;
}

/** The items whose collapsed section (Thinking, Raw input) a person opened, per session. */
export interface OpenSections {
  isOpen(sessionKey: string, itemId: string): boolean;
  setOpen(sessionKey: string, itemId: string, open: boolean): void;
}

/** Where a person reading up a transcript was: the item at the top of the view, and how far into it (px). */
export interface ReadingPlace {
  readonly itemId: string;
  readonly offset: number;
}

/**
 * What a person gives one of a card's questions (or form fields) before Submit: the choices picked, by their place,
 * the words in its field, and whether its Other is picked.
 */
export interface QuestionDraft {
  readonly picked: readonly number[];
  readonly words: string;
  readonly other: boolean;
}

/** A card's reason being written (Reject with reason…), by the card's key: kept while the card waits. */
export interface ReasonDrafts {
  reason(cardKey: string): string | undefined;
  setReason(cardKey: string, text: string): void;
}

/** What a card's questions are given before Submit, by the card's key: kept while the card waits. */
export interface AnswerDrafts {
  answers(cardKey: string): readonly QuestionDraft[] | undefined;
  /** Undefined: none kept (the card is answered). */
  setAnswers(cardKey: string, answers: readonly QuestionDraft[] | undefined): void;
}

/** More sessions than this are not open at once; a longer list in the saved state is not ours. */
const MAX_SESSIONS = 200;
/** Item ids carry the agent's tool call id, of any length: a longer one is not kept (the session opens at its end). */
const MAX_ITEM_ID = 1_000;
/** Drafts a window reload left, kept for the tabs that reopen their sessions: the latest this many. */
const MAX_LEFT = 10;
/** Opened sections kept per session: the latest this many (a person opens a few to read them). */
const MAX_OPEN = 100;

export class SavedState implements OpenSections, ReasonDrafts, AnswerDrafts {
  private readonly drafts: Map<string, string>;
  /** Which agent session each tab holds (`resumeKey`), kept with its draft across a reload. */
  private readonly sessionsHeld: Map<string, string>;
  /** Drafts of tabs a window reload closed, by the agent session they were written in (`resumeKey`). */
  private readonly left: Map<string, string>;
  private readonly reasons: Map<string, string>;
  private readonly answerDrafts: Map<string, readonly QuestionDraft[]>;
  private readonly places: Map<string, ReadingPlace>;
  private readonly opened: Map<string, Set<string>>;

  constructor(private readonly port: StatePort) {
    const saved = port.get() as
      | {
          drafts?: unknown;
          held?: unknown;
          left?: unknown;
          places?: unknown;
          opened?: unknown;
          reasons?: unknown;
          answers?: unknown;
        }
      | null
      | undefined;
    const readDraft = (text: unknown) =>
      typeof text === "string" && text !== "" && text.length <= LIMITS.intent.promptChars ? text : undefined;
    this.drafts = readEntries(saved?.drafts, readDraft);
    this.sessionsHeld = readEntries(saved?.held, readResumeKey);
    this.left = readEntries(saved?.left, readDraft, MAX_LEFT);
    this.reasons = readEntries(saved?.reasons, (text) =>
      typeof text === "string" && text !== "" && text.length <= LIMITS.intent.rejectReasonChars
        ? text
        : undefined,
    );
    this.answerDrafts = readEntries(saved?.answers, readAnswers);
    this.places = readEntries(saved?.places, readPlace);
    this.opened = readEntries(saved?.opened, readItemIds);
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

  /**
   * Notes the agent session a tab holds (`resumeKey`), so that its draft outlives a window reload. Returns the draft
   * a reload left in an earlier tab of that session, taken: it goes into this tab.
   */
  noteSession(sessionKey: string, resume: string | undefined): string | undefined {
    if (resume === undefined) return undefined;
    let changed = false;
    if (this.sessionsHeld.get(sessionKey) !== resume) {
      this.sessionsHeld.set(sessionKey, resume);
      changed = this.drafts.has(sessionKey);
    }
    const left = this.left.get(resume);
    if (left !== undefined) changed = this.left.delete(resume);
    if (changed) this.save();
    return left;
  }

  reason(cardKey: string): string | undefined {
    return this.reasons.get(cardKey);
  }

  /** Keeps the reason being written on a card (none once it is empty: the field closed or the reason sent). */
  setReason(cardKey: string, text: string): void {
    if ((this.reasons.get(cardKey) ?? "") === text) return;
    if (text === "") this.reasons.delete(cardKey);
    else this.reasons.set(cardKey, text);
    this.save();
  }

  answers(cardKey: string): readonly QuestionDraft[] | undefined {
    return this.answerDrafts.get(cardKey);
  }

  /** Keeps what is picked and written in a card's questions, saved at once (the page may be dropped any time). */
  setAnswers(cardKey: string, answers: readonly QuestionDraft[] | undefined): void {
    // Compared whole: a click on a label saves what did not change (a form is at most 16 small entries).
    if (JSON.stringify(answers) === JSON.stringify(this.answerDrafts.get(cardKey))) return;
    if (answers === undefined) this.answerDrafts.delete(cardKey);
    else this.answerDrafts.set(cardKey, answers);
    this.save();
  }

  /** Forgets what was written on cards that no longer wait (answered, also while the view was hidden). */
  keepCards(cardKeys: ReadonlySet<string>): void {
    let changed = false;
    for (const map of [this.reasons, this.answerDrafts])
      for (const key of map.keys()) if (!cardKeys.has(key)) changed = map.delete(key) || changed;
    if (changed) this.save();
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

  isOpen(sessionKey: string, itemId: string): boolean {
    return this.opened.get(sessionKey)?.has(itemId) ?? false;
  }

  /** Keeps whether a section of the item is open (an id too long to keep is not: it opens closed). */
  setOpen(sessionKey: string, itemId: string, open: boolean): void {
    if (this.isOpen(sessionKey, itemId) === open || itemId.length > MAX_ITEM_ID) return;
    const ids = this.opened.get(sessionKey) ?? new Set<string>();
    if (open) {
      // One in, the oldest out (a Set keeps the order they were added in).
      if (ids.add(itemId).size > MAX_OPEN) ids.delete(ids.values().next().value!);
      this.opened.set(sessionKey, ids);
    } else {
      ids.delete(itemId);
      if (ids.size === 0) this.opened.delete(sessionKey);
    }
    this.save();
  }

  /**
   * Forgets what was kept for sessions that are gone. `byReload`: these are a snapshot's sessions, and the others
   * were closed by a window reload (a tab the person closes goes in a live page's update): their drafts are kept for
   * the tabs that reopen their agent sessions.
   */
  keepOnly(sessionKeys: ReadonlySet<string>, byReload = false): void {
    let changed = false;
    if (byReload)
      for (const [key, text] of this.drafts) {
        const resume = this.sessionsHeld.get(key);
        if (sessionKeys.has(key) || resume === undefined) continue;
        const earlier = this.left.get(resume);
        this.left.delete(resume);
        this.left.set(
          resume,
          earlier === undefined ? text : `${earlier}\n${text}`.slice(0, LIMITS.intent.promptChars),
        );
        for (const oldest of this.left.keys()) if (this.left.size > MAX_LEFT) this.left.delete(oldest);
      }
    for (const map of [this.drafts, this.sessionsHeld, this.places, this.opened])
      for (const key of map.keys()) if (!sessionKeys.has(key)) changed = map.delete(key) || changed;
    if (changed) this.save();
  }

  private save(): void {
    this.port.set({
      drafts: Object.fromEntries(this.drafts),
      held: Object.fromEntries([...this.sessionsHeld].filter(([key]) => this.drafts.has(key))),
      left: Object.fromEntries(this.left),
      places: Object.fromEntries(this.places),
      opened: Object.fromEntries([...this.opened].map(([key, ids]) => [key, [...ids]])),
      reasons: Object.fromEntries(this.reasons),
      answers: Object.fromEntries(this.answerDrafts),
    });
  }
}

function readEntries<T>(
  saved: unknown,
  read: (value: unknown) => T | undefined,
  max = MAX_SESSIONS,
): Map<string, T> {
  const entries = new Map<string, T>();
  if (typeof saved !== "object" || saved === null || Array.isArray(saved)) return entries;
  for (const [key, value] of Object.entries(saved).slice(0, max)) {
    const entry = read(value);
    if (entry !== undefined) entries.set(key, entry);
  }
  return entries;
}

/** The agent session a tab held, as `resumeKey` makes it: its agent's name and the agent's id, both bounded. */
function readResumeKey(value: unknown): string | undefined {
  return typeof value === "string" && value.length <= 2 * LIMITS.agentSessionIdChars ? value : undefined;
}

/** What names an agent session across tabs and reloads: a draft left by a reload goes to the tab that reopens it. */
export function resumeKey(header: { agentName: string; agentSessionId?: string }): string | undefined {
  return header.agentSessionId === undefined ? undefined : `${header.agentName}\n${header.agentSessionId}`;
}

/** A card's answers as saved: no more questions, choices or words than a card takes. */
function readAnswers(value: unknown): QuestionDraft[] | undefined {
  if (!Array.isArray(value) || value.length > LIMITS.fieldsPerForm) return undefined;
  const answers: QuestionDraft[] = [];
  for (const entry of value as unknown[]) {
    const draft = entry as { picked?: unknown; words?: unknown; other?: unknown } | null;
    const picked: unknown = draft?.picked;
    if (
      typeof draft?.words !== "string" ||
      draft.words.length > LIMITS.answerChars ||
      typeof draft.other !== "boolean" ||
      !Array.isArray(picked) ||
      picked.length > LIMITS.choicesPerField ||
      !(picked as unknown[]).every((at) => Number.isInteger(at) && (at as number) >= 0)
    )
      return undefined;
    answers.push({ picked: [...(picked as number[])], words: draft.words, other: draft.other });
  }
  return answers;
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

function readItemIds(value: unknown): Set<string> | undefined {
  const ids = Array.isArray(value)
    ? value.slice(-MAX_OPEN).filter((id) => typeof id === "string" && id.length <= MAX_ITEM_ID)
    : [];
  return ids.length > 0 ? new Set(ids as string[]) : undefined;
}

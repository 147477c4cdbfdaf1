/**
 * The view: applies host messages to the store (a lone message at once, the rest of a burst in the next frame), then
 * updates the DOM in place from the change set.
 * Owns the approval cards (a map from prompt keys to cards) and decides where each one sits.
 */
import type { DecisionRecord, SessionHeader, ToWebviewMessage } from "../src/shared/protocol";
import type { HostPort } from "./host";
import { Announcer } from "./announcer";
import { afterNextPaint, el, icon, isTextEntry, replaceChildren, userHasFocus } from "./dom";
import { FrameQueue } from "./frame";
import { PagedSnapshot } from "./pagedSnapshot";
import { resumeKey, SavedState, type StatePort } from "./savedState";
import { Spinners } from "./spinner";
import { emptyChangeSet, ViewStore, type ChangeSet } from "./state";
import { afterFirstPaint } from "./render/afterFirstPaint";
import { inSight } from "./inSight";
import { ApprovalCard } from "./render/approvalCard";
import { Composer } from "./render/composer";
import { EmptyState } from "./render/emptyState";
import { Header } from "./render/header";
import { PendingList } from "./render/pendingList";
import { PinnedCards } from "./render/pinned";
import { SessionTabs } from "./render/sessionTabs";
import { ToEndButton } from "./render/toEnd";
import { SessionView } from "./render/transcript";
import { sessionLabels } from "./sessionLabels";
import { KEEP_UNSETTLED, settle, settleAllBut, settleBehind } from "./settledEnd";

/** Within this many pixels of the bottom, the transcript follows new content. */
const STICK_TO_BOTTOM_PX = 48;
/** The transcript's bottom strip the way back to the end floats over (its height and lift: main.css `.to-end`). */
const TO_END_STRIP_PX = 34;
/** More new requests than this in one frame are announced as a count. */
const ANNOUNCE_ONE_BY_ONE = 3;

type Pending = ToWebviewMessage;

export class App {
  private readonly store = new ViewStore();
  private readonly cards = new Map<string, ApprovalCard>();
  private readonly sessionViews = new Map<string, SessionView>();
  private readonly scrollPositions = new Map<string, number>();
  /** What the page keeps across being hidden: drafts, reading places (`savedState.ts`). */
  private readonly saved: SavedState;
  private readonly queue = new FrameQueue<Pending>(
    (messages) => this.flush(messages),
    (message) => message.type === "update" && message.ops.some((op) => op.op === "prompt"),
  );
  /** A paged snapshot goes to the queue whole, once its pages have arrived. */
  private readonly snapshotPages = new PagedSnapshot((message) => this.queue.push(message));
  private readonly announcer = new Announcer();
  private readonly header: Header;
  private readonly blockedBanner = el("div", { class: "banner banner-warning", role: "alert", hidden: true });
  private readonly tabs: SessionTabs;
  private readonly transcript = el("main", { class: "transcript", tabindex: -1 });
  private readonly toEnd = new ToEndButton((waiting) => this.goToEnd(waiting));
  private endCheckScheduled = false;
  /** A waiting card lay under the way back to the end at the last scroll (`cardUnderToEnd`): it is not shown there. */
  private toEndOverCard = false;
  /** How many of the shown session's cards wait in its transcript (the pinned heading names them). */
  private waitingAbove = 0;
  private readonly spinners: Spinners;
  private readonly emptyState: EmptyState;
  private readonly pinned = new PinnedCards();
  private readonly pendingList: PendingList;
  private readonly composer: Composer;
  private shownSessionKey: string | undefined;
  /** When the user last scrolled the transcript themselves (performance.now()). */
  private userScrolledAt = -Infinity;
  private countdownTimer: ReturnType<typeof setInterval> | undefined;
  /**
   * Set when the person presses New session (or the empty state's Start) here: the sessions there were, and what had
   * focus. The session that appears next gets the Message box, as a new chat does, unless focus has moved on.
   */
  private startedHere: { before: ReadonlySet<string>; focus: Element | null } | undefined;

  constructor(
    root: HTMLElement,
    private readonly host: HostPort,
    state: StatePort,
  ) {
    this.saved = new SavedState(state);
    const newSession = (agentName: string): void => {
      this.startedHere = { before: new Set(this.store.sessions.keys()), focus: document.activeElement };
      host.post({ type: "newSession", agentName });
    };
    this.header = new Header(newSession, (agentName) =>
      this.emptyState.update(agentName, this.store.blockedReason !== undefined),
    );
    this.emptyState = new EmptyState(newSession);
    this.tabs = new SessionTabs({
      select: (sessionKey) => {
        host.post({ type: "selectSession", sessionKey });
        const changes = emptyChangeSet();
        this.store.selectSession(sessionKey, changes);
        this.render(changes);
      },
      close: (sessionKey) =>
        host.post({
          type: "closeSession",
          sessionKey,
          ...(this.saved.draft(sessionKey)?.trim() ? { draft: true as const } : {}),
        }),
      retry: (sessionKey) => {
        // Like New session here: the new session's Message box gets the keyboard. What was typed in the failed one
        // goes to the tab whose header says it replaces it (`carryReplacedDrafts`): a retry that makes none leaves it.
        this.startedHere = { before: new Set(this.store.sessions.keys()), focus: document.activeElement };
        host.post({ type: "retrySession", sessionKey });
      },
      openSettings: () => host.post({ type: "openAgentSettings" }),
    });
    this.composer = new Composer(
      {
        send: (sessionKey, text, context) =>
          host.post({ type: "sendPrompt", sessionKey, text, ...(context.length > 0 ? { context } : {}) }),
        removeContext: (sessionKey, id) => host.post({ type: "removeContext", sessionKey, id }),
        pickContext: (sessionKey) => host.post({ type: "pickContext", sessionKey }),
        attachImage: (sessionKey, data) => host.post({ type: "attachImage", sessionKey, data }),
        findFiles: (sessionKey, query, seq) => host.post({ type: "findFiles", sessionKey, query, seq }),
        addMention: (sessionKey, token) => host.post({ type: "addMention", sessionKey, token }),
        editLastWaiting: (sessionKey) => {
          const waiting = this.store.sessions
            .get(sessionKey)
            ?.items.findLast((item) => item.kind === "user" && item.queued?.state === "waiting");
          if (waiting) host.post({ type: "editQueued", sessionKey, itemId: waiting.id });
          return waiting !== undefined;
        },
        sentMessages: (sessionKey) => {
          const sent: string[] = [];
          for (const item of this.store.sessions.get(sessionKey)?.items ?? [])
            if (item.kind === "user" && item.sentHere && !item.queued && item.text !== sent.at(-1))
              sent.push(item.text);
          return sent;
        },
        stop: (sessionKey) => host.post({ type: "stop", sessionKey }),
        announce: (text) => this.announcer.announce(text),
      },
      { post: (message) => host.post(message), announce: (text) => this.announcer.announce(text) },
      this.saved,
    );
    this.pendingList = new PendingList({
      answer: (keys, answer) => host.post({ type: "answerMany", keys, answer }),
      announce: (text) => this.announcer.announce(text),
    });
    this.transcript.appendChild(this.emptyState.root);
    const userScrolled = () => (this.userScrolledAt = performance.now());
    for (const type of ["wheel", "touchmove", "pointerdown", "keydown"])
      this.transcript.addEventListener(type, userScrolled, { passive: true });
    this.transcript.addEventListener("scroll", () => this.checkEndAfterPaint(), { passive: true });
    root.replaceChildren(
      this.header.root,
      this.blockedBanner,
      this.tabs.root,
      this.transcript,
      this.toEnd.root,
      this.pinned.root,
      this.pendingList.root,
      this.composer.root,
      this.announcer.root,
    );
    this.spinners = new Spinners();
    this.render({ ...emptyChangeSet(), reset: true });
  }

  /**
   * A message from the host (shape-checked by the caller). Applied in order: at once, or with its burst (`FrameQueue`);
   * a paged snapshot with all its pages (`PagedSnapshot`).
   */
  receive(message: ToWebviewMessage): void {
    this.snapshotPages.push(message);
  }

  private flush(messages: readonly Pending[]): void {
    const changes = emptyChangeSet();
    const focusRequests: Pending[] = [];
    for (const message of messages) {
      switch (message.type) {
        case "snapshot":
          // Everything before a snapshot is superseded by it.
          Object.assign(changes, emptyChangeSet());
          focusRequests.length = 0;
          this.store.applySnapshot(message.snapshot, changes);
          // The sessions there are now: what was kept for others is dropped, but for the drafts of tabs a window
          // reload closed, kept for the tabs that reopen those sessions.
          this.saved.keepOnly(new Set(this.store.sessions.keys()), true);
          this.saved.keepCards(new Set(this.store.pending.keys()));
          break;
        case "update":
          for (const op of message.ops) this.store.applyOp(op, changes);
          break;
        case "focusPrompt":
        case "focusComposer":
          focusRequests.push(message);
          break;
        case "fileMatches":
          this.composer.showFileMatches(message.sessionKey, message.seq, message.matches);
          break;
        default: {
          const unknown: never = message;
          console.warn("Symposium: unknown message", unknown);
        }
      }
    }
    this.render(changes);
    for (const request of focusRequests) {
      if (request.type === "focusPrompt") this.cards.get(request.key)?.focusGroup({ scroll: true });
      else if (request.type === "focusComposer") {
        if (request.text !== undefined && request.sessionKey !== undefined)
          this.composer.takeBack(request.sessionKey, request.text);
        this.composer.focus();
      }
    }
  }

  private render(changes: ChangeSet): void {
    const stick = this.isNearBottom();
    // Read with `stick`, while the layout is still clean (after the writes below it would force a layout).
    const pinnedEndInView = this.pinnedEndInView();
    // Read before anything moves: replacing or moving a focused card drops focus.
    const focusedCardKey = this.focusedCardKey();
    // Typing in a card's reason or rule field: the keys that follow are text, never an answer to another card.
    const typingInCard = focusedCardKey !== undefined && isTextEntry(document.activeElement);
    const composerFocus = this.composer.focusedControl();
    const batchFocus = this.pendingList.root.contains(document.activeElement);
    const store = this.store;
    const blocked = store.blockedReason !== undefined;
    const newCards: ApprovalCard[] = [];
    // Where the cards are before cards come or go, a session's header changes (the agent's controls beside Send wrap
    // and lift the pinned cards), the blocked banner above the transcript comes or goes, or text streams into the
    // shown transcript that holds some: those move them on screen (see `guardMovedCards`).
    const cardsBefore =
      changes.blocked ||
      changes.promptsAdded.size > 0 ||
      changes.promptsDecided.size > 0 ||
      changes.sessions.size > 0 ||
      (this.waitingAbove > 0 && changes.items.has(this.shownSessionKey!))
        ? this.cardPlaces()
        : undefined;

    if (changes.reset) {
      for (const card of this.cards.values()) {
        card.dispose();
        card.root.remove();
      }
      this.cards.clear();
      for (const view of this.sessionViews.values()) view.root.remove();
      this.sessionViews.clear();
      this.shownSessionKey = undefined;
    }
    if (changes.reset || changes.agents || changes.blocked) {
      this.header.setAgents(store.agents, blocked);
      this.emptyState.update(this.header.selectedAgent(), blocked);
      this.blockedBanner.hidden = !blocked;
      const fix = store.blockedAction
        ? el("button", { class: "banner-action" }, store.blockedAction)
        : undefined;
      fix?.addEventListener("click", () => this.host.post({ type: "resolveBlocked" }));
      replaceChildren(
        this.blockedBanner,
        icon("workspace-untrusted"),
        el("span", {}, store.blockedReason ?? ""),
        ...(fix ? [fix] : []),
      );
    }

    if (changes.sessions.size > 0) this.carryReplacedDrafts(changes);
    for (const sessionKey of changes.sessionsRemoved) {
      this.sessionViews.get(sessionKey)?.root.remove();
      this.sessionViews.delete(sessionKey);
      this.scrollPositions.delete(sessionKey);
    }
    if (changes.sessionsRemoved.size > 0) this.saved.keepOnly(new Set(store.sessions.keys()));

    // Transcript items, in place, for sessions already built (others are built when first shown). A removed item or
    // another session shown can move any card; a tool call that changed can only take the cards that name it.
    const reshaped = changes.reset || changes.activeSession || changes.itemsRemoved.size > 0;
    const toolCallsChanged = new Set<string>();
    for (const sessionKey of changes.sessions) {
      const session = store.sessions.get(sessionKey);
      if (session) this.sessionViews.get(sessionKey)?.showHeader(session.header);
    }
    for (const [sessionKey, ids] of changes.itemsRemoved) {
      const view = this.sessionViews.get(sessionKey);
      for (const id of ids) view?.remove(id);
    }
    for (const [sessionKey, ids] of changes.items) {
      const view = this.sessionViews.get(sessionKey);
      if (!view?.isMounted) continue;
      const session = store.sessions.get(sessionKey);
      for (const id of ids) {
        view.upsert(id, stick || sessionKey !== this.shownSessionKey);
        if (session?.byId.get(id)?.kind === "tool_call") toolCallsChanged.add(id);
      }
    }

    // Decisions: the record takes the card's place; focus follows the user's attention, never to another card's button.
    const recordsForFocus = new Map<string, HTMLElement>();
    for (const [sessionKey, itemIds] of changes.inlineRecords) {
      const view = this.sessionViews.get(sessionKey);
      if (!view?.isMounted) continue;
      for (const itemId of itemIds) {
        for (const [key, line] of view.syncInlineRecords(itemId)) recordsForFocus.set(key, line);
      }
    }
    this.removeCards(changes.promptsDecided, recordsForFocus, focusedCardKey, typingInCard);

    for (const key of changes.reset ? store.pending.keys() : changes.promptsAdded) {
      const prompt = store.pending.get(key);
      if (!prompt) continue;
      const card = new ApprovalCard(prompt, this.host, this.saved);
      const previous = this.cards.get(key);
      if (previous) {
        previous.dispose();
        previous.root.replaceWith(card.root);
      }
      this.cards.set(key, card);
      card.armGuard();
      newCards.push(card);
    }

    let switched = false;
    if (
      changes.reset ||
      changes.activeSession ||
      changes.sessions.size > 0 ||
      changes.sessionsRemoved.size > 0
    ) {
      switched = this.showActiveSession();
    }
    if (changes.reset || changes.sessions.size > 0) this.bringBackLeftDrafts(changes);
    if (reshaped || switched) this.placeAllCards();
    else {
      let pinnedInPass = 0;
      for (const card of newCards)
        if (this.placeNewCard(card, pinnedEndInView, pinnedInPass + 1)) pinnedInPass++;
      if (toolCallsChanged.size > 0) this.placeCardsOf(toolCallsChanged);
      // A session renamed (its title, or a number another's title gave it): its cards waiting here say so.
      if (changes.sessions.size > 0 && this.cards.size > 0) {
        const labels = this.sessionLabelsNow();
        for (const card of this.cards.values())
          card.showSession(this.sessionNoteLabel(card.prompt.sessionKey, labels));
      }
    }
    // The shown session's cards on their tool calls, above: counted in the heading too, which said "(2)" over "3
    // requests pending". Counted again only when cards came, went or moved, not with every streamed chunk.
    if (
      reshaped ||
      switched ||
      newCards.length > 0 ||
      toolCallsChanged.size > 0 ||
      changes.promptsDecided.size > 0
    )
      this.waitingAbove = this.cardsWaitingInTranscript().length;
    this.pinned.updateCount(this.waitingAbove);

    if (
      changes.reset ||
      changes.activeSession ||
      changes.agents ||
      changes.sessions.size > 0 ||
      changes.sessionsRemoved.size > 0 ||
      changes.promptsAdded.size > 0 ||
      changes.promptsDecided.size > 0
    ) {
      this.tabs.render(
        Array.from(store.sessions.values(), (session) => ({
          header: session.header,
          pending: store.pendingCount(session.header.key),
        })),
        store.activeSessionKey,
        store.agents.map((agent) => agent.name),
      );
      this.pendingList.render(
        Array.from(store.pending.values()).filter((p) => p.sessionKey === store.activeSessionKey),
      );
      // Its answer hid the list, or took the row in focus: the keyboard goes on as from an answered card.
      if (
        batchFocus &&
        (this.pendingList.root.hidden || !this.pendingList.root.contains(document.activeElement))
      )
        this.focusNextWaiting();
    }
    if (composerFocus && !switched) this.keepComposerFocus(composerFocus);
    // Written only on a change: writing `hidden` restyles the element even when the value is the same.
    const noSessions = store.sessions.size === 0;
    if (this.emptyState.root.hidden === noSessions) this.emptyState.root.hidden = !noSessions;

    // Scroll last, once cards are placed (placing pinned cards resizes the transcript and resets its scroll).
    const unseenSettled = this.shownView()?.takeUnseenSettled() ?? false;
    if (switched) this.restoreScroll();
    else if (stick) this.followEnd(unseenSettled);
    // Without reading the layout again: a reader away from the end stays away as content arrives below.
    if (switched) this.checkEndAfterPaint();
    else this.showToEnd(!stick);
    if (switched) this.focusSessionStartedHere();
    if (cardsBefore) this.guardMovedCards(cardsBefore);
    this.afterCardsAdded(newCards, changes.reset);
    this.syncCountdownTimer();
    this.spinners.sync();
  }

  /**
   * Where each card a pointer can reach is on screen (its top edge), by its key: the pinned cards and the shown
   * transcript's cards in sight in their scrollers, found in a few layout reads however many wait (`inSight`). Cards
   * out of sight cannot take a click; one that comes into sight is guarded as moved (`guardMovedCards`).
   */
  private cardPlaces(): Map<string, number> {
    const places = new Map<string, number>();
    for (const root of [
      ...inSight(this.pinned.list.children, this.pinned.list, window.innerHeight),
      ...(this.shownView()?.cardsInSight(this.transcript) ?? []),
    ])
      places.set((root as HTMLElement).dataset.key!, root.getBoundingClientRect().top);
    return places;
  }

  /**
   * A card that comes or goes moves the others on screen without moving them in the page: the pinned cards sit on the
   * message box, so one withdrawn brings the card above it down into its place, and a click meant for the one lands
   * on the other's button. Streamed text does too: the transcript follows its end, and an agent's message below a
   * card on its tool call scrolls the card up under the pointer. A card that was in sight and moved, or came into
   * sight, waits out a fresh guard, as one moved in the page does.
   */
  private guardMovedCards(before: ReadonlyMap<string, number>): void {
    const places = this.cardPlaces();
    for (const key of before.keys()) {
      const card = this.cards.get(key);
      if (card && !places.has(key)) places.set(key, card.root.getBoundingClientRect().top);
    }
    for (const [key, top] of places) {
      const was = before.get(key);
      if (was === undefined || Math.abs(top - was) >= 1) this.cards.get(key)?.armGuard(false);
    }
  }

  /**
   * Shows the active session's transcript (building it the first time) and points the composer at it.
   * Returns true when the shown session changed (its own scroll position was restored).
   */
  private showActiveSession(): boolean {
    const store = this.store;
    const activeKey = store.activeSessionKey;
    const switched = activeKey !== this.shownSessionKey;
    // Read before any view is hidden or shown: the scroll range changes with them, and the position would be clamped
    // to the next session's (0 for one not built yet in this page).
    if (switched && this.shownSessionKey !== undefined)
      this.scrollPositions.set(this.shownSessionKey, this.transcript.scrollTop);
    for (const [sessionKey, session] of store.sessions) {
      let view = this.sessionViews.get(sessionKey);
      if (!view) {
        view = new SessionView(session, this.host, this.saved);
        this.sessionViews.set(sessionKey, view);
        this.transcript.appendChild(view.root);
      }
      view.root.hidden = sessionKey !== activeKey;
    }
    if (switched) {
      const view = activeKey === undefined ? undefined : this.sessionViews.get(activeKey);
      const session = activeKey === undefined ? undefined : store.sessions.get(activeKey);
      if (view && session && !view.isMounted) view.mount(session);
      if (session) this.header.showAgent(session.header.agentName);
      this.shownSessionKey = activeKey;
    }
    this.composer.setSession(store.activeSession?.header);
    return switched;
  }

  /** The tabs a change named: all of them after a snapshot. */
  private changedHeaders(changes: ChangeSet): SessionHeader[] {
    const keys = changes.reset ? this.store.sessions.keys() : changes.sessions;
    return Array.from(keys, (key) => this.store.sessions.get(key)?.header).filter((h) => h !== undefined);
  }

  /** What was typed in a failed tab and not sent goes into the tab Try again made in its place (before it closes). */
  private carryReplacedDrafts(changes: ChangeSet): void {
    for (const header of this.changedHeaders(changes)) {
      const draft = header.replaces === undefined ? undefined : this.saved.draft(header.replaces);
      if (draft === undefined) continue;
      this.saved.setDraft(header.replaces!, "");
      this.composer.addToDraft(header.key, draft);
    }
  }

  /** What was typed in a tab a window reload closed goes into the tab that reopens its agent session. */
  private bringBackLeftDrafts(changes: ChangeSet): void {
    for (const header of this.changedHeaders(changes)) {
      const left = this.saved.noteSession(header.key, resumeKey(header));
      if (left !== undefined) this.composer.takeBack(header.key, left);
    }
  }

  /**
   * The person pressed New session here and that session is now shown: its Message box takes the keyboard, so they
   * can type the task at once (it waits while the agent starts). Not when they have moved focus elsewhere since.
   */
  private focusSessionStartedHere(): void {
    const started = this.startedHere;
    const key = this.shownSessionKey;
    if (!started || key === undefined || started.before.has(key)) return;
    this.startedHere = undefined;
    // The view still has the keyboard (the person did not go to the editor meanwhile), on what they pressed or nothing.
    if (!document.hasFocus()) return;
    if (document.activeElement !== started.focus && userHasFocus()) return;
    // A start that failed at once: its box takes no text, Try again is the next step.
    if (this.composer.canType()) this.composer.focus();
    else this.tabs.focusBar();
  }

  /**
   * A composer control that went disabled while it had the keyboard dropped it to the page, and the next Tab started
   * over at the header: Stop once the turn stopped, the Message box and Send once the session failed or ended. The
   * keyboard goes where the next step is: the Message box, or the bar's Try again (Close, when the session ended).
   */
  private keepComposerFocus(focused: HTMLElement): void {
    if (!focused.hasAttribute("disabled") && document.activeElement === focused) return;
    if (this.composer.canType()) this.composer.focus();
    else this.tabs.focusBar();
  }

  /** Shows or hides the way back to the end after the next paint (a scroll), when the layout is clean to read. */
  private checkEndAfterPaint(): void {
    if (this.endCheckScheduled) return;
    this.endCheckScheduled = true;
    afterNextPaint(() => {
      this.endCheckScheduled = false;
      const away = !this.isNearBottom();
      this.toEndOverCard = away && this.cardUnderToEnd();
      this.showToEnd(away);
      // Kept with the page's state, so a page built again (the view hidden and shown) opens where the person was.
      const key = this.shownSessionKey;
      if (key !== undefined)
        this.saved.setPlace(
          key,
          away ? this.shownView()?.placeAt(this.transcript.getBoundingClientRect().top) : undefined,
        );
    });
  }

  private showToEnd(away: boolean): void {
    this.toEnd.update(away && !this.toEndOverCard, away ? this.cardsWaitingInTranscript().length : 0);
  }

  /**
   * Whether a waiting card reaches into the strip the way back to the end floats over: there it covered the card's
   * last buttons (Bypass Permissions ends the row on the right, where it floats), and the card in view needs no
   * pointer to it. Read after a paint, when the layout is clean, and only of the cards in sight: it runs with every
   * scroll.
   */
  private cardUnderToEnd(): boolean {
    const bottom = this.transcript.getBoundingClientRect().bottom;
    return (this.shownView()?.cardsInSight(this.transcript) ?? []).some((root) => {
      const box = root.getBoundingClientRect();
      return box.top < bottom && box.bottom > bottom - TO_END_STRIP_PX;
    });
  }

  /** The shown session's cards in the transcript (not pinned), oldest first. */
  private cardsWaitingInTranscript(): ApprovalCard[] {
    const waiting: ApprovalCard[] = [];
    for (const [key, prompt] of this.store.pending) {
      if (prompt.sessionKey !== this.shownSessionKey) continue;
      const card = this.cards.get(key);
      if (card && this.transcript.contains(card.root)) waiting.push(card);
    }
    return waiting;
  }

  /** The button's press: to the oldest waiting card, with the keyboard (its number keys answer it), or to the end. */
  private goToEnd(waiting: number): void {
    const card = waiting > 0 ? this.cardsWaitingInTranscript()[0] : undefined;
    if (card) {
      card.focusGroup({ scroll: true });
      return;
    }
    const hadFocus = this.toEnd.root.contains(document.activeElement);
    this.scrollToEnd();
    // The button hides at the end: the keyboard stays in the transcript rather than falling to the page.
    if (hadFocus) this.transcript.focus({ preventScroll: true });
  }

  /**
   * The shown session's scroll position when it was last shown in this page; shown first in this page, where the
   * person was reading when the last page was dropped (its reading place); else its end.
   */
  private restoreScroll(): void {
    const key = this.shownSessionKey;
    if (key === undefined) return;
    const saved = this.scrollPositions.get(key);
    if (saved !== undefined) {
      this.transcript.scrollTop = saved;
      return;
    }
    const place = this.saved.place(key);
    const distance =
      place && this.shownView()?.distanceTo(place.itemId, this.transcript.getBoundingClientRect().top);
    if (place && distance !== undefined) this.transcript.scrollTop += distance + place.offset;
    else this.scrollToEnd();
  }

  private shownView(): SessionView | undefined {
    return this.shownSessionKey === undefined ? undefined : this.sessionViews.get(this.shownSessionKey);
  }

  /**
   * Keeps the transcript at its end after a change while the user was there. The last items carry no
   * `content-visibility` (`settledEnd.ts`), so the layout this write forces has their real sizes and one write puts
   * the end, and a new card on it, in place for the next frame; the items settled further up were laid out when they
   * were on screen and keep that size. Only when some settled before a frame could lay them out (a burst longer than
   * the unsettled tail) does the end have to be followed over frames.
   */
  private followEnd(unseenSettled: boolean): void {
    if (unseenSettled) this.scrollToEnd();
    else this.transcript.scrollTop = this.transcript.scrollHeight;
  }

  /**
   * Scrolls the transcript to its end, when items near it may have estimated heights (`content-visibility`: a session
   * shown for the first time, a burst): the items that scroll into view get their real heights over the next frames
   * (and scroll anchoring may move the position), so the end is set again each frame until the height held still for
   * two frames, unless the user scrolled (wheel, touch, pointer or keys) in the meantime.
   */
  private scrollToEnd(framesLeft = 6, since = performance.now(), lastHeight = -1, still = 0): void {
    const scroller = this.transcript;
    const height = scroller.scrollHeight;
    scroller.scrollTop = height;
    const stillFrames = height === lastHeight ? still + 1 : 0;
    if (framesLeft === 0 || stillFrames >= 2) return;
    requestAnimationFrame(() => {
      if (this.userScrolledAt < since) this.scrollToEnd(framesLeft - 1, since, height, stillFrames);
    });
  }

  /**
   * The element a card belongs in now: its tool call's slot in the shown transcript, or the pinned list. The card shows
   * its own subject where nothing above it shows what it asks about: in the pinned list, and on a tool call the agent
   * changed after asking.
   */
  /**
   * The label of a card's session where it is not the one shown: a card of another session says whose it is, pinned
   * here it would read as a request of the session shown. Undefined: no note.
   */
  private sessionNoteLabel(sessionKey: string, labels?: ReadonlyMap<string, string>): string | undefined {
    const store = this.store;
    if (sessionKey === store.activeSessionKey || !store.sessions.has(sessionKey)) return undefined;
    return (labels ?? this.sessionLabelsNow()).get(sessionKey);
  }

  private sessionLabelsNow(): Map<string, string> {
    return sessionLabels(
      Array.from(this.store.sessions.values(), (s) => s.header),
      this.store.agents.map((agent) => agent.name),
    );
  }

  private targetFor(card: ApprovalCard): HTMLElement {
    const store = this.store;
    card.showSession(this.sessionNoteLabel(card.prompt.sessionKey));
    const placement = store.placementOf(card.prompt);
    if (placement.where === "inline") {
      const slot = this.sessionViews.get(placement.sessionKey)?.promptSlot(placement.itemId);
      if (slot) {
        if (placement.changed) card.showSubject();
        return slot;
      }
    }
    card.showSubject();
    return this.pinned.list;
  }

  /**
   * A new card goes to its tool call's slot (skipped or not with its item) or to the end of the pinned list: laid
   * out in full when that end is in view, skipped from the start below it (1,000 pinned cards: the list shows a few).
   * `pinnedInPass`: how many new cards this message pinned, this one included if pinned. Returns whether it pinned it.
   */
  private placeNewCard(card: ApprovalCard, pinnedEndInView: boolean, pinnedInPass: number): boolean {
    const target = this.targetFor(card);
    if (card.root.parentElement === target) return false;
    if (target !== this.pinned.list) {
      target.appendChild(card.root);
      return false;
    }
    if (!pinnedEndInView) settle(card.root);
    target.appendChild(card.root);
    settleBehind(card.root, KEEP_UNSETTLED, { later: afterFirstPaint, appendedInPass: pinnedInPass });
    return true;
  }

  /** Moves the cards that belong to these tool call items into their slots (a tool call shown after its request). */
  private placeCardsOf(toolItemIds: ReadonlySet<string>): void {
    for (const card of this.cards.values()) {
      const itemId = card.prompt.toolItemId;
      if (itemId === undefined || !toolItemIds.has(itemId)) continue;
      const target = this.targetFor(card);
      if (card.root.parentElement === target) continue;
      const wasPlaced = card.root.parentElement !== null;
      const hadFocus = card.containsFocus();
      target.appendChild(card.root);
      if (wasPlaced) {
        card.armGuard();
        if (hadFocus) card.focusGroup({ scroll: false });
      }
    }
  }

  /**
   * Re-places every card after the transcript changed shape. Pinned cards keep arrival order, and a card is only
   * moved when it is in the wrong place (moving drops focus, and a moved card gets a fresh click guard).
   */
  private placeAllCards(): void {
    let previousPinned: HTMLElement | null = null;
    for (const key of this.store.pending.keys()) {
      const card = this.cards.get(key);
      if (!card) continue;
      const target = this.targetFor(card);
      const wasPlaced = card.root.parentElement !== null;
      const hadFocus = card.containsFocus();
      let moved = false;
      if (target === this.pinned.list) {
        const inPlace =
          card.root.parentElement === target && card.root.previousElementSibling === previousPinned;
        if (!inPlace) {
          if (previousPinned) previousPinned.after(card.root);
          else target.prepend(card.root);
          moved = true;
        }
        previousPinned = card.root;
      } else if (card.root.parentElement !== target) {
        target.appendChild(card.root);
        moved = true;
      }
      if (moved && wasPlaced) {
        card.armGuard();
        if (hadFocus) card.focusGroup({ scroll: false });
      }
    }
    settleAllBut(this.pinned.list.lastElementChild);
  }

  /**
   * Removes the decided cards in one DOM write per list, then moves focus once: a focus forces a layout, which with
   * 50 cards decided at once (Stop, agent exit) laid out the other 49 before they went.
   */
  private removeCards(
    decided: ReadonlyMap<string, DecisionRecord>,
    records: Map<string, HTMLElement>,
    focusedKey: string | undefined,
    typing = false,
  ): void {
    const roots: HTMLElement[] = [];
    // Cards that ended without the person (expired, Stop, the agent gone, a rule): said, wherever the keyboard is.
    const ended: string[] = [];
    for (const [key, record] of decided) {
      const card = this.cards.get(key);
      if (!card) continue;
      card.dispose();
      roots.push(card.root);
      this.cards.delete(key);
      // The agent's title in quotes, as it is set apart on screen: "…. Approved by you" in a title would be heard as
      // Symposium's words.
      if (record.provenance !== "user") ended.push(`“${record.title}”. ${record.summary}`);
      // A reason being written when something else answered the card (a timeout, the agent, Stop): kept, in the
      // message box, to send or not.
      const reason = this.saved.reason(key);
      this.saved.setReason(key, "");
      this.saved.setAnswers(key, undefined);
      if (reason !== undefined && record.provenance !== "user") {
        this.composer.addToDraft(record.sessionKey, reason);
        this.announcer.announce(
          "The request was answered before your reason was sent; it is in the message box.",
          true,
        );
      }
    }
    this.pinned.removeCards(roots);
    if (ended.length > 0)
      this.announcer.announce(
        ended.length > ANNOUNCE_ONE_BY_ONE ? `${ended.length} requests ended. ${ended[0]}` : ended.join(". "),
        true,
      );
    const focused = focusedKey === undefined ? undefined : decided.get(focusedKey);
    if (!focused || roots.length === 0) return;
    // Answered by something else while the person typed in it: on to the message box, where the reason went; on a
    // card, the digits typed next ("port 8080") would choose its options.
    if (typing && focused.provenance !== "user") {
      if (this.composer.canType()) this.composer.focus();
      return;
    }
    // The keyboard goes on to the oldest card still waiting in sight, as a click's does, so a run of requests is
    // answered key after key; its guard keeps a second press of the same key from answering it unread. None left: the
    // Message box. The record is said, since focus no longer lands on it (one that ended without the person is above).
    if (focused.provenance === "user") this.announcer.announce(focused.summary, true);
    const line =
      records.get(focused.key) ?? this.sessionViews.get(focused.sessionKey)?.recordElement(focused.key);
    if (!this.focusNextWaiting() && line?.isConnected) line.focus();
  }

  /**
   * To the oldest card still waiting in sight (guarded: a key pressed again must not answer it unread), else the
   * Message box; false when neither can take the keyboard.
   */
  private focusNextWaiting(): boolean {
    const next = this.oldestCardInSight();
    if (next) {
      next.armGuard();
      next.focusGroup({ scroll: true });
    } else if (this.composer.canType()) this.composer.focus();
    else return false;
    return true;
  }

  /** The oldest waiting card the view shows (on a tool call of the shown session, or pinned). */
  private oldestCardInSight(): ApprovalCard | undefined {
    for (const key of this.store.pending.keys()) {
      const card = this.cards.get(key);
      if (card?.root.isConnected && card.root.closest("[hidden]") === null) return card;
    }
    return undefined;
  }

  /** Focus (only when the user has nothing focused) and announce. */
  private afterCardsAdded(cards: readonly ApprovalCard[], fromSnapshot: boolean): void {
    if (cards.length === 0) return;
    if (cards.length <= ANNOUNCE_ONE_BY_ONE && !fromSnapshot) {
      this.announcer.announce(
        cards
          .map((card) => `Permission requested by ${card.prompt.agentName}: “${card.prompt.title}”`)
          .join(". "),
        true,
      );
    } else {
      this.announcer.announce(`${this.store.pending.size} permission requests are waiting for your approval`);
    }
    const first = cards[0];
    // Focus after the frame that shows the card (an animation-frame callback runs before that frame's paint, and focus
    // forces a layout and restyles the card in it): the group, never a button, and only if the user is not focused
    // on something else in the view (typing in the composer, or reading another card).
    afterNextPaint(() => {
      if (first?.root.isConnected && !fromSnapshot && document.hasFocus() && !userHasFocus())
        first.focusGroup({ scroll: false });
    });
  }

  private syncCountdownTimer(): void {
    const ticking = Array.from(this.cards.values()).some((card) => card.hasCountdown);
    if (ticking && this.countdownTimer === undefined) {
      this.countdownTimer = setInterval(() => {
        const now = Date.now();
        for (const card of this.cards.values()) card.updateCountdown(now);
      }, 1_000);
    } else if (!ticking && this.countdownTimer !== undefined) {
      clearInterval(this.countdownTimer);
      this.countdownTimer = undefined;
    }
  }

  private focusedCardKey(): string | undefined {
    const active = document.activeElement;
    const cardElement = active instanceof HTMLElement ? active.closest<HTMLElement>(".card") : null;
    return cardElement?.dataset.key;
  }

  /** Whether the end of the pinned list is in view (also when the list is empty or too short to scroll). */
  private pinnedEndInView(): boolean {
    const list = this.pinned.list;
    return list.scrollHeight - list.scrollTop - list.clientHeight < 1;
  }

  private isNearBottom(withinPx = STICK_TO_BOTTOM_PX): boolean {
    const scroller = this.transcript;
    return scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < withinPx;
  }
}

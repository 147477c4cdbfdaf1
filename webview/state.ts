/**
 * The webview's copy of the host's state. The host is the authority: a snapshot replaces everything, then ops are
 * applied in order. Each application records what changed in a `ChangeSet` so the renderer can update the DOM in
 * place instead of re-rendering.
 */
import type {
  AgentChoice,
  DecisionRecord,
  PromptView,
  SentPromptView,
  SessionHeader,
  Snapshot,
  TranscriptItem,
  ViewOp,
} from "../src/shared/protocol";
import { LIMITS } from "../src/shared/limits";
import { toolCallSubject, transcriptItemChars, withToolState } from "../src/shared/toolCallView";

export interface SessionState {
  header: SessionHeader;
  /** Transcript in order (ids are unique within a session). */
  items: TranscriptItem[];
  byId: Map<string, TranscriptItem>;
  /** The transcript item id of each tool call shown, by the agent's `toolCallId` (what decision records name). */
  toolItems: Map<string, string>;
  /** Decision records shown on the tool call they were about, by the tool call's item id, in decision order. */
  inlineRecords: Map<string, DecisionRecord[]>;
  /** Prompt keys whose decision is already shown, so a host-sent decision item does not show it twice. */
  recordKeys: Set<string>;
  /** The characters of `items` (`transcriptItemChars`), held within `LIMITS.transcriptChars` as the host holds its own. */
  chars: number;
}

export interface ChangeSet {
  /** A snapshot arrived: everything must be rebuilt. */
  reset: boolean;
  agents: boolean;
  blocked: boolean;
  activeSession: boolean;
  /** Sessions added or whose header changed. */
  sessions: Set<string>;
  sessionsRemoved: Set<string>;
  /** Upserted transcript item ids, per session. */
  items: Map<string, Set<string>>;
  /** Items dropped from the front of a full transcript, per session. */
  itemsRemoved: Map<string, Set<string>>;
  /** Tool call item ids that got a new inline decision record, per session. */
  inlineRecords: Map<string, Set<string>>;
  promptsAdded: Set<string>;
  /** Prompts that left the pending set (decided), with their record. */
  promptsDecided: Map<string, DecisionRecord>;
}

export function emptyChangeSet(): ChangeSet {
  return {
    reset: false,
    agents: false,
    blocked: false,
    activeSession: false,
    sessions: new Set(),
    sessionsRemoved: new Set(),
    items: new Map(),
    itemsRemoved: new Map(),
    inlineRecords: new Map(),
    promptsAdded: new Set(),
    promptsDecided: new Map(),
  };
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

export type PromptPlacement =
  /** `changed`: the agent changed the tool call after asking, so it no longer shows what the card asks about. */
  { where: "inline"; sessionKey: string; itemId: string; changed: boolean } | { where: "pinned" };

export class ViewStore {
  agents: AgentChoice[] = [];
  /** In tab order. */
  readonly sessions = new Map<string, SessionState>();
  /** Pending prompts in arrival order. */
  readonly pending = new Map<string, PromptView>();
  private activeKey: string | undefined;
  blockedReason: string | undefined;
  blockedAction: string | undefined;

  /** The session shown: the host's choice, or the first one when the host named none (or a removed one). */
  get activeSessionKey(): string | undefined {
    if (this.activeKey !== undefined && this.sessions.has(this.activeKey)) return this.activeKey;
    return this.sessions.keys().next().value;
  }

  get activeSession(): SessionState | undefined {
    const key = this.activeSessionKey;
    return key === undefined ? undefined : this.sessions.get(key);
  }

  applySnapshot(snapshot: Snapshot, changes: ChangeSet): void {
    changes.reset = true;
    this.agents = snapshot.agents;
    this.sessions.clear();
    this.pending.clear();
    this.blockedReason = snapshot.blockedReason;
    this.blockedAction = snapshot.blockedAction;
    this.activeKey = snapshot.activeSessionKey;
    for (const session of snapshot.sessions) {
      const state = this.addSession(session.header);
      for (const item of session.items) this.upsertItem(state, item, changes);
    }
    // After the items: a card's subject may be on its tool call's item.
    for (const prompt of snapshot.pending) this.pending.set(prompt.key, this.shown(prompt));
  }

  applyOp(op: ViewOp, changes: ChangeSet): void {
    switch (op.op) {
      case "agents":
        this.agents = op.agents;
        changes.agents = true;
        return;
      case "session": {
        const existing = this.sessions.get(op.header.key);
        if (existing) existing.header = op.header;
        else this.addSession(op.header);
        changes.sessions.add(op.header.key);
        changes.sessionsRemoved.delete(op.header.key);
        return;
      }
      case "sessionRemoved":
        // Pending prompts of that session stay until their `decided` op: a card is never hidden while it can be answered.
        if (this.sessions.delete(op.sessionKey)) {
          changes.sessionsRemoved.add(op.sessionKey);
          changes.sessions.delete(op.sessionKey);
          changes.activeSession = true;
        }
        return;
      case "item": {
        const session = this.sessions.get(op.sessionKey);
        if (session) this.upsertItem(session, op.item, changes);
        return;
      }
      case "toolState": {
        // Only for an item the view holds: the host sends a tool call's state after the tool call itself.
        const session = this.sessions.get(op.sessionKey);
        const item = session?.byId.get(op.itemId);
        if (session && item?.kind === "tool_call") this.upsertItem(session, withToolState(item, op), changes);
        return;
      }
      case "prompt":
        if (!this.pending.has(op.prompt.key)) changes.promptsAdded.add(op.prompt.key);
        this.pending.set(op.prompt.key, this.shown(op.prompt));
        return;
      case "decided":
        this.decide(op.record, changes);
        return;
      case "activeSession":
        this.activeKey = op.sessionKey;
        changes.activeSession = true;
        return;
      case "blocked":
        this.blockedReason = op.reason;
        this.blockedAction = op.action;
        changes.blocked = true;
        return;
      default: {
        const unknown: never = op;
        console.warn("Symposium: unknown view op", unknown);
      }
    }
  }

  /** Local, optimistic switch (the host confirms with an `activeSession` op). */
  selectSession(sessionKey: string, changes: ChangeSet): void {
    if (!this.sessions.has(sessionKey) || this.activeKey === sessionKey) return;
    this.activeKey = sessionKey;
    changes.activeSession = true;
  }

  /**
   * Where a pending card goes: on the tool call the host named (`toolItemId`) while it is in the active session's
   * transcript, otherwise pinned above the composer.
   */
  placementOf(prompt: PromptView): PromptPlacement {
    const itemId = prompt.toolItemId;
    if (itemId === undefined || prompt.sessionKey !== this.activeSessionKey) return { where: "pinned" };
    const item = this.sessions.get(prompt.sessionKey)?.byId.get(itemId);
    return item?.kind === "tool_call"
      ? { where: "inline", sessionKey: prompt.sessionKey, itemId, changed: item.changedAfterRequest === true }
      : { where: "pinned" };
  }

  /**
   * A prompt as its card shows it. An `on_item` subject is taken from its tool-call item as held now, when the prompt
   * arrives, and kept: a later update of the item (the agent changing the tool call after asking) does not change
   * what the card shows. The host sends `on_item` only while the item shows the request exactly, and the item's op
   * reaches the view before the prompt's; an item the view does not hold, or one marked as changed after the request,
   * gives no subject rather than a different one.
   */
  private shown(sent: SentPromptView): PromptView {
    const { subject } = sent;
    if (subject.type !== "on_item") return { ...sent, subject };
    const item =
      sent.toolItemId !== undefined
        ? this.sessions.get(sent.sessionKey)?.byId.get(sent.toolItemId)
        : undefined;
    const usable =
      item?.kind === "tool_call" && item.toolCallId === subject.toolCallId && !item.changedAfterRequest;
    return { ...sent, subject: usable ? toolCallSubject(item) : { type: "not_shown" } };
  }

  pendingCount(sessionKey: string): number {
    let count = 0;
    for (const prompt of this.pending.values()) if (prompt.sessionKey === sessionKey) count++;
    return count;
  }

  private addSession(header: SessionHeader): SessionState {
    const state: SessionState = {
      header,
      items: [],
      byId: new Map(),
      toolItems: new Map(),
      inlineRecords: new Map(),
      recordKeys: new Set(),
      chars: 0,
    };
    this.sessions.set(header.key, state);
    return state;
  }

  private upsertItem(session: SessionState, item: TranscriptItem, changes: ChangeSet): void {
    const sessionKey = session.header.key;
    const previous = session.byId.get(item.id);
    if (previous?.kind === "user" && previous.queued && !(item.kind === "user" && item.queued)) {
      // A queued message was sent: it moves to the end, where its turn starts (as the host's transcript has it).
      session.items.splice(session.items.indexOf(previous), 1);
      session.chars -= transcriptItemChars(previous);
      session.byId.delete(item.id);
      addTo(changes.itemsRemoved, sessionKey, item.id);
    }
    if (session.byId.has(item.id)) {
      const index = session.items.findIndex((existing) => existing.id === item.id);
      if (index >= 0) {
        session.chars += transcriptItemChars(item) - transcriptItemChars(session.items[index]!);
        session.items[index] = item;
      }
      session.byId.set(item.id, item);
      addTo(changes.items, sessionKey, item.id);
      this.trim(session, changes);
      return;
    }
    if (item.kind === "decision") {
      // The host may record a decision the view already showed when the card was answered.
      if (session.recordKeys.has(item.record.key)) return;
      session.recordKeys.add(item.record.key);
      // After a reload (snapshot) a record goes back onto the tool call it was about.
      const toolItem =
        item.record.toolCallId !== undefined ? toolCallItemId(session, item.record.toolCallId) : undefined;
      if (toolItem !== undefined) {
        this.addInlineRecord(session, toolItem, item.record, changes);
        return;
      }
    }
    session.items.push(item);
    session.chars += transcriptItemChars(item);
    session.byId.set(item.id, item);
    if (item.kind === "tool_call") session.toolItems.set(item.toolCallId, item.id);
    addTo(changes.items, sessionKey, item.id);
    this.trim(session, changes);
  }

  /** Drops the oldest items past `LIMITS.transcriptItems` items or `LIMITS.transcriptChars` characters, as the host does. */
  private trim(session: SessionState, changes: ChangeSet): void {
    const sessionKey = session.header.key;
    while (session.items.length > LIMITS.transcriptItems || session.chars > LIMITS.transcriptChars) {
      const dropped = session.items.shift();
      if (!dropped) break;
      session.chars -= transcriptItemChars(dropped);
      session.byId.delete(dropped.id);
      if (dropped.kind === "tool_call") {
        session.inlineRecords.delete(dropped.id);
        if (session.toolItems.get(dropped.toolCallId) === dropped.id)
          session.toolItems.delete(dropped.toolCallId);
      }
      changes.items.get(sessionKey)?.delete(dropped.id);
      addTo(changes.itemsRemoved, sessionKey, dropped.id);
    }
  }

  /**
   * A prompt was answered (by anyone). Its record stays where the question was asked: on its tool call when that
   * tool call is in its session's transcript, otherwise at the end of the session's transcript.
   */
  private decide(record: DecisionRecord, changes: ChangeSet): void {
    this.pending.delete(record.key);
    changes.promptsAdded.delete(record.key);
    changes.promptsDecided.set(record.key, record);
    const session = this.sessions.get(record.sessionKey);
    if (!session || session.recordKeys.has(record.key)) return;
    const itemId = record.toolCallId !== undefined ? toolCallItemId(session, record.toolCallId) : undefined;
    if (itemId !== undefined) {
      session.recordKeys.add(record.key);
      this.addInlineRecord(session, itemId, record, changes);
      return;
    }
    this.upsertItem(session, { kind: "decision", id: `decision:${record.key}`, record }, changes);
  }

  private addInlineRecord(
    session: SessionState,
    toolItemId: string,
    record: DecisionRecord,
    changes: ChangeSet,
  ): void {
    const records = session.inlineRecords.get(toolItemId) ?? [];
    records.push(record);
    session.inlineRecords.set(toolItemId, records);
    addTo(changes.inlineRecords, session.header.key, toolItemId);
  }
}

/** The transcript item id of the tool call an agent's `toolCallId` names, if it is in the session's transcript. */
function toolCallItemId(session: SessionState, toolCallId: string): string | undefined {
  const itemId = session.toolItems.get(toolCallId);
  return itemId !== undefined && session.byId.get(itemId)?.kind === "tool_call" ? itemId : undefined;
}

/**
 * One ACP session as the view shows it: transcript, tool calls, plan, commands and status.
 *
 * `session/update` notifications of both protocol versions are applied here, in arrival order, as upserts with the
 * spec's patch semantics: a tool call's fields omitted or `null` are unchanged (as in the policy's raw copy of it,
 * `acp/rawToolCalls.ts`), a session title's `null` clears it. Every string an agent sends is capped on the way in.
 * Each `apply…` call returns the transcript items it changed, so the host can send only those to the view.
 */
import { homedir } from "node:os";
import { posix, win32 } from "node:path";
import { randomUUID } from "./randomUUID";
import type { PastSession } from "./pastSessions";
import {
  LIMITS,
  type CommandCut,
  type CommandCwd,
  type LocationView,
  type QueuedMarker,
  type SessionHeader,
  type SessionStatus,
  type SlashCommand,
  type ToolCallView,
  type ToolContentView,
  type TranscriptItem,
  type UsageView,
} from "../shared/protocol";
import { parseAgentCommands } from "./agentCommands";
import { commandOfRawInput, CWD_FIELDS, namedPaths } from "./toolCommand";
import { UsageTally } from "./usageTally";
import { patchParts, previewPatch, previewTextDiff, type DiffPreview } from "./diffPreview";
import { asArray, asObject, asString, type Json } from "./json";
import { FullTextCache, ownCopy } from "./fullTextCache";
import { digest } from "./digest";
import { appendOutput, TerminalOutputs } from "./terminalOutputs";
import { capCommand, capJson, capLabel, capText } from "./text";
import type { PathPlace } from "./workspacePlace";
import { SessionControls } from "./sessionControls";
import { transcriptItemChars } from "../shared/toolCallView";

/** What a reopened session reopens: the agent's past session, and whether the agent replays its messages. */
export interface Reopening {
  readonly past: PastSession;
  readonly replaysMessages: boolean;
}

/** A tool call's content as received, with whole texts (only until the full texts go to the cache). */
type ReceivedContent =
  | { type: "text"; text: string; truncated: boolean }
  | { type: "diff"; path: string; oldText: string | null; newText: string }
  | { type: "patch"; path: string; patch: string }
  | { type: "terminal"; terminalId: string }
  | { type: "other"; label: string };

/**
 * A tool call's content as stored: capped previews only. The whole diff texts for "Open diff" live in the session's
 * `FullTextCache` under `textKey`, within its budget.
 */

export type StoredContent =
  | Exclude<ReceivedContent, { type: "diff" } | { type: "patch" }>
  | { type: "diff" | "patch"; path: string; preview: DiffPreview; display: string; textKey: string };

/**
 * What "Open diff" opens: the whole texts, while the cache still has them. `version`, while the agent's change of the
 * tool call after asking stands: "asked", the texts a card asked about (opened from the card); "changed", the texts
 * the agent put there since (opened from the tool call), which no card shows.
 */
export type FullDiff = (
  { type: "diff"; path: string; oldText: string | null; newText: string } | { type: "patch"; patch: string }
) & { version?: "asked" | "changed" };

/** Characters of full diff texts a session keeps for the diff editor (the oldest go first). */
const FULL_TEXT_BUDGET_CHARS = 32 * 1024 * 1024;
/** Terminal output a session keeps: 64 terminals at their whole tail, of at most 500 terminals. */
const TERMINAL_OUTPUT_BUDGET_CHARS = 64 * LIMITS.terminalOutputChars;
const MAX_TERMINALS = 500;

export interface ToolCallState {
  id: string;
  title: string;
  kind: string;
  status: string;
  /** Each location's workspace check is made once, when the agent sends it, not on every view of the tool call. */
  locations: LocationView[];
  /** Locations past `LIMITS.locationsPerToolCall`: counted, so that the view says it shows only some. */
  locationsNotShown?: number;
  content: StoredContent[];
  /** Keys of the open approval cards about this tool call: while there is one, it is awaiting approval. */
  awaitingApproval: Set<string>;
  /** What the open card shows was changed by the agent after it asked (cleared when no card is open). */
  changedAfterRequest?: boolean;
  /**
   * The content each open card asked about, by card key, once the agent changed the content after asking: its diffs'
   * whole texts kept under their own cache keys (`keepAskedContent`), for the card's "Open diff".
   */
  askedContent?: Map<string, StoredContent[]>;
  /** The locations each open card shows, by card key, once the agent changed them after asking (for its links). */
  askedLocations?: Map<string, LocationView[]>;
  /** The raw input as capped JSON, made once per patch; the whole raw input is not kept (it may be megabytes). */
  rawInputView?: { text: string; truncated: boolean };
  /** The paths its raw input names in its path fields (`namedPaths`). */
  rawInputPaths?: readonly string[];
  /** The command its raw input says it runs (argv or string), capped: its start when it is too long to send whole. */
  command?: string;
  /** What of a command too long to send whole is left out, and its end. */
  commandCut?: CommandCut;
  commandCwd?: CommandCwd;
  /** The person rejected a card about it: if the agent leaves it open, the turn's end settles it as rejected. */
  rejected?: boolean;
  /**
   * What the last decision about it was to, taken when the decision came (shown on it): a later change of what it
   * runs or touches is flagged.
   */
  answered?: AnsweredPart;
  /** The agent changed the command it runs, the paths it names or its diffs after an answer about it (for good). */
  changedAfterAnswer?: boolean;
}

/** Where a path an agent names lies: inside the workspace or not (realpath-aware), and how to show it. */
export type PathCheck = (path: string) => PathPlace;

const MAX_STORED_CONTENT_ITEMS = 100;
/** A plan's entries shown; those past it are counted (`notShown`). */
const MAX_PLAN_ENTRIES = 100;

/** What a tool call shows before any field of it is given. */
const NEW_TOOL_CALL = { title: "", kind: "other", status: "pending" } as const;
const HOST_STATUSES: ReadonlySet<string> = new Set(["rejected", "awaiting_approval", "unfinished"]);
/**
 * The statuses that end a tool call. Any other is open, the v2 `paused` and a status no version names included (v2
 * says a client takes an unknown one as in progress): the turn's end settles them too.
 */
const ENDED_STATUSES: ReadonlySet<string> = new Set([
  "completed",
  "failed",
  "cancelled",
  "rejected",
  "unfinished",
]);

/** Whether two tool calls' diffs open the same whole texts (compared as strings: no copy, no hash of megabytes). */
function sameDiffTexts(a: (readonly string[] | undefined)[], b: (readonly string[] | undefined)[]): boolean {
  return (
    a.length === b.length &&
    a.every((texts, i) => {
      const other = b[i];
      if (texts === undefined || other === undefined) return texts === other;
      return texts.length === other.length && texts.every((text, j) => text === other[j]);
    })
  );
}

/** The tool kinds that change things: an answered call turned into one of them is another action. */
const CHANGING_KINDS = new Set(["edit", "delete", "move", "execute"]);

/** What an answer about a tool call was to (`SessionModel.answeredPart`). */
interface AnsweredPart {
  /** The tool kind shown ("execute", "edit", …). */
  kind: string;
  command: string | undefined;
  /** The folder the command said it runs in. */
  cwd: string | undefined;
  /** The locations' paths. */
  paths: readonly string[];
  diffs: AnsweredDiff[];
  /** A digest of the raw input shown (undefined: none given). */
  rawInput?: string;
  /** The paths the raw input shown names in its path fields. */
  rawInputPaths: readonly string[];
}

interface AnsweredDiff {
  path: string;
  /** Of its whole texts (`digest`). */
  digest: string;
  /** The texts themselves, while an answer's are short (`ANSWERED_TEXT_CHARS`). */
  texts?: readonly string[];
}

/** The characters of an answered tool call's diffs kept whole, to tell the same edit shown again with its context. */
const ANSWERED_TEXT_CHARS = 64 * 1024;

/**
 * Whether a diff shown after an answer is the answered one: the same file and texts, or the same edit shown again
 * with unchanged lines around it (Claude Code sends an edit's `old_string`/`new_string` when asking, and hunks with
 * their context once done). Lines added around it on one side only are a change.
 */
function sameEdit(answered: AnsweredDiff, now: AnsweredDiff): boolean {
  if (answered.path !== now.path) return false;
  if (answered.digest === now.digest) return true;
  // A diff's texts are [old, new] ([new] for a new file, [patch] for a patch): only an edit is shown again so.
  const [before, after] = answered.texts ?? [];
  const [nowBefore, nowAfter] = now.texts ?? [];
  if (before === undefined || after === undefined || nowBefore === undefined || nowAfter === undefined)
    return false;
  // The same lines before and after it on both sides, wherever the answered old text is in the new old text.
  for (
    let at = nowBefore.indexOf(before), tries = 0;
    at >= 0 && tries < 100;
    at = nowBefore.indexOf(before, at + 1), tries++
  ) {
    const head = nowBefore.slice(0, at);
    const tail = nowBefore.slice(at + before.length);
    if (nowAfter.length === head.length + after.length + tail.length && nowAfter === head + after + tail)
      return true;
  }
  return false;
}

/** The fields a tool-call patch may set (`applyToolCallPatch`). */
const PATCHED_FIELDS = ["title", "kind", "status", "locations", "content", "rawInput"] as const;

/**
 * What all content items of one tool call may show together (text, diff previews, terminal output). Each item is
 * capped on its own, but 100 of them (150 diffs of 50 KB each) made a 5 MB card and transcript item.
 */
const TOOL_CALL_CONTENT_CHARS = 3 * LIMITS.previewChars;

export class SessionModel {
  status: SessionStatus = "starting";
  title: string;
  error: string | undefined;
  protocolVersion: 1 | 2 | undefined;
  commands: SlashCommand[] = [];
  readonly usage = new UsageTally();
  /**
   * The agent is replaying an earlier conversation (`session/load`, a v2 resume from the start): the person's own
   * messages come from the agent then, and are shown.
   */
  replayingHistory = false;
  /**
   * The earlier session this one reopens (Resume Session…), and whether the agent sends its earlier messages again:
   * while it starts, its empty transcript says so; after a failed reopen, Try again reopens the same one.
   */
  reopens: Reopening | undefined = undefined;
  /** The failed tab this one takes the place of (Try again): the view moves what was typed there into this one. */
  replaces: string | undefined = undefined;
  /** The agent's own id of this session once it gave one (`Session.bind`): the header names it for the view. */
  agentSessionId: string | undefined = undefined;
  /** Set when an update changed what the session's header shows (commands, title, usage); `takeHeaderChange` reads it. */
  private headerChanged = false;
  /** The agent's modes and config options (session header). */
  readonly controls = new SessionControls();

  private readonly items = new Map<string, TranscriptItem>();
  /** The characters of the items' texts (`transcriptItemChars`), held within `LIMITS.transcriptChars`. */
  private itemChars = 0;
  /** Counts the items put in (added or changed): a turn that put none got no reply (`Session.endTurn`). */
  private puts = 0;
  /**
   * Where `put` stopped dropping the oldest items: it has passed only items it deleted, so what it gives next is the
   * oldest item left (items deleted or moved to the end elsewhere are skipped or met again in their new place).
   */
  private oldestItems: MapIterator<[string, TranscriptItem]> | undefined;
  private readonly toolCalls = new Map<string, ToolCallState>();
  private readonly terminals = new TerminalOutputs(TERMINAL_OUTPUT_BUDGET_CHARS, MAX_TERMINALS);
  private readonly fullTexts = new FullTextCache(FULL_TEXT_BUDGET_CHARS);
  /** The v1 message or thought item that streamed chunks append to (v1 chunks carry no message id). */
  private openStreamItem: string | undefined;
  /**
   * The agent's messages, thoughts and plans of the turn under way, by the id the agent names them with (`messageId`,
   * `planId`, the one v1 plan): one of an earlier turn named again is a new item at the end, as rewriting one
   * scrolled out of sight (or already read and agreed to) would change what the person read without their seeing it.
   */
  private turnItems = new Map<string, string>();

  constructor(
    readonly key: string,
    readonly agentName: string,
    private readonly inWorkspace: PathCheck,
  ) {
    this.title = agentName;
  }

  header(bypassed: boolean): SessionHeader {
    return {
      key: this.key,
      agentName: this.agentName,
      title: this.title,
      status: this.status,
      bypassed,
      commands: this.commands,
      ...this.usageHeader(),
      ...(this.protocolVersion ? { protocolVersion: this.protocolVersion } : {}),
      ...(this.error ? { error: this.error } : {}),
      ...this.sessionIdHeader(),
      ...(this.replaces !== undefined ? { replaces: this.replaces } : {}),
      ...(this.reopens && this.status === "starting"
        ? {
            reopening: this.reopens.replaysMessages
              ? ("with-messages" as const)
              : ("without-messages" as const),
          }
        : {}),
      ...this.controlsHeader(),
    };
  }

  /** Whether an update since the last call changed the header beyond its status. */
  takeHeaderChange(): boolean {
    const changed = this.headerChanged;
    this.headerChanged = false;
    return changed;
  }

  /** The agent's id of the session, or of the one it reopens while it starts; none past the cap on such ids. */
  private sessionIdHeader(): { agentSessionId?: string } {
    const id = this.agentSessionId ?? this.reopens?.past.sessionId;
    return id !== undefined && id.length <= LIMITS.agentSessionIdChars ? { agentSessionId: id } : {};
  }

  private usageHeader(): { usage?: UsageView } {
    const usage = this.usage.view();
    return usage ? { usage } : {};
  }

  /** v2 `session/new` and `session/resume` answers carry the first commands (later updates replace them). */
  applyInitialCommands(response: Json): void {
    if (!Array.isArray(response.availableCommands)) return;
    this.commands = parseAgentCommands(response.availableCommands);
    this.headerChanged = true;
  }

  /** A turn's own usage report (v1 `session/prompt` response, v2 `idle` state). */
  applyTurnUsage(usage: unknown): void {
    if (this.usage.applyTurnUsage(usage)) this.headerChanged = true;
  }

  private controlsHeader(): Pick<SessionHeader, "controls"> {
    const controls = this.controls.view();
    return controls ? { controls } : {};
  }

  transcript(): TranscriptItem[] {
    return [...this.items.values()];
  }

  /** How many items were put in (added or changed) so far. */
  get itemsPut(): number {
    return this.puts;
  }

  /** A transcript item as last returned to be shown (what the view holds once the session's ops reached it). */
  item(id: string): TranscriptItem | undefined {
    return this.items.get(id);
  }

  toolCall(id: string): ToolCallState | undefined {
    return this.toolCalls.get(id);
  }

  /**
   * The user's own message, shown at once (agents' echoes of it are not shown again; see `applyUpdate`). `context`:
   * the labels of what the person added to the message.
   */
  addUserMessage(text: string, context: readonly string[] = []): TranscriptItem[] {
    this.turnBoundary();
    return [this.put(userItem(`user:${randomUUID()}`, text, context))];
  }

  /**
   * A turn begins or ends (the person's message, or a v2 agent's word that it works or is idle): what the agent sends
   * next under a message or plan id of the turn before is a new item at the end, not a rewrite of what was read.
   */
  turnBoundary(): void {
    this.openStreamItem = undefined;
    this.turnItems.clear();
  }

  /**
   * A message that went through the queue: shown at once with its marker, updated in place while it waits or when
   * it is not sent, and moved to the end of the transcript, where its turn starts, once it is sent (no marker).
   */
  putQueuedMessage(
    id: string,
    text: string,
    queued: QueuedMarker | undefined,
    context: readonly string[] = [],
  ): TranscriptItem[] {
    // A message put to wait does not end the agent's message streaming above it: split, the rest of the reply read
    // as one to the waiting message. Sent, it does: what comes next is the next turn's.
    if (!queued) {
      this.turnBoundary();
      this.deleteItem(id);
    }
    const marker = queued && {
      state: queued.state,
      reason: capLabel(queued.reason, LIMITS.descriptionChars),
    };
    return [this.put({ ...userItem(id, text, context), ...(marker ? { queued: marker } : {}) })];
  }

  /**
   * A notice; `from` names the agent when the agent sent it, so it is never shown as Symposium's own; `quote` is the
   * agent's words a notice of Symposium's passes on, so they never read as Symposium's.
   */
  addNotice(
    severity: "info" | "warning" | "error",
    text: string,
    { from, quote }: { from?: string; quote?: string } = {},
  ): TranscriptItem[] {
    this.openStreamItem = undefined;
    const notice = {
      kind: "notice",
      id: `notice:${randomUUID()}`,
      severity,
      text: capLabel(text, 4_000),
      ...(quote ? { quote: capLabel(quote, 4_000) } : {}),
    } as const;
    return [this.put(from === undefined ? notice : { ...notice, from })];
  }

  addItem(item: TranscriptItem): TranscriptItem[] {
    this.openStreamItem = undefined;
    if (item.kind === "decision" && item.record.toolCallId !== undefined) {
      const call = this.toolCalls.get(item.record.toolCallId);
      if (call) call.answered = this.answeredPart(call);
      if (call && item.record.outcome === "selected")
        call.rejected = item.record.optionKindClass === "reject";
    }
    return [this.put(item)];
  }

  /** Applies one `session/update` payload (`params.update`) of either protocol version. */
  applyUpdate(update: Json): TranscriptItem[] {
    switch (update.sessionUpdate) {
      case "agent_message_chunk":
        return this.appendText("agent", update.messageId, update.content);
      case "agent_thought_chunk":
        return this.appendText("thought", update.messageId, update.content);
      case "agent_message":
        return this.replaceText("agent", update.messageId, update.content);
      case "agent_thought":
        return this.replaceText("thought", update.messageId, update.content);
      case "user_message_chunk":
      case "user_message":
        // Live sessions show the user's text when it is sent; the agent's echo would duplicate it. A replayed
        // conversation has no other source for it.
        return this.replayingHistory ? this.replayUserText(update) : [];
      case "tool_call":
      case "tool_call_update":
        return this.applyToolCallPatch(update);
      case "tool_call_content_chunk":
        return this.appendToolContent(update);
      case "plan":
        return this.setPlan("plan", update.entries);
      case "plan_update": {
        // v2 plans are each their own (`planId`): one does not replace another.
        const plan = asObject(update.plan);
        const planId = asString(plan?.planId);
        return plan?.type === "items" && planId
          ? this.setPlan(`v2:${capLabel(planId, LIMITS.toolCallIdChars)}`, plan.entries)
          : [];
      }
      case "available_commands_update":
        this.commands = parseAgentCommands(update.availableCommands);
        this.headerChanged = true;
        return [];
      case "session_info_update":
        this.applySessionInfo(update);
        return [];
      case "usage_update":
        if (this.usage.applyUsageUpdate(update)) this.headerChanged = true;
        return [];
      case "state_update":
        return this.applyState(update);
      case "current_mode_update":
        this.controls.setCurrentMode(update.currentModeId);
        return [];
      case "config_option_update":
        this.controls.replaceOptions(update.configOptions);
        return [];
      case "notice": {
        const severity =
          update.severity === "error" || update.severity === "warning" ? update.severity : "info";
        const text = [asString(update.title), asString(update.description)].filter(Boolean).join(": ");
        return text ? this.addNotice(severity, text, { from: this.agentName }) : [];
      }
      case "terminal_update":
      case "terminal_output_chunk":
        return this.applyTerminal(update);
      default:
        // compaction_* and unknown variants: nothing to show.
        return [];
    }
  }

  /** `session_info_update`: a title names the tab; `null` clears it (the agent's name again); omitted keeps it. */
  private applySessionInfo(update: Json): void {
    if (!("title" in update)) return;
    const title = asString(update.title)
      ?.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ")
      .trim();
    const next = title ? capLabel(title, LIMITS.titleChars) : this.agentName;
    if (next === this.title) return;
    this.title = next;
    this.headerChanged = true;
  }

  /** A replayed message of the person's (v1 chunks, v2 whole messages), shown as their own. */
  private replayUserText(update: Json): TranscriptItem[] {
    const text =
      update.sessionUpdate === "user_message"
        ? asArray(update.content).map(contentText).join("")
        : contentText(update.content);
    if (!text) return [];
    this.turnItems.clear(); // a replayed turn starts
    const messageId = asString(update.messageId);
    const open = this.openStreamItem?.startsWith("user:") ? this.items.get(this.openStreamItem) : undefined;
    const id = messageId ? `user:${messageId}` : open ? open.id : `user:${randomUUID()}`;
    const existing = this.items.get(id);
    const before =
      existing?.kind === "user" && update.sessionUpdate === "user_message_chunk" ? existing.text : "";
    const item: TranscriptItem = { kind: "user", id, text: capText(before + text, LIMITS.messageChars).text };
    this.openStreamItem = id;
    if (existing) {
      this.setItem(item);
      this.trim();
      return [item];
    }
    return [this.put(item)];
  }

  /** Upserts a tool call from a `tool_call`, a `tool_call_update` or a permission subject's `toolCall`. */
  applyToolCallPatch(patch: Json): TranscriptItem[] {
    const id = asString(patch.toolCallId);
    if (!id) return [];
    this.openStreamItem = undefined;
    let call = this.toolCalls.get(id);
    // Absent and `null` both leave a field as it was (an update names only what changed), as the raw tool call the
    // policy decides on reads them: were `null` to clear here, a card could show less than the policy sees.
    const given = (field: (typeof PATCHED_FIELDS)[number]) =>
      patch[field] !== undefined && patch[field] !== null;
    // A tool call announced again is new: what it said before goes, as it goes from the raw tool call the policy
    // decides on (`RawToolCalls`), so that a card never shows a command the policy no longer sees.
    const announced = patch.sessionUpdate === "tool_call";
    // A permission request naming a known tool call by its id alone changes nothing: nothing to send again.
    if (call && !announced && !PATCHED_FIELDS.some(given)) return [];
    if (!call) {
      call = { id, ...NEW_TOOL_CALL, locations: [], content: [], awaitingApproval: new Set() };
      this.toolCalls.set(id, call);
    }
    // A card shows the request as it arrived; a later change of what it shows is flagged beside it.
    const asked = call.awaitingApproval.size > 0 ? this.shownOnCard(call) : undefined;
    // "Open diff" shows a diff's whole texts, of which the card shows only the start: a change past it counts too.
    const askedDiffs = asked !== undefined ? this.diffTexts(call) : undefined;
    const askedContent = call.content;
    const askedLocations = call.locations;
    if (announced) {
      this.fullTexts.deleteOwner(call.id);
      Object.assign(call, { ...NEW_TOOL_CALL, locations: [], content: [] });
      delete call.locationsNotShown;
      delete call.rawInputView;
      delete call.command;
      delete call.commandCut;
      delete call.commandCwd;
    }
    if (given("title")) call.title = capLabel(asString(patch.title) ?? "", LIMITS.titleChars);
    if (given("kind")) call.kind = capLabel(asString(patch.kind) ?? "other", 50);
    if (given("status")) {
      const status = capLabel(asString(patch.status) ?? "pending", 50);
      // "rejected" and "awaiting_approval" are the host's to say (a card rejected, one open): an agent's would show a
      // person's answer they never gave, or a card that is not there.
      if (!HOST_STATUSES.has(status)) call.status = status;
    }
    if (given("locations")) {
      const locations = asArray(patch.locations);
      if (locations.length > LIMITS.locationsPerToolCall)
        call.locationsNotShown = locations.length - LIMITS.locationsPerToolCall;
      else delete call.locationsNotShown;
      call.locations = locations.slice(0, LIMITS.locationsPerToolCall).flatMap((location) => {
        const l = asObject(location);
        const path = l && asString(l.path);
        if (!path) return [];
        const line = typeof l.line === "number" && Number.isInteger(l.line) ? l.line : undefined;
        const capped = capText(path, LIMITS.pathChars).text;
        const place = this.inWorkspace(capped);
        return [
          {
            path: capped,
            display: place.display,
            ...(line !== undefined ? { line } : {}),
            inWorkspace: place.inside,
          },
        ];
      });
    }
    if (given("content")) {
      const owner = call.id;
      this.fullTexts.deleteOwner(owner);
      const items = asArray(patch.content);
      // Items past the cap are not read (each counts as one part not shown).
      const received = items.slice(0, MAX_STORED_CONTENT_ITEMS + 1).flatMap(receiveContent);
      // A part past the cap is said to be there: the one left out unsaid could be the one that matters.
      const unread = Math.max(0, items.length - MAX_STORED_CONTENT_ITEMS - 1);
      if (received.length + unread > MAX_STORED_CONTENT_ITEMS) {
        const more = received.length + unread - MAX_STORED_CONTENT_ITEMS + 1;
        received.splice(MAX_STORED_CONTENT_ITEMS - 1, Infinity, {
          type: "other",
          label: `${more} more parts not shown`,
        });
      }
      call.content = received.map((content, index) => this.storeContent(owner, index, content));
    }
    if (given("rawInput")) {
      const raw = patch.rawInput;
      // No ownCopy: capJson's text is always a new string (its parts joined), so it keeps nothing of `raw` alive.
      call.rawInputView = capJson(raw, LIMITS.rawInputChars);
      call.rawInputPaths = namedPaths(raw).map(ownCopy);
      const command = commandOfRawInput(raw);
      const capped = command !== undefined ? ownCopy(capCommand(command)) : undefined;
      call.command = capped?.command;
      call.commandCut = capped?.cut;
      call.commandCwd = command !== undefined ? this.statedCwd(raw) : undefined;
    }
    if (asked !== undefined && asked !== this.shownOnCard(call)) call.changedAfterRequest = true;
    if (
      asked !== undefined &&
      askedLocations !== call.locations &&
      JSON.stringify(askedLocations) !== JSON.stringify(call.locations)
    )
      for (const promptKey of call.awaitingApproval)
        if (!call.askedLocations?.has(promptKey))
          (call.askedLocations ??= new Map()).set(promptKey, askedLocations);
    if (askedDiffs !== undefined && !sameDiffTexts(askedDiffs, this.diffTexts(call))) {
      call.changedAfterRequest = true;
      this.keepAskedContent(call, askedContent, askedDiffs);
    }
    if (call.answered !== undefined && this.changedFrom(call.answered, call)) {
      call.changedAfterAnswer = true;
      // Announced again as another tool call under the old id: the rejection was of the old one, not of this one
      // ("Rejected" at the turn's end). Announced again as the same, it stands.
      if (announced) delete call.rejected;
    }
    return [this.replaceToolCallItem(call)];
  }

  /**
   * What an answer about a tool call was to: its kind, the command it runs and where, the paths it names, its diffs
   * (each its path and a digest of its whole texts, which the bounded cache may let go of later, and the texts
   * themselves when short), and a digest of the raw input the card showed.
   */
  private answeredPart(call: ToolCallState): AnsweredPart {
    let kept = 0;
    const diffs = call.content.flatMap((content) => {
      if (content.type !== "diff" && content.type !== "patch") return [];
      const texts = this.fullTexts.get(content.textKey);
      // Evicted already: what the card showed of it.
      const whole = texts ?? [JSON.stringify(content.preview)];
      kept += whole.reduce((sum, text) => sum + text.length, 0);
      return [
        {
          path: content.path,
          digest: digest(whole),
          ...(kept <= ANSWERED_TEXT_CHARS ? { texts: whole } : {}),
        },
      ];
    });
    return {
      kind: call.kind,
      command: call.command,
      cwd: call.commandCwd?.path,
      paths: call.locations.map((l) => l.path),
      diffs,
      ...(call.rawInputView ? { rawInput: digest([call.rawInputView.text]) } : {}),
      rawInputPaths: call.rawInputPaths ?? [],
    };
  }

  /**
   * Whether the agent put another action in the place of the one answered: another kind, another command (or none, in
   * a raw input still given), another folder for it, paths or diffs the answer did not show, or (for a tool of neither
   * command nor diff, an MCP tool's `{sql}`) another raw input. Narrowly: what real agents do after an answer is not a
   * change. A new title, output, a status, a line number, the edit again as hunks with lines around it; the same
   * command under another raw input (Codex announces the call again with its begin event as raw input); a diff or
   * paths where there were none, when the raw input answered names them (Claude Code's edit announced whole after
   * the card, which had its raw input). What it leaves out is not either. The decision shown on it was about what it
   * showed then.
   */
  private changedFrom(answered: AnsweredPart, call: ToolCallState): boolean {
    const now = this.answeredPart(call);
    // "other" is what a tool call whose agent named no kind shows: nothing to change from. Only a kind that changes
    // things counts: Codex may show an approved `cat` as a read once it runs.
    if (answered.kind !== "other" && now.kind !== answered.kind && CHANGING_KINDS.has(now.kind)) return true;
    if (now.command !== undefined && now.command !== answered.command) return true;
    if (answered.command !== undefined && now.command === undefined && now.rawInput !== undefined)
      return true;
    if (answered.cwd !== undefined && now.cwd !== undefined && now.cwd !== answered.cwd) return true;
    // A folder where the answer said none (its session's): one outside the workspace is another place to run in.
    if (answered.cwd === undefined && now.cwd !== undefined && !this.inWorkspace(now.cwd).inside) return true;
    if (
      answered.command === undefined &&
      answered.diffs.length === 0 &&
      answered.rawInput !== undefined &&
      now.rawInput !== undefined &&
      now.rawInput !== answered.rawInput
    )
      return true;
    // A path the answer showed: among its locations or diffs, or named by a path field of the raw input answered,
    // still shown (a string elsewhere in it, a `description`, names nothing).
    const sameRawInput = answered.rawInput !== undefined && now.rawInput === answered.rawInput;
    const shown = (path: string) =>
      answered.paths.includes(path) ||
      answered.diffs.some((diff) => diff.path === path) ||
      (sameRawInput && answered.rawInputPaths.includes(path));
    if (!now.paths.every(shown)) return true;
    if (answered.diffs.length === 0) return !now.diffs.every((diff) => shown(diff.path));
    return now.diffs.some((diff) => !answered.diffs.some((was) => sameEdit(was, diff)));
  }

  /**
   * The agent replaced a tool call's diffs while cards wait on it: the content each card asked about (`asked`, with
   * its whole texts `texts`) is kept under cache keys of its own (the new content took the old keys), so the card's
   * "Open diff" opens what the card shows and the person approves, not what the agent put there since. In the same
   * bounded cache; a card keeps the content of its asking, not of a later change. Content only added keeps the
   * asked items in their places, with their texts.
   */
  private keepAskedContent(
    call: ToolCallState,
    asked: readonly StoredContent[],
    texts: readonly (readonly string[] | undefined)[],
  ): void {
    for (const promptKey of call.awaitingApproval) {
      if (call.askedContent?.has(promptKey)) continue;
      const kept = asked.map((content, index): StoredContent => {
        if (content.type !== "diff" && content.type !== "patch") return content;
        const textKey = `${askedOwner(call.id)}\u0000${promptKey}\u0000${index}`;
        const whole = texts[index];
        if (whole) this.fullTexts.set(textKey, askedOwner(call.id), whole);
        return { ...content, textKey };
      });
      (call.askedContent ??= new Map()).set(promptKey, kept);
    }
  }

  /** The whole texts "Open diff" opens for each content item (undefined: not a diff, or not kept). */
  private diffTexts(call: ToolCallState): (readonly string[] | undefined)[] {
    return call.content.map((content) =>
      content.type === "diff" || content.type === "patch" ? this.fullTexts.get(content.textKey) : undefined,
    );
  }

  /** What a card about this tool call shows (not its status, which an agent may move on while it waits). */
  private shownOnCard(call: ToolCallState): string {
    const { title, toolKind, locations, content, rawInput } = this.toolCallView(call);
    return JSON.stringify([title, toolKind, locations, content, rawInput]);
  }

  /**
   * A tool call's location at `index`, to open. `promptKey`: from that card's links, which show the locations as the
   * agent asked about them: opened from the card, a location the agent put in their place since would open another file.
   */
  location(toolCallId: string, index: number, promptKey?: string): LocationView | undefined {
    const call = this.toolCalls.get(toolCallId);
    if (!call) return undefined;
    const fromCard = promptKey !== undefined && call.awaitingApproval.has(promptKey);
    return ((fromCard && call.askedLocations?.get(promptKey)) || call.locations)[index];
  }

  /**
   * The whole texts of a tool call's diff at `index` for the diff editor; undefined once the cache let them go.
   * `promptKey`: opened from that card, which shows the content as the agent asked about it.
   */
  fullDiff(toolCallId: string, index: number, promptKey?: string): FullDiff | undefined {
    const call = this.toolCalls.get(toolCallId);
    if (!call) return undefined;
    const fromCard = promptKey !== undefined && call.awaitingApproval.has(promptKey);
    const content = ((fromCard && call.askedContent?.get(promptKey)) || call.content)[index];
    if (content?.type !== "diff" && content?.type !== "patch") return undefined;
    const texts = this.fullTexts.get(content.textKey);
    if (!texts) return undefined;
    const version =
      call.changedAfterRequest && call.awaitingApproval.size > 0
        ? { version: fromCard ? ("asked" as const) : ("changed" as const) }
        : {};
    if (content.type === "patch") return { type: "patch", patch: texts[0] ?? "", ...version };
    return {
      type: "diff",
      path: content.path,
      oldText: texts[1] === undefined ? null : (texts[0] ?? ""),
      newText: texts.at(-1) ?? "",
      ...version,
    };
  }

  /** Keeps a diff's whole texts in the cache and only its capped preview on the tool call. */
  private storeContent(owner: string, index: number, content: ReceivedContent): StoredContent {
    if (content.type !== "diff" && content.type !== "patch") return content;
    const textKey = `${owner}\u0000${index}`;
    const preview =
      content.type === "diff"
        ? previewTextDiff(content.path, content.oldText, content.newText)
        : previewPatch(content.path, content.patch);
    const texts =
      content.type === "patch"
        ? [content.patch]
        : content.oldText === null
          ? [content.newText]
          : [content.oldText, content.newText];
    this.fullTexts.set(textKey, owner, texts);
    const display = this.inWorkspace(preview.path).display;
    return { type: content.type, path: content.path, preview: ownCopy(preview), display, textKey };
  }

  toolCallView(call: ToolCallState): ToolCallView {
    const raw = call.rawInputView;
    return {
      kind: "tool_call",
      id: toolItemId(call.id),
      toolKind: call.kind,
      title: call.title,
      toolCallId: call.id,
      status: call.status,
      ...(call.awaitingApproval.size > 0 ? { awaitingApproval: true } : {}),
      ...(call.awaitingApproval.size > 0 && call.changedAfterRequest ? { changedAfterRequest: true } : {}),
      ...(call.changedAfterAnswer ? { changedAfterAnswer: true } : {}),
      locations: call.locations,
      ...(call.locationsNotShown ? { locationsNotShown: call.locationsNotShown } : {}),
      content: withinBudget(
        call.content.map((content, index) => this.contentView(content, index)),
        TOOL_CALL_CONTENT_CHARS,
      ),
      ...(raw ? { rawInput: raw.text, rawInputTruncated: raw.truncated } : {}),
      ...(call.command !== undefined ? { command: call.command } : {}),
      ...(call.commandCut !== undefined ? { commandCut: call.commandCut } : {}),
      ...(call.commandCwd !== undefined ? { commandCwd: call.commandCwd } : {}),
    };
  }

  /** Where the raw input says its command runs, as the card shows it; undefined when it says nothing or no text. */
  private statedCwd(raw: unknown): CommandCwd | undefined {
    const input = asObject(raw);
    const field = input && CWD_FIELDS.find((f) => input[f] !== undefined && input[f] !== null);
    const cwd = field ? input[field] : undefined;
    if (typeof cwd !== "string" || cwd === "") return undefined;
    const path = capLabel(cwd, LIMITS.pathChars);
    // `~` and `$HOME` as the agent's shell reads them; another variable or a `..` may lead anywhere.
    const home = /^(?:~|\$HOME|\$\{HOME\})(?=[/\\]|$)/.exec(cwd);
    const absolute = home ? homedir() + cwd.slice(home[0].length) : cwd;
    if (!posix.isAbsolute(absolute) && !win32.isAbsolute(absolute))
      return /\$|(?:^|[/\\])\.\.(?:[/\\]|$)/.test(cwd)
        ? { path, display: path }
        : { path, display: path, relative: true };
    const place = this.inWorkspace(absolute);
    return { path, display: capLabel(place.display, LIMITS.pathChars), inside: place.inside };
  }

  /**
   * The turn ended (or the agent is gone): tool calls left open will not finish. One a card was rejected for shows as
   * rejected; after the person's Stop, or the agent's end, the rest show as stopped, and after a turn that ended on
   * its own as not finished (the agent never said they did; an update of its own still replaces that). `only`: the
   * one tool call an update between turns left open. Returns the changed items.
   */
  settleOpenToolCalls(stoppedByPerson: boolean, only?: string): TranscriptItem[] {
    const changed: TranscriptItem[] = [];
    const calls = only === undefined ? this.toolCalls.values() : [this.toolCalls.get(only)];
    for (const call of calls) {
      if (!call || !this.onTranscript(call) || ENDED_STATUSES.has(call.status)) continue;
      call.status = call.rejected ? "rejected" : stoppedByPerson ? "cancelled" : "unfinished";
      changed.push(this.replaceToolCallItem(call));
    }
    return changed;
  }

  /** Whether a card about one of the open tool calls was rejected (the agent may end the turn `cancelled` for it). */
  hasOpenRejectedToolCall(): boolean {
    for (const call of this.toolCalls.values())
      if (call.rejected && !ENDED_STATUSES.has(call.status)) return true;
    return false;
  }

  /**
   * Marks a tool call as awaiting approval while the card `promptKey` is open (`awaiting` false: it was answered).
   * Returns the changed item.
   */
  setAwaitingApproval(toolCallId: string, promptKey: string, awaiting: boolean): TranscriptItem[] {
    const call = this.toolCalls.get(toolCallId);
    if (!call) return [];
    const changed = awaiting ? !call.awaitingApproval.has(promptKey) : call.awaitingApproval.has(promptKey);
    if (!changed) return [];
    if (awaiting) call.awaitingApproval.add(promptKey);
    else {
      call.awaitingApproval.delete(promptKey);
      // Answered while it showed something other than the card: the answer was to what the card showed.
      if (call.changedAfterRequest) call.changedAfterAnswer = true;
      for (const content of call.askedContent?.get(promptKey) ?? [])
        if (content.type === "diff" || content.type === "patch") this.fullTexts.delete(content.textKey);
      call.askedContent?.delete(promptKey);
      call.askedLocations?.delete(promptKey);
    }
    if (call.awaitingApproval.size === 0) call.changedAfterRequest = false;
    if (!this.onTranscript(call)) {
      // Dropped from the transcript while its card was open (`put`): forgotten with the last card, never shown again.
      if (call.awaitingApproval.size === 0) this.forgetToolCall(call.id);
      return [];
    }
    return [this.replaceToolCallItem(call)];
  }

  /** False for a tool call the transcript dropped while a card about it was open. */
  private onTranscript(call: ToolCallState): boolean {
    return this.items.has(toolItemId(call.id));
  }

  private forgetToolCall(toolCallId: string): void {
    this.toolCalls.delete(toolCallId);
    this.fullTexts.deleteOwner(toolCallId);
    this.fullTexts.deleteOwner(askedOwner(toolCallId));
  }

  /**
   * Appends a new item, keeping the transcript at its cap by dropping the oldest items. A dropped tool call goes with
   * its item: the tool-call map is bounded by the transcript, so a long session keeps taking new tool calls.
   */
  private put<T extends TranscriptItem>(item: T): T {
    this.puts++;
    this.setItem(item);
    this.trim();
    return item;
  }

  /** Writes an item (new, or in place), counting its characters (`transcriptItemChars`). */
  private setItem(item: TranscriptItem): void {
    const previous = this.items.get(item.id);
    this.itemChars += transcriptItemChars(item) - (previous ? transcriptItemChars(previous) : 0);
    this.items.set(item.id, item);
  }

  private deleteItem(id: string): void {
    const previous = this.items.get(id);
    if (!previous) return;
    this.itemChars -= transcriptItemChars(previous);
    this.items.delete(id);
  }

  /**
   * Drops the oldest items while the transcript holds more than `LIMITS.transcriptItems` items or its texts more than
   * `LIMITS.transcriptChars` characters: 2,000 messages at their cap held half a gigabyte. The view drops alike.
   */
  private trim(): void {
    while (this.items.size > LIMITS.transcriptItems || this.itemChars > LIMITS.transcriptChars) {
      // One iterator kept across calls: a Map keeps the slots of deleted entries until it is rebuilt, and a fresh
      // iterator walked over all of them on each call of a long flood (about 1 us per item at the cap).
      let next = this.oldestItems?.next();
      if (!next || next.done) next = (this.oldestItems = this.items.entries()).next();
      if (next.done) break;
      const [oldestId, oldest] = next.value;
      this.deleteItem(oldestId);
      if (oldest.kind === "tool_call") {
        // A tool call a card is open about is kept (off the transcript) until the card is answered: announced again
        // under the same id, and so under the same item and its card, it is that tool call changed after the
        // request, never a new one that the card would sit on as if it asked about it.
        if (this.toolCalls.get(oldest.toolCallId)?.awaitingApproval.size) continue;
        this.forgetToolCall(oldest.toolCallId);
      }
    }
  }

  private appendText(kind: "agent" | "thought", messageId: unknown, content: unknown): TranscriptItem[] {
    const text = contentText(content);
    if (!text) return [];
    const id =
      typeof messageId === "string"
        ? this.turnItemId(`${kind}:${messageId}`)
        : this.openStreamItem?.startsWith(`${kind}:`)
          ? this.openStreamItem
          : `${kind}:${randomUUID()}`;
    const existing = this.items.get(id);
    const before =
      existing?.kind === "agent" ? existing.markdown : existing?.kind === "thought" ? existing.text : "";
    // A message already at its cap cannot change: drop the chunk. Without this, every further chunk of a flood
    // re-copied the whole capped text (flattening `before + text` to cut it) and emitted it to the view again.
    if (before.length >= LIMITS.messageChars) {
      this.openStreamItem = id;
      return [];
    }
    const joined = capText(before + text, LIMITS.messageChars).text;
    this.openStreamItem = id;
    return [this.placeText(kind, id, joined)];
  }

  private replaceText(kind: "agent" | "thought", messageId: unknown, content: unknown): TranscriptItem[] {
    if (typeof messageId !== "string") return [];
    const text = asArray(content).map(contentText).join("");
    return [
      this.placeText(kind, this.turnItemId(`${kind}:${messageId}`), capText(text, LIMITS.messageChars).text),
    ];
  }

  /** The item of this turn's message or plan `named`: its own, or a new one when `named` is an earlier turn's. */
  private turnItemId(named: string): string {
    let id = this.turnItems.get(named);
    if (id === undefined) {
      // Held to the transcript's size: past it, the first of the turn's items are long gone from it anyway.
      if (this.turnItems.size >= LIMITS.transcriptItems) this.turnItems.clear();
      id = this.items.has(named) ? `${named}:${randomUUID()}` : named;
      this.turnItems.set(named, id);
    }
    return id;
  }

  /** Updates a message in place (keeping its position), or appends it. */
  private placeText(kind: "agent" | "thought", id: string, text: string): TranscriptItem {
    const item: TranscriptItem = kind === "agent" ? { kind, id, markdown: text } : { kind, id, text };
    if (this.items.has(id)) {
      this.puts++; // text added to a message of its (a v2 `messageId` used again) is a reply too
      this.setItem(item);
      this.trim();
      return item;
    }
    return this.put(item);
  }

  private appendToolContent(update: Json): TranscriptItem[] {
    const call = this.toolCalls.get(asString(update.toolCallId) ?? "");
    if (!call || call.content.length >= MAX_STORED_CONTENT_ITEMS) return [];
    // Content added after asking changes what the card is about, as a `tool_call_update` would.
    const asked = call.awaitingApproval.size > 0 ? this.shownOnCard(call) : undefined;
    const start = call.content.length;
    call.content.push(
      ...receiveContent(update.content).map((content, i) => this.storeContent(call.id, start + i, content)),
    );
    if (asked !== undefined && asked !== this.shownOnCard(call)) call.changedAfterRequest = true;
    return [this.replaceToolCallItem(call)];
  }

  private replaceToolCallItem(call: ToolCallState): TranscriptItem {
    const view = this.toolCallView(call);
    if (!this.items.has(view.id)) this.put(view);
    else {
      this.setItem(view);
      this.trim();
    }
    return view;
  }

  private setPlan(id: string, entries: unknown): TranscriptItem[] {
    const all = asArray(entries);
    const plan: TranscriptItem = {
      kind: "plan",
      id: this.turnItemId(`plan:${id}`),
      ...(all.length > MAX_PLAN_ENTRIES ? { notShown: all.length - MAX_PLAN_ENTRIES } : {}),
      entries: all.slice(0, MAX_PLAN_ENTRIES).flatMap((entry) => {
        const e = asObject(entry);
        if (!e || typeof e.content !== "string") return [];
        return [
          {
            content: capLabel(e.content, 1_000),
            status: capLabel(asString(e.status) ?? "pending", 30),
            priority: capLabel(asString(e.priority) ?? "medium", 30),
          },
        ];
      }),
    };
    if (this.items.has(plan.id)) {
      this.puts++; // the agent's reply to this turn may be a plan it changes
      this.setItem(plan);
      this.trim();
      return [plan];
    }
    return [this.put(plan)];
  }

  private applyState(update: Json): TranscriptItem[] {
    switch (update.state) {
      case "running":
        this.status = "running";
        return [];
      case "requires_action":
        this.status = "requires_action";
        return [];
      case "idle": {
        this.status = "ready";
        const streamed = this.openStreamItem !== undefined ? this.items.get(this.openStreamItem) : undefined;
        this.openStreamItem = undefined;
        if ("usage" in update) this.applyTurnUsage(update.usage);
        if (update.stopReason === "error") {
          const message = asString(asObject(update.error)?.message);
          // Claude Code and Codex write the error as their last message too: said once, the notice points to it.
          const written =
            streamed?.kind === "agent" &&
            message !== undefined &&
            streamed.markdown.trim() === message.replace(/^Internal error: /, "").trim();
          return written
            ? this.addNotice("error", "The agent stopped with the error above.")
            : message
              ? this.addNotice("error", "The agent stopped with an error:", { quote: message })
              : this.addNotice("error", "The agent stopped with an error.");
        }
        return [];
      }
      default:
        return [];
    }
  }

  private applyTerminal(update: Json): TranscriptItem[] {
    const id = asString(update.terminalId);
    if (!id) return [];
    this.terminals.update(id, (terminal) => {
      if (update.sessionUpdate === "terminal_output_chunk") {
        appendOutput(terminal, decodeBase64(asString(update.data) ?? ""));
        return;
      }
      const output = asObject(update.output);
      if (output && typeof output.data === "string") {
        terminal.output = "";
        terminal.truncated = false;
        appendOutput(terminal, decodeBase64(output.data));
      }
      const exit = asObject(update.exitStatus);
      if (exit) terminal.exitCode = typeof exit.exitCode === "number" ? exit.exitCode : null;
    });
    return this.refreshTerminalViews(id);
  }

  /** Output of a client-side terminal (v1 `terminal/*`), shown on the tool calls that embed it. */
  setTerminalOutput(
    terminalId: string,
    output: string,
    truncated: boolean,
    exitCode?: number | null,
  ): TranscriptItem[] {
    this.terminals.update(terminalId, (terminal) => {
      terminal.output = capText(output, LIMITS.terminalOutputChars).text;
      terminal.truncated = truncated;
      terminal.exitCode = exitCode;
    });
    return this.refreshTerminalViews(terminalId);
  }

  private refreshTerminalViews(terminalId: string): TranscriptItem[] {
    const changed: TranscriptItem[] = [];
    for (const call of this.toolCalls.values()) {
      if (
        this.onTranscript(call) &&
        call.content.some((c) => c.type === "terminal" && c.terminalId === terminalId)
      ) {
        changed.push(this.replaceToolCallItem(call));
      }
    }
    return changed;
  }

  private contentView(content: StoredContent, index: number): ToolContentView {
    switch (content.type) {
      case "text":
        return { type: "text", text: content.text, truncated: content.truncated };
      case "diff":
      case "patch":
        return { type: "diff", index, ...content.preview, display: content.display };
      case "terminal": {
        const terminal = this.terminals.get(content.terminalId);
        return {
          type: "terminal",
          terminalId: content.terminalId,
          output: terminal?.output ?? "",
          truncated: terminal?.truncated ?? false,
          ...(terminal && terminal.exitCode !== undefined ? { exitCode: terminal.exitCode } : {}),
        };
      }
      case "other":
        return { type: "other", label: content.label };
    }
  }
}

/** Keeps content items whole while they fit `budget` characters; later ones keep their place but show nothing. */
function withinBudget(views: ToolContentView[], budget: number): ToolContentView[] {
  let left = budget;
  return views.map((view) => {
    const size =
      view.type === "text"
        ? view.text.length
        : view.type === "diff"
          ? view.preview.reduce((n, line) => n + line.length + 1, 0)
          : view.type === "terminal"
            ? view.output.length
            : 0;
    if (size <= left) {
      left -= size;
      return view;
    }
    left = 0;
    switch (view.type) {
      case "text":
        return { ...view, text: "", truncated: true };
      case "diff":
        return { ...view, preview: [], truncated: true };
      case "terminal":
        return { ...view, output: "", truncated: true };
      default:
        return view;
    }
  });
}

export function toolItemId(toolCallId: string): string {
  return `tool:${toolCallId}`;
}

/** Normalises one tool-call content item of either version, texts whole. */
function receiveContent(raw: unknown): ReceivedContent[] {
  const c = asObject(raw);
  if (!c) return [];
  switch (c.type) {
    case "content": {
      const capped = capText(unfenced(contentText(c.content)), LIMITS.messageChars);
      return [{ type: "text", text: ownCopy(capped.text), truncated: capped.truncated }];
    }
    case "diff": {
      if (typeof c.path === "string" && typeof c.newText === "string") {
        // v1: whole texts. Kept whole (the SDK's message cap bounds them) so "Open diff" shows the real change.
        return [{ type: "diff", path: c.path, oldText: asString(c.oldText) ?? null, newText: c.newText }];
      }
      // v2: a list of changed paths and an optional git patch.
      const changes = asArray(c.changes).flatMap((change) => {
        const ch = asObject(change);
        return ch && typeof ch.path === "string"
          ? [{ path: ch.path, operation: asString(ch.operation) ?? "modify" }]
          : [];
      });
      const patch = asObject(c.patch);
      const parts: ReceivedContent[] = [];
      if (patch && typeof patch.text === "string") {
        // A part per file, headed by the file it changes: under one heading, a second file's lines read as the first's.
        const files = patchParts(patch.text);
        for (const [index, file] of files.entries()) {
          // Only parts that can be kept are matched: a patch of 20,000 files against as many changes took seconds.
          const named =
            file.name !== undefined && index < MAX_STORED_CONTENT_ITEMS
              ? changes.find((ch) => ch.path === file.name || ch.path.endsWith(`/${file.name}`))?.path
              : undefined;
          // A lone part whose headers name no listed change (unreadable, or a name a raw line break cut) is the
          // change the agent lists; parts of several are named as their headers name them.
          const path =
            named ??
            (files.length === 1 ? changes[0]?.path : undefined) ??
            file.name ??
            capLabel(file.text.split("\n", 1)[0]!, LIMITS.pathChars);
          parts.push({ type: "patch", path, patch: file.text });
        }
      }
      // The changes the patch does not show are named; none is left out unsaid.
      const shown = new Set(parts.map((part) => part.type === "patch" && part.path));
      const unshown = changes.filter((ch) => !shown.has(ch.path));
      return [
        ...parts,
        ...unshown.slice(0, 20).map((ch) => ({
          type: "other" as const,
          label: `${ch.operation} ${capLabel(ch.path, LIMITS.pathChars)}`,
        })),
        ...(unshown.length > 20
          ? [{ type: "other" as const, label: `${unshown.length - 20} more changes not shown` }]
          : []),
      ];
    }
    case "terminal":
      return typeof c.terminalId === "string" ? [{ type: "terminal", terminalId: c.terminalId }] : [];
    default:
      return [{ type: "other", label: `Unsupported content (${capLabel(String(c.type), 50)})` }];
  }
}

/**
 * Tool output wrapped whole in one Markdown fence (Claude sends ```` ```console ```` blocks) is shown as the text
 * inside it: tool output is shown as plain text, where the fence markers were noise.
 */
export function unfenced(text: string): string {
  const match = /^\s*(`{3,}|~{3,})[^\n`]*\n([\s\S]*?)\n?\1\s*$/.exec(text);
  return match && !match[2]!.includes(match[1]!) ? match[2]! : text;
}

/** Text of a ContentBlock; non-text blocks become short Markdown placeholders (nothing is fetched). */
export function contentText(block: unknown): string {
  const b = asObject(block);
  if (!b) return "";
  switch (b.type) {
    case "text":
      return asString(b.text) ?? "";
    case "image":
      return "[image]";
    case "audio":
      return "[audio]";
    case "resource_link":
      return `[${asString(b.name) ?? asString(b.uri) ?? "link"}](${asString(b.uri) ?? ""})`;
    case "resource": {
      const resource = asObject(b.resource);
      return asString(resource?.text) ?? `[resource ${asString(resource?.uri) ?? ""}]`;
    }
    default:
      return "";
  }
}

function decodeBase64(data: string): string {
  return Buffer.from(data, "base64").toString("utf8");
}

function userItem(id: string, text: string, context: readonly string[]): TranscriptItem & { kind: "user" } {
  return {
    kind: "user",
    id,
    text: capText(text, LIMITS.messageChars).text,
    ...(context.length > 0 ? { context: [...context] } : {}),
    sentHere: true,
  };
}

/** The cache owner of the texts cards asked about (`keepAskedContent`): kept apart from the tool call's own. */
function askedOwner(toolCallId: string): string {
  return `${toolCallId}\u0000asked`;
}

/**
 * The messages between the extension host and the Symposium webview: types only, plus the size limits (re-exported
 * from `limits.ts`). Nothing here has a run-time dependency, so the host bundle and the browser bundle share it.
 *
 * The host owns all state; the webview is a view. It sends `ready`, receives a snapshot, then receives batched
 * updates. Messages from the webview are untrusted intents: the host parses each with the schema in
 * `src/host/webviewMessages.ts` and ignores what does not parse. No message from the webview can name a command, a
 * path or a shell string: it names things by the keys the host gave it (session key, prompt key, tool call id, index).
 */
export { LIMITS } from "./limits";

// ---------------------------------------------------------------------------------------------------------------
// View models (host -> webview). Every string in them that came from an agent is already capped by the host.
// ---------------------------------------------------------------------------------------------------------------

/** An agent the user can start a session with. `name` is the settings key (or "Demo Agent"). */
export interface AgentChoice {
  name: string;
  builtIn: boolean;
  /** True when the user's settings say `bypassPermissions: true` for it, or a session-only bypass is on. */
  bypassed: boolean;
  /** False once the agent was seen not to offer listing and reopening its sessions (unknown until it first started). */
  canResume?: false;
  /** The one to offer first (`core/preferredAgent.ts`): the last started, else the person's first own agent. */
  preferred?: true;
}

export type SessionStatus =
  "starting" | "ready" | "running" | "requires_action" | "stopping" | "ended" | "error";

export interface SessionHeader {
  /** Host-made key (`crypto.randomUUID()`); agents' own session ids may collide across agents. */
  key: string;
  agentName: string;
  title: string;
  status: SessionStatus;
  protocolVersion?: 1 | 2;
  bypassed: boolean;
  /** Why the session ended or failed, for the user (includes the last stderr lines when the agent died). */
  error?: string;
  /** Slash commands the agent offers, for the composer's `/` list. */
  commands: SlashCommand[];
  /** Tokens and cost the agent reported; absent while it reported none. */
  usage?: UsageView;
  /** How many of the person's messages wait to be sent (Stop takes them back into the message box); absent when none. */
  queued?: number;
  /** The agent's modes and config options; absent when it offers none. */
  controls?: SessionControlsView;
  /** What the person added to their next message (Symposium: Add to Message); absent when nothing. */
  context?: ContextChipView[];
  /** Whether the agent takes images in a message (its prompt capabilities); absent until it has started. */
  takesImages?: boolean;
  /**
   * Starting as an earlier session reopened (Resume Session…), not a new one, and whether the agent sends its earlier
   * messages again (a v1 `session/resume` does not); absent once it is open.
   */
  reopening?: "with-messages" | "without-messages";
  /**
   * The agent's own id of the session (of the one it reopens, while it starts); absent until it has one. A draft
   * left in a tab that a window reload closed goes back to the tab that reopens that session.
   */
  agentSessionId?: string;
  /** The failed tab's key this one takes the place of (Try again): what was typed and not sent there moves here. */
  replaces?: string;
  /**
   * How long the running turn had run when the header was made (ms), absent when no turn runs. A duration, not a
   * time: the view's clock may be another machine's (a remote window), so it counts on from its own receipt.
   */
  turnElapsedMs?: number;
}

/** An item of context waiting in the composer for the next message (`src/core/promptContext.ts`). */
export interface ContextChipView {
  /** Host-made; Send and Remove name the item by it. */
  id: string;
  /** `greeting.ts:3-7`. */
  label: string;
  /** The path, and its lines; an image's type and size. */
  detail: string;
  kind: "file" | "folder" | "lines" | "image";
}

/** A workspace file or folder the message box's `@` list offers (`src/core/fileMentions.ts`). */
export interface FileMatchView {
  /** Host-made, for this session's list; choosing the file sends it, and it becomes the id of the file's chip. */
  token: string;
  /** As the chips show it: relative to its workspace folder, else absolute; no `/` at the end. */
  path: string;
  /** A folder (shown and written as `path/`). */
  folder?: true;
}

// --- Session controls: the agent's modes and config options (see src/core/sessionControls.ts) ---

/** How far a mode lets the agent act without asking: by itself (`full`), or with a model approving (`reviewer`). */
export type UnattendedLevel = "full" | "reviewer";

export interface ControlChoiceView {
  /** The agent's value id (capped by dropping: longer ids are not offered). */
  value: string;
  name: string;
  description?: string;
  /** The group header it is listed under, when the agent groups values. */
  group?: string;
  /** Choosing it lets the agent act without asking. */
  unattended?: UnattendedLevel;
}

interface ControlBase {
  /** The config option id, or "mode" for v1 `modes`. */
  id: string;
  /** `mode`: v1 `modes`, set with `session/set_mode`; `config`: a config option, set with `session/set_config_option`. */
  via: "mode" | "config";
  /** ACP category (`mode`, `model`, `thought_level`, `model_config`, or any other, shown generically). */
  category: string;
  name: string;
  description?: string;
}

export type SessionControlView =
  | (ControlBase & { kind: "select"; value: string; choices: ControlChoiceView[] })
  | (ControlBase & { kind: "boolean"; value: boolean });

export interface SessionControlsView {
  items: SessionControlView[];
  /** The session as set now lets the agent act without asking: the header shows the loud marker. */
  unattended?: { level: UnattendedLevel; label: string };
  /** Ids of controls whose change is on its way to the agent. */
  busy?: string[];
}

/** A permission request whose options switch the agent's mode (Claude's ExitPlanMode). */
export interface ModeSwitchView {
  /** "Leave plan mode and …" */
  heading: string;
  /** The mode each option switches to, by option key. */
  options: { key: string; mode: string; unattended?: UnattendedLevel }[];
}

/** A command from `available_commands_update`, capped; sending it is sending the text `/name input`. */
export interface SlashCommand {
  name: string;
  description: string;
  /** What to type after the name (the agent's input hint), when it takes input. */
  hint?: string;
}

/** What a session cost so far, from `usage_update` and the turns' own usage. Every field only when reported. */
export interface UsageView {
  /** Tokens in the context window, and its size (`usage_update`). */
  context?: { used: number; size: number };
  /** Cumulative session cost (`usage_update.cost`), with its currency ("USD", "credits", …). */
  cost?: { amount: number; currency: string };
  /** What the last (or running) turn added to `cost`, in the same currency. */
  turnCost?: number;
  /** Tokens of the last turn (`session/prompt`'s `usage`, or a v2 `idle` state's), and their sum over the session. */
  turnTokens?: number;
  sessionTokens?: number;
}

export interface LocationView {
  /** The absolute path the agent named (tooltip and screen readers). */
  path: string;
  /** What the card shows: relative to its workspace folder when inside one, else `path` (display only). */
  display: string;
  line?: number;
  /** True when the path is inside a workspace folder (only those open with a click). */
  inWorkspace: boolean;
}

export type ToolContentView =
  | { type: "text"; text: string; truncated: boolean }
  | {
      type: "diff";
      /** Index of this content item on its tool call; the host resolves "Open diff" by it. */
      index: number;
      path: string;
      /** `path` relative to its workspace folder when inside one (display only). */
      display: string;
      /** Unified-diff lines, capped (see limits). Each line starts with " ", "+", "-" or "@". */
      preview: string[];
      truncated: boolean;
      added: number;
      removed: number;
    }
  | { type: "terminal"; terminalId: string; output: string; truncated: boolean; exitCode?: number | null }
  | { type: "other"; label: string };

export interface ToolCallView {
  kind: "tool_call";
  /** The transcript item id (items of every kind share one id space). */
  id: string;
  /** The agent's own `toolCallId`, what intents name. */
  toolCallId: string;
  toolKind: string;
  title: string;
  status: string;
  /** An approval card about this tool call is open. */
  awaitingApproval?: true;
  /** The agent changed what the open card is about after asking (the card still shows the request as it arrived). */
  changedAfterRequest?: true;
  /** The agent changed the command, paths or diffs after an answer about it: the answer shown was to what it was. */
  changedAfterAnswer?: true;
  locations: LocationView[];
  /** Locations the agent sent past those shown. */
  locationsNotShown?: number;
  content: ToolContentView[];
  /** Raw input as formatted JSON, capped. */
  rawInput?: string;
  rawInputTruncated?: boolean;
  /** The command the raw input says the tool call runs (argv joined, or a shell's script), capped; its start if cut. */
  command?: string;
  /** A command too long to send whole: how much is left out after `command`, and its end. */
  commandCut?: CommandCut;
  commandCwd?: CommandCwd;
}

/**
 * Where a tool call's raw input says its command runs (`cwd`, Codex's `workdir`), capped: in the workspace or not,
 * `relative` to where the agent runs, or neither known (`$X`, `../x`).
 */
export interface CommandCwd {
  path: string;
  display: string;
  inside?: boolean;
  relative?: true;
}

/**
 * A command too long to send whole (`LIMITS.commandChars`): the view gets its start (`command`), how many characters
 * after it are left out, and its end, and the card says how much it does not show.
 */
export interface CommandCut {
  /** Characters between the start sent and `tail`, not sent. */
  omitted: number;
  /** The command's last characters (`LIMITS.commandTailChars`). */
  tail: string;
}

/** A message the session could not take yet (still starting, or behind an earlier one), or could not send at all. */
export interface QueuedMarker {
  /** waiting: sent once the session is ready; dropped: Stop/Close; failed: the session could not start or ended. */
  state: "waiting" | "dropped" | "failed";
  /** What it waits for ("Waiting for Demo Agent to start…"), or why it was not sent. */
  reason: string;
}

export type TranscriptItem =
  /**
   * `context`: the labels of what went with the message (`ContextChipView.label`). `sentHere`: the person sent it
   * from this window (not a message an agent replayed when a session was reopened): only those come back on Up.
   */
  | { kind: "user"; id: string; text: string; queued?: QueuedMarker; context?: string[]; sentHere?: true }
  | { kind: "agent"; id: string; markdown: string }
  | { kind: "thought"; id: string; text: string }
  | ToolCallView
  | {
      kind: "plan";
      id: string;
      entries: { content: string; status: string; priority: string }[];
      /** Entries the agent sent past those shown. */
      notShown?: number;
    }
  /**
   * `from`: the agent that sent it (a v2 `notice`); Symposium's own notices have none and look different. `quote`:
   * the agent's own words one of Symposium's notices passes on (its error, its last output), shown apart as the agent's.
   */
  | {
      kind: "notice";
      id: string;
      severity: "info" | "warning" | "error";
      text: string;
      quote?: string;
      from?: string;
    }
  | { kind: "decision"; id: string; record: DecisionRecord };

/** What a permission request is about, ready to show. */
export type SubjectView =
  | {
      type: "tool_call";
      toolCallId: string;
      toolKind: string;
      toolTitle: string;
      locations: LocationView[];
      locationsNotShown?: number;
      rawInput?: string;
      rawInputTruncated?: boolean;
      /** The command the tool call will run, from its raw input: the card shows it above the agent's wording. */
      command?: string;
      commandCut?: CommandCut;
      commandCwd?: CommandCwd;
      diffs: Extract<ToolContentView, { type: "diff" }>[];
      /** What the tool call's other parts say: changes without a patch, parts not shown, content of no known type. */
      notes?: string[];
    }
  | {
      type: "command";
      command: string;
      commandCut?: CommandCut;
      cwd: string;
      /** `cwd` relative to its workspace folder when inside one (display only). */
      cwdDisplay: string;
      cwdInWorkspace: boolean;
      toolCallId?: string;
    }
  | { type: "unknown"; rawType: string; rawJson: string; truncated: boolean }
  | { type: "none" }
  /**
   * The view only, never sent: the subject was to come from the card's tool-call item (`SubjectOnItem`) and the item
   * the view held was not one it could take it from. The card says so rather than show what the item shows.
   */
  | { type: "not_shown" };

/**
 * Sent in place of a tool-call subject when the card's tool-call item (`toolItemId`), as the host sent it last, shows
 * exactly what the request is about (title, kind, locations, diffs, command, raw input) and the agent has not changed
 * it since asking. The view takes the subject from that item as it holds it when the prompt arrives, and keeps that
 * copy: a diff preview (about 15 KB for a 40-line edit) crosses once, on the item. The host sends the whole subject
 * whenever the item differs, and the view's copy is taken before any later update of the item can reach it.
 */
export interface SubjectOnItem {
  type: "on_item";
  toolCallId: string;
}

export type OptionKindClass = "allow" | "reject" | "neutral";

/**
 * An option as the view knows it. The agent's own `optionId` (any size, any characters) stays on the host: the view
 * and the `choose` intent name an option by `key`, the host-issued index, so every offered option can be clicked.
 */
export interface OptionView {
  key: string;
  name: string;
  /** The agent's kind as sent (open set in v2). */
  kind: string;
  kindClass: OptionKindClass;
  /** `allow_always`/`reject_always`: the choice outlasts this request (the agent remembers it). Listed last. */
  lasting?: true;
}

/** A pending permission request, as the card shows it. */
export interface PromptView {
  key: string;
  sessionKey: string;
  agentName: string;
  title: string;
  description?: string;
  subject: SubjectView;
  options: OptionView[];
  /** The transcript item of the tool call this card is about, when it is one the session shows: the card goes there. */
  toolItemId?: string;
  /** The Bypass Permissions button is offered (agent not bypassed, `allow_once` offered, policy allows it). */
  canBypass: boolean;
  /** Why bypass did not answer this request automatically, when the agent is bypassed. */
  bypassBlockedReason?: string;
  /** Host clock (ms since epoch) when the request arrived; used for the click guard and benchmarks. */
  receivedAt: number;
  /** When the timeout will reject it, if a timeout is set. */
  expiresAt?: number;
  /** The options switch the agent's mode (ExitPlanMode): the card says so. */
  modeSwitch?: ModeSwitchView;
  /** The agent asks the person questions (Qwen Code's ask_user_question): the card's allow option sends the answers. */
  questions?: QuestionView[];
  // --- Grants (scoped grants from the card) ---
  /** The narrowest rule Symposium can remember for this request; absent when a rule or guard holds it back. */
  grant?: GrantView;
  /** Bypass is off and a rule or guard holds this request for a person: "Held by rule: …". */
  heldBy?: string;
}

/** One of an agent's questions to the person: pick one choice (or several), or answer in their own words. */
export interface QuestionView {
  /** A short label ("Library"); may be empty. */
  header: string;
  question: string;
  multiSelect: boolean;
  choices: { label: string; description: string }[];
  /** A field of an agent's form (`agentForms.ts`); absent for a question, answered by a choice or in own words. */
  field?: FieldView;
}

/**
 * What a form field takes: one of its choices (several when `multiSelect`: between `min` and `max` of them), text (of
 * `min` to `max` characters) or a number (within `min` and `max`). The host checks the answer again.
 */
export interface FieldView {
  kind: "choice" | "text" | "number" | "integer";
  required: boolean;
  /** The answer it starts with: the labels of the choices picked, or the text. */
  initial: string[];
  min?: number;
  max?: number;
}

/** A `PromptView` as the host sends it: its subject may be on its tool-call item (`SubjectOnItem`). */
export type SentPromptView = Omit<PromptView, "subject"> & { subject: SubjectView | SubjectOnItem };

/**
 * "Allow in this session" / "Always allow …": a rule Symposium remembers (answered to the agent with allow once each
 * time). The card may edit `value` only; the host rebuilds and re-checks the rule from its own proposal.
 */
export interface GrantView {
  /** The part a person may edit: the command prefix (words) or the path glob (relative to the workspace). */
  field: "command" | "path" | "none";
  value: string;
  /** The rest of the rule in plain words (`the tool "Bash", execute requests, of Claude`). */
  rest: string;
}

export type Provenance =
  | "user"
  | "bypass"
  | "policy"
  | "timeout"
  | "stop"
  | "agent_cancel"
  | "agent_exit"
  | "duplicate"
  | "shutdown"
  | "cap"
  /** Not a request: the session's mode changed to or from one where the agent acts without asking. */
  | "mode";

export interface DecisionRecord {
  key: string;
  sessionKey: string;
  agentName: string;
  title: string;
  provenance: Provenance;
  outcome: "selected" | "cancelled";
  optionId?: string;
  optionName?: string;
  optionKindClass?: OptionKindClass;
  at: number;
  /** The agent's tool call id when the request was about a tool call: the record stays on that tool call. */
  toolCallId?: string;
  /** Short human sentence: "You chose Allow once", "Expired: rejected", "Agent exited". */
  summary: string;
  /** The rule, guard, Bypass or grant the answer came by, at the end of `summary` too; the history keeps it. */
  note?: string;
  /** Who changed the mode (provenance `mode`): the person, their settings, or the agent itself. */
  modeBy?: "user" | "settings" | "agent";
}

export interface Snapshot {
  agents: AgentChoice[];
  sessions: { header: SessionHeader; items: TranscriptItem[] }[];
  pending: SentPromptView[];
  activeSessionKey?: string;
  /** Agents cannot start: the workspace is untrusted or has no folder. The view explains it. */
  blockedReason?: string;
  /** Label of the button that fixes it ("Manage Workspace Trust", "Open Folder"); it posts `resolveBlocked`. */
  blockedAction?: string;
  /**
   * The snapshot was paged (`core/snapshotPages.ts`): this many `update` messages follow it at once with the rest of
   * its transcript items and cards, and the view applies them with it, in one pass.
   */
  continuedIn?: number;
}

/**
 * A tool call's approval state changed (a card about it opened or was answered) and nothing else: the view updates the
 * item it holds instead of getting the whole item again (its diff previews included) in the card's message. Absent
 * flags are cleared.
 */
export interface ToolStateOp {
  op: "toolState";
  sessionKey: string;
  /** The tool call's transcript item id. */
  itemId: string;
  status: string;
  awaitingApproval?: true;
  changedAfterRequest?: true;
}

/** One change, applied in order. The host coalesces many into one `update` per frame. */
export type ViewOp =
  | { op: "agents"; agents: AgentChoice[] }
  | { op: "session"; header: SessionHeader }
  | { op: "sessionRemoved"; sessionKey: string }
  | { op: "item"; sessionKey: string; item: TranscriptItem }
  | ToolStateOp
  | { op: "prompt"; prompt: SentPromptView }
  | { op: "decided"; record: DecisionRecord }
  | { op: "activeSession"; sessionKey: string }
  | { op: "blocked"; reason?: string; action?: string };

export type ToWebviewMessage =
  | { type: "snapshot"; snapshot: Snapshot }
  | { type: "update"; ops: ViewOp[] }
  /** Reveal and focus a card (from a notification or the status bar). */
  | { type: "focusPrompt"; key: string }
  /** `text`: a waiting message the person took back to edit, for the message box of that session. */
  | { type: "focusComposer"; sessionKey?: string; text?: string }
  /** The answer to `findFiles`: `seq` as asked, so a late answer to an earlier query is dropped. */
  | { type: "fileMatches"; sessionKey: string; seq: number; matches: FileMatchView[] };

// ---------------------------------------------------------------------------------------------------------------
// Intents (webview -> host). The host parses them (`src/host/webviewMessages.ts`, capped by `LIMITS.intent`); anything
// else is ignored and logged.
// ---------------------------------------------------------------------------------------------------------------

/** A tool call's location or diff, named by the host's keys and an index (never by a path from the webview). */
interface ToolCallPlace {
  sessionKey: string;
  toolCallId: string;
  index: number;
}

export type FromWebviewMessage =
  | { type: "ready" }
  /** The button on the "agents cannot start" banner: the host opens Workspace Trust or the folder picker. */
  | { type: "resolveBlocked" }
  | { type: "newSession"; agentName: string }
  | { type: "selectSession"; sessionKey: string }
  /** `draft`: the session's message box holds text not sent (closing asks first). */
  | { type: "closeSession"; sessionKey: string; draft?: true }
  /** `context`: the ids of the chips the composer showed; the host sends only those still waiting in that session. */
  | { type: "sendPrompt"; sessionKey: string; text: string; context?: string[] }
  /** The composer's Add files button: the host asks the person which files (a quick pick), for that session. */
  | { type: "pickContext"; sessionKey: string }
  /** An image pasted into the message box (base64; the host reads its type from its bytes). */
  | { type: "attachImage"; sessionKey: string; data: string }
  /** The message box's `@` list: the workspace's files matching `query` (the host answers with `fileMatches`). */
  | { type: "findFiles"; sessionKey: string; query: string; seq: number }
  /** A file chosen in the `@` list, by the token the host offered it with: it goes with the next message. */
  | { type: "addMention"; sessionKey: string; token: string }
  /** The person removed an item of context from the composer. */
  | { type: "removeContext"; sessionKey: string; id: string }
  | { type: "stop"; sessionKey: string }
  /** Take a waiting message back into the message box (by its transcript item id), to edit before sending. */
  | { type: "editQueued"; sessionKey: string; itemId: string }
  /**
   * Copy a message that was not sent, or an agent's message (by its transcript item id), to the clipboard; with
   * `code`, one code block of that agent message as the view shows it (the host checks the message holds it).
   */
  | { type: "copyMessage"; sessionKey: string; itemId: string; code?: string }
  /** Start a new session with the same agent and queue there the messages this session could not send. */
  | { type: "resendInNewSession"; sessionKey: string }
  /** A session that failed to start: start the agent again in a new tab (with its unsent messages), closing this one. */
  | { type: "retrySession"; sessionKey: string }
  /** Open the user settings (JSON) at `symposium.agents`, to fix an agent that failed to start. */
  | { type: "openAgentSettings" }
  /**
   * Set a mode or config option. `controlId` and a select's `value` are ids the host sent in `SessionControlView`;
   * the host sets only a control and value the agent offers.
   */
  | { type: "setControl"; sessionKey: string; controlId: string; value: string | boolean }
  /** `optionKey` is the option's host-issued `OptionView.key`, never the agent's id. */
  | { type: "choose"; key: string; optionKey: string }
  /**
   * A question card's allow option with the person's answers, by question index ("0".."15"): the choices' labels or
   * their own words (a form's multi-select field: the labels picked, as a list). The host checks the card asks
   * questions and the option is its allow option.
   */
  | { type: "answer"; key: string; optionKey: string; answers: Record<string, string | string[]> }
  /** Deny: the card's reject option, or `cancelled` when the agent offered none. */
  | { type: "deny"; key: string }
  /**
   * Reject with a reason: the card's reject option (as Deny), then `reason` goes to the agent as the person's next
   * message of that session (ACP has no field for a reason).
   */
  | { type: "rejectWithReason"; key: string; reason: string }
  /** Bypass Permissions, after the in-card confirmation: approve this request once and bypass the agent from now on. */
  | { type: "bypass"; key: string }
  /**
   * A rule from the card: approve this request once and remember the rule for this session or always (user
   * settings). `command`/`path` is the edited part of the card's `GrantView`; the host re-validates it.
   */
  | { type: "grant"; key: string; scope: "session" | "always"; command?: string; path?: string }
  /** The pending list: allow once, or reject, each of several cards (by key) in one step. */
  | { type: "answerMany"; keys: string[]; answer: "allow" | "reject" }
  /** `key`: from that card, which opens the location as the agent asked about it (it may have changed it since). */
  | ({ type: "openLocation"; key?: string } & ToolCallPlace)
  /** `key`: from that card, which opens the diff as the agent asked about it (it may have changed it since). */
  | ({ type: "openDiff"; key?: string } & ToolCallPlace)
  /** A link in rendered agent Markdown; the host opens only http(s) after its own check. */
  | { type: "openLink"; href: string }
  /**
   * The webview painted this card (`at`, after the first frame rendered since `insertedAt`, when its node went into
   * the document; `frameAt`, when that frame began; `messageAt`, when the view's message listener began handling the
   * host's message that came last before the insertion; Date.now(), ms). Sent only when a benchmark switched paint
   * reports on for the run (`BootData.reportPaint`); the host ignores it otherwise.
   */
  | { type: "painted"; key: string; at: number; insertedAt?: number; frameAt?: number; messageAt?: number };

/** What the host writes into the webview's document for its script to read at start. */
export interface BootData {
  /** Post `painted` once each new card is on screen (benchmarks only). */
  reportPaint: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// The approval history panel.
// ---------------------------------------------------------------------------------------------------------------

/** One row of the history table (the same fields the history file stores). */
export interface HistoryRow {
  at: string;
  agent: string;
  title: string;
  subject: string;
  provenance: Provenance;
  outcome: "selected" | "cancelled";
  option?: string;
  /** The rule, guard, Bypass or grant the answer came by (Symposium's words; `option` is the agent's name). */
  note?: string;
  modeBy?: DecisionRecord["modeBy"];
}

/**
 * Where decisions are missing, dated as the oldest one kept after them: `count` of them let go at once in a flood,
 * else every older one of that stream (rotated away, or past what the panel shows).
 */
export interface HistoryGap {
  at: string;
  letGo: "yours" | "modes" | "automatic";
  count?: number;
}

/** Newest first, in time order; the host may send more fields of a row than these. */
export type ToHistoryMessage = { type: "rows"; rows: (HistoryRow | HistoryGap)[] };

export type FromHistoryMessage = { type: "ready" } | { type: "export" };

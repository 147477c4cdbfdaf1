/**
 * The messages between the extension host and the Symposium webview.
 *
 * The host owns all state; the webview is a view. It sends `ready`, receives a snapshot, then receives batched
 * updates. Messages from the webview are untrusted intents: the host parses each with `FromWebviewMessage` and
 * ignores what does not parse. No message from the webview can name a command, a path or a shell string: it names
 * things by the keys the host gave it (session key, prompt key, tool call id, index).
 *
 * No `vscode` or Node imports here: this module is shared by the host bundle and the browser bundle. The webview
 * imports it with `import type` only, so zod stays out of the browser bundle.
 */
// The functional build, imported as a namespace so esbuild tree-shakes it to a few KB of the activation bundle.
import * as z from "zod/mini";

// ---------------------------------------------------------------------------------------------------------------
// View models (host -> webview). Every string in them that came from an agent is already capped by the host.
// ---------------------------------------------------------------------------------------------------------------

/** An agent the user can start a session with. `name` is the settings key (or "Demo Agent"). */
export interface AgentChoice {
  name: string;
  builtIn: boolean;
  /** True when the user's settings say `bypassPermissions: true` for it, or a session-only bypass is on. */
  bypassed: boolean;
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
  /** Slash commands the agent offers (names and descriptions), for the composer. */
  commands: { name: string; description: string }[];
}

export interface LocationView {
  path: string;
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
  id: string;
  toolKind: string;
  title: string;
  status: string;
  locations: LocationView[];
  content: ToolContentView[];
  /** Raw input as formatted JSON, capped. */
  rawInput?: string;
  rawInputTruncated?: boolean;
}

/** A message the session could not take yet (still starting, or behind an earlier one), or could not send at all. */
export interface QueuedMarker {
  /** waiting: sent once the session is ready; dropped: Stop/Close; failed: the session could not start or ended. */
  state: "waiting" | "dropped" | "failed";
  /** What it waits for ("Waiting for Demo Agent to start…"), or why it was not sent. */
  reason: string;
}

export type TranscriptItem =
  | { kind: "user"; id: string; text: string; queued?: QueuedMarker }
  | { kind: "agent"; id: string; markdown: string }
  | { kind: "thought"; id: string; text: string }
  | ToolCallView
  | { kind: "plan"; id: string; entries: { content: string; status: string; priority: string }[] }
  | { kind: "notice"; id: string; severity: "info" | "warning" | "error"; text: string }
  | { kind: "decision"; id: string; record: DecisionRecord };

/** What a permission request is about, ready to show. */
export type SubjectView =
  | {
      type: "tool_call";
      toolCallId: string;
      toolKind: string;
      toolTitle: string;
      locations: LocationView[];
      rawInput?: string;
      rawInputTruncated?: boolean;
      diffs: Extract<ToolContentView, { type: "diff" }>[];
    }
  | { type: "command"; command: string; cwd: string; cwdInWorkspace: boolean; toolCallId?: string }
  | { type: "unknown"; rawType: string; rawJson: string; truncated: boolean }
  | { type: "none" };

export type OptionKindClass = "allow" | "reject" | "neutral";

export interface OptionView {
  optionId: string;
  name: string;
  /** The agent's kind as sent (open set in v2). */
  kind: string;
  kindClass: OptionKindClass;
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
  /** The Bypass Permissions button is offered (agent not bypassed, `allow_once` offered, policy allows it). */
  canBypass: boolean;
  /** Why bypass did not answer this request automatically, when the agent is bypassed. */
  bypassBlockedReason?: string;
  /** Host clock (ms since epoch) when the request arrived; used for the click guard and benchmarks. */
  receivedAt: number;
  /** When the timeout will reject it, if a timeout is set. */
  expiresAt?: number;
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
  | "cap";

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
}

export interface Snapshot {
  agents: AgentChoice[];
  sessions: { header: SessionHeader; items: TranscriptItem[]; plan?: TranscriptItem }[];
  pending: PromptView[];
  activeSessionKey?: string;
  /** Agents cannot start: the workspace is untrusted or has no folder. The view explains it. */
  blockedReason?: string;
  /** Label of the button that fixes it ("Manage Workspace Trust", "Open Folder"); it posts `resolveBlocked`. */
  blockedAction?: string;
}

/** One change, applied in order. The host coalesces many into one `update` per frame. */
export type ViewOp =
  | { op: "agents"; agents: AgentChoice[] }
  | { op: "session"; header: SessionHeader }
  | { op: "sessionRemoved"; sessionKey: string }
  | { op: "item"; sessionKey: string; item: TranscriptItem }
  | { op: "prompt"; prompt: PromptView }
  | { op: "decided"; record: DecisionRecord }
  | { op: "activeSession"; sessionKey: string }
  | { op: "blocked"; reason?: string; action?: string };

export type ToWebviewMessage =
  | { type: "snapshot"; snapshot: Snapshot }
  | { type: "update"; ops: ViewOp[] }
  /** Reveal and focus a card (from a notification or the status bar). */
  | { type: "focusPrompt"; key: string }
  | { type: "focusComposer"; sessionKey?: string };

// ---------------------------------------------------------------------------------------------------------------
// Intents (webview -> host). Validated by the host; anything else is ignored and logged.
// ---------------------------------------------------------------------------------------------------------------

const key = z.string().check(z.minLength(1), z.maxLength(100));

export const FromWebviewMessage = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("ready") }),
  /** The button on the "agents cannot start" banner: the host opens Workspace Trust or the folder picker. */
  z.strictObject({ type: z.literal("resolveBlocked") }),
  z.strictObject({
    type: z.literal("newSession"),
    agentName: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
  z.strictObject({ type: z.literal("selectSession"), sessionKey: key }),
  z.strictObject({ type: z.literal("closeSession"), sessionKey: key }),
  z.strictObject({
    type: z.literal("sendPrompt"),
    sessionKey: key,
    text: z.string().check(z.minLength(1), z.maxLength(100_000)),
  }),
  z.strictObject({ type: z.literal("stop"), sessionKey: key }),
  /** Copy a message that was not sent (by its transcript item id) to the clipboard. */
  z.strictObject({
    type: z.literal("copyMessage"),
    sessionKey: key,
    itemId: z.string().check(z.maxLength(200)),
  }),
  /** Start a new session with the same agent and queue there the messages this session could not send. */
  z.strictObject({ type: z.literal("resendInNewSession"), sessionKey: key }),
  z.strictObject({ type: z.literal("choose"), key, optionId: z.string().check(z.maxLength(1_000)) }),
  /** Bypass Permissions, after the in-card confirmation: approve this request once and bypass the agent from now on. */
  z.strictObject({ type: z.literal("bypass"), key }),
  z.strictObject({
    type: z.literal("openLocation"),
    sessionKey: key,
    toolCallId: z.string().check(z.maxLength(1_000)),
    index: z.int().check(z.minimum(0), z.maximum(10_000)),
  }),
  z.strictObject({
    type: z.literal("openDiff"),
    sessionKey: key,
    toolCallId: z.string().check(z.maxLength(1_000)),
    index: z.int().check(z.minimum(0), z.maximum(10_000)),
  }),
  /** A link in rendered agent Markdown; the host opens only http(s) after its own check. */
  z.strictObject({ type: z.literal("openLink"), href: z.string().check(z.maxLength(4_000)) }),
  /** The webview painted a card (benchmarks and the paint-latency measurement). */
  z.strictObject({ type: z.literal("painted"), key, at: z.number() }),
]);
export type FromWebviewMessage = z.infer<typeof FromWebviewMessage>;

/** Size limits shared by host and view. */
export const LIMITS = {
  titleChars: 500,
  descriptionChars: 4_000,
  commandChars: 8_000,
  pathChars: 4_096,
  optionNameChars: 200,
  optionsPerRequest: 20,
  locationsPerToolCall: 50,
  rawInputChars: 64 * 1024,
  previewLines: 200,
  previewChars: 64 * 1024,
  messageChars: 256 * 1024,
  transcriptItems: 2_000,
  terminalOutputChars: 64 * 1024,
} as const;

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
}

export type ToHistoryMessage = { type: "rows"; rows: HistoryRow[] };

export const FromHistoryMessage = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("ready") }),
  z.strictObject({ type: z.literal("export") }),
]);
export type FromHistoryMessage = z.infer<typeof FromHistoryMessage>;

// The port between the demo's scenarios and the wire. Scenarios describe what the agent does in protocol-neutral
// terms; `v1Agent.ts` and `v2Agent.ts` turn each call into the session updates and requests of their ACP version.

/** A text file change, before and after. `oldText` is null when the file does not exist yet. */
export interface FileEdit {
  readonly path: string;
  readonly oldText: string | null;
  readonly newText: string;
}

/**
 * A program run without a shell. `program` + `args` is what the user is shown ("node --version"); `file` is the
 * executable that actually runs (the demo uses its own Node binary, so it works even without `node` on PATH).
 */
export interface CommandLine {
  readonly program: string;
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd: string;
}

export function displayCommand(commandLine: CommandLine): string {
  return [commandLine.program, ...commandLine.args].join(" ");
}

/** A tool call as first announced (status `pending`). */
export interface DemoToolCall {
  readonly id: string;
  readonly name: string;
  readonly title: string;
  readonly kind: "read" | "edit" | "execute";
  /** Absolute paths the call touches, for clients that follow along. */
  readonly paths: readonly string[];
  readonly edit?: FileEdit;
  readonly commandLine?: CommandLine;
}

/** Where a tool call goes after `pending`. v1 has no `cancelled` status; its adapter reports `failed` instead. */
export type ToolCallProgress = "in_progress" | "completed" | "failed" | "cancelled";

/** A custom (extension) permission subject, which v2 clients must handle without knowing its meaning. */
export interface CustomSubject {
  readonly type: `_${string}`;
  readonly [key: string]: unknown;
}

/** What a permission request is about. */
export type PermissionTarget =
  | { readonly type: "tool_call"; readonly toolCallId: string }
  | { readonly type: "command"; readonly toolCallId: string }
  | { readonly type: "custom"; readonly subject: CustomSubject };

export interface PermissionAsk {
  /** Prompt copy (v2 `title`/`description`). v1 has no prompt text: its clients show the tool call instead. */
  readonly title: string;
  readonly description: string;
  readonly target: PermissionTarget;
}

/** The user's answer, already checked against what was offered. Only `allowed` may lead to action. */
export type PermissionDecision =
  | { readonly kind: "allowed"; readonly always: boolean }
  | { readonly kind: "rejected" }
  | { readonly kind: "cancelled" }
  | { readonly kind: "invalid"; readonly reason: string };

export interface PlanStep {
  readonly content: string;
  readonly status: "pending" | "in_progress" | "completed";
}

/** One prompt turn as the scenarios see it. */
export interface DemoTurn {
  readonly protocolVersion: 1 | 2;
  /** The session's workspace folder (`cwd` from `session/new`). */
  readonly cwd: string;
  /** Aborts when the user cancels the turn (`session/cancel`). */
  readonly signal: AbortSignal;
  /** Permission kinds the user chose "Always allow" for in this session. */
  readonly alwaysAllowed: Set<string>;
  newToolCallId(): string;
  say(text: string): Promise<void>;
  think(text: string): Promise<void>;
  showPlan(steps: readonly PlanStep[]): Promise<void>;
  startToolCall(call: DemoToolCall): Promise<void>;
  /** Moves a tool call on; `resultText` replaces its content with that text. */
  progressToolCall(
    id: string,
    status: ToolCallProgress,
    result?: { resultText?: string; rawOutput?: unknown },
  ): Promise<void>;
  /** Streams more output text into a tool call's content. */
  appendToolOutput(id: string, text: string): Promise<void>;
  askPermission(ask: PermissionAsk): Promise<PermissionDecision>;
  /**
   * Reads through the client when it offers that (v1 `fs/read_text_file`), else from disk. With `maxLines`, only
   * the start of the file is needed (and at least that many lines are returned when the file has them).
   */
  readTextFile(path: string, options?: { maxLines?: number }): Promise<string>;
  /** Writes through the client when it offers that (v1 `fs/write_text_file`), else to disk. */
  writeTextFile(path: string, content: string): Promise<void>;
}

/** The tool's input as a model would have produced it (`rawInput` in both protocol versions). */
/** The text of a prompt's text blocks (images and other blocks say nothing to the scenarios). */
export function promptText(prompt: readonly { type: string; text?: unknown }[]): string {
  return prompt
    .map((block) => (block.type === "text" && typeof block.text === "string" ? block.text : ""))
    .join("\n");
}

/** What a demo tool call announces, in both protocol versions; only its content differs between them. */
export function announcedToolCall<Content>(call: DemoToolCall, content: Content) {
  return {
    toolCallId: call.id,
    name: call.name,
    title: call.title,
    kind: call.kind,
    status: "pending" as const,
    content,
    locations: call.paths.map((path) => ({ path })),
    rawInput: rawInputOf(call),
  };
}

function rawInputOf(call: DemoToolCall): Record<string, unknown> {
  if (call.commandLine) return { command: call.commandLine.program, args: [...call.commandLine.args] };
  return { path: call.paths[0] };
}

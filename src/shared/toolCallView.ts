/**
 * What host and view both derive from a tool call's view model, in one place so the two cannot disagree. Types only
 * from the protocol, so the webview bundle may import it as a value (lint allows this module).
 */
import type {
  CommandCut,
  SubjectView,
  ToolCallView,
  ToolContentView,
  ToolStateOp,
  TranscriptItem,
} from "./protocol";

/**
 * What a card about a tool call shows: the tool call's title, kind, locations, diffs, command and raw input. The host
 * builds a card's subject with it (`core/permissionPrompt.ts`), and the webview takes an `on_item` subject from the
 * tool call's transcript item with it (`webview/state.ts`).
 */
export function toolCallSubject(toolCall: ToolCallView): Extract<SubjectView, { type: "tool_call" }> {
  const notes = toolCall.content.flatMap((c) => (c.type === "other" ? [c.label] : []));
  return {
    type: "tool_call",
    toolCallId: toolCall.toolCallId,
    toolKind: toolCall.toolKind,
    toolTitle: toolCall.title,
    locations: toolCall.locations,
    ...(toolCall.locationsNotShown ? { locationsNotShown: toolCall.locationsNotShown } : {}),
    diffs: toolCall.content.filter((c) => c.type === "diff"),
    ...(notes.length > 0 ? { notes } : {}),
    ...(toolCall.command !== undefined ? { command: toolCall.command } : {}),
    ...(toolCall.commandCut !== undefined ? { commandCut: toolCall.commandCut } : {}),
    ...(toolCall.commandCwd !== undefined ? { commandCwd: toolCall.commandCwd } : {}),
    ...(toolCall.rawInput !== undefined
      ? { rawInput: toolCall.rawInput, rawInputTruncated: toolCall.rawInputTruncated ?? false }
      : {}),
  };
}

/**
 * A tool call with a later approval state (`toolState` op) applied; the absent flags are cleared. The view applies it
 * to the item it holds, the host's batcher to an item op still queued.
 */
export function withToolState(item: ToolCallView, state: ToolStateOp): ToolCallView {
  const rest = { ...item };
  delete rest.awaitingApproval;
  delete rest.changedAfterRequest;
  return {
    ...rest,
    status: state.status,
    ...(state.awaitingApproval ? { awaitingApproval: true } : {}),
    ...(state.changedAfterRequest ? { changedAfterRequest: true } : {}),
  };
}

/** The tool call a request is about: a tool-call subject's, or the one a command names (v2 `toolCallId`). */
export function subjectToolCallId(subject: SubjectView): string | undefined {
  return subject.type === "tool_call" || subject.type === "command" ? subject.toolCallId : undefined;
}

/**
 * What a request does, in one line: the command it runs, else the paths it names (as shown: relative inside the
 * workspace), else its raw input, else its unrecognised type. Beside the agent's title, which may say something else (the pending list).
 */
export function subjectGist(subject: SubjectView): string {
  switch (subject.type) {
    case "command":
      return commandGist(subject.command, subject.commandCut);
    case "tool_call": {
      if (subject.command !== undefined) return commandGist(subject.command, subject.commandCut);
      const paths = [...subject.locations, ...subject.diffs].map((named) => named.display);
      // A tool of neither (an MCP tool's `{"sql": "DROP TABLE users"}`): its input, on one line, is what it does.
      if (paths.length === 0 && subject.rawInput !== undefined) return subject.rawInput.replace(/\s+/g, " ");
      return [...new Set(paths)].join(", ");
    }
    case "unknown":
      return `Unrecognised request type: ${subject.rawType}`;
    case "none":
    case "not_shown":
      return "";
  }
}

/** A command as one text: a cut one with what is left out said between its start and its end. */
function commandGist(command: string, cut: CommandCut | undefined): string {
  return cut
    ? `${command} [… ${cut.omitted.toLocaleString("en-US")} characters not shown …] ${cut.tail}`
    : command;
}

/**
 * About how many characters an item holds: its texts, not its fixed fields. The host's transcript and the view's keep
 * within `LIMITS.transcriptChars` of these, dropping their oldest items alike.
 */
export function transcriptItemChars(item: TranscriptItem): number {
  switch (item.kind) {
    case "user":
    case "thought":
      return item.text.length;
    case "notice":
      return item.text.length + (item.quote?.length ?? 0);
    case "agent":
      return item.markdown.length;
    case "plan":
      return item.entries.reduce((sum, entry) => sum + entry.content.length, 0);
    case "decision":
      return 0;
    case "tool_call":
      return (
        item.title.length +
        (item.rawInput?.length ?? 0) +
        (item.command?.length ?? 0) +
        (item.commandCut?.tail.length ?? 0) +
        item.locations.reduce((sum, location) => sum + location.path.length + location.display.length, 0) +
        item.content.reduce((sum, content) => sum + contentChars(content), 0)
      );
  }
}

function contentChars(content: ToolContentView): number {
  switch (content.type) {
    case "text":
      return content.text.length;
    case "diff":
      return content.preview.reduce((sum, line) => sum + line.length, content.path.length);
    case "terminal":
      return content.output.length;
    case "other":
      return content.label.length;
  }
}

/**
 * What a card about a tool call shows: the tool call's title, kind, locations, diffs, command and raw input. One
 * function for both sides: the host builds a card's subject with it (`core/permissionPrompt.ts`), and the webview
 * takes an `on_item` subject from the tool call's transcript item with it (`webview/state.ts`), so the two cannot
 * disagree. Types only from the protocol, so the webview bundle may import it as a value (lint allows this module).
 */
import type { SubjectView, ToolCallView } from "./protocol";

export function toolCallSubject(toolCall: ToolCallView): Extract<SubjectView, { type: "tool_call" }> {
  return {
    type: "tool_call",
    toolCallId: toolCall.toolCallId,
    toolKind: toolCall.toolKind,
    toolTitle: toolCall.title,
    locations: toolCall.locations,
    diffs: toolCall.content.filter((c) => c.type === "diff"),
    ...(toolCall.command !== undefined ? { command: toolCall.command } : {}),
    ...(toolCall.rawInput !== undefined
      ? { rawInput: toolCall.rawInput, rawInputTruncated: toolCall.rawInputTruncated ?? false }
      : {}),
  };
}

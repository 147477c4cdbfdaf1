/**
 * Tool call ids. The host names a tool call's transcript item `tool:<agent's toolCallId>` (items of every kind share
 * one id space: `user:…`, `plan:…`, `decision:…`), while permission subjects and the openLocation/openDiff intents use
 * the agent's own `toolCallId`. These two functions are the only place the webview knows that convention; an item id
 * without the prefix is taken as the agent's id itself.
 */
const TOOL_ITEM_PREFIX = "tool:";

/** The agent's `toolCallId` of a tool call transcript item (what intents name). */
export function agentToolCallId(itemId: string): string {
  return itemId.startsWith(TOOL_ITEM_PREFIX) ? itemId.slice(TOOL_ITEM_PREFIX.length) : itemId;
}

/** The transcript item ids a subject's `toolCallId` may have, most likely first. */
export function toolItemIds(toolCallId: string): readonly string[] {
  return [`${TOOL_ITEM_PREFIX}${toolCallId}`, toolCallId];
}

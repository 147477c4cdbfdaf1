// Raw `session/request_permission` params of both protocol versions, as agents send them, for policy tests.

/** A v1 request about a tool call (its `toolCallId` defaults to `t1`). */
export const v1Request = (toolCall: Record<string, unknown>) => ({
  protocolVersion: 1 as const,
  params: { sessionId: "s", toolCall: { toolCallId: "t1", ...toolCall }, options: [] },
});

/** A v2 request with a harmless title and the given subject. */
export const v2Request = (subject: unknown) => ({
  protocolVersion: 2 as const,
  params: { sessionId: "s", title: "Harmless title", subject, options: [] },
});

/** A v2 edit whose one content item is a diff (`changes`, optionally a `patch`). */
export const v2DiffRequest = (diff: Record<string, unknown>) =>
  v2Request({
    type: "tool_call",
    toolCall: { toolCallId: "t", kind: "edit", content: [{ type: "diff", ...diff }] },
  });

/**
 * Forms as agents ask them (`elicitation/create`, mode form), for the scripted agents' and the unit tests. Without a
 * `sessionId` for a scripted agent's `call` step, which adds its own.
 */

/** Claude Code 0.100.0's AskUserQuestion of one single-select question, as its adapter builds the form. */
export function claudeQuestionForm(sessionId?: string, toolCallId?: string): Record<string, unknown> {
  return {
    mode: "form",
    ...(sessionId ? { sessionId } : {}),
    ...(toolCallId ? { toolCallId } : {}),
    message: "Which library should format the dates?",
    requestedSchema: {
      type: "object",
      properties: {
        question_0: {
          type: "string",
          title: "Library",
          oneOf: [
            { const: "date-fns", title: "date-fns", description: "Small functions, tree-shaken" },
            { const: "Luxon", title: "Luxon", description: "Time zones built in" },
          ],
        },
        question_0_custom: {
          type: "string",
          title: "Other",
          description: "Type your own answer, or add a note to the option you chose above (optional).",
        },
      },
    },
  };
}

/** A form of every property kind the spec's restricted schema has, with bounds, defaults and required fields. */
export function everyKindForm(sessionId?: string): Record<string, unknown> {
  return {
    mode: "form",
    ...(sessionId ? { sessionId } : {}),
    message: "Set up the release\nThe values go into release.json.",
    requestedSchema: {
      type: "object",
      properties: {
        name: { type: "string", title: "Name", minLength: 2, maxLength: 20, default: "svc" },
        replicas: { type: "integer", title: "Replicas", minimum: 1, maximum: 9 },
        ratio: { type: "number", description: "Traffic share", minimum: 0, maximum: 1, default: 0.5 },
        publish: { type: "boolean", title: "Publish", default: false },
        channel: { type: "string", title: "Channel", enum: ["beta", "stable"] },
        regions: {
          type: "array",
          title: "Regions",
          minItems: 1,
          maxItems: 2,
          items: {
            anyOf: [
              { const: "eu-1", title: "Europe" },
              { const: "us-1", title: "America" },
              { const: "ap-1", title: "Asia" },
            ],
          },
          default: ["eu-1"],
        },
      },
      required: ["name", "replicas", "channel"],
    },
  };
}

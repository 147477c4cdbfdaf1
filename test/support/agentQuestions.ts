/** A question request as Qwen Code 0.24 sends its ask_user_question (for the scripted agents' tests). */
export const QUESTIONS = [
  {
    question: "Which library should format the dates?",
    header: "Library",
    options: [
      { label: "date-fns", description: "Small functions, tree-shaken" },
      { label: "Luxon", description: "Time zones built in" },
    ],
    multiSelect: false,
  },
  {
    question: "Which checks should run before each commit?",
    header: "Checks",
    options: [
      { label: "Lint", description: "" },
      { label: "Unit tests", description: "" },
    ],
    multiSelect: true,
  },
];

/** A scripted agent's `request` step (v1) that asks `questions`, with Qwen's Submit and Cancel. */
export function askStep(questions: unknown = QUESTIONS): object {
  return {
    request: {
      toolCall: {
        toolCallId: "ask-1",
        title: "Ask user 2 questions",
        kind: "think",
        status: "pending",
        rawInput: { questions },
        _meta: {
          toolName: "ask_user_question",
          qwenInteractionKind: "user_question",
          qwenQuestions: questions,
        },
      },
      options: [
        { optionId: "proceed_once", name: "Submit", kind: "allow_once" },
        { optionId: "cancel", name: "Cancel", kind: "reject_once" },
      ],
    },
  };
}

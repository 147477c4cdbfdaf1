/**
 * Size limits shared by host and webview: the host caps what it sends and what it accepts with these, and the
 * webview clips what it renders and what it posts with the same numbers. A plain constant with no imports, so the
 * webview bundle may import it as a value (lint allows this module, and only types from the rest of `src/shared`).
 */
export const LIMITS = {
  titleChars: 500,
  descriptionChars: 4_000,
  /**
   * A command: one longer is sent as its start and its last `commandTailChars` characters (the end is where a chained
   * command hides), together at most `commandChars`, with the number of characters between them left out.
   */
  commandChars: 8_000,
  commandTailChars: 2_000,
  pathChars: 4_096,
  optionNameChars: 200,
  /** How much of an agent's option id history, logs and decision records keep (the agent is answered the whole id). */
  optionIdChars: 200,
  optionsPerRequest: 20,
  /** An agent's questions to the person on one card (Qwen Code asks 1-4, each with 2-4 choices), and their parts. */
  questionsPerRequest: 4,
  choicesPerQuestion: 8,
  questionChars: 1_000,
  questionHeaderChars: 60,
  /** A person's answer to one question: the choices picked, or their own words. */
  answerChars: 4_000,
  /**
   * An agent's form (ACP form elicitation: Claude Code's AskUserQuestion, 1-4 questions with a text field each): at
   * most about 270 KB of text on one card (16 fields of 1,000 characters and 32 choices of 500).
   */
  fieldsPerForm: 16,
  choicesPerField: 32,
  choiceDescriptionChars: 300,
  locationsPerToolCall: 50,
  rawInputChars: 64 * 1024,
  previewLines: 200,
  previewChars: 64 * 1024,
  messageChars: 256 * 1024,
  transcriptItems: 2_000,
  /**
   * The characters a session's transcript may hold (`transcriptItemChars`), in the host and in the view: 2,000
   * messages at `messageChars` each were half a gigabyte. The oldest items go first.
   */
  transcriptChars: 32 * 1024 * 1024,
  terminalOutputChars: 64 * 1024,
  /** Slash commands an agent may offer one session (`available_commands_update`), and their parts. */
  commands: 200,
  commandNameChars: 64,
  commandDescriptionChars: 300,
  commandHintChars: 200,
  /**
   * An agent's tool call, terminal or message id: the map key and item id the transcript keeps and the view is sent,
   * and what the view names back (`intent.idChars`). An update or request naming a longer one is refused
   * (`acp/rawRoutes.ts`).
   */
  toolCallIdChars: 1_000,
  /** Past sessions a "Resume Session…" list shows, and the agent's session id it may name (longer ones are left out). */
  pastSessions: 200,
  agentSessionIdChars: 1_000,
  /** Session controls (modes, config options): ids longer than this are ignored (they go back to the agent whole). */
  controlIdChars: 200,
  controlDescriptionChars: 500,
  controlsPerSession: 20,
  /** Values of one select (models lists are the longest), and of all of a session's selects together: the header
   * carries them on every change of the session's status. */
  controlChoices: 100,
  controlChoicesTotal: 300,
  /** Caps on what the webview may send (`src/host/webviewMessages.ts`). */
  intent: {
    keyChars: 100,
    agentNameChars: 200,
    promptChars: 100_000,
    /** A reason given with Reject (sent to the agent as the person's next message). */
    rejectReasonChars: 4_000,
    idChars: 1_000,
    index: 10_000,
    hrefChars: 4_000,
    controlIdChars: 200,
    /** Items of context one message may carry (`MAX_CONTEXT_ITEMS`): the ids Send names. */
    contextItems: 20,
    /** What is typed after `@` in the message box, to find a file by. */
    mentionQueryChars: 500,
    /** An edited rule's command prefix or path glob. */
    ruleChars: 1_000,
    /** Cards answered in one step from the pending list. */
    batchKeys: 256,
    /**
     * An image pasted into a message, in bytes (the view checks before it reads the file, the host the base64 it
     * gets): the most the models' APIs take per image.
     */
    imageBytes: 5 * 1024 * 1024,
    /** The image formats every image-taking model reads; the host reads the format from the bytes. */
    imageTypes: ["image/png", "image/jpeg", "image/gif", "image/webp"],
  },
} as const;

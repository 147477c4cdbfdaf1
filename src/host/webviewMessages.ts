/**
 * The schemas the host parses webview messages with. Host-only: the webview shares the types of
 * `src/shared/protocol.ts`, never zod. Each schema is checked at compile time to accept exactly its protocol type.
 */
// The functional build, imported as a namespace so esbuild tree-shakes it to a few KB of the activation bundle.
import * as z from "zod/mini";
import { MAX_IMAGE_BASE64_CHARS } from "../core/imageData";
import { onFirstUse } from "../core/onFirstUse";
import { MAX_CONTEXT_ITEMS } from "../core/promptContext";
import { LIMITS } from "../shared/limits";
import type { FromHistoryMessage, FromWebviewMessage } from "../shared/protocol";

const caps = LIMITS.intent;

/** Built when the view posts its first message, not in every window's `require` of the extension (about 6 ms there). */
export const webviewMessage = onFirstUse(() => {
  const key = z.string().check(z.minLength(1), z.maxLength(caps.keyChars));
  const id = z.string().check(z.maxLength(caps.idChars));
  const index = z.int().check(z.minimum(0), z.maximum(caps.index));
  return z.discriminatedUnion("type", [
    z.strictObject({ type: z.literal("ready") }),
    z.strictObject({ type: z.literal("resolveBlocked") }),
    z.strictObject({
      type: z.literal("newSession"),
      agentName: z.string().check(z.minLength(1), z.maxLength(caps.agentNameChars)),
    }),
    z.strictObject({ type: z.literal("selectSession"), sessionKey: key }),
    z.strictObject({ type: z.literal("closeSession"), sessionKey: key, draft: z.optional(z.literal(true)) }),
    z.strictObject({
      type: z.literal("sendPrompt"),
      sessionKey: key,
      text: z.string().check(z.minLength(1), z.maxLength(caps.promptChars)),
      context: z.optional(z.array(key).check(z.maxLength(MAX_CONTEXT_ITEMS))),
    }),
    z.strictObject({ type: z.literal("pickContext"), sessionKey: key }),
    z.strictObject({
      type: z.literal("attachImage"),
      sessionKey: key,
      data: z.string().check(z.maxLength(MAX_IMAGE_BASE64_CHARS)),
    }),
    z.strictObject({
      type: z.literal("findFiles"),
      sessionKey: key,
      query: z.string().check(z.maxLength(caps.mentionQueryChars)),
      seq: z.int().check(z.minimum(0)),
    }),
    z.strictObject({ type: z.literal("addMention"), sessionKey: key, token: key }),
    z.strictObject({ type: z.literal("removeContext"), sessionKey: key, id: key }),
    z.strictObject({ type: z.literal("stop"), sessionKey: key }),
    z.strictObject({
      type: z.literal("copyMessage"),
      sessionKey: key,
      itemId: id,
      code: z.optional(z.string().check(z.maxLength(LIMITS.messageChars))),
    }),
    z.strictObject({ type: z.literal("editQueued"), sessionKey: key, itemId: id }),
    z.strictObject({ type: z.literal("resendInNewSession"), sessionKey: key }),
    z.strictObject({ type: z.literal("retrySession"), sessionKey: key }),
    z.strictObject({ type: z.literal("openAgentSettings") }),
    z.strictObject({
      type: z.literal("setControl"),
      sessionKey: key,
      controlId: z.string().check(z.minLength(1), z.maxLength(caps.controlIdChars)),
      value: z.union([z.string().check(z.maxLength(caps.controlIdChars)), z.boolean()]),
    }),
    z.strictObject({ type: z.literal("choose"), key, optionKey: key }),
    z.strictObject({
      type: z.literal("answer"),
      key,
      optionKey: key,
      // By question index; the host checks each against the card's questions (`agentQuestions.checkedAnswers`).
      answers: z
        .record(
          z.string().check(z.regex(/^\d{1,2}$/)),
          z.union([
            z.string().check(z.maxLength(LIMITS.answerChars)),
            z
              .array(z.string().check(z.maxLength(LIMITS.optionNameChars)))
              .check(z.maxLength(LIMITS.choicesPerField)),
          ]),
        )
        .check(z.refine((answers) => Object.keys(answers).length <= LIMITS.fieldsPerForm)),
    }),
    z.strictObject({ type: z.literal("deny"), key }),
    z.strictObject({
      type: z.literal("rejectWithReason"),
      key,
      // Blank reasons are refused here too: a reason of spaces would send an empty message.
      reason: z.string().check(z.maxLength(caps.rejectReasonChars), z.regex(/\S/)),
    }),
    z.strictObject({ type: z.literal("bypass"), key }),
    z.strictObject({
      type: z.literal("grant"),
      key,
      scope: z.enum(["session", "always"]),
      command: z.optional(z.string().check(z.maxLength(caps.ruleChars))),
      path: z.optional(z.string().check(z.maxLength(caps.ruleChars))),
    }),
    z.strictObject({
      type: z.literal("answerMany"),
      keys: z.array(key).check(z.minLength(1), z.maxLength(caps.batchKeys)),
      answer: z.enum(["allow", "reject"]),
    }),
    // `key`: opened from that card, which shows the locations as the agent asked about them.
    z.strictObject({
      type: z.literal("openLocation"),
      sessionKey: key,
      toolCallId: id,
      index,
      key: z.optional(key),
    }),
    // `key`: opened from that card, which shows the diff as the agent asked about it.
    z.strictObject({
      type: z.literal("openDiff"),
      sessionKey: key,
      toolCallId: id,
      index,
      key: z.optional(key),
    }),
    z.strictObject({ type: z.literal("openLink"), href: z.string().check(z.maxLength(caps.hrefChars)) }),
    z.strictObject({
      type: z.literal("painted"),
      key,
      at: z.number(),
      insertedAt: z.optional(z.number()),
      frameAt: z.optional(z.number()),
      messageAt: z.optional(z.number()),
    }),
  ]);
});

export const historyMessage = onFirstUse(() =>
  z.discriminatedUnion("type", [
    z.strictObject({ type: z.literal("ready") }),
    z.strictObject({ type: z.literal("export") }),
  ]),
);

/** Fails to compile when a schema and its protocol type drift apart (in either direction). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type SchemasMatchProtocol = [
  Holds<Same<z.infer<ReturnType<typeof webviewMessage>>, FromWebviewMessage>>,
  Holds<Same<z.infer<ReturnType<typeof historyMessage>>, FromHistoryMessage>>,
];

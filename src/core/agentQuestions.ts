/**
 * An agent's questions to the person, asked as a permission request (pure, unit-tested). Qwen Code's ask_user_question
 * sends its questions in the tool call's `_meta` (`qwenInteractionKind: "user_question"`, `qwenQuestions`) with the
 * options Submit (allow once) and Cancel, and reads the answers from the response's `answers`, by question index. An
 * approval without them tells its model the person declined, so no rule, grant or Bypass answers such a card: only a
 * person can.
 */
import { LIMITS, type QuestionView } from "../shared/protocol";
import { asArray, asObject, asString } from "./json";
import { capLabel } from "./text";

/** Whether a request's tool call says it asks the person questions (whatever shape its questions take). */
export function asksQuestions(toolCall: unknown): boolean {
  return asObject(asObject(toolCall)?._meta)?.qwenInteractionKind === "user_question";
}

/**
 * The questions a request asks, capped for the card; undefined when it asks none. A question card whose questions
 * cannot be read still is one (`asksQuestions`): it shows none, and a person answers it or turns it down.
 */
export function questionsOf(toolCall: unknown): QuestionView[] | undefined {
  if (!asksQuestions(toolCall)) return undefined;
  const call = asObject(toolCall);
  const raw = asArray(asObject(call?._meta)?.qwenQuestions ?? asObject(call?.rawInput)?.questions);
  return raw.slice(0, LIMITS.questionsPerRequest).flatMap((item) => {
    const question = asObject(item);
    const text = asString(question?.question);
    if (!question || text === undefined) return [];
    const choices = asArray(question.options)
      .slice(0, LIMITS.choicesPerQuestion)
      .flatMap((choice) => {
        const label = asString(asObject(choice)?.label);
        return label === undefined || label.trim() === ""
          ? []
          : [
              {
                label: capLabel(label, LIMITS.optionNameChars),
                description: capLabel(asString(asObject(choice)?.description) ?? "", LIMITS.descriptionChars),
              },
            ];
      });
    return [
      {
        header: capLabel(asString(question.header) ?? "", LIMITS.questionHeaderChars),
        question: capLabel(text, LIMITS.questionChars),
        multiSelect: question.multiSelect === true,
        choices,
      },
    ];
  });
}

/**
 * The answers a card may send, as the agent reads them: by question index, each a non-empty string within the cap.
 * Undefined when any is not (the card is left waiting: the view sent something it never builds).
 */
export function checkedAnswers(
  questions: readonly QuestionView[],
  answers: Readonly<Record<string, unknown>>,
): Record<string, string> | undefined {
  const checked: Record<string, string> = {};
  for (const [key, value] of Object.entries(answers)) {
    const index = Number(key);
    if (!Number.isInteger(index) || String(index) !== key || index < 0 || index >= questions.length)
      return undefined;
    if (typeof value !== "string" || value.length > LIMITS.answerChars) return undefined;
    if (value.trim() !== "") checked[key] = value.trim();
  }
  return checked;
}

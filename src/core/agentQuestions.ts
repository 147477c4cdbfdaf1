/**
 * An agent's questions to the person, asked as a permission request (pure, unit-tested). Qwen Code's ask_user_question
 * sends its questions in the tool call's `_meta` (`qwenInteractionKind: "user_question"`, `qwenQuestions`) with the
 * options Submit (allow once) and Cancel, and reads the answers from the response's `answers`, by question index. An
 * approval without them tells its model the person declined, so no rule, grant or Bypass answers such a card: only a
 * person can.
 */
import { LIMITS, type FieldView, type QuestionView } from "../shared/protocol";
import { fieldFits, outside } from "../shared/fieldAnswer";
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

/** A person's answers by question index: a form's multi-select field is answered with the labels picked. */
export type Answers = Readonly<Record<string, string | readonly string[]>>;

/**
 * The answers a card may send, as the agent reads them: by question index, each a non-empty string within the cap (a
 * form's field: an answer that fits it, `checkedFieldAnswer`, and every required field answered).
 * Undefined when any is not (the card is left waiting: the view sent something it never builds).
 */
export function checkedAnswers(
  questions: readonly QuestionView[],
  answers: Readonly<Record<string, unknown>>,
): Answers | undefined {
  const checked: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(answers)) {
    const index = Number(key);
    if (!Number.isInteger(index) || String(index) !== key || index < 0 || index >= questions.length)
      return undefined;
    const question = questions[index]!;
    if (question.field) {
      const answer = checkedFieldAnswer(question, question.field, value);
      if (answer === undefined) return undefined;
      if (answer.length > 0) checked[key] = answer;
      continue;
    }
    if (typeof value !== "string" || value.length > LIMITS.answerChars) return undefined;
    if (value.trim() !== "") checked[key] = value.trim();
  }
  const missing = questions.some(
    (question, index) => question.field?.required && !(String(index) in checked),
  );
  return missing ? undefined : checked;
}

/**
 * A person's answer to a form field as the view sent it, checked: a choice's label (a list of them for a
 * multi-select), or text or a number within the field's bounds. Undefined when it is not one the card could send;
 * `""` when unanswered.
 */
export function checkedFieldAnswer(
  question: QuestionView,
  field: FieldView,
  value: unknown,
): string | string[] | undefined {
  if (field.kind === "choice") {
    const labels = new Set(question.choices.map((choice) => choice.label));
    const raw: unknown = question.multiSelect
      ? value
      : typeof value === "string" && value !== ""
        ? [value]
        : [];
    if (!Array.isArray(raw)) return undefined;
    const picked: string[] = [];
    for (const label of raw as unknown[]) {
      if (typeof label !== "string" || !labels.has(label)) return undefined;
      picked.push(label);
    }
    // A multi-select's count of picks is within its bounds (none picked: its required check is the caller's).
    if (new Set(picked).size !== picked.length || (picked.length > 0 && outside(picked.length, field)))
      return undefined;
    return question.multiSelect ? picked : (picked[0] ?? "");
  }
  if (typeof value !== "string" || value.length > LIMITS.answerChars) return undefined;
  const text = field.kind === "text" ? value : value.trim();
  // Unanswered (""): the caller checks required fields. The card ran the same check before it sent (a refusal here
  // leaves the card waiting with no word on it).
  return text === "" || fieldFits(field, text) ? text : undefined;
}

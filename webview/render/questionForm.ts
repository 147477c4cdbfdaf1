/**
 * An agent's questions on its card (Qwen Code's ask_user_question): each question with its choices, one to pick (or
 * several, for a multi-select question) and a field for the person's own words. The card's allow option (Submit)
 * sends what is picked (`answers`); the host checks it. Keys typed in the form stay in the form: the card's 1–9 and
 * Escape shortcuts must not answer the card while a person picks or writes.
 */
import type { QuestionView } from "../../src/shared/protocol";
import { LIMITS } from "../../src/shared/limits";
import { el } from "../dom";
import { visibleText } from "../hiddenCharacters";
import { appendVisible, clip } from "../text";
import "../styles/questionForm.css";

interface QuestionFields {
  question: QuestionView;
  choices: HTMLInputElement[];
  other: HTMLInputElement;
  ownWords: HTMLInputElement;
}

export class QuestionForm {
  readonly root: HTMLElement;
  private readonly fields: QuestionFields[] = [];

  constructor(questions: readonly QuestionView[], cardId: number) {
    this.root = el("div", { class: "question-form" });
    if (questions.length === 0)
      this.root.append(el("p", { class: "note" }, "The agent's questions could not be read."));
    questions.slice(0, LIMITS.questionsPerRequest).forEach((question, index) => {
      const name = `card-${cardId}-question-${index}`;
      const type = question.multiSelect ? "checkbox" : "radio";
      const legend = el("legend", { class: "question-text" });
      if (question.header !== "") {
        const header = el("span", { class: "question-header" });
        appendVisible(header, clip(question.header, LIMITS.questionHeaderChars));
        legend.append(header, " ");
      }
      appendVisible(legend, clip(question.question, LIMITS.questionChars));
      const set = el("fieldset", { class: "question" }, legend);
      if (question.multiSelect) set.append(el("p", { class: "note" }, "Pick any that apply."));
      const choices = question.choices.map((choice) => {
        const input = choiceInput(type, name);
        const label = el("span", { class: "question-choice-label" });
        appendVisible(label, choice.label);
        const row = el("label", { class: "question-choice" }, input, label);
        if (choice.description !== "") {
          const description = el("span", { class: "note question-choice-description" });
          appendVisible(description, clip(choice.description, LIMITS.descriptionChars));
          row.append(description);
        }
        set.append(row);
        return input;
      });
      const other = choiceInput(type, name);
      other.setAttribute("aria-label", "Other");
      const ownWords = el("input", {
        class: "question-own-words card-field",
        placeholder: "Other: your own answer",
        "aria-label": `Your own answer to: ${visibleText(clip(question.question, LIMITS.questionChars))}`,
      });
      ownWords.type = "text";
      ownWords.maxLength = LIMITS.answerChars;
      // Writing an answer of one's own picks it.
      ownWords.addEventListener("input", () => {
        if (ownWords.value.trim() !== "") other.checked = true;
      });
      set.append(el("div", { class: "question-choice question-other" }, other, ownWords));
      this.root.append(set);
      this.fields.push({ question, choices, other, ownWords });
    });
    this.root.addEventListener("keydown", (event) => {
      if (!event.ctrlKey && !event.altKey && !event.metaKey) event.stopPropagation();
    });
  }

  /** What is picked, by question index: a choice's label, several joined with ", ", or the person's own words. */
  answers(): Record<string, string> {
    const answers: Record<string, string> = {};
    this.fields.forEach(({ question, choices, other, ownWords }, index) => {
      const picked = question.choices.filter((_, at) => choices[at]!.checked).map((choice) => choice.label);
      const own = ownWords.value.trim();
      if (other.checked && own !== "") picked.push(own);
      const answer = picked.join(", ").slice(0, LIMITS.answerChars);
      if (answer !== "") answers[String(index)] = answer;
    });
    return answers;
  }
}

/** A choice's radio button (one of the question's) or checkbox (any of them); `name` groups a question's choices. */
function choiceInput(type: "radio" | "checkbox", name: string): HTMLInputElement {
  const input = el("input", {});
  input.type = type;
  input.name = name;
  return input;
}

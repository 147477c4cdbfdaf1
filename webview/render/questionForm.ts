/**
 * An agent's questions on its card (Qwen Code's ask_user_question): each question with its choices, one to pick (or
 * several, for a multi-select question) and a field for the person's own words. A form's field (`QuestionView.field`)
 * has its choices only, or a text or number input with the agent's bounds. The card's allow option (Submit)
 * sends what is picked (`answers`); the host checks it. Keys typed in the form stay in the form: the card's 1–9 and
 * Escape shortcuts must not answer the card while a person picks or writes.
 */
import type { QuestionView } from "../../src/shared/protocol";
import type { AnswerDrafts, QuestionDraft } from "../savedState";
import { LIMITS } from "../../src/shared/limits";
import { fieldProblem } from "../../src/shared/fieldAnswer";
import { button, el } from "../dom";
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

  /**
   * `kept`: where what the person picks and writes is kept while the card waits (the view hidden drops the page);
   * what it holds for this card is what the form shows, in place of the agent's defaults.
   */
  constructor(
    questions: readonly QuestionView[],
    cardId: number,
    kept?: { key: string; drafts: AnswerDrafts },
  ) {
    this.root = el("div", { class: "question-form" });
    const drafts = kept?.drafts.answers(kept.key);
    if (questions.length === 0)
      this.root.append(el("p", { class: "note" }, "The agent's questions could not be read."));
    // Forms are for what an agent may be told; a secret typed into one is the agent's (and its model's).
    else if (questions[0]!.field)
      this.root.append(
        el("p", { class: "note" }, "What you fill in goes to the agent: no passwords or keys."),
      );
    // A form has more fields than an agent asks questions (the host caps each kind).
    questions.slice(0, LIMITS.fieldsPerForm).forEach((question, index) => {
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
      const field = question.field;
      const draft = drafts?.[index];
      const choices = question.choices.map((choice, at) => {
        const input = choiceInput(type, name);
        input.checked = draft ? draft.picked.includes(at) : (field?.initial.includes(choice.label) ?? false);
        input.required = field?.required === true && !question.multiSelect;
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
      const words = visibleText(clip(question.question, LIMITS.questionChars));
      if (field?.kind === "choice" && !question.multiSelect && !field.required && choices.length > 0)
        set.append(clearChoice(choices, words));
      const ownWords = el("input", { class: "question-own-words card-field" });
      ownWords.type = "text";
      ownWords.maxLength = LIMITS.answerChars;
      ownWords.value = draft?.words ?? field?.initial[0] ?? "";
      const other = choiceInput(type, name);
      other.checked = draft?.other ?? false;
      if (!field) {
        other.setAttribute("aria-label", "Other");
        ownWords.placeholder = "Other: your own answer";
        ownWords.setAttribute("aria-label", `Your own answer to: ${words}`);
        // Writing an answer of one's own picks it.
        ownWords.addEventListener("input", () => {
          if (ownWords.value.trim() !== "") other.checked = true;
        });
        set.append(el("div", { class: "question-choice question-other" }, other, ownWords));
      } else if (field.kind !== "choice") {
        // A form's text or number field: the input itself, with the bounds the agent set. A text's length is checked
        // on Submit (`fieldProblem`): `minlength` and `maxlength` count UTF-16 units, and skip a default never edited.
        ownWords.setAttribute("aria-label", words);
        ownWords.required = field.required;
        ownWords.addEventListener("input", () => ownWords.setCustomValidity(""));
        if (field.kind !== "text") {
          ownWords.type = "number";
          ownWords.step = field.kind === "integer" ? "1" : "any";
          if (field.min !== undefined) ownWords.min = String(field.min);
          if (field.max !== undefined) ownWords.max = String(field.max);
        }
        set.append(ownWords);
      }
      this.root.append(set);
      this.fields.push({ question, choices, other, ownWords });
    });
    if (kept) {
      const save = (): void => kept.drafts.setAnswers(kept.key, this.drafts());
      this.root.addEventListener("input", save);
      // A pick taken back (Clear choice) changes no input's value: it is a click.
      this.root.addEventListener("click", save);
    }
    this.root.addEventListener("keydown", (event) => {
      if (!event.ctrlKey && !event.altKey && !event.metaKey) event.stopPropagation();
    });
  }

  /** What each question is given now, as the saved state keeps it. */
  private drafts(): QuestionDraft[] {
    return this.fields.map(({ choices, other, ownWords }) => ({
      picked: choices.flatMap((choice, at) => (choice.checked ? [at] : [])),
      words: ownWords.value,
      other: other.checked,
    }));
  }

  /**
   * What is picked, by question index: a choice's label, several joined with ", ", or the person's own words (a
   * form's multi-select field: the labels, as a list; its text or number field: what is in it).
   */
  answers(): Record<string, string | string[]> {
    const answers: Record<string, string | string[]> = {};
    this.fields.forEach(({ question, choices, other, ownWords }, index) => {
      const picked = question.choices.filter((_, at) => choices[at]!.checked).map((choice) => choice.label);
      const own = ownWords.value.trim();
      if (question.field?.kind === "choice" && question.multiSelect) {
        if (picked.length > 0) answers[String(index)] = picked;
        return;
      }
      if (question.field ? question.field.kind !== "choice" : other.checked && own !== "") picked.push(own);
      const answer = picked.join(", ").slice(0, LIMITS.answerChars);
      if (answer !== "") answers[String(index)] = answer;
    });
    return answers;
  }

  /**
   * Whether the form's fields hold answers the agent takes (required ones answered, text and numbers within their
   * bounds); if not, the first one that does not says why and takes the focus.
   */
  reportValidity(): boolean {
    for (const { question, choices, ownWords } of this.fields) {
      const field = question.field;
      if (!field) continue;
      if (question.multiSelect && choices[0]) {
        const count = choices.filter((choice) => choice.checked).length;
        const fits =
          count === 0 ? !field.required : count >= (field.min ?? 0) && count <= (field.max ?? Infinity);
        choices[0].setCustomValidity(fits ? "" : pickMessage(field.min, field.max));
      }
      // What the host checks again, once the browser's own checks (a required field, a number's range) pass.
      if (field.kind !== "choice") {
        ownWords.setCustomValidity("");
        if (ownWords.validity.valid)
          ownWords.setCustomValidity(fieldProblem(field, ownWords.value.trim()) ?? "");
      }
      for (const input of field.kind === "choice" ? choices : [ownWords])
        if (!input.reportValidity()) return false;
    }
    return true;
  }
}

function pickMessage(min = 1, max?: number): string {
  return max === undefined ? `Pick at least ${Math.max(min, 1)}.` : `Pick ${Math.max(min, 1)} to ${max}.`;
}

/**
 * Takes back the pick of an optional choice: a radio button, once picked, cannot be unpicked, and a field left
 * unanswered tells the agent something else (Claude Code reads its own-answer field alone then). Shown while a
 * choice is picked.
 */
function clearChoice(choices: readonly HTMLInputElement[], words: string): HTMLButtonElement {
  const clear = button("secondary small question-clear", "Clear choice");
  clear.setAttribute("aria-label", `Clear choice: ${words}`);
  const show = (): void => {
    clear.hidden = !choices.some((choice) => choice.checked);
  };
  for (const choice of choices) choice.addEventListener("change", show);
  clear.addEventListener("click", () => {
    for (const choice of choices) choice.checked = false;
    show();
    // The button hides under the keyboard: the choices are where it goes on.
    choices[0]!.focus();
  });
  show();
  return clear;
}

/** A choice's radio button (one of the question's) or checkbox (any of them); `name` groups a question's choices. */
function choiceInput(type: "radio" | "checkbox", name: string): HTMLInputElement {
  const input = el("input", {});
  input.type = type;
  input.name = name;
  return input;
}

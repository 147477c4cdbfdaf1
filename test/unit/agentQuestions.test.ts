import assert from "node:assert/strict";
import { asksQuestions, checkedAnswers, questionsOf } from "../../src/core/agentQuestions";
import { LIMITS } from "../../src/shared/limits";
import { askStep, QUESTIONS } from "../support/agentQuestions";

const toolCallOf = (questions: unknown) =>
  (askStep(questions) as { request: { toolCall: unknown } }).request.toolCall;

describe("an agent's questions to the person (Qwen Code's ask_user_question)", () => {
  it("reads each question, its short label, its choices and whether several may be picked", () => {
    assert.deepEqual(questionsOf(toolCallOf(QUESTIONS)), [
      {
        header: "Library",
        question: "Which library should format the dates?",
        multiSelect: false,
        choices: [
          { label: "date-fns", description: "Small functions, tree-shaken" },
          { label: "Luxon", description: "Time zones built in" },
        ],
      },
      {
        header: "Checks",
        question: "Which checks should run before each commit?",
        multiSelect: true,
        choices: [
          { label: "Lint", description: "" },
          { label: "Unit tests", description: "" },
        ],
      },
    ]);
  });

  it("a request that does not say it asks has no questions, whatever its input holds", () => {
    assert.equal(questionsOf({ toolCallId: "x", rawInput: { questions: QUESTIONS } }), undefined);
    assert.equal(asksQuestions({ _meta: { qwenInteractionKind: "other" } }), false);
  });

  it("hostile questions: capped in number and size; unreadable ones leave a question card with none", () => {
    const huge = "x".repeat(100_000);
    const many = Array.from({ length: 50 }, () => ({
      question: huge,
      header: huge,
      options: Array.from({ length: 50 }, () => ({ label: huge, description: huge })),
    }));
    const read = questionsOf(toolCallOf(many))!;
    assert.equal(read.length, LIMITS.questionsPerRequest);
    for (const question of read) {
      assert.ok(question.question.length <= LIMITS.questionChars + 1);
      assert.ok(question.header.length <= LIMITS.questionHeaderChars + 1);
      assert.equal(question.choices.length, LIMITS.choicesPerQuestion);
      assert.ok(question.choices.every((c) => c.label.length <= LIMITS.optionNameChars + 1));
    }
    // Still a question card: only a person answers it, though it shows no questions.
    assert.deepEqual(questionsOf(toolCallOf("not a list")), []);
    assert.deepEqual(questionsOf(toolCallOf([{ header: "no question" }, 7, null])), []);
  });

  it("takes answers by the index of a question it asked, each a string within the cap", () => {
    const questions = questionsOf(toolCallOf(QUESTIONS))!;
    assert.deepEqual(checkedAnswers(questions, { "0": " date-fns ", "1": "Lint, Unit tests" }), {
      "0": "date-fns",
      "1": "Lint, Unit tests",
    });
    assert.deepEqual(checkedAnswers(questions, { "0": "  " }), {}, "a blank answer is none");
    for (const bad of [
      { "2": "x" },
      { "-1": "x" },
      { "01": "x" },
      { "0": 5 },
      { "0": "x".repeat(LIMITS.answerChars + 1) },
    ])
      assert.equal(checkedAnswers(questions, bad), undefined, JSON.stringify(bad).slice(0, 40));
  });
});

import assert from "node:assert/strict";
import { fieldFits, fieldProblem } from "../../src/shared/fieldAnswer";
import { checkedFieldAnswer } from "../../src/core/agentQuestions";
import type { FieldView, QuestionView } from "../../src/shared/protocol";

const field = (kind: FieldView["kind"], bounds: Partial<FieldView> = {}): FieldView => ({
  kind,
  required: false,
  initial: [],
  ...bounds,
});
const question = (view: FieldView): QuestionView => ({
  header: "",
  question: "q",
  multiSelect: false,
  choices: [],
  field: view,
});

describe("a form field's answer, as the card and the host check it", () => {
  it("counts text in characters as JSON Schema does, not in the browser's UTF-16 units", () => {
    const name = field("text", { min: 3, max: 4 });
    // Two emoji are four UTF-16 units: the browser's minlength of 3 let them through, the host refused them.
    assert.equal(fieldProblem(name, "😀😀"), "Use 3 to 4 characters (now 2).");
    assert.equal(fieldProblem(name, "😀😀😀"), undefined);
    assert.equal(
      fieldProblem(name, "👩‍👩‍👧"),
      "Use 3 to 4 characters (now 5).",
      "one family on screen is five code points, as the agent counts them",
    );
  });

  it("says what the bounds are, in the person's words", () => {
    assert.equal(fieldProblem(field("text", { min: 2 }), "a"), "Use at least 2 characters (now 1).");
    assert.equal(fieldProblem(field("text", { max: 2 }), "abc"), "Use at most 2 characters (now 3).");
    assert.equal(fieldProblem(field("text", { min: 2, max: 2 }), "a"), "Use exactly 2 characters (now 1).");
    assert.equal(fieldProblem(field("integer", { min: 1, max: 9 }), "2.5"), "Enter a whole number, 1 to 9.");
    assert.equal(fieldProblem(field("integer", { min: 1, max: 9 }), "10"), "Enter a whole number, 1 to 9.");
    assert.equal(fieldProblem(field("number", { min: 0 }), "-1"), "Enter a number, at least 0.");
    assert.equal(fieldProblem(field("number"), "Infinity"), "Enter a number.");
    assert.equal(fieldProblem(field("number", { max: 1 }), "0.5"), undefined);
  });

  it("an empty answer is only a required field's problem", () => {
    assert.equal(fieldProblem(field("text", { min: 3 }), ""), undefined, "an optional field may stay empty");
    assert.equal(fieldProblem(field("text", { required: true }), ""), "Fill in this field.");
    assert.equal(fieldProblem(field("integer", { required: true }), ""), "Fill in this field.");
  });

  it("the host takes exactly the answers the card lets through", () => {
    const fields = [
      field("text", { min: 3, max: 4 }),
      field("text", { max: 1 }),
      field("integer", { min: 1, max: 9 }),
      field("number", { min: 0, max: 1 }),
    ];
    const answers = [
      "😀😀",
      "😀😀😀",
      "😀",
      "ab",
      "a",
      "0",
      "1",
      "9",
      "10",
      "2.5",
      "0.5",
      "1e0",
      "x",
      "-0",
      "NaN",
    ];
    for (const view of fields)
      for (const answer of answers)
        assert.equal(
          checkedFieldAnswer(question(view), view, answer) !== undefined,
          fieldProblem(view, answer) === undefined && fieldFits(view, answer),
          `${JSON.stringify(answer)} for ${JSON.stringify(view)}`,
        );
  });
});

/**
 * What an agent's form field takes, checked the same way on the card (before Submit sends) and in the host (before
 * the agent is answered): text counted in characters as JSON Schema counts them (code points; the browser's
 * `minlength` counts UTF-16 units, so two emoji passed a minimum of 3 there and were refused here, with no word on
 * the card), numbers within the field's bounds. Imports types only, so the webview bundle may import it as a value.
 */
import type { FieldView } from "./protocol";

/**
 * Whether `text` (what the card sends for a text or number field: what is in it, trimmed) is an answer the field
 * takes. An empty one is, unless the field is required.
 */
export function fieldFits(field: FieldView, text: string): boolean {
  if (text === "") return !field.required;
  // Characters as JSON Schema's `minLength` and `maxLength` count them: code points.
  if (field.kind === "text") return !outside([...text].length, field);
  const number = Number(text);
  return (
    Number.isFinite(number) &&
    (field.kind !== "integer" || Number.isInteger(number)) &&
    !outside(number, field)
  );
}

/** Why the field does not take `text`, in words for the person (the card's); undefined when it does. */
export function fieldProblem(field: FieldView, text: string): string | undefined {
  if (fieldFits(field, text)) return undefined;
  if (text === "") return "Fill in this field.";
  if (field.kind === "text") return `Use ${range(field)} characters (now ${[...text].length}).`;
  const kind = field.kind === "integer" ? "a whole number" : "a number";
  return field.min === undefined && field.max === undefined
    ? `Enter ${kind}.`
    : `Enter ${kind}, ${range(field)}.`;
}

/** Whether `value` is below the field's minimum or above its maximum (a count of picks, characters, or a number). */
export function outside(value: number, field: FieldView): boolean {
  return value < (field.min ?? -Infinity) || value > (field.max ?? Infinity);
}

function range({ min, max }: FieldView): string {
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${min}` : `${min} to ${max}`;
  return min !== undefined ? `at least ${min}` : `at most ${max}`;
}

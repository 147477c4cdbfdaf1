/**
 * An agent's form (ACP elicitation, `elicitation/create` with `mode: "form"`), as questions on a card (pure,
 * unit-tested); a page it asks the person to open (`mode: "url"`, an MCP server's sign-in) is a card of its own.
 * Claude Code asks its AskUserQuestion as a form: each question a single- or multi-select field, each with a text
 * field beside it for the person's own words. Every property kind of the spec's restricted schema is a field: text,
 * number, integer, yes/no, one of a list, several of a list. Only a person answers one on its card: no rule, grant,
 * Bypass or pending-list row does (`PermissionBroker.elicit` asks no policy; `PermissionPrompt.form`).
 *
 * What the view sends back is checked against the field (`agentQuestions.checkedFieldAnswer`) and turned into the
 * agent's values here (`formContent`): a choice's label back into its `const`, a number's text into a number.
 * `pattern` and `format` are the agent's to check: an agent's regular expression is not run in the extension host.
 */
import { LIMITS, type FieldView, type QuestionView } from "../shared/protocol";
import { checkedFieldAnswer, type Answers } from "./agentQuestions";
import { asArray, asObject, asString, type Json } from "./json";
import { externalLinkTarget } from "./untrustedText";
import { capLabel } from "./text";

export interface AgentForm {
  sessionId: unknown;
  toolCallId: string | undefined;
  /** The card's title and text: the message's first line, then the rest (a page: its host; URL, then message). */
  title: string;
  description: string;
  /** The card's answers; their ids are ACP's actions (`options`). */
  options: Json[];
  /** URL mode: the page the person is asked to open (http or https, no user name before its host). */
  url?: string;
  /** One per field, in the schema's order: what the card shows. */
  questions: QuestionView[];
  /** Beside each question: the property it answers and the agent's value of each of its choices. */
  fields: { name: string; type: string; values: string[] }[];
}

const YES_NO = [
  { label: "Yes", value: "true" },
  { label: "No", value: "false" },
];

/**
 * A form's answers on its card: `accept` (Submit, or Open for a link), then Cancel, the reject option a card is
 * answered with without a choice (Escape, a timeout, caps: dismissed, not declined), then Decline, a person's no.
 */
function options(accept: string): Json[] {
  return [
    { optionId: "accept", name: accept, kind: "allow_once" },
    { optionId: "cancel", name: "Cancel", kind: "reject_once" },
    { optionId: "decline", name: "Decline", kind: "reject_once" },
  ];
}

/** The form a request asks for, or why Symposium does not show it (the agent is told so). */
export function formOf(params: unknown): AgentForm | { refused: string } {
  const request = asObject(params);
  if (request?.mode !== "form" && request?.mode !== "url")
    return { refused: "Symposium shows forms and links only (mode form or url)" };
  if (typeof request.sessionId !== "string")
    return { refused: "Symposium shows a form in its session only (no sessionId)" };
  const message = (asString(request.message) ?? "").trim();
  const place = {
    sessionId: request.sessionId,
    toolCallId: asString(request.toolCallId),
    questions: [],
    fields: [],
  };
  if (request.mode === "url") {
    const url = externalLinkTarget(asString(request.url) ?? "");
    if (url === undefined) return { refused: "the URL must be http(s), with no user name before its host" };
    if (url.length > LIMITS.descriptionChars)
      return { refused: "the URL is too long to show whole on its card" };
    // The host in Symposium's words (an international name in its ASCII form): the agent's words may say otherwise.
    const title = `Open ${capLabel(new URL(url).host, 300)} in your browser?`;
    // The whole URL first: the card cuts its text at `descriptionChars`, and a long message must not push out the
    // address that opens (its query may carry a token) and leave a URL of the agent's own last.
    return { ...place, title, description: `${url}\n\n${message}`.trim(), options: options("Open"), url };
  }
  const schema = asObject(request.requestedSchema);
  // No properties: a form of its message alone (MCP servers ask a yes or no so).
  const properties = schema?.properties == null ? {} : asObject(schema.properties);
  if (schema?.type !== "object" || !properties)
    return { refused: "requestedSchema must be an object schema with properties" };
  const required = new Set(asArray(schema.required).filter((name) => typeof name === "string"));
  const names = Object.keys(properties);
  if (names.length > LIMITS.fieldsPerForm)
    return { refused: `a form has at most ${LIMITS.fieldsPerForm} fields here` };
  const [first = "", ...rest] = message.split("\n");
  const title = first.trim() || "The agent asks for your input";
  const form: AgentForm = {
    ...place,
    title,
    // A first line too long for a title is cut there: the text has the whole message.
    description: title.length > LIMITS.titleChars ? message : rest.join("\n").trim(),
    options: options("Submit"),
  };
  for (const name of names) {
    const property = asObject(properties[name]);
    const built = property && fieldOf(name, property, required.has(name));
    if (!built) {
      // A field it cannot show is left out, unless the agent needs it.
      if (required.has(name))
        return { refused: `Symposium cannot show the required field ${capLabel(name, 100)}` };
      continue;
    }
    form.questions.push(built.question);
    form.fields.push({ name, type: String(property.type), values: built.values });
  }
  return form;
}

function fieldOf(
  name: string,
  property: Json,
  required: boolean,
): { question: QuestionView; values: string[] } | undefined {
  const title = asString(property.title);
  const description = asString(property.description);
  const shown = (
    field: FieldView,
    multiSelect = false,
    choices: Choice[] = [],
  ): {
    question: QuestionView;
    values: string[];
  } => ({
    question: {
      header: description && title ? capLabel(title, LIMITS.questionHeaderChars) : "",
      question: capLabel(description || title || name, LIMITS.questionChars),
      multiSelect,
      choices: choices.map(({ label, description }) => ({ label, description })),
      field,
    },
    values: choices.map((choice) => choice.value),
  });
  const bound = (key: string): number | undefined =>
    typeof property[key] === "number" && Number.isFinite(property[key]) ? property[key] : undefined;
  const bounds = (min: string, max: string) => {
    const low = bound(min);
    const high = bound(max);
    return { ...(low !== undefined ? { min: low } : {}), ...(high !== undefined ? { max: high } : {}) };
  };
  switch (property.type) {
    case "string": {
      if (property.enum != null || property.oneOf != null) {
        const choices = choicesOf(property.oneOf ?? property.enum);
        if (choices.length === 0) return undefined;
        const initial = choices.filter((c) => c.value === property.default).map((c) => c.label);
        return shown({ kind: "choice", required, initial }, false, choices);
      }
      const text = asString(property.default);
      return shown({
        kind: "text",
        required,
        initial: text !== undefined ? [text.slice(0, LIMITS.answerChars)] : [],
        ...bounds("minLength", "maxLength"),
      });
    }
    case "number":
    case "integer": {
      const initial = bound("default");
      const { min, max } = bounds("minimum", "maximum");
      // An integer's bounds as the whole numbers they allow: the browser counts a number field's steps from its
      // minimum, so a minimum of 0.5 with a step of 1 took 1.5 and refused 1.
      const whole = property.type === "integer";
      return shown({
        kind: property.type,
        required,
        initial: initial !== undefined ? [String(initial)] : [],
        ...(min !== undefined ? { min: whole ? Math.ceil(min) : min } : {}),
        ...(max !== undefined ? { max: whole ? Math.floor(max) : max } : {}),
      });
    }
    case "boolean": {
      const picked = typeof property.default === "boolean" ? String(property.default) : undefined;
      const initial = YES_NO.filter((c) => c.value === picked).map((c) => c.label);
      return shown(
        { kind: "choice", required, initial },
        false,
        YES_NO.map((c) => ({ ...c, description: "" })),
      );
    }
    case "array": {
      const items = asObject(property.items);
      const choices = choicesOf(items?.anyOf ?? items?.enum);
      if (choices.length === 0) return undefined;
      const defaults = new Set(asArray(property.default));
      const initial = choices.filter((c) => defaults.has(c.value)).map((c) => c.label);
      return shown({ kind: "choice", required, initial, ...bounds("minItems", "maxItems") }, true, choices);
    }
    default:
      return undefined;
  }
}

interface Choice {
  label: string;
  description: string;
  value: string;
}

/**
 * The choices of `enum` (the values are the labels) or of `oneOf` / `anyOf` (`const` and `title`), capped. Labels are
 * what the view sends back, so each is unique: a repeated title is told apart by its value, else left out.
 */
function choicesOf(raw: unknown): Choice[] {
  const seen = new Set<string>();
  const values = new Set<string>();
  const choices: Choice[] = [];
  for (const item of asArray(raw)) {
    if (choices.length >= LIMITS.choicesPerField) break;
    const option = asObject(item);
    const value = option ? asString(option.const) : asString(item);
    if (value === undefined || values.has(value)) continue;
    const title = capLabel(asString(option?.title)?.trim() || value, LIMITS.optionNameChars);
    const label = seen.has(title) ? capLabel(`${title} (${value})`, LIMITS.optionNameChars) : title;
    if (label.trim() === "" || seen.has(label)) continue;
    seen.add(label);
    values.add(value);
    choices.push({
      label,
      value,
      description: capLabel(asString(option?.description) ?? "", LIMITS.choiceDescriptionChars),
    });
  }
  return choices;
}

/**
 * The content of an accepted form: each answered field's value as the agent's schema has it. Undefined when an
 * answer does not fit its field or a required field is unanswered (the card keeps waiting).
 */
export function formContent(form: AgentForm, answers: Answers): Json | undefined {
  const content: Json = {};
  for (const [index, question] of form.questions.entries()) {
    const field = question.field!;
    const { name, type, values } = form.fields[index]!;
    const answer = checkedFieldAnswer(
      question,
      field,
      answers[String(index)] ?? (question.multiSelect ? [] : ""),
    );
    if (answer === undefined) return undefined;
    const unanswered = answer === "" || (Array.isArray(answer) && answer.length === 0);
    if (unanswered) {
      if (field.required) return undefined;
      continue;
    }
    const valueOf = (label: string) =>
      values[question.choices.findIndex((choice) => choice.label === label)]!;
    // `defineProperty`: a field named `__proto__` is a field like any other.
    const value =
      type === "boolean"
        ? valueOf(answer as string) === "true"
        : type === "number" || type === "integer"
          ? Number(answer)
          : Array.isArray(answer)
            ? answer.map(valueOf)
            : field.kind === "choice"
              ? valueOf(answer)
              : answer;
    Object.defineProperty(content, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return content;
}

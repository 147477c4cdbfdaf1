// The scripted agent's step language. A prompt whose text is a JSON object with a `steps` array is a script; any
// other prompt gets a plain text reply. The full reference is in scriptedAgent.ts; this module parses and checks
// a script so that a typo fails the prompt (-32602) instead of silently doing something else.

import { constants } from "node:os";

export type JsonObject = Record<string, unknown>;

export type Step =
  | { action: "request"; params: JsonObject; wait: boolean; repeat: number }
  | { action: "waitAll" }
  | { action: "cancelLast"; repeat: number }
  | { action: "cancelLastCall" }
  | { action: "update"; update: JsonObject; sessionId: string | undefined; repeat: number }
  | { action: "say"; text: string; repeat: number }
  | { action: "think"; text: string; repeat: number }
  | { action: "sleep"; ms: number }
  | { action: "stderr"; text: string; repeat: number }
  | { action: "raw"; value: unknown; repeat: number }
  | { action: "rawLine"; line: string; repeat: number }
  | { action: "rawBase64"; bytes: Buffer; repeat: number }
  | { action: "bigLine"; bytes: number }
  | { action: "exit"; code: number }
  | { action: "kill"; signal: NodeJS.Signals }
  | { action: "closeStdout" }
  | { action: "hang" }
  | { action: "stayAlive" }
  | { action: "spawnChild"; ignoreSigterm: boolean }
  | { action: "ignoreSigterm" }
  | { action: "call"; method: string; params: JsonObject; wait: boolean; repeat: number };

export interface Script {
  readonly steps: readonly Step[];
  /** On `session/cancel`, also withdraw every unanswered request of the turn with `$/cancel_request`. */
  readonly cancelPending: boolean;
}

export class ScriptError extends Error {}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function count(value: unknown, where: string): number {
  if (value === undefined) return 1;
  if (!Number.isInteger(value) || (value as number) < 0)
    throw new ScriptError(`${where}: repeat must be an integer ≥ 0`);
  return value as number;
}

function text(value: unknown, where: string): string {
  if (typeof value !== "string") throw new ScriptError(`${where}: expected a string`);
  return value;
}

function object(value: unknown, where: string): JsonObject {
  if (!isObject(value)) throw new ScriptError(`${where}: expected an object`);
  return value;
}

function integer(value: unknown, where: string): number {
  if (!Number.isInteger(value) || (value as number) < 0)
    throw new ScriptError(`${where}: expected an integer ≥ 0`);
  return value as number;
}

const ACTIONS = [
  "request",
  "waitAll",
  "cancelLast",
  "cancelLastCall",
  "update",
  "say",
  "think",
  "sleep",
  "stderr",
  "raw",
  "rawLine",
  "rawBase64",
  "bigLine",
  "exit",
  "kill",
  "closeStdout",
  "hang",
  "stayAlive",
  "spawnChild",
  "ignoreSigterm",
  "call",
] as const;
const MODIFIERS = new Set(["repeat", "wait", "sessionId"]);

function parseStep(raw: unknown, index: number): Step {
  const where = `steps[${index}]`;
  const step = object(raw, where);
  const actions = Object.keys(step).filter((key) => !MODIFIERS.has(key));
  const action = actions[0];
  if (actions.length !== 1 || !(ACTIONS as readonly string[]).includes(action!)) {
    throw new ScriptError(
      `${where}: expected exactly one of ${ACTIONS.join(", ")}; got ${JSON.stringify(actions)}`,
    );
  }
  if (step.wait !== undefined && action !== "request" && action !== "call")
    throw new ScriptError(`${where}: only request and call take wait`);
  if (step.sessionId !== undefined && action !== "update") {
    throw new ScriptError(`${where}: only update takes sessionId (a request's goes in its params)`);
  }
  const value = step[action!];
  const repeat = count(step.repeat, where);
  switch (action as (typeof ACTIONS)[number]) {
    case "request":
      if (step.wait !== undefined && typeof step.wait !== "boolean")
        throw new ScriptError(`${where}: wait is a boolean`);
      return { action: "request", params: object(value, where), wait: step.wait !== false, repeat };
    case "waitAll":
      return { action: "waitAll" };
    case "cancelLast":
      return { action: "cancelLast", repeat };
    case "cancelLastCall":
      return { action: "cancelLastCall" };
    case "update":
      return {
        action: "update",
        update: object(value, where),
        sessionId: step.sessionId === undefined ? undefined : text(step.sessionId, `${where}.sessionId`),
        repeat,
      };
    case "say":
      return { action: "say", text: text(value, where), repeat };
    case "think":
      return { action: "think", text: text(value, where), repeat };
    case "sleep":
      return { action: "sleep", ms: integer(value, where) };
    case "stderr":
      return { action: "stderr", text: text(value, where), repeat };
    case "raw":
      return { action: "raw", value, repeat };
    case "rawLine":
      return { action: "rawLine", line: text(value, where), repeat };
    case "rawBase64":
      return { action: "rawBase64", bytes: Buffer.from(text(value, where), "base64"), repeat };
    case "bigLine":
      return { action: "bigLine", bytes: integer(value, where) };
    case "exit":
      return { action: "exit", code: integer(value, where) };
    case "kill": {
      const signal = text(value, where);
      if (!(signal in constants.signals)) throw new ScriptError(`${where}: unknown signal ${signal}`);
      return { action: "kill", signal: signal as NodeJS.Signals };
    }
    case "closeStdout":
      return { action: "closeStdout" };
    case "hang":
      return { action: "hang" };
    case "stayAlive":
      return { action: "stayAlive" };
    case "spawnChild":
      return { action: "spawnChild", ignoreSigterm: isObject(value) && value.ignoreSigterm === true };
    case "ignoreSigterm":
      return { action: "ignoreSigterm" };
    case "call": {
      const call = object(value, where);
      const unknownKeys = Object.keys(call).filter((key) => key !== "method" && key !== "params");
      if (unknownKeys.length > 0)
        throw new ScriptError(`${where}: call takes method and params, not ${unknownKeys.join(", ")}`);
      if (step.wait !== undefined && typeof step.wait !== "boolean")
        throw new ScriptError(`${where}: wait is a boolean`);
      return {
        action: "call",
        method: text(call.method, `${where}.method`),
        params: call.params === undefined ? {} : object(call.params, `${where}.params`),
        wait: step.wait !== false,
        repeat,
      };
    }
  }
}

/** The script in a prompt, or undefined when the prompt is not one (plain text, or JSON without `steps`). */
export function parseScript(promptText: string): Script | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(promptText);
  } catch {
    return undefined;
  }
  if (!isObject(parsed) || !("steps" in parsed)) return undefined;
  if (!Array.isArray(parsed.steps)) throw new ScriptError("steps must be an array");
  const unknownKeys = Object.keys(parsed).filter((key) => key !== "steps" && key !== "cancelPending");
  if (unknownKeys.length > 0) throw new ScriptError(`unknown script keys: ${unknownKeys.join(", ")}`);
  return { steps: parsed.steps.map(parseStep), cancelPending: parsed.cancelPending === true };
}

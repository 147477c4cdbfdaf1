// Checks JSON-RPC frames against the official ACP JSON schemas shipped in the SDK package (draft 2020-12).
// Each `$defs` type that belongs to a method carries `x-method` and `x-side` (the side that handles the method:
// "agent", "client", or "protocol" for `$/cancel_request`), so the method → type table is read from the schema
// itself rather than written out by hand.
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import { readFileSync } from "node:fs";

export type AcpVersion = 1 | 2;
/** Who sends the frame. */
export type Sender = "client" | "agent";

interface SchemaDefinition {
  readonly "x-method"?: string;
  readonly "x-side"?: string;
}

interface MethodTypes {
  /** The side that handles requests/notifications of this method. */
  side: string;
  request?: string;
  response?: string;
  notification?: string;
}

interface LoadedSchema {
  readonly key: string;
  readonly methods: Map<string, MethodTypes>;
}

const MAX_REPORTED_ERRORS = 5;
// Unknown `x-*` annotations are fine; formats like `int64` are Rust hints, not checks we need.
const ajv = new Ajv2020({ strict: false, validateFormats: false });
const loaded = new Map<AcpVersion, LoadedSchema>();
const compiled = new Map<string, ValidateFunction>();

function load(version: AcpVersion): LoadedSchema {
  const existing = loaded.get(version);
  if (existing) return existing;
  const path = require.resolve(`@agentclientprotocol/sdk/schema/v${version}/schema.json`);
  const schema = JSON.parse(readFileSync(path, "utf8")) as { $defs: Record<string, SchemaDefinition> };
  const key = `acp-v${version}`;
  ajv.addSchema(schema, key);
  const methods = new Map<string, MethodTypes>();
  for (const [name, definition] of Object.entries(schema.$defs)) {
    const method = definition["x-method"];
    const side = definition["x-side"];
    if (method === undefined || side === undefined) continue;
    const entry = methods.get(method) ?? { side };
    if (name.endsWith("Request")) entry.request = name;
    else if (name.endsWith("Response")) entry.response = name;
    else if (name.endsWith("Notification")) entry.notification = name;
    methods.set(method, entry);
  }
  const result = { key, methods };
  loaded.set(version, result);
  return result;
}

function describe(errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? [])
    .slice(0, MAX_REPORTED_ERRORS)
    .map((error) => `${error.instancePath || "/"} ${error.message ?? error.keyword}`);
}

/** Errors of `value` against the `$defs` type `typeName` of that version's schema; empty when valid. */
export function validateSchemaType(version: AcpVersion, typeName: string, value: unknown): string[] {
  const { key } = load(version);
  const ref = `${key}#/$defs/${typeName}`;
  let validate = compiled.get(ref);
  if (!validate) {
    validate = ajv.getSchema(ref);
    if (!validate) return [`v${version} schema has no type ${typeName}`];
    compiled.set(ref, validate);
  }
  return validate(value) ? [] : describe(validate.errors).map((error) => `${typeName}${error}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Errors of one JSON-RPC frame sent by `sender`: the envelope, then the params or result against the method's type.
 * A response names no method, so pass the method of the request it answers (`methodOfRequestId`).
 * Extension methods (`_…`) are checked only for their envelope.
 */
export function validateFrame(
  version: AcpVersion,
  sender: Sender,
  frame: unknown,
  methodOfRequestId?: string,
): string[] {
  if (!isObject(frame)) return ["frame is not a JSON object"];
  if (frame.jsonrpc !== "2.0") return [`jsonrpc must be "2.0", got ${JSON.stringify(frame.jsonrpc)}`];
  const { methods } = load(version);
  const receiver = sender === "client" ? "agent" : "client";
  const hasId = "id" in frame;

  if (typeof frame.method === "string") {
    const method = frame.method;
    const idErrors = hasId ? validateSchemaType(version, "RequestId", frame.id) : [];
    if (method.startsWith("_")) return idErrors;
    const types = methods.get(method);
    const typeName = hasId ? types?.request : types?.notification;
    const sideOk = types !== undefined && (types.side === receiver || types.side === "protocol");
    if (!typeName || !sideOk) {
      return [
        `${method} is not a ${hasId ? "request" : "notification"} a ${sender} may send in ACP v${version}`,
      ];
    }
    return [...idErrors, ...validateSchemaType(version, typeName, frame.params ?? null)];
  }

  if (!hasId) return ["frame has neither method nor id"];
  if ("error" in frame === "result" in frame) return ["a response has exactly one of result and error"];
  if ("error" in frame) return validateSchemaType(version, "Error", frame.error);
  if (methodOfRequestId === undefined) return [`response to unknown request id ${JSON.stringify(frame.id)}`];
  if (methodOfRequestId.startsWith("_")) return [];
  const types = methods.get(methodOfRequestId);
  // The sender of a response is the side that handled the request.
  if (!types?.response || types.side !== sender) {
    return [`${methodOfRequestId} is not a request a ${sender} answers in ACP v${version}`];
  }
  return [
    ...validateSchemaType(version, "RequestId", frame.id),
    ...validateSchemaType(version, types.response, frame.result),
  ];
}

/** Errors of a frame the client sent (requests and notifications to the agent, responses to agent requests). */
export function validateClientFrame(
  version: AcpVersion,
  frame: unknown,
  methodOfRequestId?: string,
): string[] {
  return validateFrame(version, "client", frame, methodOfRequestId);
}

/** Errors of a frame the agent sent. */
export function validateAgentFrame(
  version: AcpVersion,
  frame: unknown,
  methodOfRequestId?: string,
): string[] {
  return validateFrame(version, "agent", frame, methodOfRequestId);
}

export interface TranscriptFrame {
  readonly sender: Sender;
  readonly frame: unknown;
}

/**
 * Errors of a whole conversation in wire order, each prefixed with the frame's position and sender. Responses are
 * matched to the request they answer by id (separately per direction, since each side numbers its own requests).
 */
export function validateTranscript(version: AcpVersion, transcript: readonly TranscriptFrame[]): string[] {
  const requestMethods = { client: new Map<string, string>(), agent: new Map<string, string>() };
  const errors: string[] = [];
  transcript.forEach(({ sender, frame }, position) => {
    const answering = sender === "client" ? "agent" : "client";
    let method: string | undefined;
    if (isObject(frame) && "id" in frame) {
      const id = JSON.stringify(frame.id);
      if (typeof frame.method === "string") requestMethods[sender].set(id, frame.method);
      else method = requestMethods[answering].get(id);
    }
    for (const error of validateFrame(version, sender, frame, method)) {
      errors.push(`#${position} from ${sender} ${JSON.stringify(frame).slice(0, 200)}: ${error}`);
    }
  });
  return errors;
}

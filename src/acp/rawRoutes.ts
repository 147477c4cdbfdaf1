/**
 * The agent's `session/update` and `session/request_permission` reach Symposium as the agent sent them. The
 * connection's inbound tap renames each to a private method (`routeInbound`) before the SDK sees it, so the SDK does
 * not parse them; the checks here stand in for its parse where a malformed call must still be refused as one.
 *
 * Why not the SDK's parse:
 * - The policy must see what the agent said. The SDK's schemas drop what does not fit them without a trace: a
 *   location whose path is a list, a diff it cannot read, a `locations` that is not a list. A request naming
 *   `src/a.ts` and, so written, a file outside the workspace reached the footprint as touching `src/a.ts` only, and
 *   Bypass approved it. The footprint reads raw JSON and asks a person about what it does not understand.
 * - Time: the SDK parses each update twice (for its session helpers, which Symposium does not use, then for the
 *   handler), and v2's union of update kinds is tried kind by kind: 170 us of CPU for a tool call update with a diff,
 *   against 25 us for its own kind, on the way to every card that follows a tool call (docs/performance.md).
 *
 * Everything that reads these params (`SessionModel`, `RawToolCalls`, the footprint, `normalizePermissionRequest`)
 * reads them as untrusted JSON.
 */
import { RequestError } from "@agentclientprotocol/sdk/experimental/v2";
import * as z from "zod/mini";
import { asObject, type Json } from "../core/json";
import { LIMITS } from "../shared/limits";

export const SESSION_UPDATE_ROUTE = "_symposium/session_update";
export const REQUEST_PERMISSION_ROUTE = "_symposium/request_permission";
/** Read raw like the two above: `agentForms.formOf` reads an agent's form as untrusted JSON, whatever it holds. */
export const ELICITATION_ROUTE = "_symposium/elicitation_create";

/** The methods read raw, and the private names they travel under inside the SDK. */
const ROUTES: ReadonlyMap<string, string> = new Map([
  ["session/update", SESSION_UPDATE_ROUTE],
  ["session/request_permission", REQUEST_PERMISSION_ROUTE],
  ["elicitation/create", ELICITATION_ROUTE],
]);
const PRIVATE_NAMES: ReadonlySet<string> = new Set(ROUTES.values());

/**
 * Renames an inbound frame of a method read raw to its private name. A notification and a request keep their kind,
 * so what the SDK answers about the wrong kind (a request named `session/update`: method not found) is unchanged. A
 * frame the agent itself sent under a private name is renamed away from it: it stays the unknown method it was.
 */
export function routeInbound(frame: Json): void {
  const method = frame.method;
  if (typeof method !== "string") return;
  const route = ROUTES.get(method);
  if (route !== undefined) frame.method = route;
  else if (PRIVATE_NAMES.has(method)) frame.method = `${method}/sent-by-agent`;
}

/** A form's params (`elicitation/create`): an object, read field by field by `agentForms.formOf`. */
export function objectParams(params: unknown): Json {
  const object = asObject(params);
  if (!object) throw RequestError.invalidParams(undefined, "params must be an object");
  return object;
}

/**
 * An update's params: an object naming no id longer than `LIMITS.toolCallIdChars`. Its fields are read as JSON by
 * whoever uses them.
 */
export function sessionUpdateParams(params: unknown): Json {
  const object = asObject(params);
  if (!object) throw RequestError.invalidParams(undefined, "session/update params must be an object");
  refuseLongIds("session/update", longIdIn(asObject(object.update), "update"));
  return object;
}

// Tool call, terminal and message ids are kept whole, as map keys and item ids the view is sent and names back: a
// longer one is refused rather than cut (two cut ids could be one), so no transcript item, card or record carries it.
const isLongId = (value: unknown) => typeof value === "string" && value.length > LIMITS.toolCallIdChars;
const ID_FIELDS = ["toolCallId", "terminalId", "messageId"] as const;

/** Where a tool call, update or command names an id over the cap (`at.field`), else undefined. */
function longIdIn(call: Json | undefined, at: string): string | undefined {
  if (!call) return undefined;
  for (const field of ID_FIELDS) if (isLongId(call[field])) return `${at}.${field}`;
  const content = call.content;
  const index = Array.isArray(content)
    ? content.findIndex((part) => isLongId(asObject(part)?.terminalId))
    : -1;
  return index >= 0 ? `${at}.content.${index}.terminalId` : undefined;
}

function refuseLongIds(method: string, where: string | undefined): void {
  if (where !== undefined)
    throw RequestError.invalidParams(
      undefined,
      `${method}: ${where} is longer than ${LIMITS.toolCallIdChars} characters`,
    );
}

// What each version's schema requires of a request as a whole: without these there is no session to route it to, no
// option to answer with, or (v1) no tool call it is about. Anything else is read leniently, and what the footprint
// does not understand makes the request ask a person.
const v1Kind = z.enum(["allow_once", "allow_always", "reject_once", "reject_always"]);
const option = (kind: z.ZodMiniType<string>) => z.object({ optionId: z.string(), name: z.string(), kind });
const REQUEST_SHAPES = {
  1: z.object({
    sessionId: z.string(),
    toolCall: z.object({ toolCallId: z.string() }),
    options: z.array(option(v1Kind)),
  }),
  2: z.object({
    sessionId: z.string(),
    title: z.string(),
    options: z.array(option(z.string())).check(z.minLength(1)),
  }),
} as const;

/** A permission request's params, exactly as sent, once the fields its version requires are there. */
export function permissionRequestParams(version: 1 | 2, params: unknown): Json {
  // As the SDK does (after Rust's handling of an empty payload): absent params are an empty object.
  const value = params ?? {};
  const checked = REQUEST_SHAPES[version].safeParse(value);
  if (!checked.success) {
    const path = checked.error.issues[0]?.path ?? [];
    const where = path.length > 0 ? ` at ${path.join(".")}` : "";
    throw RequestError.invalidParams(undefined, `session/request_permission params are not valid${where}`);
  }
  // The shape above is an object's (zod refuses arrays and scalars there): the params as sent, not its copy.
  const request = value as Json;
  const subject = asObject(request.subject);
  refuseLongIds(
    "session/request_permission",
    version === 1
      ? longIdIn(asObject(request.toolCall), "toolCall")
      : (longIdIn(subject, "subject") ?? longIdIn(asObject(subject?.toolCall), "subject.toolCall")),
  );
  return request;
}

/**
 * Turns a `session/request_permission` of either protocol version into one `PermissionPrompt`: what the card shows,
 * capped, plus what the policy needs. The request's raw subject is kept as received (unknown types included).
 *
 * v2 `title`/`description` are prompt copy only and never change the tool call; a v1 request has no title, so one
 * is synthesised from the tool call's kind and title (again without changing the tool call).
 */
import { randomUUID } from "./randomUUID";
import {
  LIMITS,
  type OptionKindClass,
  type OptionView,
  type QuestionView,
  type SubjectView,
  type ToolCallView,
} from "../shared/protocol";
import { questionsOf } from "./agentQuestions";
import { asArray, asObject, asString } from "./json";
import type { PathCheck } from "./sessionModel";
import { capCommand, capJson, capLabel, capText } from "./text";
import { toolCallSubject } from "../shared/toolCallView";

export interface PermissionPrompt {
  key: string;
  agentName: string;
  sessionKey: string;
  /** The agent's own session id, as it sent it. */
  sessionId: string;
  protocolVersion: 1 | 2;
  title: string;
  description?: string;
  subject: SubjectView;
  options: PromptOption[];
  /**
   * An unknown subject exactly as received (the spec says to preserve it; never sent to the view whole). Known
   * subjects are fully described by `subject`, so their raw form (possibly megabytes of raw input) is not kept.
   */
  rawSubject: unknown;
  /** Every filesystem path the request is about (locations, diff paths, command cwd), for the policy. */
  paths: string[];
  /** The agent asks the person questions (`agentQuestions.ts`): only a person answers, with Submit and the answers. */
  questions?: QuestionView[];
  /** An agent's form or page to open (`PermissionBroker.elicit`): only a person's answer on its own card. */
  form?: true;
  receivedAt: number;
}

/**
 * An offered option: the view's part (named by the host's `key`, its index) plus the agent's `optionId`, kept whole
 * because it is what the agent must be answered with. Only `optionView` crosses to the webview.
 */
export interface PromptOption extends OptionView {
  optionId: string;
}

export function optionView(option: PromptOption): OptionView {
  return {
    key: option.key,
    name: option.name,
    kind: option.kind,
    kindClass: option.kindClass,
    ...(option.lasting ? { lasting: true as const } : {}),
  };
}

export interface NormalizeInput {
  protocolVersion: 1 | 2;
  params: Record<string, unknown>;
  agentName: string;
  sessionKey: string;
  /** The stored tool call after the request's tool-call patch was applied, when the request is about one. */
  toolCall: ToolCallView | undefined;
  inWorkspace: PathCheck;
  now?: number;
}

const KIND_LABELS: Record<string, string> = {
  read: "Read",
  edit: "Edit",
  delete: "Delete",
  move: "Move",
  search: "Search",
  execute: "Run",
  think: "Think",
  fetch: "Fetch",
  switch_mode: "Switch mode",
};

export function normalizePermissionRequest(input: NormalizeInput): PermissionPrompt {
  const { params, toolCall } = input;
  const rawSubject =
    input.protocolVersion === 1 ? { type: "tool_call", toolCall: params.toolCall } : (params.subject ?? null);
  const subject = subjectView(rawSubject, toolCall, input.inWorkspace);
  const title =
    input.protocolVersion === 2 && typeof params.title === "string" && params.title.trim()
      ? params.title
      : synthesizedTitle(toolCall, subject);
  const description = asString(params.description);
  const questions = questionsOf(params.toolCall ?? asObject(params.subject)?.toolCall);
  return {
    key: randomUUID(),
    agentName: input.agentName,
    sessionKey: input.sessionKey,
    sessionId: asString(params.sessionId) ?? "",
    protocolVersion: input.protocolVersion,
    title: capLabel(title, LIMITS.titleChars),
    ...(description ? { description: capLabel(description, LIMITS.descriptionChars) } : {}),
    subject,
    options: optionViews(params.options),
    rawSubject: subject.type === "unknown" ? rawSubject : undefined,
    paths: subjectPaths(subject, toolCall),
    ...(questions ? { questions } : {}),
    receivedAt: input.now ?? Date.now(),
  };
}

export function kindClass(kind: string): OptionKindClass {
  if (kind === "allow_once" || kind === "allow_always") return "allow";
  if (kind === "reject_once" || kind === "reject_always") return "reject";
  return "neutral";
}

/** The reject option to answer with when nobody decided (timeout, caps): reject_once first, then reject_always. */
export function rejectOption<T extends OptionView>(options: readonly T[]): T | undefined {
  return options.find((o) => o.kind === "reject_once") ?? options.find((o) => o.kind === "reject_always");
}

/** The first allow-once option, or the first one `acceptable` takes (one that does not switch the mode unattended). */
export function allowOnceOption<T extends OptionView & { optionId: string }>(
  options: readonly T[],
  acceptable: (optionId: string) => boolean = () => true,
): T | undefined {
  return options.find((o) => o.kind === "allow_once" && acceptable(o.optionId));
}

/** Kinds whose choice lasts beyond this request. */
const LASTING_KINDS = new Set(["allow_always", "reject_always"]);

/**
 * The offered options in the card's order: allow once first (the primary action and key 1), then the other
 * once-options, and lasting options last: agents often list "Always allow" first, and one keypress must not grant a
 * lasting permission. Stable within each rank. Each is named by its key, its index in the agent's list (after caps
 * and duplicate ids are dropped). One pass, since it runs on every request.
 */
function optionViews(raw: unknown): PromptOption[] {
  const list = asArray(raw);
  const count = Math.min(list.length, LIMITS.optionsPerRequest);
  const seen = new Set<string>();
  const allowOnce: PromptOption[] = [];
  const once: PromptOption[] = [];
  const lasting: PromptOption[] = [];
  for (let i = 0; i < count; i++) {
    const o = asObject(list[i]);
    if (!o || typeof o.optionId !== "string" || seen.has(o.optionId)) continue;
    seen.add(o.optionId);
    const kind = capLabel(asString(o.kind) ?? "", 100);
    const isLasting = LASTING_KINDS.has(kind);
    const option: PromptOption = {
      key: String(seen.size - 1),
      optionId: o.optionId,
      name: capLabel(asString(o.name) ?? o.optionId, LIMITS.optionNameChars),
      kind,
      kindClass: kindClass(kind),
      ...(isLasting ? { lasting: true as const } : {}),
    };
    (kind === "allow_once" ? allowOnce : isLasting ? lasting : once).push(option);
  }
  return allowOnce.concat(once, lasting);
}

function subjectView(raw: unknown, toolCall: ToolCallView | undefined, inWorkspace: PathCheck): SubjectView {
  const subject = asObject(raw);
  if (!subject) return { type: "none" };
  switch (subject.type) {
    case "tool_call":
      return toolCall ? toolCallSubject(toolCall) : { type: "none" };
    case "command": {
      const cwd = capText(asString(subject.cwd) ?? "", LIMITS.pathChars).text;
      const toolCallId = asString(subject.toolCallId);
      const { command, cut } = capCommand(asString(subject.command) ?? "");
      return {
        type: "command",
        command,
        ...(cut ? { commandCut: cut } : {}),
        cwd,
        ...cwdPlace(cwd, inWorkspace),
        ...(toolCallId ? { toolCallId } : {}),
      };
    }
    default: {
      const json = capJson(subject, LIMITS.rawInputChars);
      return {
        type: "unknown",
        rawType: capLabel(
          typeof subject.type === "string" ? subject.type : JSON.stringify(subject.type ?? null),
          200,
        ),
        rawJson: json.text,
        truncated: json.truncated,
      };
    }
  }
}

function synthesizedTitle(toolCall: ToolCallView | undefined, subject: SubjectView): string {
  if (subject.type === "command") return `Run ${subject.command}`;
  if (!toolCall) return "Permission requested";
  const label = KIND_LABELS[toolCall.toolKind] ?? "Tool call";
  if (!toolCall.title) return `${label} requested`;
  // A title that already starts with the kind's verb ("Run the tests", as Copilot writes them) reads as it is, not
  // "Run: Run the tests"; any other keeps the kind in front, where the agent's words cannot hide it.
  const sameVerb = new RegExp(`^${label}(\\s|$)`, "i").test(toolCall.title);
  return sameVerb ? toolCall.title : `${label}: ${toolCall.title}`;
}

function subjectPaths(subject: SubjectView, toolCall: ToolCallView | undefined): string[] {
  switch (subject.type) {
    case "command":
      return [subject.cwd];
    case "tool_call":
      return [...subject.locations.map((l) => l.path), ...subject.diffs.map((d) => d.path)].filter(Boolean);
    default:
      return toolCall ? toolCall.locations.map((l) => l.path) : [];
  }
}

/** An empty cwd is shown as is and never counts as inside. */
function cwdPlace(cwd: string, inWorkspace: PathCheck): { cwdDisplay: string; cwdInWorkspace: boolean } {
  const place = cwd !== "" ? inWorkspace(cwd) : { inside: false, display: cwd };
  return { cwdDisplay: place.display, cwdInWorkspace: place.inside };
}

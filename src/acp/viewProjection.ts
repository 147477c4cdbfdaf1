/** How the client's state becomes view ops: pure functions, so every path projects a session or a card the same way. */
import { optionView, type PermissionPrompt } from "../core/permissionPrompt";
import { toolCallSubject } from "../shared/toolCallView";
import type { SessionModel } from "../core/sessionModel";
import type {
  ContextChipView,
  ModeSwitchView,
  SentPromptView,
  SessionHeader,
  SubjectOnItem,
  SubjectView,
  TranscriptItem,
  ViewOp,
} from "../shared/protocol";

/**
 * `queued`: how many of the person's messages wait to be sent (the composer offers Stop for them); `context`: what
 * they added to their next message; `turnElapsedMs`: how long the running turn has run, when one runs.
 */
export function sessionHeader(
  model: SessionModel,
  bypassed: boolean,
  queued: number,
  context: readonly ContextChipView[] = [],
  takesImages?: boolean,
  turnElapsedMs?: number,
): SessionHeader {
  return {
    ...model.header(bypassed),
    ...(queued > 0 ? { queued } : {}),
    ...(context.length > 0 ? { context: [...context] } : {}),
    ...(takesImages !== undefined ? { takesImages } : {}),
    ...(turnElapsedMs !== undefined ? { turnElapsedMs } : {}),
  };
}

export function headerOp(header: SessionHeader): ViewOp {
  return { op: "session", header };
}

export function itemOps(sessionKey: string, items: readonly TranscriptItem[]): ViewOp[] {
  return items.map((item) => ({ op: "item", sessionKey, item }));
}

/**
 * Items whose approval state alone changed since the view got them (`SessionModel.setAwaitingApproval`): a tool call
 * goes as its state only, so a card's message does not carry its tool call's diffs again.
 */
export function toolStateOps(sessionKey: string, items: readonly TranscriptItem[]): ViewOp[] {
  return items.map((item) =>
    item.kind === "tool_call"
      ? {
          op: "toolState",
          sessionKey,
          itemId: item.id,
          status: item.status,
          ...(item.awaitingApproval ? { awaitingApproval: true } : {}),
          ...(item.changedAfterRequest ? { changedAfterRequest: true } : {}),
        }
      : { op: "item", sessionKey, item },
  );
}

/** What a card needs beyond the prompt, decided once when the request arrived (no path is resolved again here). */
export interface CardFacts {
  /** Why bypass did not answer this request automatically, when the agent is bypassed. */
  bypassBlockedReason?: string;
  /** Whether bypass would have approved this very request (the Bypass button is offered only then). */
  bypassWouldApply: boolean;
  /** When the timeout rejects it, as set when the request was held. */
  expiresAt?: number;
  /** The transcript item of the tool call the card is about. */
  toolItemId?: string;
  /** The options switch the agent's mode (ExitPlanMode). */
  modeSwitch?: ModeSwitchView;
}

/**
 * The card as the view gets it. `item`: the card's tool-call item (`facts.toolItemId`) as the session last sent it to
 * the view; when it shows exactly the request's subject, the subject goes as `on_item` and the view takes it from
 * there (`subjectOnItem`), so its diffs cross once.
 */
export function promptView(
  prompt: PermissionPrompt,
  facts: CardFacts,
  bypassed: boolean,
  item?: TranscriptItem,
): SentPromptView {
  return {
    key: prompt.key,
    sessionKey: prompt.sessionKey,
    agentName: prompt.agentName,
    title: prompt.title,
    ...(prompt.description ? { description: prompt.description } : {}),
    subject: subjectOnItem(prompt.subject, facts.toolItemId, item) ?? prompt.subject,
    options: prompt.options.map(optionView),
    ...(facts.toolItemId ? { toolItemId: facts.toolItemId } : {}),
    canBypass: !bypassed && !facts.bypassBlockedReason && facts.bypassWouldApply,
    ...(facts.bypassBlockedReason ? { bypassBlockedReason: facts.bypassBlockedReason } : {}),
    receivedAt: prompt.receivedAt,
    ...(facts.expiresAt !== undefined ? { expiresAt: facts.expiresAt } : {}),
    ...(facts.modeSwitch ? { modeSwitch: facts.modeSwitch } : {}),
    ...(prompt.questions ? { questions: prompt.questions } : {}),
  };
}

/**
 * `on_item` when the item the view holds shows the request's subject exactly, else undefined (the whole subject goes).
 * Never once the agent changed the tool call after asking: the item then shows something else than the card, and the
 * view, which also refuses an item marked so, would have nothing to take the card's subject from.
 */
export function subjectOnItem(
  subject: SubjectView,
  toolItemId: string | undefined,
  item: TranscriptItem | undefined,
): SubjectOnItem | undefined {
  if (subject.type !== "tool_call" || item?.kind !== "tool_call" || item.id !== toolItemId) return undefined;
  if (item.changedAfterRequest) return undefined;
  return sameToolCallSubject(toolCallSubject(item), subject)
    ? { type: "on_item", toolCallId: subject.toolCallId }
    : undefined;
}

type ToolCallSubject = Extract<SubjectView, { type: "tool_call" }>;

/**
 * Every field of a tool-call subject (`toolCallSubject`; one added there must be compared here), without serializing
 * the large ones (raw input, previews): a snapshot sends every pending card.
 */
function sameToolCallSubject(a: ToolCallSubject, b: ToolCallSubject): boolean {
  return (
    a.toolCallId === b.toolCallId &&
    a.toolKind === b.toolKind &&
    a.toolTitle === b.toolTitle &&
    a.command === b.command &&
    a.commandCut?.omitted === b.commandCut?.omitted &&
    a.commandCut?.tail === b.commandCut?.tail &&
    a.rawInput === b.rawInput &&
    a.rawInputTruncated === b.rawInputTruncated &&
    (a.locations === b.locations || JSON.stringify(a.locations) === JSON.stringify(b.locations)) &&
    a.locationsNotShown === b.locationsNotShown &&
    sameLines(a.notes ?? [], b.notes ?? []) &&
    a.diffs.length === b.diffs.length &&
    a.diffs.every((diff, i) => {
      const other = b.diffs[i];
      return (
        other !== undefined &&
        diff.index === other.index &&
        diff.path === other.path &&
        diff.display === other.display &&
        diff.added === other.added &&
        diff.removed === other.removed &&
        diff.truncated === other.truncated &&
        sameLines(diff.preview, other.preview)
      );
    })
  );
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a === b || (a.length === b.length && a.every((line, i) => line === b[i]));
}

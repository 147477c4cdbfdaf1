/** How the client's state becomes view ops: pure functions, so every path projects a session or a card the same way. */
import { optionView, type PermissionPrompt } from "../core/permissionPrompt";
import type { SessionModel } from "../core/sessionModel";
import type { ModeSwitchView, PromptView, SessionHeader, TranscriptItem, ViewOp } from "../shared/protocol";

/** `queued`: how many of the person's messages wait to be sent (the composer offers Stop for them). */
export function sessionHeader(model: SessionModel, bypassed: boolean, queued: number): SessionHeader {
  return { ...model.header(bypassed), ...(queued > 0 ? { queued } : {}) };
}

export function headerOp(header: SessionHeader): ViewOp {
  return { op: "session", header };
}

export function itemOps(sessionKey: string, items: readonly TranscriptItem[]): ViewOp[] {
  return items.map((item) => ({ op: "item", sessionKey, item }));
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

export function promptView(prompt: PermissionPrompt, facts: CardFacts, bypassed: boolean): PromptView {
  return {
    key: prompt.key,
    sessionKey: prompt.sessionKey,
    agentName: prompt.agentName,
    title: prompt.title,
    ...(prompt.description ? { description: prompt.description } : {}),
    subject: prompt.subject,
    options: prompt.options.map(optionView),
    ...(facts.toolItemId ? { toolItemId: facts.toolItemId } : {}),
    canBypass: !bypassed && !facts.bypassBlockedReason && facts.bypassWouldApply,
    ...(facts.bypassBlockedReason ? { bypassBlockedReason: facts.bypassBlockedReason } : {}),
    receivedAt: prompt.receivedAt,
    ...(facts.expiresAt !== undefined ? { expiresAt: facts.expiresAt } : {}),
    ...(facts.modeSwitch ? { modeSwitch: facts.modeSwitch } : {}),
  };
}

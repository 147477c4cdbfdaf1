/**
 * The way of one `session/request_permission`: build the prompt from the request (`preparePermission`), decide
 * (`decide`: bypass today; the policy engine plugs in there), hold it in `PendingApprovals` while its card is open,
 * and take the answer. The card's state lives on its tool call: it is awaiting approval until the card is answered.
 */
import { decideBypass } from "../core/bypassPolicy";
import { asObject, asString, type Json } from "../core/json";
import type { Logger } from "../core/logger";
import { decisionRecord, type PendingApprovals, type PermissionOutcome } from "../core/pendingApprovals";
import { normalizePermissionRequest, type PermissionPrompt } from "../core/permissionPrompt";
import type { SessionModel } from "../core/sessionModel";
import { capLabel } from "../core/text";
import type { WorkspacePaths } from "../core/workspacePaths";
import { LIMITS } from "../shared/limits";
import type { DecisionRecord, PromptView, TranscriptItem, ViewOp } from "../shared/protocol";
import type { AgentConnection } from "./agentConnection";
import type { Session } from "./session";
import { promptView, type CardFacts } from "./viewProjection";

export interface DecideContext {
  /** The agent's bypass is on (user setting or window-only). */
  bypassed: boolean;
  workspaceTrusted: boolean;
  paths: Pick<WorkspacePaths, "contains" | "isProtected">;
}

export type Decision =
  | { answer: "approve"; optionId: string; reason: string }
  | { answer: "ask"; facts: Pick<CardFacts, "bypassBlockedReason" | "bypassWouldApply"> };

/**
 * Whether a request is answered without a person. The one decision step: each path of the request is resolved here
 * once, and what the card needs to know about bypass is kept with it rather than worked out again per view.
 */
export function decide(prompt: PermissionPrompt, context: DecideContext): Decision {
  const underBypass = decideBypass(prompt, {
    bypassed: true,
    workspaceTrusted: context.workspaceTrusted,
    inWorkspace: context.paths.contains,
    isProtected: context.paths.isProtected,
  });
  if (context.bypassed && underBypass.approve) return { answer: "approve", ...underBypass };
  const facts = { bypassWouldApply: underBypass.approve };
  return context.bypassed && underBypass.reason
    ? { answer: "ask", facts: { ...facts, bypassBlockedReason: underBypass.reason } }
    : { answer: "ask", facts };
}

export interface PreparedPermission {
  prompt: PermissionPrompt;
  /** Transcript items the request's tool-call patch changed. */
  changed: TranscriptItem[];
  /** The transcript item of the tool call the request is about, when the session shows it. */
  toolItemId: string | undefined;
  decision: Decision;
}

/**
 * From a request as the SDK parsed it to a decided prompt: the subject's tool-call patch is applied to the session
 * (a request may carry the tool call's latest state), the request normalised and decided.
 */
export function preparePermission(
  model: SessionModel,
  request: { protocolVersion: 1 | 2; params: Json; agentName: string },
  context: DecideContext,
): PreparedPermission {
  const { protocolVersion, params, agentName } = request;
  const subject =
    protocolVersion === 1 ? { type: "tool_call", toolCall: params.toolCall } : asObject(params.subject);
  const patch = subject?.type === "tool_call" ? asObject(subject.toolCall) : undefined;
  const changed = patch ? model.applyToolCallPatch(patch) : [];
  const toolCallId = asString(patch?.toolCallId);
  const call = toolCallId !== undefined ? model.toolCall(toolCallId) : undefined;
  const toolCall = call ? model.toolCallView(call) : undefined;
  const prompt = normalizePermissionRequest({
    protocolVersion,
    params,
    agentName,
    sessionKey: model.key,
    toolCall,
    inWorkspace: context.paths.contains,
  });
  const toolItemId = prompt.subject.type === "tool_call" ? toolCall?.id : undefined;
  return { prompt, changed, toolItemId, decision: decide(prompt, context) };
}

export interface BrokerHost {
  pending: PendingApprovals;
  log: Logger;
  isBypassed(agentName: string): boolean;
  workspaceTrusted(): boolean;
  paths(): WorkspacePaths;
  session(sessionKey: string): Session | undefined;
  emit(ops: ViewOp[]): void;
  /** Every decision, whoever made it, for the history. */
  recordDecision(prompt: PermissionPrompt, record: DecisionRecord): void;
}

export class PermissionBroker {
  /** What each held request's card shows beyond the prompt, by prompt key. */
  private readonly facts = new Map<string, CardFacts>();
  /** Keys of requests that have a card (were added to the pending map). */
  private readonly shown = new Set<string>();

  constructor(private readonly host: BrokerHost) {
    host.pending.onDidChange((event) => {
      const { prompt } = event;
      if (event.type === "added") return this.cardOpened(prompt);
      this.host.recordDecision(prompt, event.record);
      this.facts.delete(prompt.key);
      if (!this.shown.delete(prompt.key)) {
        // Answered before any card existed (over the caps, duplicate id, already withdrawn): no view traffic, so a
        // flood of requests costs no rendering.
        this.host.log.trace(
          `Answered "${prompt.title}" without a card: ${event.record.summary} [${event.record.provenance}]`,
        );
        return;
      }
      const session = this.host.session(prompt.sessionKey);
      if (session) {
        if (prompt.subject.type === "tool_call")
          session.showItems(session.model.setAwaitingApproval(prompt.subject.toolCallId, prompt.key, false));
        session.model.addItem({ kind: "decision", id: `decision:${event.record.key}`, record: event.record });
      }
      this.host.log.info(
        `Permission "${prompt.title}" (${prompt.agentName}): ${event.record.summary} [${event.record.provenance}]`,
      );
      this.host.emit([{ op: "decided", record: event.record }]);
    });
  }

  /** A `session/request_permission` from `connection` for `session`. Resolves with the answer; never rejects. */
  async request(
    connection: AgentConnection,
    session: Session,
    params: Json,
    request: { signal: AbortSignal; requestId: string | number | null },
  ): Promise<PermissionOutcome> {
    const { prompt, changed, toolItemId, decision } = preparePermission(
      session.model,
      { protocolVersion: connection.version, params, agentName: connection.name },
      this.context(connection.name),
    );
    session.showItems(changed);
    if (decision.answer === "approve") {
      this.host.log.info(
        `Auto-approved "${prompt.title}" for ${connection.name} with ${capLabel(decision.optionId, LIMITS.optionIdChars)}: ${decision.reason}.`,
      );
      session.grantTerminal();
      const outcome: PermissionOutcome = { outcome: "selected", optionId: decision.optionId };
      this.host.recordDecision(prompt, decisionRecord(prompt, outcome, "bypass", Date.now()));
      return outcome;
    }
    const reason = decision.facts.bypassBlockedReason;
    if (reason)
      this.host.log.info(`Bypass did not apply to "${prompt.title}" for ${connection.name}: ${reason}.`);
    this.facts.set(prompt.key, { ...decision.facts, ...(toolItemId ? { toolItemId } : {}) });
    const outcome = await this.host.pending.add(
      prompt,
      { connectionId: connection.process.id, requestId: request.requestId ?? "" },
      request.signal,
      () => (connection.isClosing ? "agent_exit" : "agent_cancel"),
    );
    if (
      outcome.outcome === "selected" &&
      prompt.options.find((o) => o.optionId === outcome.optionId)?.kindClass === "allow"
    )
      session.grantTerminal();
    return outcome;
  }

  /** Reading or writing a protected file (`.git/**`, `.env*`, …) always takes a person's explicit yes, bypass or not. */
  async confirmProtectedAccess(
    connection: AgentConnection,
    session: Session,
    path: string,
    access: "read" | "write",
  ): Promise<boolean> {
    const prompt = normalizePermissionRequest({
      protocolVersion: 2,
      params: {
        sessionId: session.agentSessionId,
        title: `${access === "read" ? "Read" : "Write"} the protected file ${path}?`,
        description: `${connection.name} is ${access === "read" ? "reading" : "writing to"} a protected file. Bypass never covers protected files.`,
        options: [
          { optionId: access, name: `Allow this ${access}`, kind: "allow_once" },
          { optionId: "reject", name: "Reject", kind: "reject_once" },
        ],
      },
      agentName: connection.name,
      sessionKey: session.key,
      toolCall: undefined,
      inWorkspace: this.host.paths().contains,
    });
    this.facts.set(prompt.key, {
      bypassBlockedReason: "protected files always need your explicit answer",
      bypassWouldApply: false,
    });
    const outcome = await this.host.pending.add(prompt, {
      connectionId: connection.process.id,
      requestId: `${access}:${prompt.key}`,
    });
    return outcome.outcome === "selected" && outcome.optionId === access;
  }

  /** A choice by the agent's own option id (automation, tests). Ignored unless that option was offered for it. */
  choose(key: string, optionId: string): boolean {
    return this.accepted(this.host.pending.resolve(key, optionId, "user"), key);
  }

  /** A person's click in the view, naming the option by its host key. Ignored unless that request offers it. */
  chooseOption(key: string, optionKey: string): boolean {
    return this.accepted(this.host.pending.choose(key, optionKey, "user"), key);
  }

  /** A person's Deny (button or Escape): the reject option, or `cancelled` when the card offers none. */
  deny(key: string): boolean {
    const accepted = this.host.pending.deny(key, "user");
    if (!accepted) this.host.log.warn(`Ignored a Deny for ${key}: no such pending request.`);
    return accepted;
  }

  private accepted(accepted: boolean, key: string): boolean {
    if (!accepted) this.host.log.warn(`Ignored a choice for ${key}: no such pending request or option.`);
    return accepted;
  }

  promptView(prompt: PermissionPrompt): PromptView {
    return promptView(
      prompt,
      this.facts.get(prompt.key) ?? { bypassWouldApply: false },
      this.host.isBypassed(prompt.agentName),
    );
  }

  views(): PromptView[] {
    return this.host.pending.list().map((prompt) => this.promptView(prompt));
  }

  private context(agentName: string): DecideContext {
    return {
      bypassed: this.host.isBypassed(agentName),
      workspaceTrusted: this.host.workspaceTrusted(),
      paths: this.host.paths(),
    };
  }

  private cardOpened(prompt: PermissionPrompt): void {
    this.shown.add(prompt.key);
    const facts = this.facts.get(prompt.key);
    const expiresAt = this.host.pending.expiresAt(prompt.key);
    if (facts && expiresAt !== undefined) facts.expiresAt = expiresAt;
    const session = this.host.session(prompt.sessionKey);
    if (session && prompt.subject.type === "tool_call")
      session.showItems(session.model.setAwaitingApproval(prompt.subject.toolCallId, prompt.key, true));
    this.host.emit([{ op: "prompt", prompt: this.promptView(prompt) }]);
  }
}

/**
 * The way of one `session/request_permission`: build the prompt from the request (`preparePermission`), decide it
 * with the policy engine (`src/core/policy`: the footprint of the RAW request, rules, guards, Bypass), hold it in
 * `PendingApprovals` while its card is open, and take the answer. The card's state lives on its tool call: it is
 * awaiting approval until the card is answered.
 */
import { isAbsolute, normalize, sep } from "node:path";
import { summarizeSubject } from "../core/approvalHistory";
import { errorMessage } from "../core/errorMessage";
import { asObject, asString, type Json } from "../core/json";
import type { Logger } from "../core/logger";
import { decisionRecord, type PendingApprovals, type PermissionOutcome } from "../core/pendingApprovals";
import { allowOnceOption, normalizePermissionRequest, type PermissionPrompt } from "../core/permissionPrompt";
import type { PolicyEngine } from "../core/policy/engine";
import type { Footprint } from "../core/policy/footprint";
import type { PathCheck, PolicyBoundary, RequestPaths } from "../core/policy/resolvePath";
import type { RuleEdit } from "../core/policy/grantEdit";
import type { ProcessIdentity } from "../core/policy/processPatterns";
import type { GitAliasReader } from "../core/policy/gitAliases";
import type { GitAllowance, GitReads } from "../core/policy/gitChanges";
import type { DecideContext as PolicyContext, Decision as PolicyDecision } from "../core/policy/rules";
import { ruleScope, type PermissionRule } from "../core/policy/ruleSettings";
import { toolItemId as toolItemIdOf, type SessionModel } from "../core/sessionModel";
import { capLabel } from "../core/text";
import { randomUUID } from "../core/randomUUID";
import { placeIn, placeOf, placesShown } from "../core/workspacePlace";
import { LIMITS } from "../shared/limits";
import { subjectToolCallId } from "../shared/toolCallView";
import type {
  DecisionRecord,
  GrantView,
  SentPromptView,
  ToolCallView,
  TranscriptItem,
  ViewOp,
} from "../shared/protocol";
import type { AgentConnection, ClientCall } from "./agentConnection";
import { rawSubjectToolCall, RawToolCalls } from "./rawToolCalls";
import type { ApprovedCommand, Session } from "./session";
import { promptView, type CardFacts } from "./viewProjection";
import { modeSwitchOf, switchesUnattended } from "../core/sessionControls";
import { checkedAnswers } from "../core/agentQuestions";
import type { AgentForm } from "../core/agentForms";

/** What a v1 `fs/write_text_file` writes: its content, against the file's text now (`null`: no such file). */
export type WrittenChange =
  | { content: string; before: string | null; unreadable?: undefined }
  | { content: string; unreadable: string };

export interface DecideContext {
  /** The agent's bypass is on (user setting or window-only). */
  bypassed: boolean;
  workspaceTrusted: boolean;
  boundary: PolicyBoundary;
  rules: readonly PermissionRule[];
  /** The matchers, loaded with the ACP runtime (requests arrive only once it is). */
  policy: PolicyEngine;
  home: string;
  /** Where the session's agent runs (`Session.cwd`): a command without its own cwd runs there. */
  cwd: string | undefined;
  /** `CDPATH` of the environment agents start in, where their shells' `cd src` looks first. */
  cdPath?: string;
  /** What the agent's settings add to the host's environment: its own tools run commands with it. */
  agentEnv?: Readonly<Record<string, string>>;
  /** The agent's TMPDIR where it is the window's scratch folder: what a line's `$TMPDIR` names. */
  tmpdir?: string;
  /** git's aliases in a folder: `git pf` is read as what the alias runs. */
  gitAliases?: GitAliasReader;
  /** The editor's own processes, which no command may end (`killall node`). */
  editorProcesses: readonly ProcessIdentity[];
  /** What the agent's requests may still spend of git, together (`GitAllowance`). */
  gitAllowance?: GitAllowance;
  /** The reads of git this decision draws on (from `gitAllowance`); a budget of its own when absent. */
  gitReads?: GitReads;
}

export type Decision =
  | { answer: "approve"; optionId: string; by: PolicyDecision["by"] }
  /** No `optionId`: `cancelled`, the agent offered no reject option. */
  | { answer: "reject"; optionId?: string; by: PolicyDecision["by"] }
  | {
      answer: "ask";
      by: PolicyDecision["by"];
      facts: Pick<CardFacts, "bypassBlockedReason" | "bypassWouldApply">;
      /** What holds it back even under Bypass (a guard, a deny or ask rule); undefined when Bypass would approve. */
      heldUnderBypass: string | undefined;
    };

const ONLY_A_PERSON = "the agent asks you questions only you can answer";

/**
 * Whether a request is answered without a person, and what made that so. The policy decides on the footprint; the
 * answer is one of the agent's own options: `allow_once` for an allow (never a lasting option: revoking a rule or
 * Bypass takes effect at once; without one a person decides), a reject option for a deny rule, else `cancelled`.
 */
export function decide(
  prompt: PermissionPrompt,
  footprint: Footprint,
  context: DecideContext,
  paths: RequestPaths = context.boundary.forRequest(),
  /** Whether an option switches the agent to a mode that acts without asking (`switchesUnattended`). */
  unattended: (optionId: string) => boolean = () => false,
): Decision {
  if (prompt.questions) {
    // Only a person can answer questions: an approval without answers tells the agent they were declined.
    const reason = ONLY_A_PERSON;
    return {
      answer: "ask",
      by: { type: "default", label: reason },
      facts: { bypassWouldApply: false, ...(context.bypassed ? { bypassBlockedReason: reason } : {}) },
      heldUnderBypass: reason,
    };
  }
  const both = context.policy.decideBoth(
    footprint,
    policyContext(prompt.agentName, context, context.bypassed, paths),
  );
  const decision = context.bypassed ? both.on : both.off;
  // Such an option would end every later card, rules and guards with them: a person chooses it, as they confirm
  // such a mode picked in the view.
  const found = allowOnceOption(prompt.options);
  const allowOnce = allowOnceOption(prompt.options, (id) => !unattended(id));
  if (decision.verdict === "allow" && allowOnce)
    return { answer: "approve", optionId: allowOnce.optionId, by: decision.by };
  if (decision.verdict === "deny") {
    // Never a card: an agent that leaves its reject option out would turn the person's "never" into a yes to click.
    const reject =
      prompt.options.find((o) => o.kind === "reject_once") ??
      prompt.options.find((o) => o.kindClass === "reject");
    return { answer: "reject", ...(reject ? { optionId: reject.optionId } : {}), by: decision.by };
  }
  const underBypass = both.on;
  const bypassWouldApply = underBypass.verdict === "allow" && allowOnce !== undefined;
  const blocked =
    decision.verdict === "allow"
      ? found
        ? "its allow-once option switches the agent to a mode that acts without asking"
        : "the agent offered no allow-once option"
      : decision.by.type === "default"
        ? undefined
        : decision.by.label;
  return {
    answer: "ask",
    by: decision.by,
    facts: {
      bypassWouldApply,
      // The card is narrow: the workspace's own paths are shown from it (the history keeps them whole).
      ...(context.bypassed && blocked
        ? { bypassBlockedReason: placesShown(blocked, paths.boundary.roots) }
        : {}),
    },
    heldUnderBypass: underBypass.verdict === "allow" ? undefined : underBypass.by.label,
  };
}

/**
 * Where each word of a request's commands, and each path it names, leads as the OS resolves it now (inside or
 * outside, and the resolved path; not whether it is there yet, which the commands it follows change as they should):
 * a word that is no file leads to a name nobody made, and stays so. Placed from the folder each command runs in,
 * where it is known.
 */
function namedPlaces(
  footprint: Footprint,
  paths: { check(path: string): PathCheck },
  cwd: string | undefined,
  home: string,
): string[] {
  const words = new Set(footprint.paths.map((p) => p.path));
  for (const line of footprint.commands) {
    const start = line.cwd ?? cwd;
    line.commands.forEach((command, at) => {
      const folders = line.changesDirectory ? (line.cwds?.[at] ?? []) : [start];
      for (const word of command.argv)
        for (const folder of folders) {
          if (word === null || word === "") continue;
          if (word === "~" || word.startsWith("~/")) words.add(`${home}${word.slice(1)}`);
          else if (isAbsolute(word)) words.add(word);
          else if (folder !== undefined) words.add(`${folder}${sep}${word}`);
        }
    });
  }
  return [...words].map((path) => {
    const check = paths.check(path);
    if (check.status === "unresolved") return `${path} cannot be resolved: ${check.reason}`;
    const where = check.status === "outside" ? ", outside the workspace" : "";
    return check.path === path ? `${path}${where}` : `${path} leads to ${check.path}${where}`;
  });
}

/**
 * The policy engine's context for one agent's request. `paths` is the request's own view of the boundary while it is
 * decided; later checks (a grant, a batch) pass none and resolve anew.
 */
function policyContext(
  agentName: string,
  context: DecideContext,
  bypass: boolean,
  paths: RequestPaths | PolicyBoundary = context.boundary,
): PolicyContext {
  return {
    agentName,
    rules: context.rules,
    bypass,
    trusted: context.workspaceTrusted,
    paths,
    home: context.home,
    ...(context.cwd !== undefined ? { sessionCwd: context.cwd } : {}),
    editorProcesses: context.editorProcesses,
    ...(context.agentEnv ? { agentEnv: context.agentEnv } : {}),
    ...(context.gitReads ? { gitReads: context.gitReads } : {}),
  };
}

/**
 * The context in which a grant is checked: the deny and ask rules only (whether a rule "covers" a request means the
 * rule alone would approve it; an allow rule that already does, such as the grant just saved, must not hide that).
 */
function grantContext(agentName: string, context: DecideContext, paths?: RequestPaths): PolicyContext {
  const strict = policyContext(agentName, context, false, paths);
  return { ...strict, rules: context.rules.filter((r) => r.action !== "allow") };
}

/** What a grant did, for the host: the rule to remember, and the other pending requests it covers (a batch offer). */
export type GrantResult =
  | { ok: true; rule: PermissionRule; sessionKey: string; offer?: { id: string; count: number } }
  | { ok: false; reason: string };

/** A request held for a person, with what a grant needs: its footprint and the narrowest rule that covers it. */
interface HeldRequest {
  footprint: Footprint;
  proposal: PermissionRule | undefined;
  /** How the decision named what held it, when Bypass is off and a rule or guard did. */
  heldBy: string | undefined;
}

/** The pending requests a grant covers, offered as one batch. */
interface BatchOffer {
  rule: PermissionRule;
  keys: string[];
}

/** Batch offers kept at once (each is taken when used; old ones are dropped). */
const MAX_OFFERS = 16;

export interface PreparedPermission {
  prompt: PermissionPrompt;
  footprint: Footprint;
  /** Transcript items the request's tool-call patch changed. */
  changed: TranscriptItem[];
  /** The transcript item of the tool call the request is about, when the session shows it. */
  toolItemId: string | undefined;
  decision: Decision;
  /** The request's paths as resolved while it was decided (for its proposed rule, in the same task). */
  paths: RequestPaths;
}

/**
 * From a request as the SDK parsed it to a decided prompt. The footprint is built first, from the raw request and
 * the raw stored tool call it patches; then the patch is applied to the session (a request may carry the tool
 * call's latest state) and the request normalised for the card. Each path is resolved once for all of it.
 */
export function preparePermission(
  model: SessionModel,
  raw: RawToolCalls,
  request: { protocolVersion: 1 | 2; params: Json; agentName: string },
  context: DecideContext,
): PreparedPermission {
  const { protocolVersion, params, agentName } = request;
  const paths = context.boundary.forRequest();
  const rawPatch = rawSubjectToolCall(protocolVersion, params);
  const rawId = asString(rawPatch?.toolCallId);
  const stored = rawId !== undefined ? raw.get(rawId) : { state: "unknown" as const };
  const footprint = context.policy.buildFootprint(
    { protocolVersion, params, ...(stored.state === "kept" ? { storedToolCall: stored.call } : {}) },
    {
      shell: context.policy.shell,
      home: context.home,
      ...(context.cwd !== undefined ? { sessionCwd: context.cwd } : {}),
      ...(context.cdPath ? { cdPath: context.cdPath } : {}),
      ...(context.gitAliases ? { gitAliases: context.gitAliases } : {}),
      ...(context.tmpdir !== undefined ? { tmpdir: context.tmpdir } : {}),
    },
  );
  const lost =
    stored.state === "lost"
      ? stored.reason
      : stored.state === "unknown" && rawId !== undefined && model.toolCall(rawId) !== undefined
        ? "the tool call's earlier fields were not kept"
        : undefined;
  if (lost !== undefined) {
    footprint.reasons.push(lost);
    footprint.complete = false;
  }
  const subject =
    protocolVersion === 1 ? { type: "tool_call", toolCall: params.toolCall } : asObject(params.subject);
  const patch = subject?.type === "tool_call" ? asObject(subject.toolCall) : undefined;
  // The transcript let the call go (it keeps fewer items than the raw store keeps calls): it comes back as the raw
  // store holds it, or the card would show none of what the footprint reads and a person's yes grants.
  const restored =
    stored.state === "kept" && rawId !== undefined && model.toolCall(rawId) === undefined
      ? model.applyToolCallPatch({ ...stored.call, toolCallId: rawId })
      : [];
  if (patch) raw.notePatch(patch);
  const patched = patch ? model.applyToolCallPatch(patch) : [];
  const changed = [...restored.filter((item) => !patched.some((p) => p.id === item.id)), ...patched];
  const toolCallId = asString(patch?.toolCallId);
  const call = toolCallId !== undefined ? model.toolCall(toolCallId) : undefined;
  const toolCall = call ? model.toolCallView(call) : undefined;
  const asked = normalizePermissionRequest({
    protocolVersion,
    params,
    agentName,
    sessionKey: model.key,
    toolCall,
    inWorkspace: (path) => placeOf(path, paths.check(path), paths.boundary.roots),
  });
  // Only a request that does nothing but ask is a question card: its Submit, which approves the request, must not
  // also approve a command, a path or a change that came with the questions.
  const onlyAsks =
    footprint.kind === "think" &&
    footprint.complete &&
    footprint.paths.length === 0 &&
    footprint.commands.length === 0;
  const { questions, ...rest } = asked;
  const prompt: PermissionPrompt = questions && onlyAsks ? asked : rest;
  // A command names its tool call by id alone; the card sits on that call and shows its own command.
  const aboutId = subjectToolCallId(prompt.subject);
  const toolItemId = aboutId !== undefined && model.toolCall(aboutId) ? toolItemIdOf(aboutId) : undefined;
  const decideWith = (gitReads?: GitReads) =>
    decide(prompt, footprint, { ...context, ...(gitReads ? { gitReads } : {}) }, paths, (id) =>
      switchesUnattended(model.controls, id, prompt),
    );
  const decision = context.gitAllowance ? context.gitAllowance.spend(decideWith) : decideWith();
  return { prompt, footprint, changed, toolItemId, decision, paths };
}

export interface BrokerHost {
  pending: PendingApprovals;
  log: Logger;
  isBypassed(agentName: string): boolean;
  workspaceTrusted(): boolean;
  /** The workspace as the policy sees it (OS-exact paths, refused roots, protected names). */
  paths(): PolicyBoundary;
  /** Permission rules from settings (user: allow/ask/deny; workspace: deny/ask only), read at use time. */
  rules(): readonly PermissionRule[];
  /** The policy's matchers, loaded with the ACP runtime (requests arrive only once it is). */
  policy(): PolicyEngine;
  home: string;
  /** Where agents start now (the first workspace folder the policy works in), for a session without a folder yet. */
  cwd(): string | undefined;
  /** `CDPATH` of the environment agents start in. */
  cdPath?: string;
  /**
   * The editor's own environment sets `TMPDIR` (VS Code's comes from the person's login shell): their shell's startup
   * files may set it again in an agent's shells, so a line's `$TMPDIR` is not known to be the scratch folder there.
   */
  editorTmpdir?: boolean;
  /** git's aliases in a folder; default: the policy engine's (`GitAliasCache`). */
  gitAliases?: GitAliasReader;
  /** The extension host and the processes it runs under, read once when first needed. */
  editorProcesses(): readonly ProcessIdentity[];
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
  /** The raw tool calls of each session, for footprints; they go with the session. */
  private readonly rawCalls = new WeakMap<Session, RawToolCalls>();
  /** Held requests' footprints and proposed rules, by prompt key (grants and batches). */
  private readonly held = new Map<string, HeldRequest>();
  /** The rule a person's answer came with (a grant, or a batch it covered), named in the record. */
  private readonly grantNotes = new Map<string, string>();
  private readonly offers = new Map<string, BatchOffer>();
  private nextOfferId = 1;

  constructor(private readonly host: BrokerHost) {
    host.pending.onDidChange((event) => {
      const { prompt } = event;
      if (event.type === "added") return this.cardOpened(prompt);
      if (event.record.provenance === "user" && event.record.optionId !== undefined)
        this.modeChosen(prompt, event.record.optionId);
      this.held.delete(prompt.key);
      const note = this.grantNotes.get(prompt.key);
      this.grantNotes.delete(prompt.key);
      if (note !== undefined)
        event = { ...event, record: { ...event.record, summary: `${event.record.summary} (${note})`, note } };
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
        const aboutId = subjectToolCallId(prompt.subject);
        if (aboutId !== undefined)
          session.showToolStates(session.model.setAwaitingApproval(aboutId, prompt.key, false));
        session.model.addItem({ kind: "decision", id: `decision:${event.record.key}`, record: event.record });
      }
      this.host.log.info(
        `Permission "${prompt.title}" (${prompt.agentName}; ${summarizeSubject(prompt.subject)}): ${event.record.summary} [${event.record.provenance}]`,
      );
      this.host.emit([{ op: "decided", record: event.record }]);
    });
  }

  /** A request whose preparation threw: answered `cancelled` (nothing defaults to allow), logged and recorded. */
  private unreadable(connection: AgentConnection, session: Session, error: unknown): PermissionOutcome {
    const label = "unreadable request";
    this.host.log.error(`${connection.name}: ${label}: ${errorMessage(error)}`);
    // Only Symposium's words: nothing of the request is read again.
    const prompt = normalizePermissionRequest({
      protocolVersion: 2,
      params: { title: label },
      agentName: connection.name,
      sessionKey: session.key,
      toolCall: undefined,
      inWorkspace: (path) => placeIn(this.host.paths(), path),
    });
    const outcome: PermissionOutcome = { outcome: "cancelled" };
    const record = automaticRecord(prompt, outcome, { type: "default", label });
    this.host.recordDecision(prompt, record);
    session.showAutomaticDecision(record);
    return outcome;
  }

  /** A person's answer on a card that said it switches the mode ("Leave plan mode and …"): the mode is theirs. */
  private modeChosen(prompt: PermissionPrompt, optionId: string): void {
    const session = this.host.session(prompt.sessionKey);
    if (session && modeSwitchOf(session.model.controls, prompt)) session.personChoseOption(optionId, prompt);
  }

  /** A `session/update` payload of `session`: raw tool calls are kept for the footprints of later requests. */
  noteUpdate(session: Session, update: Json): void {
    this.rawToolCalls(session).noteUpdate(update);
  }

  /** A `session/request_permission` from `connection` for `session`. Resolves with the answer; never rejects. */
  async request(
    connection: AgentConnection,
    session: Session,
    params: Json,
    request: { signal: AbortSignal; requestId: string | number | null },
  ): Promise<PermissionOutcome> {
    const context = this.context(connection.name, session);
    // A terminal grant is for the turn the request arrived in, however late the answer comes.
    const turn = session.turn;
    let prepared: PreparedPermission;
    try {
      prepared = preparePermission(
        session.model,
        this.rawToolCalls(session),
        { protocolVersion: connection.version, params, agentName: connection.name },
        context,
      );
    } catch (error) {
      // A request no reader was bounded for (a raw input nested 100,000 deep overflowed the stack) is refused and
      // recorded: before, the agent got "Internal error", with no card and no record.
      return this.unreadable(connection, session, error);
    }
    const { prompt, footprint, changed, toolItemId, decision, paths } = prepared;
    session.showItems(changed);
    const origin = { connectionId: connection.process.id, requestId: request.requestId ?? "" };
    // Before any answer: a rule or Bypass answering this one would answer the id of a card that still waits.
    if (this.host.pending.refuseDuplicate(prompt, origin)) return { outcome: "cancelled" };
    if (session.stopping) {
      // An agent that goes on asking after Stop: answered as Stop answers its open cards, whatever would approve it.
      const outcome: PermissionOutcome = { outcome: "cancelled" };
      const record = decisionRecord(prompt, outcome, "stop", Date.now());
      this.host.recordDecision(prompt, record);
      session.showAutomaticDecision(record);
      return outcome;
    }
    // Where its names lead as it is decided: a terminal grant is refused if they lead elsewhere when it is used.
    const placesThen =
      connection.version === 1 && grantsTerminal(footprint)
        ? namedPlaces(footprint, paths, context.cwd, context.home)
        : undefined;
    if (decision.answer !== "ask") {
      const { optionId } = decision;
      const outcome: PermissionOutcome =
        optionId === undefined ? { outcome: "cancelled" } : { outcome: "selected", optionId };
      const record = automaticRecord(prompt, outcome, decision.by);
      const { log } = this.host;
      if (log.debugEnabled?.() !== false)
        log.debug(
          `${decision.answer === "approve" ? "Approved" : "Rejected"} "${prompt.title}" for ${connection.name} without a card (${capLabel(optionId ?? "cancelled", LIMITS.optionIdChars)}): ${decision.by.label}.`,
        );
      if (decision.answer === "approve")
        this.approveCommands(session, connection.name, footprint, {
          heldBy: undefined,
          places: placesThen,
          turn,
          paths,
        });
      this.host.recordDecision(prompt, record);
      session.showAutomaticDecision(record);
      return outcome;
    }
    const reason = decision.facts.bypassBlockedReason;
    if (reason)
      this.host.log.info(`Bypass did not apply to "${prompt.title}" for ${connection.name}: ${reason}.`);
    const modeSwitch = modeSwitchOf(session.model.controls, prompt);
    this.facts.set(prompt.key, {
      ...decision.facts,
      ...(toolItemId ? { toolItemId } : {}),
      ...(modeSwitch ? { modeSwitch } : {}),
    });
    this.hold(prompt, footprint, decision.by, context, paths);
    // A person's yes is to the commands the card shows: read before the card can change.
    const shown =
      placesThen !== undefined ? shownCommands(this.rawToolCalls(session), params, context) : undefined;
    const outcome = await this.host.pending.add(prompt, origin, request.signal, () =>
      connection.isClosing ? "agent_exit" : "agent_cancel",
    );
    if (
      outcome.outcome === "selected" &&
      prompt.options.find((o) => o.optionId === outcome.optionId)?.kindClass === "allow"
    )
      this.approveCommands(session, connection.name, footprint, {
        heldBy: decision.heldUnderBypass,
        places: placesThen,
        turn,
        ...(shown ? { only: shown } : {}),
      });
    return outcome;
  }

  /**
   * An agent's form or link (ACP elicitation, `agentForms.ts`) as a card in its session, on the tool call it names:
   * only a person answers it (never a rule or Bypass). Resolves with the person's answer (Submit with the checked
   * answers, Open, Decline or Cancel), `cancelled` when settled any other way (Stop, the agent gone, withdrawn); never
   * rejects.
   */
  async elicit(
    connection: AgentConnection,
    session: Session,
    /** `questions` undefined: a form of no fields (a yes or no to its message), whose Submit sends no answers. */
    form: Pick<AgentForm, "title" | "description" | "toolCallId" | "options"> & {
      questions: AgentForm["questions"] | undefined;
    },
    request: { signal: AbortSignal; requestId: string | number | null },
  ): Promise<PermissionOutcome> {
    const prompt: PermissionPrompt = {
      ...normalizePermissionRequest({
        protocolVersion: 2,
        params: {
          sessionId: session.agentSessionId,
          title: form.title,
          description: form.description,
          options: form.options,
        },
        agentName: connection.name,
        sessionKey: session.key,
        toolCall: undefined,
        inWorkspace: (path) => placeIn(this.host.paths(), path),
      }),
      questions: form.questions,
      form: true,
    };
    if (session.stopping) return { outcome: "cancelled" };
    const { toolCallId } = form;
    const on = toolCallId !== undefined && session.model.toolCall(toolCallId) !== undefined;
    this.facts.set(prompt.key, {
      bypassWouldApply: false,
      ...(this.host.isBypassed(connection.name) ? { bypassBlockedReason: ONLY_A_PERSON } : {}),
      ...(on ? { toolItemId: toolItemIdOf(toolCallId) } : {}),
    });
    const origin = {
      connectionId: connection.process.id,
      requestId: `elicitation:${request.requestId ?? ""}`,
    };
    return this.host.pending.add(prompt, origin, request.signal, () =>
      connection.isClosing ? "agent_exit" : "agent_cancel",
    );
  }

  /**
   * An approved tool call lets a `terminal/create` of this turn run its command (as the footprint read it), once:
   * its exact argv, or one of its simple commands in its cwd. A line that changes folder (`cd build && rm -rf src`)
   * grants its exact argv only: its later commands run elsewhere than the cwd it states. `then`: what held it under
   * Bypass when it was decided (a person approved it anyway) and where its names led; the terminal is refused when
   * something else holds it, or a name leads elsewhere, by the time it runs (`recheck`: an earlier command moved a
   * folder holding a link onto its way).
   */
  private approveCommands(
    session: Session,
    agentName: string,
    footprint: Footprint,
    then: {
      heldBy: string | undefined;
      places: readonly string[] | undefined;
      /** The command lines (`commandKey`) a person saw and approved; every one of the footprint when absent. */
      only?: ReadonlySet<string>;
      /** The turn the request arrived in (`Session.turn`). */
      turn: number | undefined;
      /**
       * Where its folders are read: the request's own checks when approved as it is decided (the same moment, its
       * folder already resolved); else, after a person's answer, the file system as it is now.
       */
      paths?: Pick<RequestPaths, "check">;
    },
  ): void {
    if (!grantsTerminal(footprint)) return;
    // Each terminal of the approval decides the whole request again: its lines' rechecks share one budget of git
    // reads, or a request of many lines read git its whole budget once for each.
    const gitReads: GitReads = {};
    const recheck = (): string | undefined => {
      const context = this.context(agentName, session);
      if (then.places !== undefined) {
        const now = namedPlaces(footprint, context.boundary, context.cwd, context.home);
        const moved = now.find((place, i) => place !== then.places![i]);
        if (moved !== undefined || now.length !== then.places.length)
          return `a name it uses leads elsewhere now: ${capLabel(moved ?? "", 400)}`;
      }
      const now = context.policy.decide(footprint, { ...policyContext(agentName, context, true), gitReads });
      return now.verdict === "allow" || now.by.label === then.heldBy ? undefined : now.by.label;
    };
    for (const command of footprint.commands) {
      if (then.only && !then.only.has(commandKey(command))) continue;
      const argvs = command.changesDirectory
        ? []
        : command.commands
            .map((simple) => simple.argv)
            .filter((argv): argv is string[] => argv.length > 0 && argv.every((w) => w !== null));
      if (command.argv) argvs.push(command.argv);
      const cwd = this.terminalFolder(command.cwd, session, then.paths);
      if (argvs.length > 0 && cwd !== undefined) session.approveCommand({ argvs, cwd, recheck }, then.turn);
    }
  }

  /**
   * Takes the approved command a `terminal/create` runs; undefined when no approved tool call of this turn runs
   * `command args` in `cwd` (resolved against the session's folder, which is also where it runs without one).
   */
  takeApprovedCommand(
    session: Session,
    params: { command?: unknown; args?: unknown; cwd?: unknown },
  ): ApprovedCommand | undefined {
    const args = params.args ?? [];
    if (typeof params.command !== "string" || !Array.isArray(args)) return undefined;
    if (!args.every((a): a is string => typeof a === "string")) return undefined;
    if (params.cwd !== undefined && params.cwd !== null && typeof params.cwd !== "string") return undefined;
    const cwd = this.terminalFolder(params.cwd ?? undefined, session);
    return cwd === undefined ? undefined : session.takeApprovedCommand([params.command, ...args], cwd);
  }

  /**
   * The folder a command runs in as the OS resolves it, inside the workspace (else undefined): `link/..` is the
   * parent of where `link` leads, not the workspace root, so an approval of `make` in the root runs no other Makefile.
   */
  terminalFolder(
    cwd: string | undefined,
    session: Session,
    paths: Pick<RequestPaths, "check"> = this.host.paths(),
  ): string | undefined {
    const root = session.cwd ?? this.host.cwd() ?? "/";
    // Joined as text, not normalised: `join` would apply `..` to the words.
    const check = paths.check(cwd === undefined ? root : isAbsolute(cwd) ? cwd : `${root}${sep}${cwd}`);
    return check.status === "inside" ? check.path : undefined;
  }

  /**
   * The deny or ask rule (`pathRuleFor`) that holds back an agent's `fs/*` access to a path, which the agent makes
   * without a request (an agent reads files it may read without asking).
   */
  fsRule(
    agentName: string,
    session: Session,
    check: PathCheck,
    access: "read" | "write",
  ): PermissionRule | undefined {
    const context = this.context(agentName, session);
    return context.policy.pathRuleFor(check, access, {
      agentName,
      rules: context.rules,
      home: context.home,
      paths: context.boundary.forRequest(), // its checks cached: each absolute rule checks its folder
    });
  }

  /**
   * Reading or writing a protected file (`.git/**`, `.env*`, …), or one an ask rule names (`rule`), always takes a
   * person's explicit yes, bypass or not. The card names the file the access reaches (`resolved`), and the agent's
   * name for it when that is a link: `docs/CHANGELOG.md` leading to `.git/hooks/pre-commit` is a hook being written,
   * not a changelog.
   */
  async confirmProtectedAccess(
    connection: AgentConnection,
    session: Session,
    path: string,
    resolved: string,
    access: "read" | "write",
    /**
     * The fs request: its signal aborts when the agent withdraws it or its connection closes (the card is withdrawn
     * too), and the card is held under its JSON-RPC id, so a duplicate id refuses both as a permission request's does.
     */
    call?: ClientCall,
    rule?: PermissionRule,
    written?: WrittenChange,
  ): Promise<{ allowed: boolean; done?: (done: boolean) => void }> {
    if (session.stopping || session.disposed) return { allowed: false }; // no card after Stop (see `request`) or close
    const doing = access === "read" ? "reading" : "writing to";
    const through = normalize(path) === resolved ? "" : ` through ${path}, which leads to it`;
    const unread = rule ? undefined : this.host.paths().gitUnread();
    const why = unread ? ` (${unread})` : "";
    const unreadable =
      written?.unreadable !== undefined ? ` Its text now could not be read: ${written.unreadable}.` : "";
    // A write is a tool call of its own, with the file as it is against what the agent writes: the card shows that
    // diff, "Open diff" opens it whole, and the transcript keeps what was written.
    const toolCall = written && this.writeToolCall(session, resolved, written);
    const prompt = normalizePermissionRequest({
      protocolVersion: 2,
      params: {
        sessionId: session.agentSessionId,
        title: rule
          ? `${access === "read" ? "Read" : "Write"} ${resolved}?`
          : `${access === "read" ? "Read" : "Write"} the protected file ${resolved}?`,
        description: rule
          ? `${connection.name} is ${doing} ${resolved}${through}. Held by rule: ${rule.label}.${unreadable}`
          : `${connection.name} is ${doing} a protected file${through}${why}. Bypass never covers protected files.${unreadable}`,
        options: [
          { optionId: access, name: `Allow this ${access}`, kind: "allow_once" },
          { optionId: "reject", name: "Reject", kind: "reject_once" },
        ],
        ...(toolCall
          ? { subject: { type: "tool_call", toolCall: { toolCallId: toolCall.toolCallId } } }
          : {}),
      },
      agentName: connection.name,
      sessionKey: session.key,
      toolCall,
      inWorkspace: (path) => placeIn(this.host.paths(), path),
    });
    this.facts.set(prompt.key, {
      bypassBlockedReason: rule
        ? `a rule asks for it: ${rule.label}`
        : `protected files always need your explicit answer${why}`,
      bypassWouldApply: false,
    });
    const outcome = await this.host.pending.add(
      prompt,
      { connectionId: connection.process.id, requestId: call?.requestId ?? `${access}:${prompt.key}` },
      call?.signal,
    );
    const allowed = outcome.outcome === "selected" && outcome.optionId === access;
    if (!toolCall) return { allowed };
    const settle = (status: "completed" | "failed") =>
      session.showItems(session.model.applyToolCallPatch({ toolCallId: toolCall.toolCallId, status }));
    if (!allowed) settle("failed");
    return allowed ? { allowed, done: (done) => settle(done ? "completed" : "failed") } : { allowed };
  }

  /** The tool call a v1 `fs/write_text_file` that asks a person shows as: the file's change, under an id of ours. */
  private writeToolCall(
    session: Session,
    resolved: string,
    written: WrittenChange,
  ): ToolCallView | undefined {
    const toolCallId = `symposium-write:${randomUUID()}`;
    const diff =
      written.unreadable === undefined
        ? [{ type: "diff", path: resolved, oldText: written.before ?? null, newText: written.content }]
        : [];
    session.showItems(
      session.model.applyToolCallPatch({
        sessionUpdate: "tool_call",
        toolCallId,
        title: `Write ${resolved}`,
        kind: "edit",
        status: "pending",
        locations: [{ path: resolved }],
        content: diff,
      }),
    );
    const call = session.model.toolCall(toolCallId);
    return call && session.model.toolCallView(call);
  }

  /** A choice by the agent's own option id (automation, tests). Ignored unless that option was offered for it. */
  choose(key: string, optionId: string): boolean {
    return this.accepted(this.host.pending.resolve(key, optionId, "user"), key);
  }

  /** A person's click in the view, naming the option by its host key. Ignored unless that request offers it. */
  chooseOption(key: string, optionKey: string): boolean {
    return this.accepted(this.host.pending.choose(key, optionKey, "user"), key);
  }

  /**
   * A question card's allow option with the person's answers (`agentQuestions.ts`): only on a card that asks, with its
   * allow option and answers to its own questions; anything else leaves the card waiting.
   */
  answerQuestions(key: string, optionKey: string, answers: Readonly<Record<string, unknown>>): boolean {
    const prompt = this.host.pending.get(key);
    const option = prompt?.options.find((o) => o.key === optionKey);
    const checked = prompt?.questions && checkedAnswers(prompt.questions, answers);
    if (!prompt || !option || option.kindClass !== "allow" || !checked) {
      this.host.log.warn(`Ignored answers for ${key}: no such question card, option or questions.`);
      return false;
    }
    return this.accepted(this.host.pending.resolve(key, option.optionId, "user", checked), key);
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

  /**
   * Whether the card offered Bypass Permissions when it came: still honoured once Bypass is on (the settings turned it
   * on since), as the card the view shows still has the button.
   */
  offeredBypass(prompt: PermissionPrompt): boolean {
    const facts = this.facts.get(prompt.key);
    return facts !== undefined && facts.bypassWouldApply && !facts.bypassBlockedReason;
  }

  promptView(prompt: PermissionPrompt): SentPromptView {
    const facts = this.facts.get(prompt.key) ?? { bypassWouldApply: false };
    const item =
      facts.toolItemId !== undefined
        ? this.host.session(prompt.sessionKey)?.model.item(facts.toolItemId)
        : undefined;
    const view = promptView(prompt, facts, this.host.isBypassed(prompt.agentName), item);
    const held = this.held.get(prompt.key);
    if (!held) return view;
    return {
      ...view,
      ...(held.proposal
        ? {
            grant: grantView(
              held.proposal,
              this.host.paths().roots.filter((root) => !root.additional).length,
            ),
          }
        : {}),
      ...(held.heldBy !== undefined && !this.host.isBypassed(prompt.agentName)
        ? { heldBy: held.heldBy }
        : {}),
    };
  }

  // -------------------------------------------------------------------------------------------------------------
  // Grants and batches.
  // -------------------------------------------------------------------------------------------------------------

  /**
   * Remembers what a grant needs about a held request: its footprint, and the narrowest rule that would approve it
   * (none when a rule or guard holds it back, or the agent offers no allow-once option to answer with).
   */
  private hold(
    prompt: PermissionPrompt,
    footprint: Footprint,
    by: PolicyDecision["by"],
    context: DecideContext,
    paths: RequestPaths,
  ): void {
    const proposal = this.allowOnce(prompt)
      ? context.policy.proposeRule(footprint, grantContext(prompt.agentName, context, paths))
      : undefined;
    const heldBy =
      by.type === "rule"
        ? `Held by rule: ${by.label}`
        : by.type === "guard"
          ? `Held by guard: ${placesShown(by.label, paths.boundary.roots)}`
          : undefined;
    this.held.set(prompt.key, { footprint, proposal, heldBy });
  }

  /**
   * A grant from the card: the card's proposed rule with the person's edit, re-checked (it must approve this request
   * on its own and stay scoped), then this request approved with the agent's allow-once option (so revoking the rule
   * takes effect at once) and the other pending requests the rule covers offered as a batch. Saving the rule is the
   * caller's (a session grant, or user settings); `scope` only names it.
   */
  grant(key: string, scope: "session" | "always", edit: RuleEdit): GrantResult {
    const prompt = this.host.pending.get(key);
    const held = this.held.get(key);
    const allowOnce = prompt && this.allowOnce(prompt);
    if (!prompt || !held?.proposal || !allowOnce)
      return { ok: false, reason: "the request is no longer pending, or no rule is offered for it" };
    const session = this.host.session(prompt.sessionKey);
    const context = this.context(prompt.agentName, session);
    const checked = context.policy.editedRule(
      held.proposal,
      edit,
      held.footprint,
      grantContext(prompt.agentName, context),
      scope === "session" ? "session" : "user",
    );
    if (!checked.ok) return checked;
    const { rule } = checked;
    this.grantNotes.set(
      key,
      `${scope === "session" ? "granted for this session" : "granted always"}: ${rule.label}`,
    );
    if (!this.host.pending.resolve(key, allowOnce.optionId, "user")) {
      this.grantNotes.delete(key);
      return { ok: false, reason: "the request is no longer pending" };
    }
    this.host.log.info(`Granted ${scope === "session" ? "for a session" : "always"}: ${rule.label}.`);
    const keys = this.covered(rule, prompt.agentName, scope === "session" ? prompt.sessionKey : undefined);
    if (keys.length === 0) return { ok: true, rule, sessionKey: prompt.sessionKey };
    const id = `offer-${this.nextOfferId++}`;
    this.offers.set(id, { rule, keys });
    for (const old of [...this.offers.keys()].slice(0, Math.max(0, this.offers.size - MAX_OFFERS)))
      this.offers.delete(old);
    return { ok: true, rule, sessionKey: prompt.sessionKey, offer: { id, count: keys.length } };
  }

  /**
   * The allow-once option Bypass on a card, a grant or a batch answers with (the one `decide` approves with): none
   * that switches the agent to a mode that acts without asking (`switchesUnattended`), which only its own card's
   * option may choose.
   */
  allowOnce(prompt: PermissionPrompt): PermissionPrompt["options"][number] | undefined {
    // Approved without the answers, questions tell the agent the person declined them: a person answers. A ticked row
    // of the pending list opens no page an agent asked for.
    if (prompt.questions || prompt.form) return undefined;
    const controls = this.host.session(prompt.sessionKey)?.model.controls;
    return allowOnceOption(prompt.options, (id) => !controls || !switchesUnattended(controls, id, prompt));
  }

  /**
   * The pending requests of `agentName` (of one session, for a session grant) that `rule` alone would approve and
   * that offer allow once.
   */
  private covered(rule: PermissionRule, agentName: string, sessionKey: string | undefined): string[] {
    // One budget of git reads for them all: 256 pending requests could each read git 64 times.
    const gitReads: GitReads = {};
    return this.host.pending
      .list()
      .filter(
        (prompt) =>
          prompt.agentName === agentName && (sessionKey === undefined || prompt.sessionKey === sessionKey),
      )
      .filter((prompt) => this.covers(rule, prompt, gitReads))
      .map((prompt) => prompt.key);
  }

  private covers(rule: PermissionRule, prompt: PermissionPrompt, gitReads: GitReads): boolean {
    const held = this.held.get(prompt.key);
    if (!held || !this.allowOnce(prompt)) return false;
    const context = this.context(prompt.agentName, this.host.session(prompt.sessionKey));
    return context.policy.ruleCovers(rule, held.footprint, {
      ...grantContext(prompt.agentName, context),
      gitReads,
    });
  }

  /**
   * A rule or grant was taken back: no offer made from one answers anything after that (its record would name a rule
   * no longer in effect). All of them go, fail-closed: the cards they covered still wait.
   */
  dropOffers(): void {
    this.offers.clear();
  }

  /**
   * "Also approve the N pending requests this rule covers": each one still pending and still covered (checked again
   * now, never wider than the rule) is answered with its own allow-once option, its record naming the rule. Returns
   * how many were approved; an offer is used once.
   */
  approveOffer(id: string): number {
    const offer = this.offers.get(id);
    if (!offer) return 0;
    this.offers.delete(id);
    let approved = 0;
    const gitReads: GitReads = {};
    for (const key of offer.keys) {
      const prompt = this.host.pending.get(key);
      const allowOnce = prompt && this.allowOnce(prompt);
      if (!prompt || !allowOnce || !this.covers(offer.rule, prompt, gitReads)) continue;
      this.grantNotes.set(key, `approved with the rule: ${offer.rule.label}`);
      if (this.host.pending.resolve(key, allowOnce.optionId, "user")) approved++;
      else this.grantNotes.delete(key);
    }
    return approved;
  }

  /**
   * The pending list: a person answers several cards in one step, each as if clicked: allow once (cards without an
   * allow-once option are left open) or the card's reject (Deny). Returns how many were answered.
   */
  answerMany(keys: readonly string[], answer: "allow" | "reject"): number {
    let answered = 0;
    for (const key of new Set(keys)) {
      const prompt = this.host.pending.get(key);
      if (!prompt) continue;
      if (answer === "reject") {
        if (this.host.pending.deny(key, "user")) answered++;
        continue;
      }
      const allowOnce = this.allowOnce(prompt);
      if (allowOnce && this.host.pending.resolve(key, allowOnce.optionId, "user")) answered++;
    }
    return answered;
  }

  views(): SentPromptView[] {
    return this.host.pending.list().map((prompt) => this.promptView(prompt));
  }

  /** Settings rules, then the session's own grants ("Allow in this session"). */
  private context(agentName: string, session?: Session): DecideContext {
    const grants = session?.grants.rules() ?? [];
    const policy = this.host.policy();
    const launch = session?.connection?.process.launch;
    const agentEnv = launch?.env;
    // Its shells' TMPDIR is the scratch folder (`AgentProcess.start`) unless its settings' env sets another, or the
    // person's shell may (a login shell that runs an `export TMPDIR=…` of theirs: the editor's environment has one).
    const tmpdir = agentEnv?.TMPDIR === undefined && !this.host.editorTmpdir ? launch?.scratch : undefined;
    const cdPath = [this.host.cdPath, agentEnv?.CDPATH]
      .filter(Boolean)
      .join(process.platform === "win32" ? ";" : ":");
    return {
      bypassed: this.host.isBypassed(agentName),
      workspaceTrusted: this.host.workspaceTrusted(),
      boundary: this.host.paths(),
      rules: grants.length > 0 ? [...this.host.rules(), ...grants] : this.host.rules(),
      policy,
      home: this.host.home,
      cwd: session?.cwd ?? this.host.cwd(),
      // The environment of the process that asks (started from the settings of then, not of now).
      ...(agentEnv ? { agentEnv } : {}),
      ...(tmpdir !== undefined ? { tmpdir } : {}),
      // Its shells may have either `CDPATH` (its settings' or, inherited, the editor's): both are searched.
      ...(cdPath ? { cdPath } : {}),
      gitAliases: this.host.gitAliases ?? policy.gitAliases,
      editorProcesses: this.host.editorProcesses(),
      gitAllowance: policy.gitAllowance(agentName),
    };
  }

  private rawToolCalls(session: Session): RawToolCalls {
    let calls = this.rawCalls.get(session);
    if (!calls) this.rawCalls.set(session, (calls = new RawToolCalls()));
    return calls;
  }

  private cardOpened(prompt: PermissionPrompt): void {
    this.shown.add(prompt.key);
    const facts = this.facts.get(prompt.key);
    const expiresAt = this.host.pending.expiresAt(prompt.key);
    if (facts && expiresAt !== undefined) facts.expiresAt = expiresAt;
    const session = this.host.session(prompt.sessionKey);
    const aboutId = subjectToolCallId(prompt.subject);
    if (session && aboutId !== undefined)
      session.showToolStates(session.model.setAwaitingApproval(aboutId, prompt.key, true));
    this.host.emit([{ op: "prompt", prompt: this.promptView(prompt) }]);
  }
}

/**
 * The card's view of a proposed rule: the part a person may edit, and the rest in plain words. `folders`: the
 * workspace's folders now. A rule is not tied to one (rules carry no folder): in a multi-root workspace `npm test`
 * granted in one runs in the others, under their own scripts, so the card says so.
 */
function grantView(rule: PermissionRule, folders: number): GrantView {
  const scope = ruleScope({
    ...(rule.tool !== undefined ? { tool: rule.tool } : {}),
    ...(rule.kinds ? { kinds: rule.kinds } : {}),
    ...(rule.agent !== undefined ? { agent: rule.agent } : {}),
  });
  if (folders > 1 && (rule.command || rule.path !== undefined))
    scope.push(`in all ${folders} workspace folders`);
  const rest = scope.join(", ");
  if (rule.command) return { field: "command", value: rule.command.join(" "), rest };
  if (rule.path !== undefined) return { field: "path", value: rule.path, rest };
  return { field: "none", value: "", rest };
}

/** The record of an answer the policy gave: who decided (Bypass or a rule) and by what, in its summary. */
function automaticRecord(
  prompt: PermissionPrompt,
  outcome: PermissionOutcome,
  by: PolicyDecision["by"],
): DecisionRecord {
  const record = decisionRecord(prompt, outcome, by.type === "bypass" ? "bypass" : "policy", Date.now());
  return { ...record, summary: `${record.summary} (${by.label})`, note: by.label };
}

/** A command line and the folder it states, as one key. */
function commandKey(command: { line: string; cwd?: string }): string {
  return `${command.cwd ?? ""}\0${command.line}`;
}

/**
 * The command lines (`commandKey`) a v1 card shows: those of its tool call as the request leaves it. The footprint
 * also keeps those of what the request's patch replaced, to decide on, but a person who approved the card never saw
 * them: a tool call announced with `rm -rf src` and asked about as `npm test` must not let a terminal run `rm -rf src`.
 */
function shownCommands(raw: RawToolCalls, params: Json, context: DecideContext): Set<string> {
  const id = asString(asObject(params.toolCall)?.toolCallId);
  const stored = id !== undefined ? raw.get(id) : undefined;
  // Not kept whole (too large): only what the request itself states, which the card shows too.
  const toolCall = stored?.state === "kept" ? stored.call : params.toolCall;
  const footprint = context.policy.buildFootprint(
    { protocolVersion: 1, params: { ...params, toolCall } },
    {
      shell: context.policy.shell,
      home: context.home,
      ...(context.cwd !== undefined ? { sessionCwd: context.cwd } : {}),
      ...(context.cdPath ? { cdPath: context.cdPath } : {}),
      ...(context.gitAliases ? { gitAliases: context.gitAliases } : {}),
      ...(context.tmpdir !== undefined ? { tmpdir: context.tmpdir } : {}),
    },
  );
  return new Set(footprint.commands.map(commandKey));
}

/** Kinds whose approval says nothing about running a command: approving one grants no `terminal/create`. */
const NO_TERMINAL_KINDS = new Set([
  "read",
  "edit",
  "delete",
  "move",
  "search",
  "fetch",
  "think",
  "switch_mode",
]);

function grantsTerminal(footprint: Footprint): boolean {
  return footprint.kind === undefined || !NO_TERMINAL_KINDS.has(footprint.kind);
}

/**
 * One real agent driven through the client harness (`AgentSessions`, exactly as the extension uses it): installs it if
 * needed, writes its settings entry, starts one session and runs turns in it.
 */
import { join } from "node:path";
import { repoRoot } from "../../tools/paths";
import { ClientHarness, waitFor } from "../support/clientHarness";
import type { PermissionPrompt } from "../../src/core/permissionPrompt";
import type { DecisionRecord, SessionControlsView } from "../../src/shared/protocol";
import { ensureAgent, REAL_AGENTS, type RealAgentName } from "../harness/realAgents";
import { agentSetting, makeAgentHome, type AgentHome } from "./agentSettings";

/** Display names, as a user would key them in `symposium.agents`. */
export const AGENT_LABELS: Record<RealAgentName, string> = {
  claude: "Claude Code",
  codex: "Codex",
  gemini: "Gemini CLI",
  qwen: "Qwen Code",
  copilot: "Copilot",
};

export class RealAgentSession {
  /** Agents the person was asked about before a mode that acts without asking, and the answer they give. */
  readonly unattendedAsked: string[] = [];
  allowUnattended = false;
  // Real agents start in 4-15 s on a busy machine: the product's own defaults, not the scripted agents' short ones.
  readonly harness = new ClientHarness({
    timeouts: { initializeMs: 60_000, newSessionMs: 60_000, stopGraceMs: 5_000 },
    confirmUnattended: (agentName) => {
      this.unattendedAsked.push(agentName);
      return Promise.resolve(this.allowUnattended);
    },
  });
  readonly decisions: DecisionRecord[] = [];
  readonly label: string;
  sessionKey = "";
  /** Milliseconds from asking for a session to the session being ready (process start, initialize, session/new). */
  startMs = 0;
  private readonly agentHome: AgentHome;
  /** The agent's HOME (and its temporary folder's parent), removed by `dispose`. */
  get home(): string {
    return this.agentHome.dir;
  }

  private constructor(
    readonly name: RealAgentName,
    modelUrl: string,
    extra: Record<string, unknown>,
  ) {
    this.label = AGENT_LABELS[name];
    this.agentHome = makeAgentHome(name);
    const setting = { ...agentSetting(name, modelUrl, this.agentHome.dir), ...extra };
    // Development aid: REAL_AGENTS_TEE=<log file> records every frame both ways (see teeAgent.ts).
    const tee = process.env.REAL_AGENTS_TEE;
    if (tee)
      setting.args = [
        join(repoRoot, "out", "test", "realAgents", "teeAgent.js"),
        tee,
        setting.command,
        ...setting.args,
      ];
    this.harness.agentsSetting = { [this.label]: setting };
    this.harness.sessions.reloadSettings();
    this.harness.sessions.onDidDecide((_prompt, record) => this.decisions.push(record));
  }

  /** Installs (on first use) and starts the agent; rejects with the install failure, which callers turn into a skip. */
  static async start(
    name: RealAgentName,
    modelUrl: string,
    /** More fields of the agent's settings entry (`defaultMode`, …). */
    extra: Record<string, unknown> = {},
  ): Promise<RealAgentSession> {
    await ensureAgent(REAL_AGENTS[name]);
    const session = new RealAgentSession(name, modelUrl, extra);
    const started = Date.now();
    try {
      session.sessionKey = await session.harness.sessions.startSession(session.label);
    } catch (error) {
      await session.dispose();
      throw error;
    }
    session.startMs = Date.now() - started;
    return session;
  }

  get workspace(): string {
    return this.harness.workspace;
  }

  get status(): string | undefined {
    return this.harness.sessions.session(this.sessionKey)?.status;
  }

  pending(): PermissionPrompt[] {
    return this.harness.sessions.pending.list().filter((p) => p.sessionKey === this.sessionKey);
  }

  /** Sends a prompt (with the items of context named); the returned promise resolves when the turn has ended. */
  async turn(text: string, contextIds: readonly string[] = []): Promise<void> {
    const sent = this.harness.sessions.sendPrompt(this.sessionKey, text, contextIds);
    await sent;
    await waitFor(() => this.status === "ready", `${this.label}'s turn to end`, 60_000);
  }

  /** Sends a prompt without waiting; resolves with a promise for the turn's end. */
  startTurn(text: string): Promise<void> {
    return this.turn(text);
  }

  async card(description = "a card"): Promise<PermissionPrompt> {
    return waitFor(() => this.pending()[0], `${this.label}: ${description}`, 60_000);
  }

  /** The option of a kind on a card (the first one). */
  option(prompt: PermissionPrompt, kind: string): string {
    const option = prompt.options.find((o) => o.kind === kind);
    if (!option)
      throw new Error(
        `${this.label} offered no ${kind} option: ${JSON.stringify(prompt.options.map((o) => o.kind))}`,
      );
    return option.optionId;
  }

  /** The session's mode and config options as the header shows them. */
  controls(): SessionControlsView | undefined {
    return this.harness.sessions.snapshot().sessions.find((s) => s.header.key === this.sessionKey)?.header
      .controls;
  }

  notices(): string[] {
    const model = this.harness.sessions.session(this.sessionKey);
    return (model?.transcript() ?? []).flatMap((item) => (item.kind === "notice" ? [item.text] : []));
  }

  /** The transcript status of the tool call a card is about. */
  toolCallStatus(prompt: PermissionPrompt): string | undefined {
    const id =
      prompt.subject.type === "tool_call" || prompt.subject.type === "command"
        ? prompt.subject.toolCallId
        : undefined;
    return id === undefined
      ? undefined
      : this.harness.sessions.session(this.sessionKey)?.toolCall(id)?.status;
  }

  /** Kills the agent's process as `kill -9` would (the pid its connection logged), and waits for the session to end. */
  async killAgent(): Promise<void> {
    const connected = this.harness.logLines
      .filter((line) => / connected \(ACP v\d, pid \d+\)/.test(line))
      .at(-1);
    const pid = Number(/pid (\d+)\)/.exec(connected ?? "")?.[1]);
    if (!(pid > 0)) throw new Error(`no pid of ${this.label} in the log`);
    process.kill(pid, "SIGKILL");
    await waitFor(() => this.status === "ended", `${this.label}'s session to end with its process`);
  }

  agentText(): string {
    const model = this.harness.sessions.session(this.sessionKey);
    return (model?.transcript() ?? [])
      .flatMap((item) => (item.kind === "agent" ? [item.markdown] : []))
      .join("\n");
  }

  async dispose(): Promise<void> {
    await this.harness.dispose();
    this.agentHome.dispose();
  }
}

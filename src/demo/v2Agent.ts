// The demo agent over ACP v2 (draft). v2 differs from v1 where it matters here: `session/prompt` answers as soon as
// the user message is inserted (`{messageId}`) and the turn's end is an idle `state_update`; tool calls are
// `tool_call_update` upserts; permission requests carry prompt copy and a typed `subject`; diffs are structured
// `changes` plus a git patch; and there is no client file system, so files are read and written on disk.
import * as acp from "@agentclientprotocol/sdk/experimental/v2";
import { relative, sep } from "node:path";
import type {
  DemoToolCall,
  DemoTurn,
  PermissionAsk,
  PermissionDecision,
  PlanStep,
  ToolCallProgress,
} from "./demoTurn";
import { announcedToolCall, displayCommand, promptText } from "./demoTurn";
import { gitPatch } from "./gitPatch";
import { DEMO_AGENT_INFO } from "./identity";
import { askClient, permissionOptions } from "./permissions";
import { pickScenario, playScenario } from "./scenarios";
import { DemoSession, DemoSessions, PromptDropped, SessionTurn } from "./session";
import { readFromDisk, writeTextToDisk } from "./workspace";

function diffContent(call: DemoToolCall, cwd: string): acp.ToolCallContent[] {
  if (!call.edit) return [];
  const { path, oldText, newText } = call.edit;
  const relativePath = relative(cwd, path).split(sep).join("/");
  const change: acp.DiffChange =
    oldText === null
      ? { operation: "add", path, fileType: "text" }
      : { operation: "modify", path, fileType: "text" };
  return [
    {
      type: "diff",
      changes: [change],
      patch: { format: "git_patch", text: gitPatch(relativePath, oldText, newText) },
    },
  ];
}

function textContent(text: string): acp.ToolCallContent {
  return { type: "content", content: { type: "text", text } };
}

class V2Turn extends SessionTurn implements DemoTurn {
  readonly protocolVersion = 2;
  private agentMessageId: string | undefined;
  private thoughtId: string | undefined;
  private planId: string | undefined;
  /** Each announced tool call and what was sent for it, so a permission subject can repeat it whole. */
  private readonly announced = new Map<string, { call: DemoToolCall; sent: acp.ToolCallUpdate }>();

  constructor(
    private readonly client: acp.AgentContext,
    session: DemoSession,
    signal: AbortSignal,
  ) {
    super(session, signal);
  }

  send(update: acp.SessionUpdate): Promise<void> {
    return this.client.notify(acp.methods.client.session.update, { sessionId: this.session.id, update });
  }

  say(text: string): Promise<void> {
    this.agentMessageId ??= this.session.newId("agent-message");
    return this.send({
      sessionUpdate: "agent_message_chunk",
      messageId: this.agentMessageId,
      content: { type: "text", text },
    });
  }

  think(text: string): Promise<void> {
    this.thoughtId ??= this.session.newId("thought");
    return this.send({
      sessionUpdate: "agent_thought_chunk",
      messageId: this.thoughtId,
      content: { type: "text", text },
    });
  }

  showPlan(steps: readonly PlanStep[]): Promise<void> {
    this.planId ??= this.session.newId("plan");
    const entries = steps.map((step) => ({ content: step.content, status: step.status, priority: "medium" }));
    return this.send({ sessionUpdate: "plan_update", plan: { type: "items", planId: this.planId, entries } });
  }

  startToolCall(call: DemoToolCall): Promise<void> {
    // Text after a tool call reads as a new message, as it would from a model.
    this.agentMessageId = undefined;
    this.thoughtId = undefined;
    const toolCall: acp.ToolCallUpdate = announcedToolCall(call, diffContent(call, this.cwd));
    this.announced.set(call.id, { call, sent: toolCall });
    return this.send({ sessionUpdate: "tool_call_update", ...toolCall });
  }

  progressToolCall(
    id: string,
    status: ToolCallProgress,
    result: { resultText?: string; rawOutput?: unknown } = {},
  ): Promise<void> {
    return this.send({
      sessionUpdate: "tool_call_update",
      toolCallId: id,
      status,
      ...(result.resultText !== undefined ? { content: [textContent(result.resultText)] } : {}),
      ...(result.rawOutput !== undefined ? { rawOutput: result.rawOutput } : {}),
    });
  }

  appendToolOutput(id: string, text: string): Promise<void> {
    return this.send({
      sessionUpdate: "tool_call_content_chunk",
      toolCallId: id,
      content: textContent(text),
    });
  }

  private subjectOf(ask: PermissionAsk): acp.RequestPermissionSubject {
    const target = ask.target;
    if (target.type === "custom") return { ...target.subject };
    const announced = this.announced.get(target.toolCallId);
    if (!announced)
      throw new Error(`Permission asked for tool call ${target.toolCallId}, which was never announced.`);
    const commandLine = announced.call.commandLine;
    if (target.type === "tool_call" || !commandLine) return { type: "tool_call", toolCall: announced.sent };
    return {
      type: "command",
      command: displayCommand(commandLine),
      cwd: commandLine.cwd,
      toolCallId: target.toolCallId,
    };
  }

  async askPermission(ask: PermissionAsk): Promise<PermissionDecision> {
    if (this.signal.aborted) return { kind: "cancelled" };
    const options = permissionOptions();
    // The foreground work is blocked on the user until the answer arrives.
    await this.send({ sessionUpdate: "state_update", state: "requires_action" });
    try {
      return await askClient(this.signal, options, () =>
        this.client.request(
          acp.methods.client.session.requestPermission,
          {
            sessionId: this.session.id,
            title: ask.title,
            description: ask.description,
            subject: this.subjectOf(ask),
            options,
          },
          // session/cancel aborts `signal`: the SDK then sends $/cancel_request and stops waiting for the answer.
          { cancellationSignal: this.signal, stopWaitingOnCancel: true },
        ),
      );
    } finally {
      if (!this.signal.aborted) await this.send({ sessionUpdate: "state_update", state: "running" });
    }
  }

  readTextFile(path: string, options: { maxLines?: number } = {}): Promise<string> {
    return readFromDisk(path, options);
  }

  writeTextFile(path: string, content: string): Promise<void> {
    return writeTextToDisk(path, content);
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Plays the scenario for one inserted prompt, then reports idle with the stop reason. */
async function runTurn(turn: V2Turn, promptText: string): Promise<void> {
  const cancelled: acp.SessionUpdate = {
    sessionUpdate: "state_update",
    state: "idle",
    stopReason: "cancelled",
  };
  let idle: acp.SessionUpdate;
  try {
    await playScenario(pickScenario(promptText), turn);
    idle = turn.signal.aborted
      ? cancelled
      : { sessionUpdate: "state_update", state: "idle", stopReason: "end_turn" };
  } catch (error) {
    // Once a prompt is inserted, failures end the turn with the `error` stop reason, never an error response.
    const failed = { code: -32603, message: errorMessage(error) };
    idle = turn.signal.aborted
      ? cancelled
      : { sessionUpdate: "state_update", state: "idle", stopReason: "error", error: failed };
  }
  await turn.send(idle);
}

export function createV2DemoAgent(): acp.AgentApp {
  const sessions = new DemoSessions();
  return acp
    .agent({ name: DEMO_AGENT_INFO.name })
    .onRequest(acp.methods.agent.initialize, () => ({
      protocolVersion: 2,
      info: { ...DEMO_AGENT_INFO },
      capabilities: {},
    }))
    .onRequest(acp.methods.agent.session.new, ({ params }) => {
      // The demo advertises no MCP transports, so any MCP server is refused as the spec asks.
      acp.assertSupportedMcpServers(params.mcpServers, undefined);
      return { sessionId: sessions.create(params.cwd).id };
    })
    .onRequest(acp.methods.agent.session.prompt, async ({ params, client }) => {
      const session = sessions.get(params.sessionId);
      if (!session) throw acp.RequestError.sessionNotFound(params.sessionId);
      let signal: AbortSignal;
      try {
        signal = await session.startTurn();
      } catch (error) {
        if (error instanceof PromptDropped) throw acp.RequestError.requestCancelled();
        throw error;
      }
      const turn = new V2Turn(client, session, signal);
      const messageId = session.newId("user-message");
      try {
        await turn.send({ sessionUpdate: "state_update", state: "running" });
        await turn.send({ sessionUpdate: "user_message", messageId, content: params.prompt });
      } catch (error) {
        session.endTurn();
        throw error;
      }
      // The response only acknowledges insertion; the turn goes on and ends with an idle state_update.
      void runTurn(turn, promptText(params.prompt))
        .catch(() => undefined) // The connection closed mid-turn; the process is about to exit.
        .finally(() => session.endTurn());
      return { messageId };
    })
    .onNotification(acp.methods.agent.session.cancel, ({ params }) => {
      sessions.get(params.sessionId)?.cancel();
    });
}

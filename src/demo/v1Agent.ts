// The demo agent over ACP v1, what agents speak today: `session/prompt` answers when the turn ends, with its stop
// reason; a tool call starts with `tool_call`; a permission request carries the tool call (no prompt text); and
// files go through the client's `fs/*` methods when the client advertised them.
import * as acp from "@agentclientprotocol/sdk";
import type {
  DemoToolCall,
  DemoTurn,
  PermissionAsk,
  PermissionDecision,
  PlanStep,
  ToolCallProgress,
} from "./demoTurn";
import { announcedToolCall, promptText } from "./demoTurn";
import { DEMO_AGENT_INFO } from "./identity";
import { askClient, permissionOptions } from "./permissions";
import { pickScenario, playScenario } from "./scenarios";
import { DemoSession, DemoSessions, PromptDropped, SessionTurn } from "./session";
import { readFromDisk, writeTextToDisk } from "./workspace";

/** What the client offered in `initialize`. */
interface ClientFileSystem {
  readTextFile: boolean;
  writeTextFile: boolean;
}

function textContent(text: string): acp.ToolCallContent {
  return { type: "content", content: { type: "text", text } };
}

function initialContent(call: DemoToolCall): acp.ToolCallContent[] {
  if (!call.edit) return [];
  const { path, oldText, newText } = call.edit;
  return [{ type: "diff", path, oldText, newText }];
}

class V1Turn extends SessionTurn implements DemoTurn {
  readonly protocolVersion = 1;
  /** Each announced tool call as sent: v1 permission requests repeat it, and appended output extends its content. */
  private readonly announced = new Map<string, acp.ToolCallUpdate>();

  constructor(
    private readonly client: acp.AgentContext,
    session: DemoSession,
    private readonly clientFs: ClientFileSystem,
    signal: AbortSignal,
  ) {
    super(session, signal);
  }

  private send(update: acp.SessionUpdate): Promise<void> {
    return this.client.notify(acp.methods.client.session.update, { sessionId: this.session.id, update });
  }

  say(text: string): Promise<void> {
    return this.send({ sessionUpdate: "agent_message_chunk", content: { type: "text", text } });
  }

  think(text: string): Promise<void> {
    return this.send({ sessionUpdate: "agent_thought_chunk", content: { type: "text", text } });
  }

  showPlan(steps: readonly PlanStep[]): Promise<void> {
    const entries = steps.map((step) => ({
      content: step.content,
      status: step.status,
      priority: "medium" as const,
    }));
    return this.send({ sessionUpdate: "plan", entries });
  }

  startToolCall(call: DemoToolCall): Promise<void> {
    const toolCall = announcedToolCall(call, initialContent(call));
    this.announced.set(call.id, toolCall);
    return this.send({ sessionUpdate: "tool_call", ...toolCall });
  }

  progressToolCall(
    id: string,
    status: ToolCallProgress,
    result: { resultText?: string; rawOutput?: unknown } = {},
  ): Promise<void> {
    const content = result.resultText !== undefined ? [textContent(result.resultText)] : undefined;
    this.remember(id, { status: status === "cancelled" ? "failed" : status, content });
    return this.send({
      sessionUpdate: "tool_call_update",
      toolCallId: id,
      status: status === "cancelled" ? "failed" : status, // v1 has no `cancelled` status
      ...(content ? { content } : {}),
      ...(result.rawOutput !== undefined ? { rawOutput: result.rawOutput } : {}),
    });
  }

  appendToolOutput(id: string, text: string): Promise<void> {
    // v1 has no content chunks: the whole content is sent again with the new output at the end.
    const content = [...(this.announced.get(id)?.content ?? []), textContent(text)];
    this.remember(id, { content });
    return this.send({ sessionUpdate: "tool_call_update", toolCallId: id, content });
  }

  private remember(id: string, patch: Partial<acp.ToolCallUpdate>): void {
    const known = this.announced.get(id);
    if (!known) return;
    this.announced.set(id, {
      ...known,
      ...(patch.status ? { status: patch.status } : {}),
      ...(patch.content ? { content: patch.content } : {}),
    });
  }

  async askPermission(ask: PermissionAsk): Promise<PermissionDecision> {
    if (this.signal.aborted) return { kind: "cancelled" };
    const target = ask.target;
    if (target.type === "custom") throw new Error("Custom permission subjects need ACP v2.");
    const toolCall = this.announced.get(target.toolCallId) ?? { toolCallId: target.toolCallId };
    const options = permissionOptions();
    // Typed params: v1's `request` has an untyped overload that a mistyped literal would silently fall into.
    const params: acp.RequestPermissionRequest = { sessionId: this.session.id, toolCall, options };
    return askClient(this.signal, options, () =>
      this.client.request(
        acp.methods.client.session.requestPermission,
        params,
        // session/cancel aborts `signal`: the SDK then sends $/cancel_request and stops waiting for the answer.
        { cancellationSignal: this.signal, stopWaitingOnCancel: true },
      ),
    );
  }

  async readTextFile(path: string, options: { maxLines?: number } = {}): Promise<string> {
    if (this.clientFs.readTextFile) {
      const params: acp.ReadTextFileRequest = { sessionId: this.session.id, path };
      if (options.maxLines !== undefined) params.limit = options.maxLines;
      return (await this.client.request(acp.methods.client.fs.readTextFile, params)).content;
    }
    return readFromDisk(path, options);
  }

  async writeTextFile(path: string, content: string): Promise<void> {
    if (this.clientFs.writeTextFile) {
      const params: acp.WriteTextFileRequest = { sessionId: this.session.id, path, content };
      await this.client.request(acp.methods.client.fs.writeTextFile, params);
      return;
    }
    await writeTextToDisk(path, content);
  }
}

export function createV1DemoAgent(): acp.AgentApp {
  const sessions = new DemoSessions();
  const clientFs: ClientFileSystem = { readTextFile: false, writeTextFile: false };
  return acp
    .agent({ name: DEMO_AGENT_INFO.name })
    .onRequest(acp.methods.agent.initialize, ({ params }) => {
      clientFs.readTextFile = params.clientCapabilities?.fs?.readTextFile === true;
      clientFs.writeTextFile = params.clientCapabilities?.fs?.writeTextFile === true;
      return { protocolVersion: 1, agentCapabilities: {}, agentInfo: { ...DEMO_AGENT_INFO } };
    })
    .onRequest(acp.methods.agent.session.new, ({ params }) => ({ sessionId: sessions.create(params.cwd).id }))
    .onRequest(acp.methods.agent.session.prompt, async ({ params, client, signal: requestSignal }) => {
      const session = sessions.get(params.sessionId);
      if (!session) throw acp.RequestError.sessionNotFound(params.sessionId);
      let turnSignal: AbortSignal;
      try {
        turnSignal = await session.startTurn();
      } catch (error) {
        if (error instanceof PromptDropped) return { stopReason: "cancelled" };
        throw error;
      }
      // session/cancel aborts the turn; $/cancel_request for this prompt or a closed connection abort the request.
      const signal = AbortSignal.any([turnSignal, requestSignal]);
      try {
        await playScenario(
          pickScenario(promptText(params.prompt)),
          new V1Turn(client, session, clientFs, signal),
        );
        return { stopReason: signal.aborted ? "cancelled" : "end_turn" };
      } catch (error) {
        if (signal.aborted) return { stopReason: "cancelled" };
        throw acp.RequestError.internalError(
          undefined,
          error instanceof Error ? error.message : String(error),
        );
      } finally {
        session.endTurn();
      }
    })
    .onNotification(acp.methods.agent.session.cancel, ({ params }) => {
      sessions.get(params.sessionId)?.cancel();
    });
}

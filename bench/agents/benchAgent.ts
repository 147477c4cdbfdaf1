/**
 * The benchmark agent: an ACP v2 agent on the SDK's agent API. Each prompt's text is one `AgentCommand` (JSON); the
 * turn runs it and appends its result to the JSON-lines file named by BENCH_AGENT_LOG. The prompt is answered at
 * once (v2: accepted); the turn ends with an idle `state_update` after the result is written.
 *
 * With BENCH_AGENT_PROTOCOL=v1 it is a protocol-version-1 agent instead (the SDK's v1 agent API) that only creates
 * sessions and ends each turn at once: what "New Session -> ready" costs with an agent that answers version 1.
 *
 *   node out/bench/agents/benchAgent.js        (spawned by the SDK floor, by AgentSessions, or by the extension)
 */
import * as v1 from "@agentclientprotocol/sdk";
import * as acp from "@agentclientprotocol/sdk/experimental/v2";
import { Readable, Writable } from "node:stream";
import { fineClock } from "../fineClock";
import { appendLog, runOp, type AgentCommand } from "./ops";

const logFile = process.env.BENCH_AGENT_LOG;
const sessions = new Map<string, { cwd: string; turn?: AbortController }>();
const fineNow = fineClock();
/** When stdin last delivered bytes (a second listener beside the SDK's stream; it reads the same chunks). */
let lastInputAt = Number.NaN;
process.stdin.on("data", () => (lastInputAt = fineNow()));
let turns = 0;

function textOf(prompt: readonly acp.ContentBlock[]): string {
  return prompt.map((block) => (block.type === "text" ? block.text : "")).join("\n");
}

const app = acp
  .agent({ name: "bench-agent" })
  .onRequest(acp.methods.agent.initialize, () => ({
    protocolVersion: 2,
    info: { name: "bench-agent", version: "0.0.0" },
    capabilities: {},
  }))
  .onRequest(acp.methods.agent.session.new, ({ params }) => {
    const sessionId = `bench-session-${sessions.size + 1}`;
    sessions.set(sessionId, { cwd: params.cwd });
    return { sessionId };
  })
  .onRequest(acp.methods.agent.session.prompt, async ({ params, client }) => {
    const session = sessions.get(params.sessionId);
    if (!session) throw acp.RequestError.sessionNotFound(params.sessionId);
    const command = JSON.parse(textOf(params.prompt)) as AgentCommand;
    const turn = new AbortController();
    session.turn = turn;
    const update = (u: acp.SessionUpdate) =>
      client.notify(acp.methods.client.session.update, { sessionId: params.sessionId, update: u });
    await update({ sessionUpdate: "state_update", state: "running" });
    const send = (request: unknown) =>
      client
        .request(acp.methods.client.session.requestPermission, request as acp.RequestPermissionRequest)
        .then(
          (response) => response as unknown,
          (error: unknown) => ({ error: String(error) }),
        );
    void runOp(
      command,
      {
        send,
        update: (u) => update(u as acp.SessionUpdate),
        sessionId: params.sessionId,
        cwd: session.cwd,
        signal: turn.signal,
        fineNow,
        lastInputAt: () => lastInputAt,
      },
      (result) => appendLog(logFile, { kind: "result", ...result }),
    )
      .catch((error: unknown) =>
        appendLog(logFile, { kind: "result", id: command.id, op: command.op, error: String(error) }),
      )
      .then(() =>
        update(
          turn.signal.aborted
            ? { sessionUpdate: "state_update", state: "idle", stopReason: "cancelled" }
            : { sessionUpdate: "state_update", state: "idle", stopReason: "end_turn" },
        ),
      )
      .catch(() => undefined);
    return { messageId: `bench-user-${++turns}` };
  })
  .onNotification(acp.methods.agent.session.cancel, ({ params }) => {
    sessions.get(params.sessionId)?.turn?.abort();
  });

let v1Sessions = 0;
const v1App = v1
  .agent({ name: "bench-agent-v1" })
  .onRequest(v1.methods.agent.initialize, () => ({
    protocolVersion: 1,
    agentCapabilities: {},
    agentInfo: { name: "bench-agent-v1", version: "0.0.0" },
  }))
  .onRequest(v1.methods.agent.session.new, () => ({ sessionId: `bench-v1-session-${++v1Sessions}` }))
  .onRequest(v1.methods.agent.session.prompt, () => ({ stopReason: "end_turn" as const }))
  .onNotification(v1.methods.agent.session.cancel, () => undefined);

const stream = acp.ndJsonStream(
  Writable.toWeb(process.stdout),
  Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>,
);
const connection = process.env.BENCH_AGENT_PROTOCOL === "v1" ? v1App.connect(stream) : app.connect(stream);
void connection.closed.then(() => process.exit(0));

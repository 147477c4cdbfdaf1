/**
 * Floor (a): the same requests as the benchmark agent, written as newline-delimited JSON-RPC straight to stdout,
 * answers read straight from stdin; no SDK, no validation, no handshake. Runs one `AgentCommand` given as argv[2]
 * (session id "raw-session", cwd = its working directory), appends the result to BENCH_AGENT_LOG and exits.
 */
import { appendLog, runOp, type AgentCommand } from "./ops";

const command = JSON.parse(process.argv[2] ?? "{}") as AgentCommand;
const waiting = new Map<number, (result: unknown) => void>();
let nextId = 0;
let buffered = "";

process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk: string) => {
  buffered += chunk;
  let newline: number;
  while ((newline = buffered.indexOf("\n")) >= 0) {
    const line = buffered.slice(0, newline);
    buffered = buffered.slice(newline + 1);
    const message = JSON.parse(line) as { id: number; result?: unknown; error?: unknown };
    const resolve = waiting.get(message.id);
    waiting.delete(message.id);
    resolve?.(message.result ?? { error: message.error });
  }
});

function send(params: unknown): Promise<unknown> {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    process.stdout.write(
      `${JSON.stringify({ jsonrpc: "2.0", id, method: "session/request_permission", params })}\n`,
    );
  });
}

const signal = new AbortController().signal;
runOp(command, { send, sessionId: "raw-session", cwd: process.cwd(), signal }, (result) =>
  appendLog(process.env.BENCH_AGENT_LOG, { kind: "result", ...result }),
)
  .catch((error: unknown) =>
    appendLog(process.env.BENCH_AGENT_LOG, {
      kind: "result",
      id: command.id,
      op: command.op,
      error: String(error),
    }),
  )
  .finally(() => process.exit(0));

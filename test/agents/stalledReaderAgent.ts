/**
 * A v1 agent written straight on the wire that, on its first prompt, asks for STALLED_READS (default 100) reads of
 * `big.txt` in its session's folder and then stops reading its stdin: the host's answers have nowhere to go. With
 * STALLED_FLOOD=<n> it sends n requests for an unknown method instead, as fast as its stdout takes them.
 */
import { join } from "node:path";
import { createInterface } from "node:readline";

const reads = Number(process.env.STALLED_READS ?? 100);
let folder = ".";

function send(frame: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", ...frame })}\n`);
}

const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const frame = JSON.parse(line) as { id?: unknown; method?: string; params?: { cwd?: string } };
  if (frame.method === "initialize")
    send({ id: frame.id, result: { protocolVersion: 1, agentCapabilities: {}, authMethods: [] } });
  else if (frame.method === "session/new") {
    folder = frame.params?.cwd ?? folder;
    send({ id: frame.id, result: { sessionId: "stalled-1" } });
  } else if (frame.method === "session/prompt") {
    lines.close();
    process.stdin.pause();
    if (process.env.STALLED_FLOOD) void flood(Number(process.env.STALLED_FLOOD));
    else
      for (let i = 0; i < reads; i++)
        send({
          id: 1000 + i,
          method: "fs/read_text_file",
          params: { sessionId: "stalled-1", path: join(folder, "big.txt") },
        });
    setInterval(() => undefined, 60_000);
  }
});

/** Each unknown method's answer names it: a long name fills the host's backlog with fewer requests. */
async function flood(n: number): Promise<void> {
  const method = `x/${"unknown".repeat(100)}`;
  for (let i = 0; i < n; i++)
    if (!process.stdout.write(`{"jsonrpc":"2.0","id":${i},"method":"${method}"}\n`))
      await new Promise((resolve) => process.stdout.once("drain", resolve));
}

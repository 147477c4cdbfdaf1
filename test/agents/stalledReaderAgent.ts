/**
 * A v1 agent written straight on the wire that, on its first prompt, asks for STALLED_READS (default 100) reads of
 * `big.txt` in its session's folder and then stops reading its stdin: the host's answers have nowhere to go.
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
    for (let i = 0; i < reads; i++)
      send({
        id: 1000 + i,
        method: "fs/read_text_file",
        params: { sessionId: "stalled-1", path: join(folder, "big.txt") },
      });
    setInterval(() => undefined, 60_000);
  }
});

/**
 * The stdio end of a test agent written straight on the wire (no SDK, so it can send any shape): newline-delimited
 * JSON-RPC frames out, requests of its own whose answers come back on stdin, and a table of the methods it serves.
 */
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";

export type Json = Record<string, unknown>;

/** Serves one method: the whole frame (for its id) and its params. */
export type MethodHandler = (frame: Json, params: Json) => void;

export function send(frame: Json): void {
  process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", ...frame })}\n`);
}

const waiting = new Map<number, (frame: Json) => void>();
let nextId = 100;

/** Sends a request to the client; resolves with the client's whole answer frame. */
export function request(method: string, params: Json): Promise<Json> {
  const id = nextId++;
  send({ id, method, params });
  return new Promise((resolve) => waiting.set(id, resolve));
}

/**
 * Reads frames from stdin: each is appended to `logFile` (when set), answers go to their `request`, and the rest to
 * `methods`; a request for any other method gets "Method not found".
 */
export function serve(logFile: string | undefined, methods: Record<string, MethodHandler>): void {
  createInterface({ input: process.stdin }).on("line", (line) => {
    if (logFile) appendFileSync(logFile, `${line}\n`);
    const frame = JSON.parse(line) as Json;
    if (frame.method === undefined && typeof frame.id === "number") {
      waiting.get(frame.id)?.(frame);
      waiting.delete(frame.id);
      return;
    }
    const handler = typeof frame.method === "string" ? methods[frame.method] : undefined;
    if (handler) handler(frame, (frame.params ?? {}) as Json);
    else if (frame.id !== undefined)
      send({ id: frame.id, error: { code: -32601, message: "Method not found" } });
  });
}

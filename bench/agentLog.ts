/** Reading the benchmark agents' JSON-lines logs from the driving side. */
import { existsSync, readFileSync } from "node:fs";
import type { AgentResult, LogRecord } from "./agents/ops";
import { sleep } from "./stats";

export function findResult(logFile: string, id: string): LogRecord | undefined {
  if (!existsSync(logFile)) return undefined;
  const text = readFileSync(logFile, "utf8");
  if (!text.includes(`"id":${JSON.stringify(id)}`)) return undefined;
  for (const line of text.split("\n")) {
    if (!line) continue;
    const record = JSON.parse(line) as LogRecord;
    if (record.id === id) return record;
  }
  return undefined;
}

/** Polls the log until the agent wrote the result of command `id`; throws on an error result or a timeout. */
export async function waitForResult<R extends AgentResult>(
  logFile: string,
  id: string,
  timeoutMs: number,
  pollMs = 50,
): Promise<R> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const record = findResult(logFile, id);
    if (record) {
      if ("error" in record) throw new Error(`agent command ${id} (${record.op}) failed: ${record.error}`);
      return record as unknown as R;
    }
    if (Date.now() > deadline)
      throw new Error(`agent command ${id} wrote no result within ${timeoutMs / 1000} s`);
    await sleep(pollMs);
  }
}

let counter = 0;
export function commandId(label: string): string {
  return `${label}-${process.pid}-${++counter}-${Date.now()}`;
}

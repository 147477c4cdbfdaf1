// The scripted agent's log: one JSON object per line, written synchronously (so nothing is lost when a script
// exits the process abruptly) to the file named by SCRIPTED_AGENT_LOG. Without that variable nothing is written.
// Every entry has `kind`, `t` (milliseconds since the agent started, monotonic) and `agentPid` (this process).
import { openSync, writeSync } from "node:fs";

export type LogEntry = { readonly kind: string } & Record<string, unknown>;

export class AgentLog {
  private readonly fd: number | undefined;
  /** How many SDK-sent `session/request_permission` requests the log has seen; numbers them as `requestIndex`. */
  private permissionRequestsSent = 0;

  constructor(path: string | undefined) {
    this.fd = path ? openSync(path, "a") : undefined;
  }

  write(entry: LogEntry): void {
    if (this.fd === undefined) return;
    // `agentPid` tells apart the processes of a test that share one log file (a crashed agent and its successor).
    const line = JSON.stringify({ ...entry, t: Number(performance.now().toFixed(3)), agentPid: process.pid });
    writeSync(this.fd, `${line}\n`);
  }

  /**
   * One line that crossed stdio through the SDK's stream (raw writes are logged by whoever makes them).
   * `frame` is the parsed JSON; a line that is not JSON is kept as `raw` text.
   * Requests the agent sends through the SDK are numbered in send order (`requestIndex`), the same numbering the
   * runner uses for outcomes: the SDK writes requests in the order they are made.
   */
  frame(direction: "received" | "sent", line: string, extra: Record<string, unknown> = {}): void {
    let frame: unknown;
    try {
      frame = JSON.parse(line);
    } catch {
      this.write({ kind: "frame", direction, raw: line, ...extra });
      return;
    }
    const isPermissionRequest =
      direction === "sent" &&
      typeof frame === "object" &&
      frame !== null &&
      (frame as { method?: unknown }).method === "session/request_permission" &&
      "id" in frame;
    const numbered = isPermissionRequest ? { requestIndex: this.permissionRequestsSent++ } : {};
    this.write({ kind: "frame", direction, frame, ...numbered, ...extra });
  }
}

// The scripted agent's stdio. Everything written to stdout, from the SDK or raw from a script step, goes through
// one ordered queue, so a raw line lands exactly between the frames sent before and after it. Incoming bytes are
// logged line by line before the SDK parses them (so garbage from a client is logged too).
import * as acp from "@agentclientprotocol/sdk/experimental/v2";
import { closeSync, openSync } from "node:fs";
import { Readable } from "node:stream";
import { createLineSplitter, lineTap } from "../../support/lineTap";
import type { AgentLog } from "./agentLog";

export class AgentStdio {
  readonly stream: acp.Stream;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly log: AgentLog) {
    const incoming = (Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>).pipeThrough(
      lineTap((line) => log.frame("received", line)),
    );
    const sentLines = createLineSplitter((line) => log.frame("sent", line));
    const outgoing = new WritableStream<Uint8Array>({
      write: (chunk) => {
        sentLines.push(chunk);
        return this.write(chunk);
      },
    });
    // A client that went away makes writes fail with EPIPE; that is the client's problem, not a crash here.
    process.stdout.on("error", (error) => log.write({ kind: "stdoutError", message: error.message }));
    this.stream = acp.ndJsonStream(outgoing, incoming);
  }

  private write(bytes: Uint8Array | string): Promise<void> {
    const written = this.queue.then(
      () => new Promise<void>((resolve) => process.stdout.write(bytes, () => resolve())),
    );
    this.queue = written;
    return written;
  }

  /** Bytes that bypass the SDK; `summary` is what the log records instead of (possibly huge) content. */
  writeRaw(bytes: Uint8Array | string, summary: Record<string, unknown>): Promise<void> {
    this.log.write({ kind: "frame", direction: "sent", rawWrite: true, ...summary });
    return this.write(bytes);
  }

  /**
   * Closes the agent's end of the stdout pipe (the client sees EOF) while the process lives on. File descriptor 1
   * is pointed at /dev/null right away, so later writes go nowhere instead of into whatever file opens next.
   */
  async closeStdout(): Promise<void> {
    await this.queue;
    closeSync(1);
    const replacement = openSync("/dev/null", "w");
    this.log.write({ kind: "stdoutClosed", replacementFd: replacement });
  }
}

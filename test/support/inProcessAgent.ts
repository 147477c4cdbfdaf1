/**
 * The client's test seam without processes: an SDK agent app running in this process on a pair of in-memory byte
 * streams, handed to `AgentConnection` through `Environment.startAgent` in place of a spawned process. Everything
 * above the byte streams (negotiation, frame taps, limits, routing, teardown) is the product's code. `Gate`s let an
 * agent handler hold a request in flight until the test opens them (the model of Zed's `agent_servers` tests), and
 * `reading` stops the agent reading its input, so the client's writes stall as on a full pipe.
 */
import { randomUUID } from "node:crypto";
import { PassThrough, Writable } from "node:stream";
import * as v2 from "@agentclientprotocol/sdk/experimental/v2";
import type { AgentEndpoint } from "../../src/acp/agentConnection";
import type { AgentExit, AgentLaunch } from "../../src/acp/agentProcess";

/** A point an agent handler waits at: `arrived` tells the test it got there, `open()` lets it go on. */
export class Gate {
  readonly arrived: Promise<void>;
  private readonly opened: Promise<void>;
  private markArrived!: () => void;
  private release!: () => void;

  constructor() {
    this.arrived = new Promise((resolve) => (this.markArrived = resolve));
    this.opened = new Promise((resolve) => (this.release = resolve));
  }

  /** Called by the agent. */
  pass(): Promise<void> {
    this.markArrived();
    return this.opened;
  }

  open(): void {
    this.release();
  }
}

/** What both SDK entry points' apps and the protocol router offer. */
interface AgentSide {
  connect(stream: v2.Stream): { readonly closed: Promise<void>; close(error?: unknown): void };
}

export class InProcessAgent implements AgentEndpoint {
  readonly id = randomUUID();
  readonly pid = undefined;
  /** What the client writes and the agent reads; a one-byte buffer, so the client's writes stall as soon as the agent stops reading. */
  readonly stdin = new PassThrough({ highWaterMark: 1 });
  /** What the agent writes and the client reads. */
  readonly stdout = new PassThrough();
  readonly stderr = { tail: (): string[] => [] };
  readonly exited: Promise<AgentExit>;
  /** Whether the agent reads its input; turn it off and the client's writes back up. */
  reading = true;
  private exitInfo: AgentExit | undefined;
  private markExited!: (exit: AgentExit) => void;
  private wake: (() => void) | undefined;
  private readonly connection: ReturnType<AgentSide["connect"]>;

  constructor(
    readonly launch: AgentLaunch,
    app: AgentSide,
  ) {
    this.exited = new Promise((resolve) => (this.markExited = resolve));
    // As for a real pipe: a write after the agent is gone is an error the connection sees as its close.
    this.stdin.on("error", () => undefined);
    const input = new ReadableStream<Uint8Array>(
      {
        pull: async (controller) => {
          for (;;) {
            // A dead agent reads nothing more, not even what was written before it died.
            if (this.hasExited) return controller.close();
            const chunk = this.reading ? (this.stdin.read() as Buffer | null) : null;
            if (chunk) return controller.enqueue(new Uint8Array(chunk));
            if (this.stdin.readableEnded) return controller.close();
            await new Promise<void>((resolve) => {
              const woken = () => {
                this.stdin.off("readable", woken).off("end", woken);
                resolve();
              };
              this.wake = woken;
              // Not reading: only `resume()` or the end wakes it (a buffered stream re-announces `readable` at once).
              if (this.reading) this.stdin.on("readable", woken).on("end", woken);
            });
          }
        },
      },
      { highWaterMark: 0 },
    );
    this.connection = app.connect(v2.ndJsonStream(Writable.toWeb(this.stdout), input));
    // The agent side hanging up ends the "process", as the demo agent's `process.exit` does.
    void this.connection.closed.then(
      () => this.exit({ code: 0, signal: null }),
      () => this.exit({ code: 1, signal: null }),
    );
  }

  get hasExited(): boolean {
    return this.exitInfo !== undefined;
  }

  get killed(): boolean {
    return this.exitInfo?.signal === "SIGKILL";
  }

  /** Lets the agent read its input again. */
  resume(): void {
    this.reading = true;
    this.wake?.();
  }

  kill(): Promise<AgentExit> {
    this.exit({ code: null, signal: "SIGKILL" });
    return this.exited;
  }

  describeExit(exit: AgentExit | undefined = this.exitInfo): string {
    return `${this.launch.name} ${exit?.signal ? `was stopped by ${exit.signal}` : `exited with code ${exit?.code ?? "unknown"}`}.`;
  }

  private exit(info: AgentExit): void {
    if (this.exitInfo) return;
    this.exitInfo = info;
    this.connection.close();
    this.stdout.end();
    this.stdin.destroy();
    this.wake?.();
    this.markExited(info);
  }
}

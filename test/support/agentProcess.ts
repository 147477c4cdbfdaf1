// Spawns an agent over real stdio and records every frame both ways, in wire order, before the SDK sees it.
// Tests connect an SDK client (v1 or v2) to `stream` and check `transcript` against the schema afterwards.
import * as acp from "@agentclientprotocol/sdk/experimental/v2";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { Readable, Writable } from "node:stream";
import type { TranscriptFrame } from "./acpSchema";
import { lineTap } from "./lineTap";

export interface AgentProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** Frames in wire order. A line that is not JSON is recorded as its text. */
  readonly transcript: TranscriptFrame[];
  /** For `client(...).connect(stream)` from either SDK entry point (both use the same message stream type). */
  readonly stream: acp.Stream;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
  /** Closes stdin, then kills the process if it has not exited within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return line;
  }
}

export interface SpawnOptions {
  readonly args?: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  /** Lead a process group of its own, so a test can signal the whole group (`process.kill(-pid)`). */
  readonly detached?: boolean;
}

export function spawnAgent(scriptPath: string, options: SpawnOptions = {}): AgentProcess {
  const child = spawn(process.execPath, [scriptPath, ...(options.args ?? [])], {
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, ...options.env },
    detached: options.detached ?? false,
  });
  const transcript: TranscriptFrame[] = [];
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (text: string) => (stderr += text));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );

  const toAgent = lineTap((line) => transcript.push({ sender: "client", frame: parseLine(line) }));
  void toAgent.readable.pipeTo(Writable.toWeb(child.stdin)).catch(() => undefined); // The agent may exit first.
  const fromAgent = (Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>).pipeThrough(
    lineTap((line) => transcript.push({ sender: "agent", frame: parseLine(line) })),
  );

  return {
    child,
    transcript,
    stream: acp.ndJsonStream(toAgent.writable, fromAgent),
    exited,
    stderr: () => stderr,
    async stop(graceMs = 1000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The floors: what one `session/request_permission` costs with nothing of Symposium in the way.
 *   (a) raw: `rawAgent.js` writes newline-delimited JSON-RPC to its stdout; this process parses each line and answers
 *       at once (or holds it, for the memory floor).
 *   (b) SDK: `benchAgent.js` (the SDK agent the extension benchmarks use too) and an SDK v2 client here that answers
 *       at once (or holds the handler's promise).
 * Both time on the agent's side; the client's CPU and heap are measured in this process.
 */
import * as v2 from "@agentclientprotocol/sdk/experimental/v2";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import { commandId, waitForResult } from "../agentLog";
import type { AgentCommand, AgentResult } from "../agents/ops";
import { ALLOW_ONCE } from "../payload";
import { BENCH_AGENT, RAW_AGENT } from "../paths";
import { bundleCategories, profile, summarizeProfile, type ProfileSummary } from "../profile";
import { sleep, summarize, type Summary } from "../stats";
import { heapUsedAfterGc } from "./heap";

export interface FloorSettings {
  pacedCount: number;
  pacedIntervalMs: number;
  hotCount: number;
  throughputMs: number;
  inFlight: number;
  heldCount: number;
}

export interface Floor {
  hotUs: Summary;
  pacedUs: Summary;
  /** Raw samples, for the plots. */
  pacedSamplesUs: number[];
  hotSamplesUs: number[];
  throughputPerSecond: number;
  /** User + system CPU of the client process per answered request, during the throughput run. */
  clientCpuUsPerRequest: number;
  heapBytesPerPending: number;
  /** SDK floor only: where the client's CPU went during a separate, profiled throughput run. */
  profile?: ProfileSummary;
}

const ANSWER = { outcome: { outcome: "selected", optionId: ALLOW_ONCE } } as const;

// ---------------------------------------------------------------------------------------------------------------------
// (a) raw newline-delimited JSON

class RawClient {
  readonly child: ChildProcessWithoutNullStreams;
  holding = false;
  readonly held: { id: unknown; method: string; params: unknown }[] = [];
  private buffered = "";

  constructor(command: AgentCommand, cwd: string, logFile: string, hold = false) {
    this.holding = hold;
    this.child = spawn(process.execPath, [RAW_AGENT, JSON.stringify(command)], {
      cwd,
      env: { ...process.env, BENCH_AGENT_LOG: logFile },
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.child.stdout.setEncoding("utf8");
    this.child.stdout.on("data", (chunk: string) => this.receive(chunk));
    this.child.stderr.on("data", (chunk: Buffer) => process.stderr.write(chunk));
  }

  private receive(chunk: string): void {
    this.buffered += chunk;
    let newline: number;
    while ((newline = this.buffered.indexOf("\n")) >= 0) {
      const message = JSON.parse(this.buffered.slice(0, newline)) as {
        id: unknown;
        method: string;
        params: unknown;
      };
      this.buffered = this.buffered.slice(newline + 1);
      if (this.holding) this.held.push(message);
      else this.answer(message.id);
    }
  }

  private answer(id: unknown): void {
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, result: ANSWER })}\n`);
  }

  release(): void {
    this.holding = false;
    for (const message of this.held.splice(0)) this.answer(message.id);
  }

  async exited(): Promise<void> {
    if (this.child.exitCode !== null) return;
    await new Promise((resolve) => this.child.once("exit", resolve));
  }
}

async function rawRun<R extends AgentResult>(
  command: AgentCommand,
  dir: string,
  log: string,
): Promise<{ result: R; cpuUs: number }> {
  const client = new RawClient(command, dir, log);
  const cpu = process.cpuUsage();
  const result = await waitForResult<R>(log, command.id, 120_000);
  const used = process.cpuUsage(cpu);
  await client.exited();
  return { result, cpuUs: used.user + used.system };
}

// ---------------------------------------------------------------------------------------------------------------------
// (b) SDK client and SDK agent

class SdkClient {
  readonly child: ChildProcessWithoutNullStreams;
  readonly connection: v2.ClientConnection;
  holding = false;
  readonly held: (() => void)[] = [];
  sessionId = "";

  constructor(
    private readonly cwd: string,
    private readonly logFile: string,
  ) {
    this.child = spawn(process.execPath, [BENCH_AGENT], {
      cwd,
      env: { ...process.env, BENCH_AGENT_LOG: logFile },
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.child.stderr.on("data", (chunk: Buffer) => process.stderr.write(chunk));
    const app = v2
      .client({ name: "bench-floor-client" })
      .onRequest(v2.methods.client.session.requestPermission, () =>
        this.holding
          ? new Promise<typeof ANSWER>((resolve) => this.held.push(() => resolve(ANSWER)))
          : ANSWER,
      )
      .onNotification(v2.methods.client.session.update, () => undefined);
    this.connection = app.connect(
      v2.ndJsonStream(
        Writable.toWeb(this.child.stdin),
        Readable.toWeb(this.child.stdout) as ReadableStream<Uint8Array>,
      ),
    );
  }

  async open(): Promise<void> {
    await this.connection.agent.request(v2.methods.agent.initialize, {
      protocolVersion: 2,
      info: { name: "bench-floor-client", version: "0.0.0" },
      capabilities: {},
    });
    const session = await this.connection.agent.request(v2.methods.agent.session.new, {
      cwd: this.cwd,
      mcpServers: [],
    });
    this.sessionId = session.sessionId;
  }

  async prompt(command: AgentCommand): Promise<void> {
    await this.connection.agent.request(v2.methods.agent.session.prompt, {
      sessionId: this.sessionId,
      prompt: [{ type: "text", text: JSON.stringify(command) }],
    });
  }

  async run<R extends AgentResult>(command: AgentCommand): Promise<{ result: R; cpuUs: number }> {
    const cpu = process.cpuUsage();
    await this.prompt(command);
    const result = await waitForResult<R>(this.logFile, command.id, 120_000);
    const used = process.cpuUsage(cpu);
    return { result, cpuUs: used.user + used.system };
  }

  release(): void {
    this.holding = false;
    for (const resolve of this.held.splice(0)) resolve();
  }

  async close(): Promise<void> {
    this.connection.close();
    this.child.stdin.end();
    if (this.child.exitCode === null) await new Promise((resolve) => this.child.once("exit", resolve));
  }
}

// ---------------------------------------------------------------------------------------------------------------------

type Latency = Extract<AgentResult, { op: "latency" }>;
type Throughput = Extract<AgentResult, { op: "throughput" }>;

function commands(settings: FloorSettings) {
  return {
    paced: (): AgentCommand => ({
      op: "latency",
      id: commandId("paced"),
      count: settings.pacedCount,
      intervalMs: settings.pacedIntervalMs,
      warmup: 5,
    }),
    hot: (): AgentCommand => ({
      op: "latency",
      id: commandId("hot"),
      count: settings.hotCount,
      intervalMs: 0,
      warmup: 500,
    }),
    throughput: (): AgentCommand => ({
      op: "throughput",
      id: commandId("throughput"),
      durationMs: settings.throughputMs,
      inFlight: settings.inFlight,
      warmupMs: 300,
    }),
    hold: (): AgentCommand => ({ op: "hold", id: commandId("hold"), count: settings.heldCount }),
  };
}

/**
 * Heap growth of this process while `count` requests are held, per request: the baseline is taken before `start`
 * sends the command; `release` answers them all.
 */
async function heldHeap(
  count: number,
  start: () => Promise<void>,
  held: () => number,
  release: () => void,
): Promise<number> {
  const before = await heapUsedAfterGc();
  await start();
  const deadline = Date.now() + 60_000;
  while (held() < count) {
    if (Date.now() > deadline) throw new Error(`only ${held()} of ${count} requests arrived`);
    await sleep(20);
  }
  const after = await heapUsedAfterGc();
  release();
  return (after - before) / count;
}

export async function measureRawFloor(settings: FloorSettings): Promise<Floor> {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "symposium-bench-raw-")));
  const log = join(dir, "agent.jsonl");
  const c = commands(settings);
  try {
    const paced = await rawRun<Latency>(c.paced(), dir, log);
    const hot = await rawRun<Latency>(c.hot(), dir, log);
    const throughput = await rawRun<Throughput>(c.throughput(), dir, log);
    const hold = c.hold();
    let client: RawClient | undefined;
    const heap = await heldHeap(
      settings.heldCount,
      () => {
        client = new RawClient(hold, dir, log, true);
        return Promise.resolve();
      },
      () => client!.held.length,
      () => client!.release(),
    );
    await waitForResult(log, hold.id, 60_000);
    await client!.exited();
    return floorOf(paced.result, hot.result, throughput.result, throughput.cpuUs, heap);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureSdkFloor(settings: FloorSettings): Promise<Floor> {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "symposium-bench-sdk-")));
  const log = join(dir, "agent.jsonl");
  const client = new SdkClient(dir, log);
  const c = commands(settings);
  try {
    await client.open();
    const paced = await client.run<Latency>(c.paced());
    const hot = await client.run<Latency>(c.hot());
    const throughput = await client.run<Throughput>(c.throughput());
    const profiled = await profile(() =>
      client.run<Throughput>({
        ...c.throughput(),
        durationMs: Math.min(2000, settings.throughputMs),
      } as AgentCommand),
    );
    const hold = c.hold();
    client.holding = true;
    const heap = await heldHeap(
      settings.heldCount,
      () => client.prompt(hold),
      () => client.held.length,
      () => client.release(),
    );
    await waitForResult(log, hold.id, 60_000);
    const floor = floorOf(paced.result, hot.result, throughput.result, throughput.cpuUs, heap);
    floor.profile = summarizeProfile(
      profiled.profile,
      bundleCategories(__filename),
      profiled.value.result.answered,
    );
    return floor;
  } finally {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function floorOf(paced: Latency, hot: Latency, throughput: Throughput, cpuUs: number, heap: number): Floor {
  return {
    pacedUs: summarize(paced.samplesUs),
    hotUs: summarize(hot.samplesUs),
    pacedSamplesUs: paced.samplesUs,
    hotSamplesUs: hot.samplesUs,
    throughputPerSecond: throughput.perSecond,
    clientCpuUsPerRequest: cpuUs / throughput.answered,
    heapBytesPerPending: heap,
  };
}

/**
 * What a benchmark agent does in one turn, shared by the SDK agent (`benchAgent.ts`) and the raw one (`rawAgent.ts`)
 * so that both time requests with the same code. Timings are taken on the agent's side with
 * `process.hrtime.bigint()`: from just before the request is handed to the transport to the moment its answer is
 * delivered to the awaiting code.
 */
import { appendFileSync } from "node:fs";
import { diffParams, probeToolCall, standardParams, type PermissionParams } from "../payload";
import { nsToUs, sleep, summarize, type Summary } from "../stats";

export type AgentCommand =
  /** One request at a time; `intervalMs` of idle between an answer and the next request (0 = hot loop). */
  | { op: "latency"; id: string; count: number; intervalMs: number; warmup: number }
  /** `inFlight` requests outstanding at all times for `durationMs` (after `warmupMs`). */
  | { op: "throughput"; id: string; durationMs: number; inFlight: number; warmupMs: number }
  /** `count` requests at once, held until the client answers them; the result is written when all are answered. */
  | {
      op: "hold";
      id: string;
      count: number;
      payload?: "standard" | "diff";
      diffLines?: number;
      title?: string;
    }
  /**
   * Sequential requests titled `<title> #i`, `gapMs` apart, each stamped (wall clock) when sent and when answered.
   * With `holdFirst`, that many requests titled "Held #i" are sent first and left pending; with `gate`, a request
   * titled "Gate" follows them and the probes start once the client answers it. The result is written after the
   * probes; the turn ends once the held requests are answered too. With `exitAfter`, the process kills itself
   * (SIGKILL) right after writing the result, leaving the held requests unanswered (an agent crash). With `toolCall`, each
   * probe is preceded by a `tool_call_update` announcing an edit with a `diffLines`-line git patch, and the request's
   * subject is that tool call (what a coding agent sends before asking to write a file).
   */
  | {
      op: "probe";
      id: string;
      count: number;
      gapMs: number;
      title: string;
      holdFirst?: number;
      gate?: boolean;
      exitAfter?: boolean;
      toolCall?: boolean;
      diffLines?: number;
    };

export interface ProbeStamp {
  sentAt: number;
  answeredAt: number;
  /** The answer delivered to the awaiting code, and its bytes read from stdin (agents that stamp input): fine clock. */
  answeredFineAt?: number;
  inputAt?: number;
  rttUs: number;
  outcome: string;
}

export type AgentResult =
  | { op: "latency"; id: string; samplesUs: number[]; outcomes: Record<string, number> }
  | {
      op: "throughput";
      id: string;
      answered: number;
      measured: number;
      elapsedMs: number;
      perSecond: number;
      latencyUs: Summary;
      outcomes: Record<string, number>;
    }
  | { op: "hold"; id: string; answered: number; outcomes: Record<string, number> }
  | {
      op: "probe";
      id: string;
      probes: ProbeStamp[];
      /** Date.now() just before the result was written. */ doneAt: number;
    };

export type LogRecord =
  ({ kind: "result" } & AgentResult) | { kind: "result"; id: string; op: string; error: string };

export interface OpContext {
  /** Sends one `session/request_permission` and resolves with the answer's result (never rejects). */
  send(params: PermissionParams): Promise<unknown>;
  sessionId: string;
  cwd: string;
  /** Aborted by `session/cancel`. */
  signal: AbortSignal;
  /** Sends a `session/update` (agents without a session, like the raw one, have none). */
  update?(update: Record<string, unknown>): Promise<void>;
  /** `bench/fineClock.ts`'s clock, and when stdin last delivered bytes on it (agents that stamp their input). */
  fineNow?(): number;
  lastInputAt?(): number;
}

/** "allow-once", "reject-once", "cancelled" or "error": what the client answered. */
export function outcomeOf(result: unknown): string {
  const outcome = (result as { outcome?: { outcome?: string; optionId?: string } } | undefined)?.outcome;
  return outcome?.optionId ?? outcome?.outcome ?? "error";
}

function tally(outcomes: Record<string, number>, result: unknown): void {
  const key = outcomeOf(result);
  outcomes[key] = (outcomes[key] ?? 0) + 1;
}

export async function runOp(
  command: AgentCommand,
  ctx: OpContext,
  report: (result: AgentResult) => void,
): Promise<void> {
  const standard = (title: string) => standardParams(ctx.sessionId, ctx.cwd, title);
  switch (command.op) {
    case "latency": {
      const samplesUs: number[] = [];
      const outcomes: Record<string, number> = {};
      for (let i = 0; i < command.warmup + command.count && !ctx.signal.aborted; i++) {
        const params = standard(`Run the test suite (#${i})`);
        const start = process.hrtime.bigint();
        const result = await ctx.send(params);
        const end = process.hrtime.bigint();
        if (i >= command.warmup) {
          samplesUs.push(nsToUs(end - start));
          tally(outcomes, result);
        }
        if (command.intervalMs > 0) await sleep(command.intervalMs);
      }
      report({ op: "latency", id: command.id, samplesUs, outcomes });
      return;
    }
    case "throughput": {
      const outcomes: Record<string, number> = {};
      const latencies: number[] = [];
      let answered = 0;
      let measuring = false;
      let measured = 0;
      let index = 0;
      let stop = false;
      const worker = async () => {
        while (!stop && !ctx.signal.aborted) {
          const params = standard(`Run the test suite (#${index++})`);
          const start = process.hrtime.bigint();
          const result = await ctx.send(params);
          const end = process.hrtime.bigint();
          answered++;
          if (measuring) {
            measured++;
            latencies.push(nsToUs(end - start));
            tally(outcomes, result);
          }
        }
      };
      const workers = Array.from({ length: command.inFlight }, worker);
      await sleep(command.warmupMs);
      measuring = true;
      const started = process.hrtime.bigint();
      await sleep(command.durationMs);
      measuring = false;
      const elapsedMs = nsToUs(process.hrtime.bigint() - started) / 1000;
      stop = true;
      await Promise.all(workers);
      report({
        op: "throughput",
        id: command.id,
        answered,
        measured,
        elapsedMs,
        perSecond: (measured / elapsedMs) * 1000,
        latencyUs: summarize(latencies),
        outcomes,
      });
      return;
    }
    case "hold": {
      const outcomes: Record<string, number> = {};
      const title = command.title ?? "Held";
      const requests = Array.from({ length: command.count }, (_, i) =>
        ctx.send(
          command.payload === "diff"
            ? diffParams(ctx.sessionId, ctx.cwd, i, command.diffLines ?? 1000)
            : standard(`${title} #${i}`),
        ),
      );
      for (const result of await Promise.all(requests)) tally(outcomes, result);
      report({ op: "hold", id: command.id, answered: requests.length, outcomes });
      return;
    }
    case "probe": {
      const held = Array.from({ length: command.holdFirst ?? 0 }, (_, i) => ctx.send(standard(`Held #${i}`)));
      if (command.gate) await ctx.send(standard("Gate"));
      const probes: ProbeStamp[] = [];
      for (let i = 0; i < command.count && !ctx.signal.aborted; i++) {
        const title = `${command.title} #${i}`;
        let params = standard(title);
        if (command.toolCall) {
          const toolCall = probeToolCall(ctx.cwd, `${command.id}-${i}`, command.diffLines ?? 40);
          await ctx.update?.({ sessionUpdate: "tool_call_update", ...toolCall });
          params = { ...params, subject: { type: "tool_call", toolCall } };
        }
        const sentAt = Date.now();
        const start = process.hrtime.bigint();
        const result = await ctx.send(params);
        const end = process.hrtime.bigint();
        const answeredFineAt = ctx.fineNow?.();
        const inputAt = ctx.lastInputAt?.();
        probes.push({
          sentAt,
          answeredAt: Date.now(),
          ...(answeredFineAt !== undefined ? { answeredFineAt } : {}),
          ...(inputAt !== undefined ? { inputAt } : {}),
          rttUs: nsToUs(end - start),
          outcome: outcomeOf(result),
        });
        if (command.gapMs > 0) await sleep(command.gapMs);
      }
      report({ op: "probe", id: command.id, probes, doneAt: Date.now() });
      // Dies at once, as a crash does: `process.exit` would first tear the runtime down (10-60 ms under load).
      if (command.exitAfter) process.kill(process.pid, "SIGKILL");
      await Promise.all(held);
      return;
    }
  }
}

/** Appends one JSON line to the agent log (BENCH_AGENT_LOG), if there is one. */
export function appendLog(file: string | undefined, record: LogRecord): void {
  if (file) appendFileSync(file, `${JSON.stringify(record)}\n`);
}

/**
 * Bypass round trip inside the real extension host: the benchmark agent, configured with `bypassPermissions: true`
 * in user settings, times each request from send to answer (hrtime, on its side) while Symposium auto-approves it.
 * Human-paced, hot loop, and sustained throughput with the extension host's CPU per approval; the ViewOps and
 * webview messages of each turn are counted against a turn that sends no request.
 */
import { writeFileSync } from "node:fs";
import { waitForResult, commandId } from "../agentLog";
import type { AgentCommand, AgentResult } from "../agents/ops";
import { BYPASS_AGENT, type BypassHostResult, type BypassSettings, type TurnTraffic } from "./protocol";
import type { HostContext } from "./context";
import { turnEnded } from "../waits";
import { profile, runtimeCategory, summarizeProfile } from "../profile";

export async function runBypass(ctx: HostContext, settings: BypassSettings): Promise<BypassHostResult> {
  const { sessions } = ctx.api;
  const key = await sessions.startSession(BYPASS_AGENT);
  let viewOps = 0;
  const subscription = sessions.onDidChange((ops) => (viewOps += ops.length));
  const turn = async <R extends AgentResult>(command: AgentCommand, approvals: (result: R) => number) => {
    await turnEnded(sessions, key);
    const opsBefore = viewOps;
    const mark = ctx.posts.mark();
    const cpu = process.cpuUsage();
    void sessions.sendPrompt(key, JSON.stringify(command));
    const result = await waitForResult<R>(ctx.bypassLog, command.id, 180_000);
    const used = process.cpuUsage(cpu);
    await turnEnded(sessions, key);
    const traffic: TurnTraffic = {
      viewOps: viewOps - opsBefore,
      webviewMessages: ctx.posts.since(mark).length,
      approvals: approvals(result),
    };
    return { result, traffic, cpuUs: used.user + used.system };
  };
  type Latency = Extract<AgentResult, { op: "latency" }>;
  type Throughput = Extract<AgentResult, { op: "throughput" }>;
  try {
    const empty = await turn<Latency>(
      { op: "latency", id: commandId("empty"), count: 0, intervalMs: 0, warmup: 0 },
      () => 0,
    );
    const paced = await turn<Latency>(
      {
        op: "latency",
        id: commandId("paced"),
        count: settings.pacedCount,
        intervalMs: settings.pacedIntervalMs,
        warmup: 5,
      },
      (r) => r.samplesUs.length + 5,
    );
    const hot = await turn<Latency>(
      { op: "latency", id: commandId("hot"), count: settings.hotCount, intervalMs: 0, warmup: 500 },
      (r) => r.samplesUs.length + 500,
    );
    const throughput = await turn<Throughput>(
      {
        op: "throughput",
        id: commandId("throughput"),
        durationMs: settings.throughputMs,
        inFlight: settings.inFlight,
        warmupMs: 300,
      },
      (r) => r.answered,
    );
    // Attribution only: a shorter throughput turn under the sampling profiler (not part of the figures above).
    const profiled = await profile(() =>
      turn<Throughput>(
        {
          op: "throughput",
          id: commandId("profiled"),
          durationMs: Math.min(2000, settings.throughputMs),
          inFlight: settings.inFlight,
          warmupMs: 300,
        },
        (r) => r.answered,
      ),
    );
    // Diagnosis only (BENCH_BYPASS_PROFILE=file.cpuprofile): that profile whole, with its callers, for DevTools.
    const profileFile = process.env.BENCH_BYPASS_PROFILE;
    if (profileFile) writeFileSync(profileFile, JSON.stringify(profiled.profile));
    const outcomes: Record<string, number> = {};
    for (const r of [paced.result.outcomes, hot.result.outcomes, throughput.result.outcomes]) {
      for (const [k, v] of Object.entries(r)) outcomes[k] = (outcomes[k] ?? 0) + v;
    }
    return {
      pacedSamplesUs: paced.result.samplesUs,
      hotSamplesUs: hot.result.samplesUs,
      throughput: {
        perSecond: throughput.result.perSecond,
        answered: throughput.result.answered,
        latencyUs: throughput.result.latencyUs,
      },
      cpuUsPerApproval: throughput.cpuUs / throughput.result.answered,
      outcomes,
      emptyTurn: empty.traffic,
      turns: [paced.traffic, hot.traffic, throughput.traffic],
      profile: summarizeProfile(profiled.profile, hostCategory, profiled.value.result.answered),
    };
  } finally {
    subscription.dispose();
    await sessions.closeSession(key);
  }
}

/** Where a sample of the extension host's CPU profile belongs. */
function hostCategory(frame: { functionName: string; url: string }): string {
  const runtime = runtimeCategory(frame);
  if (runtime) return runtime;
  if (frame.url.endsWith("/dist/extension.js"))
    return "Symposium bundle (dist/extension.js: Symposium, ACP SDK, zod)";
  if (/\/out\/vs\/|extensionHost/.test(frame.url)) return "VS Code extension host";
  return frame.url.split("/").pop() ?? frame.url;
}

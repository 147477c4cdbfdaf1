/**
 * Bypass through the real client without VS Code: `AgentSessions` in plain Node with the benchmark agent set to
 * `bypassPermissions: true`, a logger that drops lines. Between the SDK-to-SDK floor and the extension-host figure, it
 * says how much of the bypass cost is Symposium's own code and how much is VS Code's (log channel, IPC) around it.
 * A separate, profiled throughput turn attributes the client's CPU to modules (the benchmark bundle is not minified,
 * so each sample maps to the source module it came from). One more throughput turn runs with the approval history
 * attached the way extension.ts attaches it (`onDidDecide` -> `ApprovalHistory.append` into a temporary folder), to
 * price that per-decision file write on its own.
 */
import { commandId, waitForResult } from "../agentLog";
import type { AgentCommand, AgentResult } from "../agents/ops";
import { bundleCategories, profile, summarizeProfile, type ProfileSummary } from "../profile";
import { summarize, type Summary } from "../stats";
import { BENCH_AGENT_NAME, createPlainClient } from "./clientEnv";
import { turnEnded } from "../waits";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ApprovalHistory, historyEntry } from "../../src/core/approvalHistory";

export interface ClientBypassResult {
  pacedUs: Summary;
  hotUs: Summary;
  pacedSamplesUs: number[];
  hotSamplesUs: number[];
  throughputPerSecond: number;
  cpuUsPerApproval: number;
  outcomes: Record<string, number>;
  profile: ProfileSummary;
  /** The same throughput turn with the approval history recording every decision. */
  withHistory: { throughputPerSecond: number; cpuUsPerApproval: number };
}

type Latency = Extract<AgentResult, { op: "latency" }>;
type Throughput = Extract<AgentResult, { op: "throughput" }>;

export async function measureClientBypass(settings: {
  pacedCount: number;
  pacedIntervalMs: number;
  hotCount: number;
  throughputMs: number;
  inFlight: number;
}): Promise<ClientBypassResult> {
  const client = createPlainClient({ bypass: true });
  const { sessions } = client;
  try {
    const key = await sessions.startSession(BENCH_AGENT_NAME);
    const turn = async <R extends AgentResult>(command: AgentCommand) => {
      await turnEnded(sessions, key);
      const cpu = process.cpuUsage();
      void sessions.sendPrompt(key, JSON.stringify(command));
      const result = await waitForResult<R>(client.logFile, command.id, 180_000);
      const used = process.cpuUsage(cpu);
      return { result, cpuUs: used.user + used.system };
    };
    const paced = await turn<Latency>({
      op: "latency",
      id: commandId("paced"),
      count: settings.pacedCount,
      intervalMs: settings.pacedIntervalMs,
      warmup: 5,
    });
    const hot = await turn<Latency>({
      op: "latency",
      id: commandId("hot"),
      count: settings.hotCount,
      intervalMs: 0,
      warmup: 500,
    });
    const throughputCommand = (): AgentCommand => ({
      op: "throughput",
      id: commandId("throughput"),
      durationMs: settings.throughputMs,
      inFlight: settings.inFlight,
      warmupMs: 300,
    });
    const throughput = await turn<Throughput>(throughputCommand());
    const profiled = await profile(() =>
      turn<Throughput>({
        ...throughputCommand(),
        durationMs: Math.min(2000, settings.throughputMs),
      } as AgentCommand),
    );
    // Diagnosis only (BENCH_CLIENT_PROFILE=file.cpuprofile): that profile whole, with its callers, for DevTools.
    const profileFile = process.env.BENCH_CLIENT_PROFILE;
    if (profileFile) writeFileSync(profileFile, JSON.stringify(profiled.profile));
    const history = new ApprovalHistory(join(client.workspace, "history"));
    const recording = sessions.onDidDecide((prompt, record) => history.append(historyEntry(prompt, record)));
    await turnEnded(sessions, key);
    const historyCpu = process.cpuUsage();
    const historyCommand = throughputCommand();
    void sessions.sendPrompt(key, JSON.stringify(historyCommand));
    const withHistory = await waitForResult<Throughput>(client.logFile, historyCommand.id, 180_000);
    await history.flush(); // the queued writes belong to this turn's cost
    const historyUsed = process.cpuUsage(historyCpu);
    recording.dispose();
    const outcomes: Record<string, number> = {};
    for (const r of [paced.result.outcomes, hot.result.outcomes, throughput.result.outcomes])
      for (const [k, v] of Object.entries(r)) outcomes[k] = (outcomes[k] ?? 0) + v;
    return {
      pacedUs: summarize(paced.result.samplesUs),
      hotUs: summarize(hot.result.samplesUs),
      pacedSamplesUs: paced.result.samplesUs,
      hotSamplesUs: hot.result.samplesUs,
      throughputPerSecond: throughput.result.perSecond,
      cpuUsPerApproval: throughput.cpuUs / throughput.result.answered,
      outcomes,
      withHistory: {
        throughputPerSecond: withHistory.perSecond,
        cpuUsPerApproval: (historyUsed.user + historyUsed.system) / withHistory.answered,
      },
      profile: summarizeProfile(
        profiled.profile,
        bundleCategories(__filename),
        profiled.value.result.answered,
      ),
    };
  } finally {
    await client.dispose();
  }
}

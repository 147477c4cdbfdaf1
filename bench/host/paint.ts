/**
 * Agent request -> card painted in the real webview, with 0, 50, 1,000 requests already pending. For each level, one
 * session of the (not bypassed) benchmark agent sends that many requests and leaves them pending, then a "Gate"
 * request the host answers once all of them are painted, then human-paced probes. The host answers each probe (reject)
 * as soon as its card is painted, so the pending count stays at the level. Each probe carries its stamps along the
 * way: agent sent, host handler ran (`receivedAt`), view posted the update, card inserted and painted (the webview's
 * `painted` report, switched on for the run: the view's message listener stamps when it began handling the message,
 * a MutationObserver the insertion, a requestAnimationFrame plus a message-channel tick the first frame rendered after
 * it). Each level runs
 * twice: plain requests, and requests each preceded by a tool call carrying a diff (the request is about that call).
 */
import { writeFileSync } from "node:fs";
import { profile } from "../profile";
import { commandId, waitForResult } from "../agentLog";
import type { AgentResult } from "../agents/ops";
import { ALLOW_ONCE, REJECT_ONCE } from "../payload";
import type { HostContext } from "./context";
import { postOf } from "./instruments";
import { pendingOf, turnEnded, until } from "../waits";
import {
  MANUAL_AGENT,
  paintLevelsWanted,
  paintVariantsWanted,
  type PaintLevelResult,
  type PaintProbe,
  type PaintSettings,
} from "./protocol";

/** Resolves with the session's held requests ("Held #…") once the webview has painted every one of them. */
export async function heldCardsPainted(ctx: HostContext, sessionKey: string) {
  const held = () => pendingOf(ctx.api.sessions, sessionKey).filter((p) => p.title.startsWith("Held #"));
  await until(
    () => held().every((p) => ctx.paints.reports.has(p.key)),
    "the held cards to be painted",
    60_000,
  );
  return held();
}

export async function runPaint(ctx: HostContext, settings: PaintSettings): Promise<PaintLevelResult[]> {
  const { sessions } = ctx.api;
  sessions.setLimits({ perSession: 10_000, perAgent: 10_000, timeoutMs: 0 });
  const results: PaintLevelResult[] = [];
  const run = async () => {
    for (const level of paintLevelsWanted(settings.levels))
      for (const toolCall of paintVariantsWanted(settings.toolCall))
        results.push(await runLevel(ctx, settings, level, toolCall));
  };
  // Diagnosis only (BENCH_PAINT_PROFILE=file.cpuprofile): the extension host's CPU profile over the paint phase.
  const profileFile = process.env.BENCH_PAINT_PROFILE;
  if (profileFile) writeFileSync(profileFile, JSON.stringify((await profile(run)).profile));
  else await run();
  // Diagnosis only (BENCH_PAINT_DUMP=file.json): every message the view posted, to replay in a bare page.
  const dumpFile = process.env.BENCH_PAINT_DUMP;
  if (dumpFile) writeFileSync(dumpFile, JSON.stringify(ctx.posts.posted));
  return results;
}

async function runLevel(
  ctx: HostContext,
  settings: PaintSettings,
  level: number,
  toolCall: boolean,
): Promise<PaintLevelResult> {
  const { sessions } = ctx.api;
  ctx.paints.clear();
  // Diagnosis only (BENCH_PAINT_OTHER_SESSIONS=n): n more sessions open beside the probed one, so the view shows tabs.
  const others: string[] = [];
  for (let i = 0; i < Number(process.env.BENCH_PAINT_OTHER_SESSIONS ?? 0); i++)
    others.push(await sessions.startSession(MANUAL_AGENT));
  const key = await sessions.startSession(MANUAL_AGENT);
  const mark = ctx.posts.mark();
  const probeKeys: string[] = [];
  const decided = new Map<string, number>(); // probe key -> receivedAt
  const failures: unknown[] = [];
  let heldPaintedMs: number | undefined;
  const subscription = sessions.onDidChange((ops) => {
    for (const op of ops) {
      if (op.op !== "prompt" || op.prompt.sessionKey !== key) continue;
      const prompt = op.prompt;
      if (prompt.title === "Gate") {
        heldCardsPainted(ctx, key).then(
          (held) => {
            if (held.length > 0) {
              const first = Math.min(...held.map((p) => p.receivedAt));
              heldPaintedMs =
                Math.max(...held.map((p) => p.receivedAt + ctx.paints.reports.get(p.key)!.value)) - first;
            }
            sessions.choose(prompt.key, ALLOW_ONCE);
          },
          (error: unknown) => failures.push(error),
        );
      } else if (prompt.title.startsWith("Probe #")) {
        probeKeys.push(prompt.key);
        decided.set(prompt.key, prompt.receivedAt);
        ctx.paints.wait(prompt.key, 15_000).then(
          () => sessions.choose(prompt.key, REJECT_ONCE),
          (error: unknown) => failures.push(error),
        );
      }
    }
  });
  try {
    const id = commandId(`paint-${level}`);
    void sessions.sendPrompt(
      key,
      JSON.stringify({
        op: "probe",
        id,
        count: settings.warmup + settings.probes,
        gapMs: settings.gapMs,
        title: "Probe",
        holdFirst: level,
        gate: true,
        toolCall,
        diffLines: settings.diffLines,
      }),
    );
    const agent = await Promise.race([
      waitForResult<Extract<AgentResult, { op: "probe" }>>(ctx.manualLog, id, 300_000),
      until(() => failures.length > 0 && failures, "", 300_000).then((f) =>
        Promise.reject(f[0] instanceof Error ? f[0] : new Error(String(f[0]))),
      ),
    ]);
    const posts = ctx.posts.since(mark);
    const probes: PaintProbe[] = probeKeys.map((probeKey, i) => {
      const receivedAt = decided.get(probeKey)!;
      const posted = postOf(posts, probeKey);
      const report = ctx.paints.reports.get(probeKey)!;
      return {
        key: probeKey,
        sentAt: agent.probes[i]!.sentAt,
        receivedAt,
        ...(posted !== undefined ? { postedAt: posted.at } : {}),
        ...(posted?.tickAt !== undefined ? { postTickAt: posted.tickAt } : {}),
        ...(report.messageAt !== undefined ? { webviewAt: report.messageAt } : {}),
        ...(report.insertedAt !== undefined ? { insertedAt: report.insertedAt } : {}),
        ...(report.frameAt !== undefined ? { frameAt: report.frameAt } : {}),
        paintedAt: report.paintedAt,
      };
    });
    return {
      pending: level,
      toolCall,
      probes: probes.slice(settings.warmup),
      ...(heldPaintedMs !== undefined ? { heldPaintedMs } : {}),
      largestMessageBytes: ctx.posts.largestBytes(mark),
    };
  } finally {
    subscription.dispose();
    await sessions.stop(key);
    await turnEnded(sessions, key).catch(() => undefined);
    await sessions.closeSession(key);
    for (const other of others) await sessions.closeSession(other);
  }
}

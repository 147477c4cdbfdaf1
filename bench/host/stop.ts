/**
 * After Stop or agent exit: how long until the cards are gone from the webview, and until the agent's process is gone.
 * Each run holds `held` painted requests in a fresh session, then either presses Stop (`AgentSessions.stop`, then
 * `closeSession`, which resolves once the agent process has exited) or has the agent die on its own with the requests
 * unanswered: it kills itself (SIGKILL) right after its last stamp, as a crash does, so the figure holds the client's
 * time only (a Node agent's own `process.exit` takes 10-60 ms on a loaded machine before its pipes close). The host
 * stamps, as the settlements happen, the first and the last request settled; the driver stamps, in the webview, the
 * first frame with no card left.
 */
import { commandId, waitForResult } from "../agentLog";
import type { AgentResult } from "../agents/ops";
import { ALLOW_ONCE } from "../payload";
import { pendingOf, turnEnded, until } from "../waits";
import type { HostContext } from "./context";
import { heldCardsPainted } from "./paint";
import { MANUAL_AGENT, type StopRunResult } from "./protocol";

export async function stopRun(
  ctx: HostContext,
  args: { held: number; mode: "stop" | "exit" },
): Promise<StopRunResult> {
  const { sessions } = ctx.api;
  sessions.setLimits({ perSession: 10_000, perAgent: 10_000, timeoutMs: 0 });
  const key = await sessions.startSession(MANUAL_AGENT);
  // Armed once the gate is answered: from then on, every settlement of the session's requests is the exit's.
  let armed = false;
  let firstSettledAt: number | undefined;
  let settledAt: number | undefined;
  const subscription = sessions.onDidChange((ops) => {
    for (const op of ops) {
      if (op.op !== "prompt" || op.prompt.sessionKey !== key || op.prompt.title !== "Gate") continue;
      const gate = op.prompt.key;
      void heldCardsPainted(ctx, key).then(() => {
        sessions.choose(gate, ALLOW_ONCE); // settles the gate itself: armed after it
        armed = true;
      });
    }
  });
  const settlements = sessions.pending.onDidChange(() => {
    if (!armed || settledAt !== undefined) return;
    firstSettledAt ??= Date.now();
    if (pendingOf(sessions, key).length === 0) settledAt = Date.now();
  });
  try {
    const id = commandId(`stop-${args.mode}`);
    void sessions.sendPrompt(
      key,
      JSON.stringify({
        op: "probe",
        id,
        count: 0,
        gapMs: 0,
        title: "Probe",
        holdFirst: args.held,
        gate: true,
        exitAfter: args.mode === "exit",
      }),
    );
    const result = await waitForResult<Extract<AgentResult, { op: "probe" }>>(ctx.manualLog, id, 60_000);
    if (args.mode === "exit") {
      await until(() => settledAt !== undefined, "the requests of the exited agent to be settled", 10_000);
      return {
        startedAt: result.doneAt,
        hostSettledMs: settledAt! - result.doneAt,
        hostNoticedMs: firstSettledAt! - result.doneAt,
      };
    }
    const stopAt = Date.now();
    await sessions.stop(key);
    const hostSettledMs = Date.now() - stopAt;
    await turnEnded(sessions, key, 10_000).catch(() => undefined);
    const closing = Date.now();
    await sessions.closeSession(key); // disposes the connection: resolves once the agent process exited
    return { startedAt: stopAt, hostSettledMs, processGoneMs: Date.now() - closing };
  } finally {
    subscription.dispose();
    settlements.dispose();
    if (sessions.session(key)) await sessions.closeSession(key);
  }
}

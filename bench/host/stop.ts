/**
 * After Stop or agent exit: how long until the cards are gone from the webview, and until the agent's process is gone.
 * Each run holds `held` painted requests in a fresh session, then either presses Stop (`AgentSessions.stop`, then
 * `closeSession`, which resolves once the agent process has exited) or has the agent exit on its own (exit code 3)
 * with the requests unanswered. The driver stamps, in the webview, the first frame with no card left.
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
  const subscription = sessions.onDidChange((ops) => {
    for (const op of ops) {
      if (op.op !== "prompt" || op.prompt.sessionKey !== key || op.prompt.title !== "Gate") continue;
      const gate = op.prompt.key;
      void heldCardsPainted(ctx, key).then(() => sessions.choose(gate, ALLOW_ONCE));
    }
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
      await until(
        () => pendingOf(sessions, key).length === 0,
        "the requests of the exited agent to be settled",
        10_000,
        1,
      );
      return { startedAt: result.doneAt, hostSettledMs: Date.now() - result.doneAt };
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
    if (sessions.session(key)) await sessions.closeSession(key);
  }
}

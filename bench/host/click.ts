/**
 * Click -> the agent receives the outcome: the host only starts a session whose agent sends "Click #i" requests one
 * at a time; the driver clicks each card's Reject button in the webview (Playwright) and stamps the click inside the
 * webview; the agent stamps the answer's arrival. Both stamps are Date.now() on one machine.
 */
import { commandId, waitForResult } from "../agentLog";
import type { AgentResult } from "../agents/ops";
import type { HostContext } from "./context";
import { turnEnded } from "../waits";
import { MANUAL_AGENT, type ClickHostResult, type ClickStart } from "./protocol";

const arrivals = new Map<string, string[]>(); // session key -> prompt keys in arrival order

export async function startClicks(ctx: HostContext, count: number): Promise<ClickStart> {
  const { sessions } = ctx.api;
  const sessionKey = await sessions.startSession(MANUAL_AGENT);
  const keys: string[] = [];
  arrivals.set(sessionKey, keys);
  const subscription = sessions.onDidChange((ops) => {
    for (const op of ops)
      if (op.op === "prompt" && op.prompt.sessionKey === sessionKey) keys.push(op.prompt.key);
    if (keys.length >= count) subscription.dispose();
  });
  const id = commandId("click");
  void sessions.sendPrompt(sessionKey, JSON.stringify({ op: "probe", id, count, gapMs: 0, title: "Click" }));
  return { id, sessionKey };
}

export async function clickResult(ctx: HostContext, start: ClickStart): Promise<ClickHostResult> {
  const { sessions } = ctx.api;
  try {
    const result = await waitForResult<Extract<AgentResult, { op: "probe" }>>(
      ctx.manualLog,
      start.id,
      60_000,
    );
    const keys = arrivals.get(start.sessionKey) ?? [];
    return { probes: result.probes, chosenAt: keys.map((key) => ctx.chosen.at.get(key)) };
  } finally {
    arrivals.delete(start.sessionKey);
    await sessions.stop(start.sessionKey);
    await turnEnded(sessions, start.sessionKey).catch(() => undefined);
    await sessions.closeSession(start.sessionKey);
  }
}

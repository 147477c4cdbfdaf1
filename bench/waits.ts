/** Waiting on the client's state, for drivers in plain Node and in the extension host alike. */
import type { AgentSessions } from "../src/acp/agentSessions";
import { waitFor as until } from "../tools/waitFor";

export { until };

/** Resolves once the session's turn has ended (its status is no longer running, stopping or starting). */
export function turnEnded(sessions: AgentSessions, key: string, timeoutMs = 30_000): Promise<true> {
  return until(
    () => {
      const status = sessions.session(key)?.status;
      return status !== "running" && status !== "stopping" && status !== "starting";
    },
    `the turn of ${key} to end`,
    timeoutMs,
  );
}

/** The pending requests of one session. */
export function pendingOf(sessions: AgentSessions, sessionKey: string) {
  return sessions.pending.list().filter((prompt) => prompt.sessionKey === sessionKey);
}

/**
 * Which agent the view's picker and the New Session quick pick offer first: the one the person last started a
 * session with, while it is still defined; else their first own agent (someone who set one up came to use it, not
 * the Demo Agent); else the Demo Agent.
 */
import type { AgentChoice } from "../shared/protocol";

export function preferredAgent(
  choices: readonly AgentChoice[],
  lastStarted: string | undefined,
): string | undefined {
  if (lastStarted !== undefined && choices.some((agent) => agent.name === lastStarted)) return lastStarted;
  return (choices.find((agent) => !agent.builtIn) ?? choices[0])?.name;
}

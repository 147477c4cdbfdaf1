/**
 * When an agent's requests may be approved without a person: Bypass Permissions means `allow_once` inside policy,
 * never `allow_always`, never outside the workspace, never protected paths, never in an untrusted workspace, never
 * for a request whose subject Symposium cannot read.
 */
import { allowOnceOption, type PermissionPrompt } from "./permissionPrompt";

export interface BypassContext {
  /** The agent's user-level `bypassPermissions`, or a session-only bypass. */
  bypassed: boolean;
  workspaceTrusted: boolean;
  inWorkspace: (path: string) => boolean;
  isProtected: (path: string) => boolean;
}

export type BypassDecision =
  { approve: true; optionId: string; reason: string } | { approve: false; reason?: string };

export function decideBypass(prompt: PermissionPrompt, context: BypassContext): BypassDecision {
  if (!context.bypassed) return { approve: false };
  const refuse = (reason: string): BypassDecision => ({ approve: false, reason });
  if (!context.workspaceTrusted) return refuse("the workspace is not trusted");
  if (prompt.subject.type === "unknown")
    return refuse(`the request type "${prompt.subject.rawType}" is not recognised`);
  if (prompt.subject.type === "none") return refuse("the request does not say what it is about");
  const allowOnce = allowOnceOption(prompt.options);
  if (!allowOnce) return refuse("the agent offered no allow-once option");
  for (const path of prompt.paths) {
    if (!context.inWorkspace(path)) return refuse(`${path} is outside the workspace`);
    if (context.isProtected(path)) return refuse(`${path} is a protected file`);
  }
  return { approve: true, optionId: allowOnce.optionId, reason: `bypass is on for ${prompt.agentName}` };
}

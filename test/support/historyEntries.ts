// Decisions as the approval history records them, for the history's tests.
import { historyEntry, type HistoryEntry } from "../../src/core/approvalHistory";
import { decisionRecord } from "../../src/core/pendingApprovals";
import { kindClass, type PermissionPrompt } from "../../src/core/permissionPrompt";
import type { Provenance } from "../../src/shared/protocol";

/** A command request ("npm test" in /work) with Allow and Deny, titled `title`. */
export function historyPrompt(title = "Run the tests"): PermissionPrompt {
  return {
    key: "k1",
    agentName: "Claude",
    sessionKey: "s1",
    sessionId: "x",
    protocolVersion: 2,
    title,
    subject: { type: "command", command: "npm test", cwd: "/work", cwdDisplay: "work", cwdInWorkspace: true },
    options: (["allow_once", "reject_once"] as const).map((kind, i) => ({
      key: String(i),
      optionId: kind,
      name: kind === "allow_once" ? "Allow" : "Deny",
      kind,
      kindClass: kindClass(kind),
    })),
    rawSubject: undefined,
    paths: ["/work"],
    receivedAt: 0,
  };
}

/** `historyPrompt(title)` decided by `provenance`: the option `optionId` chosen, else cancelled. */
export function historyLine(
  provenance: Provenance,
  optionId?: string,
  { title, at = Date.UTC(2026, 10, 21, 12) }: { title?: string; at?: number } = {},
): HistoryEntry {
  const prompt = historyPrompt(title);
  const outcome = optionId ? { outcome: "selected" as const, optionId } : { outcome: "cancelled" as const };
  return historyEntry(prompt, decisionRecord(prompt, outcome, provenance, at));
}

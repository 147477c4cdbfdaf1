/**
 * What each session tab is called: the title the agent gave the session (`session_info_update`), else the agent's
 * name; labels that would be the same get a number ("Claude Code", "Claude Code (2)") so two sessions of one agent
 * can be told apart. Pure, for plain-Node tests.
 */
import type { SessionHeader } from "../src/shared/protocol";

const LABEL_CHARS = 80;

/** A tab has room for a short name (the host caps titles already); `text.ts` needs the DOM, this module does not. */
function clip(text: string): string {
  return text.length <= LABEL_CHARS ? text : `${text.slice(0, LABEL_CHARS)}…`;
}

/** Labels by session key, in the order the sessions are given (their order of creation). */
export function sessionLabels(headers: readonly SessionHeader[]): Map<string, string> {
  const base = headers.map((header) => clip(header.title.trim() !== "" ? header.title : header.agentName));
  const total = new Map<string, number>();
  for (const label of base) total.set(label, (total.get(label) ?? 0) + 1);
  const seen = new Map<string, number>();
  const labels = new Map<string, string>();
  headers.forEach((header, index) => {
    const label = base[index] ?? header.agentName;
    const nth = (seen.get(label) ?? 0) + 1;
    seen.set(label, nth);
    labels.set(header.key, (total.get(label) ?? 1) > 1 && nth > 1 ? `${label} (${nth})` : label);
  });
  return labels;
}

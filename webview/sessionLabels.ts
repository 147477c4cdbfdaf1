/**
 * What each session tab is called: the title the agent gave the session (`session_info_update`), else the agent's
 * name; labels that would be the same get a number ("Claude Code", "Claude Code (2)") so two sessions of one agent
 * can be told apart. Pure, for plain-Node tests.
 */
import type { SessionHeader } from "../src/shared/protocol";
import { visibleText } from "./hiddenCharacters";
import { readingOf } from "../src/shared/reading";

const LABEL_CHARS = 80;

/** A tab has room for a short name (the host caps titles already); `text.ts` needs the DOM, this module does not. */
function clip(text: string): string {
  return text.length <= LABEL_CHARS ? text : `${text.slice(0, LABEL_CHARS)}…`;
}

/**
 * Labels by session key, in the order the sessions are given (their order of creation). Labels are told apart as they
 * read, not by their code points: an agent's title "Claude Code " (a trailing space), "Claude\u200b Code" or one with a
 * Cyrillic "о" would otherwise show a second "Claude Code" tab beside the real one, without a number. A title that
 * reads as another agent's name (of `agentNames`, or of a session), or as a session of another agent's label, is
 * followed by its own agent's name: numbered in the order of creation, an agent that opened its tab first and took the
 * other's name would keep the plain label and leave the real one "(2)".
 */
export function sessionLabels(
  headers: readonly SessionHeader[],
  agentNames: readonly string[] = [],
): Map<string, string> {
  // Hidden characters shown as markers, white space as the tab draws it.
  const shown = (text: string) => clip(visibleText(text).replace(/\s+/g, " ").trim());
  const titles = headers.map((header) => shown(header.title.trim() !== "" ? header.title : header.agentName));
  const names = new Set(
    [...agentNames, ...headers.map((header) => header.agentName)].map((n) => readingOf(shown(n))),
  );
  const agentsOf = new Map<string, Set<string>>();
  titles.forEach((title, index) => {
    const key = readingOf(title);
    agentsOf.set(key, (agentsOf.get(key) ?? new Set()).add(headers[index]!.agentName));
  });
  const base = titles.map((title, index) => {
    const agentName = headers[index]!.agentName;
    const key = readingOf(title);
    if (key === readingOf(shown(agentName))) return title;
    return names.has(key) || (agentsOf.get(key)?.size ?? 0) > 1 ? `${title} (${shown(agentName)})` : title;
  });
  const keys = base.map(readingOf);
  const total = new Map<string, number>();
  for (const key of keys) total.set(key, (total.get(key) ?? 0) + 1);
  const seen = new Map<string, number>();
  const labels = new Map<string, string>();
  headers.forEach((header, index) => {
    const label = base[index] ?? header.agentName;
    const key = keys[index] ?? label;
    const nth = (seen.get(key) ?? 0) + 1;
    seen.set(key, nth);
    labels.set(header.key, (total.get(key) ?? 1) > 1 && nth > 1 ? `${label} (${nth})` : label);
  });
  return labels;
}

/**
 * The record of who approved what: one JSON line per decision, in the extension's global storage, rotated by size.
 * An entry holds what was decided and by whom, never raw inputs or environment (no secrets).
 */
import { appendFile, mkdir, readFile, rename, stat } from "node:fs/promises";
import { join } from "node:path";
import type { DecisionRecord, Provenance, SubjectView } from "../shared/protocol";
import type { PermissionPrompt } from "./permissionPrompt";
import { capLabel } from "./text";

export interface HistoryEntry {
  at: string;
  agent: string;
  session: string;
  title: string;
  subject: string;
  provenance: Provenance;
  outcome: "selected" | "cancelled";
  optionId?: string;
  option?: string;
}

const FILE = "approvals.jsonl";
const ROTATED = "approvals.1.jsonl";
export const HISTORY_MAX_BYTES = 2 * 1024 * 1024;

export function historyEntry(prompt: PermissionPrompt, record: DecisionRecord): HistoryEntry {
  return {
    at: new Date(record.at).toISOString(),
    agent: record.agentName,
    session: record.sessionKey,
    title: capLabel(record.title, 300),
    subject: summarizeSubject(prompt.subject),
    provenance: record.provenance,
    outcome: record.outcome,
    ...(record.optionId !== undefined ? { optionId: record.optionId } : {}),
    ...(record.optionName !== undefined ? { option: record.optionName } : {}),
  };
}

export function summarizeSubject(subject: SubjectView): string {
  switch (subject.type) {
    case "command":
      return capLabel(`command: ${subject.command} (in ${subject.cwd})`, 500);
    case "tool_call": {
      const paths = subject.locations.map((l) => l.path).join(", ");
      return capLabel(`${subject.toolKind}: ${subject.toolTitle}${paths ? ` [${paths}]` : ""}`, 500);
    }
    case "unknown":
      return capLabel(`unrecognised: ${subject.rawType}`, 500);
    case "none":
      return "";
  }
}

/** Appends in order (one write at a time) and rotates the file past `maxBytes`, keeping one older file. */
export class ApprovalHistory {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly folder: string,
    private readonly maxBytes = HISTORY_MAX_BYTES,
  ) {}

  append(entry: HistoryEntry): Promise<void> {
    const line = `${JSON.stringify(entry)}\n`;
    this.queue = this.queue.then(() => this.write(line)).catch(() => undefined);
    return this.queue;
  }

  /** Newest first, from the current and the rotated file. Unreadable lines are skipped. */
  async read(limit = 10_000): Promise<HistoryEntry[]> {
    await this.queue;
    const texts = await Promise.all([ROTATED, FILE].map((name) => readFile(join(this.folder, name), "utf8").catch(() => "")));
    const entries: HistoryEntry[] = [];
    for (const line of texts.join("").split("\n")) {
      if (!line) continue;
      try {
        entries.push(JSON.parse(line) as HistoryEntry);
      } catch {
        // A line cut by a crash mid-write; the rest of the history is still good.
      }
    }
    return entries.reverse().slice(0, limit);
  }

  private async write(line: string): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    const path = join(this.folder, FILE);
    const size = await stat(path).then((s) => s.size, () => 0);
    if (size + line.length > this.maxBytes && size > 0) await rename(path, join(this.folder, ROTATED));
    await appendFile(path, line, "utf8");
  }
}

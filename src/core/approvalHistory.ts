/**
 * The record of who approved what: one JSON line per decision, in the extension's global storage, rotated by size.
 * An entry holds what was decided and by whom, never raw inputs or environment (no secrets).
 */
import { join } from "node:path";
import { optionShownName } from "../shared/optionWords";
import type { DecisionRecord, Provenance, SubjectView } from "../shared/protocol";
import type { PermissionPrompt } from "./permissionPrompt";
import { capLabel } from "./text";
import { copyableText, inertJson } from "./untrustedText";

// `node:fs/promises` is required on the first read or write, not at module scope: activation never touches the
// history, and in a fresh process the module costs about 1.3 ms (12 internal modules). A plain `require` (esbuild keeps
// it as is), not `import()`, which would also start Node's ES module loader.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fsPromises = () => require("node:fs/promises") as typeof import("node:fs/promises");

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
    agent: capLabel(record.agentName, 200),
    session: capLabel(record.sessionKey, 200),
    title: capLabel(record.title, 300),
    subject: summarizeSubject(prompt.subject),
    provenance: record.provenance,
    outcome: record.outcome,
    // The agent's ids and names are unbounded on the wire: a 5 MiB option id must not land in every line.
    ...(record.optionId !== undefined ? { optionId: capLabel(record.optionId, 200) } : {}),
    // Named as the card named it: an option that allows is never recorded as "Reject" alone.
    ...(record.optionName !== undefined
      ? { option: capLabel(optionShownName(record.optionName, record.optionKindClass ?? "neutral"), 200) }
      : {}),
  };
}

export function summarizeSubject(subject: SubjectView): string {
  switch (subject.type) {
    case "command":
      return capLabel(`command: ${subject.command} (in ${subject.cwd})`, 500);
    case "tool_call": {
      // The command that runs, not only the agent's wording of it (a title can front another command).
      if (subject.command !== undefined)
        return capLabel(`command: ${subject.command} (${subject.toolKind}: ${subject.toolTitle})`, 500);
      const paths = subject.locations.map((l) => l.path).join(", ");
      return capLabel(`${subject.toolKind}: ${subject.toolTitle}${paths ? ` [${paths}]` : ""}`, 500);
    }
    case "unknown":
      return capLabel(`unrecognised: ${subject.rawType}`, 500);
    case "none":
    case "not_shown":
      return "";
  }
}

/**
 * Appends in order and rotates the file past `maxBytes`, keeping one older file. Entries are batched (one write per
 * `flushMs`): bypass can approve thousands of requests a second, and a file operation per decision cost more CPU
 * than the approval itself. A flood is bounded too: past `maxQueued` unwritten entries, the oldest are dropped.
 */
export class ApprovalHistory {
  private queued: string[] = [];
  private dropped = 0;
  private flushing: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private size: number | undefined;
  private folderReady = false;
  /** Told when a write fails (those decisions are lost); the next flush tries again with new ones. */
  onWriteError: (error: unknown) => void = () => undefined;

  constructor(
    /** Where the history files live (read by the shutdown test). */
    readonly folder: string,
    private readonly maxBytes = HISTORY_MAX_BYTES,
    private readonly flushMs = 100,
    private readonly maxQueued = 10_000,
  ) {}

  append(entry: HistoryEntry): void {
    this.queued.push(`${JSON.stringify(entry)}\n`);
    if (this.queued.length > this.maxQueued) {
      this.queued.shift();
      this.dropped++;
    }
    this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
  }

  /** Writes what is queued; resolves when everything appended so far is on disk. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const lines = this.queued;
    const dropped = this.dropped;
    this.queued = [];
    this.dropped = 0;
    if (dropped > 0) lines.unshift(`${JSON.stringify({ at: new Date().toISOString(), dropped })}\n`);
    if (lines.length > 0)
      this.flushing = this.flushing
        .then(() => this.write(lines.join("")))
        .catch((error: unknown) => this.onWriteError(error));
    return this.flushing;
  }

  /** Newest first, from the current and the rotated file. Unreadable lines are skipped. */
  async read(limit = 10_000): Promise<HistoryEntry[]> {
    await this.flush();
    const { readFile } = fsPromises();
    const texts = await Promise.all(
      [ROTATED, FILE].map((name) => readFile(join(this.folder, name), "utf8").catch(() => "")),
    );
    const entries: HistoryEntry[] = [];
    for (const line of texts.join("").split("\n")) {
      if (!line) continue;
      try {
        const entry = JSON.parse(line) as HistoryEntry;
        if (typeof entry.provenance === "string") entries.push(entry);
      } catch {
        // A line cut by a crash mid-write; the rest of the history is still good.
      }
    }
    return entries.reverse().slice(0, limit);
  }

  private async write(text: string): Promise<void> {
    const { appendFile, mkdir, rename, stat } = fsPromises();
    if (!this.folderReady) {
      await mkdir(this.folder, { recursive: true });
      this.folderReady = true;
    }
    const path = join(this.folder, FILE);
    this.size ??= await stat(path).then(
      (s) => s.size,
      () => 0,
    );
    if (this.size > 0 && this.size + text.length > this.maxBytes) {
      await rename(path, join(this.folder, ROTATED));
      this.size = 0;
    }
    await appendFile(path, text, "utf8");
    this.size += Buffer.byteLength(text);
  }
}

const COLUMNS: (keyof HistoryEntry)[] = [
  "at",
  "agent",
  "session",
  "title",
  "subject",
  "provenance",
  "outcome",
  "optionId",
  "option",
];

/**
 * A cell a spreadsheet would run as a formula: one starting with `=`, `+`, `-`, `@` (or their fullwidth forms, which
 * some spreadsheets fold to ASCII), also after leading whitespace, NBSP or line breaks that they trim; or starting
 * with a tab or carriage return.
 */
const FORMULA =
  /^[\s\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r]/;

/** The history as JSON Lines, hidden characters escaped (`inertJson`). */
export function toJsonLines(entries: readonly HistoryEntry[]): string {
  return entries.map(inertJson).join("\n") + "\n";
}

/**
 * The history as CSV, every cell quoted, cells that a spreadsheet would run as a formula defused, and hidden characters
 * written as the markers the history panel shows (`copyableText`): a spreadsheet obeys a bidi override.
 */
export function toCsv(entries: readonly HistoryEntry[]): string {
  const cell = (value: string | undefined) => {
    const text = copyableText(value ?? "");
    // Quote everything that could break a row, and defuse spreadsheet formulas from agent text.
    const safe = FORMULA.test(text) ? `'${text}` : text;
    return `"${safe.replace(/"/g, '""')}"`;
  };
  return (
    [COLUMNS.join(","), ...entries.map((e) => COLUMNS.map((c) => cell(e[c])).join(","))].join("\n") + "\n"
  );
}

/**
 * The record of who approved what: one JSON line per decision, in the extension's global storage, rotated by size.
 * An entry holds what was decided and by whom, never raw inputs or environment (no secrets).
 */
import type { FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { optionShownName } from "../shared/optionWords";
import { PROVENANCE_SUMMARY } from "./pendingApprovals";
import type { DecisionRecord, HistoryGap, Provenance, SubjectView } from "../shared/protocol";
import type { PermissionPrompt } from "./permissionPrompt";
import { randomUUID } from "./randomUUID";
import { capLabel } from "./text";
import { copyableText, inertJson } from "./untrustedText";

// `node:fs/promises` is required on the first read or write, not at module scope: activation never touches the
// history, and in a fresh process the module costs about 1.3 ms (12 internal modules). A plain `require` (esbuild keeps
// it as is), not `import()`, which would also start Node's ES module loader. The history panel's export uses it too.
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const fsPromises = () => require("node:fs/promises") as typeof import("node:fs/promises");

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
  /** The rule, guard, Bypass or grant the answer came by: Symposium's words, kept apart from the agent's option name. */
  note?: string;
  modeBy?: DecisionRecord["modeBy"];
}

/**
 * One file and its older rotation. The person's own answers and the mode changes have streams of their own: an agent
 * that Bypass or a rule answers thousands of times can rotate away only automatic decisions. `approvals` is the file
 * every decision went to before the split, so the person's stream keeps it.
 */
interface Stream {
  name: HistoryGap["letGo"];
  file: string;
  queued: string[];
  dropped: number;
  /** The one write in flight (a write a stalled file system never finishes holds the rest in `queued`, capped). */
  writing?: Promise<void>;
  /** What flushes wait for while a write is in flight: the batch queued by then, written after it. */
  next?: Promise<void>;
  /**
   * The last write failed with this message: the same failure again is not reported again until a write succeeds
   * (a link or pipe planted at the file fails every batch, up to ten a second during a flood).
   */
  failing?: string;
}

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
    // Named as the card named it: an option that allows is never recorded as "Reject" alone. The rule or grant it
    // came by is a field of its own: "You: Allow once" alone would read as a click on that very card, and a deny
    // rule's `cancelled` (no reject option offered) as any other; joined to the option's name, an agent's option named
    // "Allow once (Bypass Permissions)" would read as Symposium's words.
    ...(record.optionName !== undefined || record.note
      ? {
          option:
            record.optionName !== undefined
              ? capLabel(optionShownName(record.optionName, record.optionKindClass ?? "neutral"), 200)
              : "Cancelled",
        }
      : {}),
    ...(record.note ? { note: capLabel(record.note, 300) } : {}),
    ...(record.modeBy ? { modeBy: record.modeBy } : {}),
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
 * Appends in order and rotates each stream's file past `maxBytes`, keeping one older file. Entries are batched (one
 * write per `flushMs`): bypass can approve thousands of requests a second, and a file operation per decision cost
 * more CPU than the approval itself. A flood is bounded too: past `maxQueued` unwritten entries of a stream, its
 * oldest are dropped and counted in a line of their own.
 */
export class ApprovalHistory {
  private readonly streams: Stream[] = [
    // The person's answers, and their own moves into and out of acting without asking (theirs or their settings').
    { name: "yours", file: "approvals", queued: [], dropped: 0 },
    // The agent's moves into and out of acting without asking: `Session` tells a few per turn, and an agent can start
    // turns of its own, so they may flood; apart, they rotate away only the agent's.
    { name: "modes", file: "modes", queued: [], dropped: 0 },
    { name: "automatic", file: "automatic", queued: [], dropped: 0 },
  ];
  private timer: ReturnType<typeof setTimeout> | undefined;
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
    // `user` (and a mode the person or their settings set) and the agent's `mode` have their own streams; every other
    // provenance the last, automatic one.
    const own = entry.provenance === "user" || (entry.provenance === "mode" && entry.modeBy !== "agent");
    const stream = own ? this.streams[0]! : this.streams.at(["", "mode"].indexOf(entry.provenance))!;
    if (stream.queued.push(`${JSON.stringify(entry)}\n`) > this.maxQueued) {
      stream.queued.shift();
      stream.dropped++;
    }
    this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
  }

  /**
   * Writes what is queued; resolves when everything appended so far is on disk. One write per stream is in flight: a
   * write that never finishes (a stalled network folder) leaves the later entries queued, the oldest dropped and
   * counted past `maxQueued`, not a batch held per flush without end.
   */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    return Promise.all(this.streams.map((stream) => this.flushStream(stream))).then(() => undefined);
  }

  /**
   * `flush`, waiting at most `ms`: a write that never finishes must not hold the window's shutdown or the history
   * panel. Whether everything was written by then.
   */
  async flushWithin(ms: number): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    try {
      return await Promise.race([this.flush().then(() => true), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private flushStream(stream: Stream): Promise<void> {
    if (stream.next) return stream.next;
    if (stream.writing) {
      const next = stream.writing.then(() => {
        stream.next = undefined;
        return this.flushStream(stream);
      });
      return (stream.next = next);
    }
    const lines = stream.queued;
    // What a failed write loses: the entries and those already let go (counted again in the next batch's gap).
    const lost = lines.length + stream.dropped;
    if (stream.dropped > 0)
      lines.unshift(`${JSON.stringify({ at: new Date().toISOString(), dropped: stream.dropped })}\n`);
    stream.queued = [];
    stream.dropped = 0;
    if (lines.length === 0) return Promise.resolve();
    const writing = this.write(stream, lines.join(""))
      .then(() => (stream.failing = undefined))
      .catch((error: unknown) => {
        stream.dropped += lost;
        const message = String(error);
        if (stream.failing === message) return;
        stream.failing = message;
        this.onWriteError(error);
      })
      .finally(() => (stream.writing = undefined));
    return (stream.writing = writing);
  }

  /** The decisions, newest first (`rows` without the gaps). */
  async read(limit?: number): Promise<HistoryEntry[]> {
    return (await this.rows(limit)).filter((row): row is HistoryEntry => "provenance" in row);
  }

  /**
   * Every answer of the person's and mode change, and the newest `limit` automatic decisions, newest first, with a gap
   * where a stream's older ones (or a flood's) were let go. Unreadable lines, and lines not as written here, are skipped.
   */
  async rows(limit = 10_000): Promise<(HistoryEntry | HistoryGap)[]> {
    // What is on disk after a while, if a write never finishes: the panel is not left blank.
    await this.flushWithin(ROWS_FLUSH_WAIT_MS);
    const rows: (HistoryEntry | HistoryGap)[] = [];
    for (const { name, file } of this.streams) {
      // A file that is not a regular one (a link, planted) is skipped: not read through.
      const texts = await Promise.all(
        [`${file}.1`, file].map((base) =>
          readHistoryFile(join(this.folder, `${base}.jsonl`)).catch(() => ""),
        ),
      );
      const kept: (HistoryEntry | HistoryGap)[] = [];
      // A gap is dated as the decision after it (the oldest kept after what was let go), not when it was written.
      let gap: HistoryGap | undefined;
      // A line cut by a crash at the end of the older file stays a line of its own.
      for (const line of texts.join("\n").split("\n")) {
        try {
          const row = JSON.parse(line) as unknown;
          if (!isRecord(row) || !isTime(row.at)) continue;
          if (row.provenance !== undefined) {
            const entry = entryOf(row);
            if (!entry) continue;
            if (gap) gap.at = entry.at;
            gap = undefined;
            kept.push(entry);
            // A file that starts where a rotation let an older one go counts only when it is the oldest left; a
            // count that is no positive whole number would put its words in the gap's row, as if Symposium's.
          } else if (isCount(row.dropped) || (row.rotated === true && !kept.length))
            kept.push(
              (gap = { at: row.at, letGo: name, ...(isCount(row.dropped) ? { count: row.dropped } : {}) }),
            );
        } catch {
          // An empty line, or one a crash cut; the rest of the history is still good.
        }
      }
      const cut = name === "automatic" ? kept.length - limit : 0;
      if (cut > 0) kept.splice(0, cut, { at: kept[cut]!.at, letGo: name });
      rows.push(...kept);
    }
    // Two windows write the same files, each when it flushes: time orders them, a gap after its equal in time.
    return rows.reverse().sort((a, b) => Number(a.at < b.at) - Number(a.at > b.at));
  }

  private async write(stream: Stream, text: string): Promise<void> {
    const { appendFile, lstat, mkdir } = fsPromises();
    if (!this.folderReady) {
      await mkdir(this.folder, { recursive: true });
      this.folderReady = true;
    }
    // The folder itself, each batch: one replaced by a link would put the files wherever it points.
    if (!(await lstat(this.folder)).isDirectory())
      throw new Error(`${this.folder} is not a folder (a link?): the history is not written through it`);
    const path = join(this.folder, `${stream.file}.jsonl`);
    // Its size now, not what this window wrote: another window writes and rotates the same file (a stat per batch).
    const size = await sizeOf(path);
    if (size > 0 && size + text.length > this.maxBytes && (await this.rotate(stream, path, text.length))) {
      text = `${JSON.stringify({ at: new Date().toISOString(), rotated: true })}\n${text}`;
    } else if (size > 0 && !(await endsLine(path, size))) {
      // A write a full disk cut short (this window's or another's): the batch starts a line of its own, or its first
      // decision, joined to the cut line, would be read as neither.
      text = `\n${text}`;
    }
    const handle = await openHistoryFile(path, "append");
    try {
      await appendFile(handle, text, "utf8");
    } finally {
      await handle.close();
    }
  }

  /**
   * Moves the full file to the older one, under a lock all windows take (a folder: `mkdir` either makes it or finds
   * it), and only if it is still full then: a window that found it full just before another rotated it renamed that
   * window's new file over the older one, and every earlier line in it was gone. Whether it rotated; when another
   * window is rotating, these lines go to the file it leaves.
   */
  private async rotate(stream: Stream, path: string, adding: number): Promise<boolean> {
    const { mkdir, rename, rm, rmdir, stat } = fsPromises();
    const lock = join(this.folder, `${stream.file}.rotating`);
    const take = () =>
      mkdir(lock).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code !== "EEXIST") throw error;
          return false;
        },
      );
    if (!(await take())) {
      // A window that closed while rotating left its lock: one older than any rotation takes (or dated ahead, by a
      // clock set back since) is let go. Renamed away first, so that two windows finding it stale cannot both take
      // it (the second one's rename finds nothing); then whatever sits there (a file, a folder with files) goes.
      const age = await stat(lock).then(
        (s) => Math.abs(Date.now() - s.mtimeMs),
        () => 0,
      );
      const away = `${lock}.${randomUUID()}`;
      const released =
        age >= ROTATION_LOCK_STALE_MS &&
        (await rename(lock, away).then(
          () => true,
          () => false,
        ));
      if (released) await rm(away, { recursive: true, force: true });
      // Held by another window: these lines go to the file it leaves. Unless the file is far past its size: a lock
      // nothing releases would let it grow without end.
      if (!released || !(await take()))
        return (await sizeOf(path)) > 2 * this.maxBytes && this.renameOlder(stream, path);
    }
    try {
      const size = await sizeOf(path);
      return size > 0 && size + adding > this.maxBytes && (await this.renameOlder(stream, path));
    } finally {
      await rmdir(lock).catch(() => undefined);
    }
  }

  /** The file becomes the older one. Missing: another window rotated it since (nothing is lost). */
  private async renameOlder(stream: Stream, path: string): Promise<boolean> {
    await fsPromises()
      .rename(path, join(this.folder, `${stream.file}.1.jsonl`))
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      });
    return true;
  }
}

/** A file's size, 0 when there is none (a link's own, not its target's). */
function sizeOf(path: string): Promise<number> {
  return fsPromises()
    .lstat(path)
    .then(
      (s) => s.size,
      () => 0,
    );
}

/** How long `rows` waits for the writes in flight before it reads what is on disk. */
const ROWS_FLUSH_WAIT_MS = 2_000;

/** How old a rotation lock is when its window is taken to have closed while rotating (a rotation takes milliseconds). */
const ROTATION_LOCK_STALE_MS = 10_000;

/** Whether the file's last byte ends a line; a file gone since its size was read (another window rotated it) does. */
async function endsLine(path: string, size: number): Promise<boolean> {
  const handle = await openHistoryFile(path, "read").catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
  // The batch starts the new file: failing here lost it, and its gap blamed a flood.
  if (!handle) return true;
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(1), 0, 1, size - 1);
    return bytesRead === 0 || buffer[0] === 0x0a;
  } finally {
    await handle.close();
  }
}

/**
 * Opens a history file only if it is a regular file, never through a link: a program the person let run (or one under
 * Bypass) can plant a link at a history path to a shell's startup file, and a line holding an agent's title appended
 * there is run by the next shell. `O_NOFOLLOW` refuses a link at the path itself, where the platform has it (not
 * Windows: there, a link found first is refused); the opened handle is checked too.
 */
async function openHistoryFile(path: string, use: "read" | "append"): Promise<FileHandle> {
  const { constants, lstat, open } = fsPromises();
  const noFollow = constants.O_NOFOLLOW ?? 0;
  const refused = () => new Error(`${path} is not a regular file: the history does not use it`);
  if (!noFollow && (await lstat(path).catch(() => undefined))?.isSymbolicLink()) throw refused();
  const flags =
    use === "read" ? constants.O_RDONLY : constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT;
  // `O_NONBLOCK`: opening a named pipe planted there waits for its other end, holding a thread of Node's pool (four,
  // shared by every extension's file, DNS and zlib work) for good; now it fails (writing) or returns at once (reading)
  // and the check below refuses it. A regular file ignores the flag.
  const nonBlock = constants.O_NONBLOCK ?? 0;
  const handle = await open(path, flags | noFollow | nonBlock).catch((error: NodeJS.ErrnoException) => {
    // A link where the platform refuses to follow it (ELOOP; EMLINK on FreeBSD, EFTYPE on some BSDs), a pipe no one
    // reads (ENXIO).
    throw ["ELOOP", "EMLINK", "EFTYPE", "ENXIO"].includes(error.code ?? "") ? refused() : error;
  });
  try {
    if (!(await handle.stat()).isFile()) throw refused();
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** A history file's text; refused unless it is a regular file (and when there is none). */
async function readHistoryFile(path: string): Promise<string> {
  const handle = await openHistoryFile(path, "read");
  try {
    return await handle.readFile("utf8");
  } finally {
    await handle.close();
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
  "note",
  "modeBy",
];

/** The columns a line may leave out (a mode change names no option; only a mode change says who made it). */
const OPTIONAL_COLUMNS = new Set<keyof HistoryEntry>(["optionId", "option", "note", "modeBy"]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A time as `toISOString` writes it: rows are ordered by comparing these as text. */
const isTime = (value: unknown): value is string =>
  typeof value === "string" && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(value);

/** A gap's count of decisions let go. */
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/**
 * A line as `historyEntry` writes it, rebuilt from its columns alone; another (planted, or a later version's) is not
 * shown: a cell that is no text, or a provenance such as "constructor", stopped the panel's table, and a field of its
 * own nested deep enough made every row unsendable to the panel (and the export throw).
 */
function entryOf(row: Record<string, unknown>): HistoryEntry | undefined {
  if (!Object.hasOwn(PROVENANCE_SUMMARY, row.provenance as string)) return undefined;
  if (row.outcome !== "selected" && row.outcome !== "cancelled") return undefined;
  if (row.modeBy !== undefined && !["user", "settings", "agent"].includes(row.modeBy as string))
    return undefined;
  const entry: Record<string, string> = {};
  for (const column of COLUMNS) {
    const value = row[column];
    if (typeof value === "string") entry[column] = value;
    else if (!(OPTIONAL_COLUMNS.has(column) && value === undefined)) return undefined;
  }
  return entry as unknown as HistoryEntry;
}

/**
 * A cell a spreadsheet would run as a formula: one starting with `=`, `+`, `-`, `@` (or their fullwidth forms, which
 * some spreadsheets fold to ASCII), also after leading whitespace, NBSP or line breaks that they trim; or starting
 * with a tab or carriage return.
 */
const FORMULA =
  /^[\s\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r]/;

/** The history as JSON Lines, hidden characters escaped (`inertJson`); a gap as a line of its own (`letGo`). */
export function toJsonLines(rows: readonly (HistoryEntry | HistoryGap)[]): string {
  return rows.map(inertJson).join("\n") + "\n";
}

/** What a gap in the history says, in an export: an export with holes must not read as complete. */
function gapTitle(gap: HistoryGap): string {
  const which = { yours: "of yours", modes: "of the agents' mode changes", automatic: "automatic" }[
    gap.letGo
  ];
  return `${gap.count === undefined ? "Older decisions" : `${gap.count} decisions`} ${which} were let go here`;
}

/**
 * The history as CSV, every cell quoted, cells that a spreadsheet would run as a formula defused, and hidden characters
 * written as the markers the history panel shows (`copyableText`): a spreadsheet obeys a bidi override.
 */
export function toCsv(rows: readonly (HistoryEntry | HistoryGap)[]): string {
  const cell = (value: string | undefined) => {
    const text = copyableText(value ?? "");
    // Quote everything that could break a row, and defuse spreadsheet formulas from agent text.
    const safe = FORMULA.test(text) ? `'${text}` : text;
    return `"${safe.replace(/"/g, '""')}"`;
  };
  const line = (row: HistoryEntry | HistoryGap) =>
    "provenance" in row
      ? COLUMNS.map((c) => cell(row[c])).join(",")
      : COLUMNS.map((c) =>
          cell(c === "at" ? row.at : c === "title" ? gapTitle(row) : c === "provenance" ? "gap" : ""),
        ).join(",");
  return [COLUMNS.join(","), ...rows.map(line)].join("\n") + "\n";
}

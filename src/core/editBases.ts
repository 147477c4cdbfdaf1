/**
 * What an agent's open edits were shown against, per file: the text a tool call's diff says it replaces, while that
 * tool call is pending or running. A v1 agent's `fs/write_text_file` to such a file that finds other text there (the
 * person saved a change after the card showed the diff, another program wrote the file) would write over what the
 * card never showed; it is refused instead, and the agent is told to read the file again, as the best agents' own
 * edit tools do. Writes with no open diff for their file are not judged here: nothing says what they expect.
 *
 * A diff's `oldText` is the whole file as ACP defines it, and as the agents that write through the client send it
 * (they read the file through `fs/read_text_file` first). An agent that sends a snippet instead is judged by whether
 * the snippet is still in the file: its `oldText` counts as whole only when it is the text last served to that agent
 * by a whole-file read. Line endings and a byte order mark are not differences: agents give their model LF text.
 */
import { digest } from "./digest";
import { asObject, asString, type Json } from "./json";

/** Files with an open diff kept per session; the oldest go first (and are then not judged). */
export const MAX_EDIT_BASES = 256;
/** Characters of `oldText` kept per session. */
export const MAX_EDIT_BASE_CHARS = 16 * 1024 * 1024;
/** Diffs read from one tool call (each costs a path resolution): more are not judged. */
export const MAX_DIFFS_PER_CALL = 64;
/** Whole-file reads remembered per session (their digests). */
export const MAX_READ_DIGESTS = 1024;

interface EditBase {
  toolCallId: string;
  /** Normalised; null: the diff creates the file. */
  oldText: string | null;
  /** `oldText` was the whole file the agent last read; else a snippet, judged by being in the file. */
  whole: boolean;
}

/** A diff's path as the policy resolves it, inside the workspace; undefined outside it. */
export type ResolveInside = (path: string) => string | undefined;

function normalized(text: string): string {
  return (text.startsWith("\uFEFF") ? text.slice(1) : text).replace(/\r\n/g, "\n");
}

export class EditBases {
  private readonly bases = new Map<string, EditBase>();
  private chars = 0;
  /** Canonical path -> digest of the normalised text last served by a whole-file read. */
  private readonly reads = new Map<string, string>();

  /** A whole file served to the agent by `fs/read_text_file` (not a `line`/`limit` slice). */
  noteRead(path: string, text: string): void {
    this.reads.delete(path);
    this.reads.set(path, digest([normalized(text)]));
    if (this.reads.size > MAX_READ_DIGESTS) this.reads.delete(this.reads.keys().next().value as string);
  }

  /**
   * A `tool_call`, `tool_call_update`, or a permission request's tool call: its diffs become the bases of their
   * files while it is pending or running; once it is completed or failed, its bases go.
   */
  noteToolCall(fields: Json, resolve: ResolveInside): void {
    const toolCallId = asString(fields.toolCallId);
    if (toolCallId === undefined) return;
    const status = asString(fields.status);
    if (status === "completed" || status === "failed") {
      for (const [path, base] of this.bases) if (base.toolCallId === toolCallId) this.drop(path);
      return;
    }
    if (!Array.isArray(fields.content)) return;
    for (const entry of fields.content.slice(0, MAX_DIFFS_PER_CALL)) {
      const diff = asObject(entry);
      if (diff?.type !== "diff" || typeof diff.path !== "string") continue;
      const path = resolve(diff.path);
      if (path === undefined) continue;
      const old = diff.oldText;
      const oldText =
        typeof old === "string" ? normalized(old) : old === null || old === undefined ? null : undefined;
      this.drop(path);
      if (oldText === undefined || (oldText?.length ?? 0) > MAX_EDIT_BASE_CHARS) continue;
      const read = this.reads.get(path);
      const whole = oldText === null || (read !== undefined && read === digest([oldText]));
      this.bases.set(path, { toolCallId, oldText, whole });
      this.chars += oldText?.length ?? 0;
    }
    while (this.bases.size > MAX_EDIT_BASES || this.chars > MAX_EDIT_BASE_CHARS)
      this.drop(this.bases.keys().next().value as string);
  }

  /** An open diff names `path`: only then is its text read for `staleWrite`. */
  judges(path: string): boolean {
    return this.bases.has(path);
  }

  /**
   * Why a write to `path`, which holds `current` now (null: no such file), would write over text its open diff did
   * not show; undefined when it would not, or when no open diff names the file.
   */
  staleWrite(path: string, current: string | null): string | undefined {
    const base = this.bases.get(path);
    if (!base) return undefined;
    // An absent file and an empty one are alike: agents send "" as well as null for a file they create.
    const was = base.oldText ?? "";
    const is = current === null ? "" : normalized(current);
    if (base.whole || was === "" ? is === was : is.includes(was)) return undefined;
    return current === null
      ? "the file was removed after the edit was shown"
      : "the file changed after the edit was shown";
  }

  /** The write went through: the edit its diff showed is done, and the file's text is what the agent wrote. */
  noteWritten(path: string, content: string): void {
    this.drop(path);
    this.noteRead(path, content);
  }

  private drop(path: string): void {
    const base = this.bases.get(path);
    if (!base) return;
    this.bases.delete(path);
    this.chars -= base.oldText?.length ?? 0;
  }
}

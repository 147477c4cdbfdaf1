/**
 * `fs/read_text_file` and `fs/write_text_file` for v1 agents. Paths are resolved by realpath and accepted only inside
 * the workspace folders (bypass or not); the file is then opened and what was opened is checked (`boundedFile`);
 * sizes are bounded before anything is read; reads see unsaved editor contents (the host's `DocumentStore` holds the
 * open documents), and an open document is read only once its file has passed the same checks. Writes always go to the
 * checked handle, open document or not, and never touch the document: the editor's save writes by name and follows
 * whatever link a process of the agent's puts in the path after the check (outside the workspace, or onto a protected
 * file).
 *
 * A missing file inside the workspace reads as empty text, as in Zed (which opens a missing path as a new, empty
 * buffer). Agents read a file before they create it; Gemini CLI's bundled SDK turns any error reply into a plain
 * object, so its "not found" check never matches and every new file failed with "Error checking existing file".
 * An empty answer lets every agent go on to write.
 */
import * as v1 from "@agentclientprotocol/sdk";
import type { PolicyBoundary } from "../core/policy/resolvePath";
import { checkExisting, FileAccessError, readBounded, writeChecked } from "./boundedFile";

export interface DocumentStore {
  /** The text of the open document at `path` when it has unsaved changes, else `undefined` (the file is read). */
  openText(path: string): string | undefined;
}

export const FS_LIMITS = {
  maxReadBytes: 8 * 1024 * 1024,
  maxWriteBytes: 10 * 1024 * 1024,
  /** How far a `line`/`limit` read scans for its first line. */
  maxScanBytes: 32 * 1024 * 1024,
};

export class ClientFileSystem {
  constructor(
    private readonly paths: () => PolicyBoundary,
    private readonly store: DocumentStore,
  ) {}

  /** `checked`: the canonical path the caller's check resolved `params.path` to (see `inside`). */
  async read(
    params: {
      path: string;
      line?: number | null;
      limit?: number | null;
    },
    checked: string,
  ): Promise<{ content: string }> {
    const path = this.inside(params.path, checked);
    if (
      (params.line != null && (!Number.isInteger(params.line) || params.line < 1)) ||
      (params.limit != null && (!Number.isInteger(params.limit) || params.limit < 0))
    ) {
      throw v1.RequestError.invalidParams(
        { path: params.path },
        "line must be 1 or more and limit 0 or more",
      );
    }
    const line = params.line ?? undefined;
    const limit = params.limit ?? undefined;
    const open = this.store.openText(path);
    if (open !== undefined) {
      const disk = await this.checkOpen(params.path, path);
      // The editor holds a file's BOM apart from its text: served without it, the text written back would drop it.
      const text = disk?.bom === true && !open.startsWith("\uFEFF") ? `\uFEFF${open}` : open;
      return { content: this.fromOpen(params.path, text, line, limit) };
    }
    let text: string | undefined;
    try {
      text = await readBounded(path, {
        ...(line !== undefined ? { line } : {}),
        ...(limit !== undefined ? { limit } : {}),
        maxBytes: FS_LIMITS.maxReadBytes,
        maxScanBytes: FS_LIMITS.maxScanBytes,
      });
    } catch (error) {
      throw this.refusal(params.path, error);
    }
    return { content: text ?? "" };
  }

  /**
   * The file's whole text as a write would replace it (the open document's, else the disk's), for the card that asks
   * about the write; `null` when there is no such file. Bounded and checked as a read is.
   */
  async currentText(path: string, checked: string): Promise<string | null> {
    const canonical = this.inside(path, checked);
    const open = this.store.openText(canonical);
    if (open !== undefined) return open;
    try {
      const text = await readBounded(canonical, {
        maxBytes: FS_LIMITS.maxReadBytes,
        maxScanBytes: FS_LIMITS.maxScanBytes,
      });
      return text ?? null;
    } catch (error) {
      throw this.refusal(path, error);
    }
  }

  async write(params: { path: string; content: string }, checked: string): Promise<Record<string, never>> {
    const path = this.inside(params.path, checked);
    if (Buffer.byteLength(params.content, "utf8") > FS_LIMITS.maxWriteBytes) {
      throw v1.RequestError.invalidParams(
        { path: params.path, maxBytes: FS_LIMITS.maxWriteBytes },
        "the content is too large to write",
      );
    }
    try {
      await writeChecked(path, params.content, FS_LIMITS.maxScanBytes);
    } catch (error) {
      throw this.refusal(params.path, error);
    }
    return {};
  }

  /**
   * The file on disk behind an open document, checked as `boundedFile` checks what it reads (the editor checks
   * nothing).
   */
  private async checkOpen(path: string, canonical: string): Promise<{ bom: boolean } | undefined> {
    try {
      return await checkExisting(canonical, FS_LIMITS.maxScanBytes);
    } catch (error) {
      throw this.refusal(path, error);
    }
  }

  /** Lines of an open document's text (already in memory), with the same bounds as a read from disk. */
  private fromOpen(path: string, text: string, line: number | undefined, limit: number | undefined): string {
    let content = text;
    if (line !== undefined || limit !== undefined) {
      const lines = text.split("\n");
      const first = (line ?? 1) - 1;
      content = lines.slice(first, limit !== undefined ? first + limit : lines.length).join("\n");
    }
    if (Buffer.byteLength(content, "utf8") > FS_LIMITS.maxReadBytes) {
      throw v1.RequestError.invalidParams(
        { path, maxBytes: FS_LIMITS.maxReadBytes },
        "the file is larger than Symposium serves in one read; use line and limit",
      );
    }
    return content;
  }

  /** A clear error for the agent: sizes and moved files say what happened; anything else is "not found". */
  private refusal(path: string, error: unknown): v1.RequestError {
    if (error instanceof FileAccessError) {
      if (error.reason === "moved") return v1.RequestError.resourceNotFound(path.slice(0, 4096));
      return v1.RequestError.invalidParams(
        { path: path.slice(0, 4096), maxBytes: FS_LIMITS.maxReadBytes },
        error.reason === "too_large"
          ? `the file is larger than Symposium serves in one read; use line and limit (${error.message})`
          : error.message,
      );
    }
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    // Past the truncation: the agent must not take the file as unchanged, nor as missing.
    if (code === "ENOSPC" || code === "EDQUOT" || code === "EFBIG")
      return v1.RequestError.internalError(
        { path: path.slice(0, 4096), code },
        "the disk is full or the file too large for it; the file may now hold only part of the content",
      );
    return code === "EEXIST"
      ? v1.RequestError.invalidRequest(
          { path: path.slice(0, 4096) },
          "the file appeared while it was created",
        )
      : v1.RequestError.resourceNotFound(path.slice(0, 4096));
  }

  /**
   * The canonical path inside the workspace, or a `resource_not_found` error (as Zed answers outside the project).
   * It must be the file the caller checked (`checked`), its protection and a person's answer included: a link
   * swapped since would lead this access to another file (a protected one) than the one checked.
   */
  private inside(path: string, checked: string): string {
    const resolved = this.paths().resolveInside(path);
    if (!resolved || resolved !== checked)
      throw v1.RequestError.resourceNotFound(typeof path === "string" ? path.slice(0, 4096) : undefined);
    return resolved;
  }
}

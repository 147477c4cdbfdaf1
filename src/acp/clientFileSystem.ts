/**
 * `fs/read_text_file` and `fs/write_text_file` for v1 agents. Paths are resolved by realpath and accepted only inside
 * the workspace folders (bypass or not); sizes are capped; reads see unsaved editor contents (the host's
 * `DocumentStore` reads open documents first).
 */
import * as v1 from "@agentclientprotocol/sdk";
import type { WorkspacePaths } from "../core/workspacePaths";

export interface DocumentStore {
  /** The text of an open document if there is one, else the file on disk. Rejects when neither exists. */
  readText(path: string): Promise<string>;
  /** Writes through an open document (and saves it) if there is one, else to disk. */
  writeText(path: string, content: string): Promise<void>;
}

export const FS_LIMITS = { maxReadBytes: 10 * 1024 * 1024, maxWriteBytes: 10 * 1024 * 1024 };

export class ClientFileSystem {
  constructor(
    private readonly paths: () => WorkspacePaths,
    private readonly store: DocumentStore,
  ) {}

  async read(params: {
    path: string;
    line?: number | null;
    limit?: number | null;
  }): Promise<{ content: string }> {
    const path = this.inside(params.path);
    let text: string;
    try {
      text = await this.store.readText(path);
    } catch {
      throw v1.RequestError.resourceNotFound(params.path);
    }
    const line = params.line ?? 1;
    if (params.line != null || params.limit != null) {
      if (
        !Number.isInteger(line) ||
        line < 1 ||
        (params.limit != null && (!Number.isInteger(params.limit) || params.limit < 0))
      ) {
        throw v1.RequestError.invalidParams(
          { path: params.path },
          "line must be 1 or more and limit 0 or more",
        );
      }
      const lines = text.split("\n");
      const end = params.limit != null ? line - 1 + params.limit : lines.length;
      text = lines.slice(line - 1, end).join("\n");
    }
    if (Buffer.byteLength(text, "utf8") > FS_LIMITS.maxReadBytes) {
      throw v1.RequestError.invalidParams(
        { path: params.path, maxBytes: FS_LIMITS.maxReadBytes },
        "the file is larger than Symposium serves in one read; use line and limit",
      );
    }
    return { content: text };
  }

  async write(params: { path: string; content: string }): Promise<Record<string, never>> {
    const path = this.inside(params.path);
    if (Buffer.byteLength(params.content, "utf8") > FS_LIMITS.maxWriteBytes) {
      throw v1.RequestError.invalidParams(
        { path: params.path, maxBytes: FS_LIMITS.maxWriteBytes },
        "the content is too large to write",
      );
    }
    await this.store.writeText(path, params.content);
    return {};
  }

  /** The canonical path inside the workspace, or a `resource_not_found` error (as Zed answers outside the project). */
  private inside(path: string): string {
    const resolved = this.paths().resolveInside(path);
    if (!resolved)
      throw v1.RequestError.resourceNotFound(typeof path === "string" ? path.slice(0, 4096) : undefined);
    return resolved;
  }
}

import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The window's scratch folder: a private folder (mkdtemp: a fresh name, mode 0700) under the OS temporary folder for
 * the extension host's lifetime. Agents and `terminal/create` terminals get it as TMPDIR, and the policy counts it as
 * a folder writes may go to, so a temporary file of theirs does not ask under Bypass; `/tmp` itself, shared by every
 * process and user, stays outside. Removed with what it holds (links in it removed, not followed) on shutdown.
 */
export class ScratchFolder {
  /** Canonical (`/var/…` is `/private/var/…` on macOS), as the policy resolves paths. */
  readonly path: string;
  private removed = false;

  constructor(parent = tmpdir()) {
    this.path = realpathSync(mkdtempSync(join(parent, "symposium-tmp-")));
  }

  /** Idempotent; throws when something in it could not be removed (the caller logs it). */
  dispose(): void {
    if (this.removed) return;
    this.removed = true;
    rmSync(this.path, { recursive: true, force: true, maxRetries: 2 });
  }
}

/**
 * The workspace boundary, by realpath: an existing target through its symlinks, a missing one through its first
 * existing ancestor, against the canonical workspace roots. Used for tool-call locations, command cwds, `fs/*` and
 * terminal cwds alike, so every check agrees.
 */
import { realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

const PROTECTED_DIRS = new Set([".git", ".vscode"]);
const SHELL_RC_FILES = new Set([
  ".bashrc",
  ".bash_profile",
  ".bash_login",
  ".bash_logout",
  ".profile",
  ".zshrc",
  ".zshenv",
  ".zprofile",
  ".zlogin",
  ".cshrc",
  ".tcshrc",
  ".kshrc",
  "config.fish",
]);

export class WorkspacePaths {
  private readonly roots: string[];

  constructor(roots: readonly string[]) {
    this.roots = roots.flatMap((root) => {
      const canonical = canonicalPath(root);
      return canonical ? [canonical] : [];
    });
  }

  /** The canonical path inside a workspace root, or undefined when the path is invalid or outside every root. */
  resolveInside(path: string): string | undefined {
    const canonical = canonicalPath(path);
    if (!canonical) return undefined;
    return this.roots.some((root) => isWithin(root, canonical)) ? canonical : undefined;
  }

  contains = (path: string): boolean => this.resolveInside(path) !== undefined;

  /**
   * Files no bypass may touch: `.git/**`, `.vscode/**`, `.env*`, shell rc files. Checked on the canonical path, so a
   * symlink named `notes.txt` pointing at `.git/config` is protected too.
   */
  isProtected = (path: string): boolean => {
    const canonical = canonicalPath(path) ?? (isAbsolute(path) ? resolve(path) : path);
    const name = basename(canonical);
    if (name.startsWith(".env") || SHELL_RC_FILES.has(name)) return true;
    const root = this.roots.find((r) => isWithin(r, canonical));
    const segments = (root ? relative(root, canonical) : canonical).split(sep);
    return segments.some((segment) => PROTECTED_DIRS.has(segment));
  };
}

/**
 * Absolute, symlink-free form of `path`, or undefined for paths that must never be used: relative paths and paths
 * with NUL bytes. A missing file resolves through its first existing ancestor.
 */
export function canonicalPath(path: string): string | undefined {
  if (typeof path !== "string" || path.length === 0 || path.includes("\0") || !isAbsolute(path))
    return undefined;
  let existing = resolve(path);
  const missing: string[] = [];
  for (;;) {
    try {
      return join(realpathSync.native(existing), ...missing.reverse());
    } catch {
      const parent = dirname(existing);
      if (parent === existing) return undefined;
      missing.push(basename(existing));
      existing = parent;
    }
  }
}

function isWithin(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

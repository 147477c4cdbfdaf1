/**
 * The git repositories nested in the workspace's folders, found by walking each folder once for the `.git` entries in
 * it, so that the policy's boundary meets them all before a request names a path in one: what a nested repository's
 * configuration includes, runs or links may be any file of the workspace (`include.path = ../../../cfg/extra`), and
 * VS Code's git and the person's own run git there. Found once for the host's life and kept from one boundary to the
 * next (each `.git/config` change builds one); a repository made later is met when its `.git/config` appears under
 * the host's watcher or when a request names a path in it, as before (`PolicyBoundary.nestedRepository`).
 */
import type { PathFs } from "./resolvePath";

/**
 * The entries a workspace folder's walk reads at most (about 5 µs each, warm): past them, a repository not yet found
 * is met only by a path in it, and the log says so.
 */
export const MAX_SCAN_ENTRIES = 20_000;

/**
 * Folders of installed packages and build output, not walked: they hold most of a project's entries (a JS project's
 * `node_modules` alone spends the bound, about 100 ms warm and a second cold, on the first request) and no repository
 * a person commits in; one there is met when a request names a path in it, as one past the bound.
 */
const NOT_WALKED = new Set([
  "node_modules",
  "bower_components",
  ".venv",
  "venv",
  "target",
  ".cache",
  ".next",
]);

export interface FoundRepositories {
  /** Each nested repository's top (a folder holding a `.git`), outermost first; not the folder's own. */
  tops: string[];
  /** Whether the whole folder was walked (within `MAX_SCAN_ENTRIES`). */
  complete: boolean;
}

/** The walks of the workspace's folders, each once, kept from one boundary to the next. */
export class RepositoryScan {
  private readonly found = new Map<string, FoundRepositories>();

  constructor(private readonly maxEntries = MAX_SCAN_ENTRIES) {}

  /**
   * The repositories nested in `root` (a resolved folder), walked on the first ask; `warn` hears, that once, where the
   * walk stopped at its bound.
   */
  repositories(
    root: string,
    fs: PathFs,
    join: (...parts: string[]) => string,
    warn: (message: string) => void,
  ) {
    let found = this.found.get(root);
    if (found === undefined) {
      this.found.set(root, (found = findRepositories(root, fs, join, this.maxEntries)));
      if (!found.complete)
        warn(
          `The folder ${root} holds more than ${this.maxEntries} entries; a git repository nested in it past them is met only when a request names a path in it.`,
        );
    }
    return found;
  }
}

/**
 * The folders below `root` holding a `.git` (a folder, a file naming one, a link), breadth first, without following
 * links (git run through one finds the folder it leads to) or entering a `.git` folder; a submodule's checkout (a
 * `.git` file at a path the `.gitmodules` of the repository above it names) is left to that repository's read, which
 * meets the ones whose configuration names what git runs (`gitHooks.gitFolders`).
 */
export function findRepositories(
  root: string,
  fs: PathFs,
  join: (...parts: string[]) => string,
  maxEntries = MAX_SCAN_ENTRIES,
): FoundRepositories {
  const tops: string[] = [];
  const submodules = new Set<string>();
  const queue = [root];
  let entries = 0;
  for (let next = 0; next < queue.length; next++) {
    const folder = queue[next]!;
    let list: ReturnType<NonNullable<PathFs["readdir"]>>;
    try {
      list = fs.readdir?.(folder) ?? [];
    } catch {
      continue;
    }
    entries += list.length;
    if (entries > maxEntries) return { tops, complete: false };
    const dotGit = list.find((entry) => entry.name === ".git");
    if (dotGit !== undefined && folder !== root) {
      if (dotGit.isDirectory() || dotGit.isSymbolicLink() || !submodules.has(folder)) tops.push(folder);
    }
    if (dotGit !== undefined && list.some((entry) => entry.name === ".gitmodules"))
      for (const path of submodulePaths(fs.readBytes?.(join(folder, ".gitmodules"), 1024 * 1024)))
        submodules.add(join(folder, path));
    for (const entry of list)
      if (
        entry.isDirectory() &&
        !entry.isSymbolicLink() &&
        entry.name !== ".git" &&
        !NOT_WALKED.has(entry.name)
      )
        queue.push(join(folder, entry.name));
  }
  return { tops, complete: true };
}

/** The paths a `.gitmodules` text names (`path = sub`), as `gitHooks.submodules` reads them. */
function submodulePaths(bytes: Uint8Array | undefined): string[] {
  const text = bytes === undefined ? "" : Buffer.from(bytes).toString("latin1");
  return [...text.matchAll(/^\s*path\s*=\s*"?(.*?)"?\s*$/gim)].flatMap(([, path]) =>
    path && !path.split(/[\\/]/).includes("..") ? [path] : [],
  );
}

import type { PathCheck, PolicyBoundary, PolicyRoot } from "./policy/resolvePath";

/**
 * Where a path an agent names lies, for showing it. `inside` is the policy's verdict on the absolute, resolved path;
 * `display` is only for the eye and is never used to decide anything.
 */
export interface PathPlace {
  inside: boolean;
  /** Relative to its workspace folder (prefixed by the folder's name when there are several), else the path as given. */
  display: string;
}

/**
 * The display form of `path` from the boundary's own check of it, so a `..` trick can never look inside. A path in
 * an additional folder (`symposium.additionalFolders`, not a workspace folder) is shown whole, and so is one in a
 * folder whose name another workspace folder has too (`work/app`, `forks/app`): `app/src/x.ts` would not say which.
 */
export function placeOf(path: string, check: PathCheck, roots: readonly PolicyRoot[]): PathPlace {
  if (check.status !== "inside") return { inside: false, display: path };
  const folders = roots.filter((root) => root.additional !== true);
  if (!folders.some((root) => root.path === check.root) || nameShared(check.root, folders))
    return { inside: true, display: check.path };
  const rootName = folderName(check.root) ?? check.root;
  const relative = check.relative;
  // `relative` comes from a path known to be within the root; a `..` step would mean it is not, so show it whole.
  if (relative.split("/").includes("..")) return { inside: true, display: path };
  if (relative === "") return { inside: true, display: rootName };
  return { inside: true, display: folders.length > 1 ? `${rootName}/${relative}` : relative };
}

export function placeIn(boundary: PolicyBoundary, path: string): PathPlace {
  return placeOf(path, boundary.check(path), boundary.roots);
}

/**
 * A guard's sentence with each path in a workspace folder shown as `placeOf` shows it (`.vscode/settings.json is a
 * protected file`, `../out.zip, which leads to /home/u/out.zip`), for a card in a narrow view. Only for the eye: the
 * history and the log keep the sentence whole. A folder's path counts only whole, where a path starts (after a blank,
 * a quote or a bracket) and ends or goes on with a separator: `/ws-other` is not `/ws`'s.
 */
export function placesShown(text: string, roots: readonly PolicyRoot[]): string {
  const folders = roots.filter((root) => root.additional !== true);
  // The longest first: a folder inside another is shown from itself.
  const byLength = [...folders].sort((a, b) => b.path.length - a.path.length);
  let shown = text;
  for (const root of byLength) {
    const path = root.path.replace(/[\\/]+$/, "");
    const name = folderName(path);
    if (name === undefined || nameShared(root.path, folders)) continue;
    const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const at = new RegExp(
      `(^|[\\s("'\`])${escaped}(?:([\\\\/])(?=[^\\s,;)'"\`])|(?=[\\s,;:)'"\`]|\\.(?:\\s|$)|$))`,
      "g",
    );
    shown = shown.replace(at, (_, before: string, separator: string | undefined) =>
      separator === undefined ? `${before}${name}` : folders.length > 1 ? `${before}${name}/` : before,
    );
  }
  return shown;
}

function folderName(path: string): string | undefined {
  return path.split(/[\\/]/).filter(Boolean).pop();
}

/** Whether another of `folders` has the name of the one at `path`, as a case-insensitive file system would read it. */
function nameShared(path: string, folders: readonly PolicyRoot[]): boolean {
  const name = folderName(path)?.toLowerCase();
  return folders.some((other) => other.path !== path && folderName(other.path)?.toLowerCase() === name);
}

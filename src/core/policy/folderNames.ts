/**
 * The files a shell glob names, so that the policy checks each one where it really is: `cat *.md` is not let through
 * when one of them is a link to `~/.ssh/id_rsa`, nor `sed -i … *` when one is `lefthook.yml`. The spelling alone says
 * only that the names are in this folder. Bash's glob options (dotglob, nocaseglob, globstar) may be set where the
 * policy cannot see (the agent's environment, `BASHOPTS`, a shell's `-O`, a startup file), so the expansion takes
 * what any of them could add: hidden names, any case, and `**` at any depth. Bounded by a `ReadBudget` one request
 * shares: past its names read or its matches the files are not known, and the policy asks.
 */
import { globTooCostly } from "./globCost";
import { globMatcher } from "./globMatch";

/** What one request may read of the file system for its globs and walks, and the glob matches it may check. */
export const MAX_NAMES_READ = 20_000;
export const MAX_GLOB_MATCHES = 1_000;

/** What is left of a request's reading; every glob and walk of the request draws on the same one. */
export interface ReadBudget {
  names: number;
  matches: number;
}

/** How deep a walk goes below where it starts, and how long a folder's path it reads (macOS's PATH_MAX is 1,024). */
export const MAX_WALK_DEPTH = 128;
const MAX_WALK_PATH = 1_024;

function levelsBelow(start: string, path: string): number {
  let levels = 0;
  for (let i = start.length; i < path.length; i++) if (path[i] === "/" || path[i] === "\\") levels++;
  return levels;
}

export function readBudget(): ReadBudget {
  return { names: MAX_NAMES_READ, matches: MAX_GLOB_MATCHES };
}

/** Whether a shell word (as written, unquoted) is a glob: an unescaped `*`, `?` or bracket expression. */
export function isGlobWord(word: string): boolean {
  return /(^|[^\\])([*?]|\[.*\])/.test(word);
}

/**
 * The paths `word` names from `cwd` (from the root when it starts at `/`; joined with `/`; `./` prefixes dropped): its
 * matches, or the word itself when nothing matches (bash then passes it as written). `undefined` when they cannot be
 * known: the folder the line runs in cannot be read, the bounds were passed, or a segment is too costly to match
 * (`globTooCostly`). A match below a link is named
 * through the link (`docs/id_rsa`), as the shell names it: the caller resolves each.
 */
export function expandGlob(
  word: string,
  cwd: string,
  fs: FolderReader,
  budget: ReadBudget = readBudget(),
): string[] | undefined {
  // An absolute word (`/ws/src/*.ts`) is matched from the root.
  const rooted = word.startsWith("/");
  const written = rooted ? word.slice(1) : word.replace(/^(?:\.\/)+/, "");
  const segments = written.split("/");
  const base = rooted ? "" : cwd.replace(/[\\/]+$/, "");
  const absolute = (relative: string) => (relative === "" ? base || "/" : `${base}/${relative}`);
  const join = (prefix: string, name: string) => (prefix === "" ? name : `${prefix}/${name}`);
  let listed = false;
  // Relative paths matched so far ("" is the folder itself).
  let matched = [""];
  for (let i = 0; i < segments.length && matched.length > 0; i++) {
    const segment = segments[i]!;
    if (segment === "" || !isGlobWord(segment)) {
      // A literal segment (`src/*.ts`'s `src`, `*/package.json`'s file): after a pattern, only where it is there.
      matched = matched.map((prefix) => join(prefix, segment));
      if (listed && segment !== "") matched = matched.filter((path) => fs.kind(absolute(path)) !== undefined);
      continue;
    }
    listed = true;
    if (globTooCostly(segment)) return undefined;
    const isMatch = globMatcher(segment, {
      dot: true,
      nocase: true,
      nobrace: true,
      noextglob: true,
      nonegate: true,
      posix: true,
    });
    const next: string[] = [];
    // globstar's `**`: the folder and everything below it (bash enters no link to a folder there).
    if (segment === "**") {
      const folders = [...matched];
      next.push(...matched);
      for (let prefix = folders.pop(); prefix !== undefined; prefix = folders.pop()) {
        const entries = fs.list(absolute(prefix)) ?? [];
        budget.names -= entries.length;
        if (budget.names < 0) return undefined;
        for (const { name, kind } of entries) {
          const path = join(prefix, name);
          next.push(path);
          if (kind === "folder") folders.push(path);
        }
        if (next.length > budget.matches) return undefined;
      }
      matched = next;
      continue;
    }
    for (const prefix of matched) {
      const entries = fs.list(absolute(prefix));
      // What is not a folder has no names for bash either; the folder the line runs in must be read.
      if (entries === undefined) {
        if (prefix === "") return undefined;
        continue;
      }
      budget.names -= entries.length;
      if (budget.names < 0) return undefined;
      for (const { name } of entries) if (isMatch(name)) next.push(join(prefix, name));
      if (next.length > budget.matches) return undefined;
    }
    matched = next;
  }
  budget.matches -= matched.length;
  if (budget.matches < 0) return undefined;
  return (matched.length > 0 ? matched : [written]).map(absolute);
}

export type EntryKind = "link" | "folder" | "other";

/**
 * What globs and walks read of the file system: what a path is (not following a last link; undefined when nothing
 * is there), and a folder's entries with what each is (one read of the folder, no lookup per entry).
 */
export interface FolderReader {
  kind(path: string): EntryKind | undefined;
  list(folder: string): readonly { name: string; kind: EntryKind }[] | undefined;
}

/**
 * The first link at or below `folder` that `leadsAway` says leads away (outside the workspace, or to a protected
 * file): what a command recursing there reads or lists may be that link's target. With `follow` (`grep -R`, `rg -L`)
 * the walk goes on through links that do not lead away, as the command does; without (`find`, `ls`), a link is
 * listed, not entered. `undefined` when there is none; `"too many"` once the budget's names are read (a loop of
 * links ends there too). A folder that cannot be read has nothing below it for the command either.
 */
export function linkLeadingAway(
  folder: string,
  follow: boolean,
  fs: FolderReader,
  leadsAway: (link: string) => boolean,
  budget: ReadBudget = readBudget(),
): { link: string } | "too many" | undefined {
  const found = firstBelow(folder, follow, fs, (path, kind) => kind === "link" && leadsAway(path), budget);
  return typeof found === "object" ? { link: found.path } : found;
}

/**
 * A walk that looks at few of the names it reads (rg's, for the hidden files its ignore files take back): only those
 * `picks` may pick, and the folders it walks into. It costs the budget two names for each folder read (a read of its
 * own, about 15 us) and one for each ten names there, so that a repository of some 50,000 files is walked as one of
 * 20,000 names would be otherwise, and one of many small folders not for longer (10,000 folders, some 150 ms).
 */
export interface NamesLookedAt {
  picks(name: string): boolean;
  /** Told each folder's entries as they are read, before any of them is looked at. */
  listed?(folder: string, entries: readonly { name: string; kind: EntryKind }[]): void;
}

/**
 * The first entry at or below `folder` that `picks`, walked as a command recursing there walks it: into folders, and
 * with `follow` into links too (a link `picks` leaves out is entered, as the command enters it), but not into those
 * below `folder` that `enters` keeps it out of (`grep --exclude-dir`). `"too many"` once the budget's names are read.
 * With `named`, only the entries of names it `picks` are given to `picks`.
 */
export function firstBelow(
  folder: string,
  follow: boolean,
  fs: FolderReader,
  picks: (path: string, kind: EntryKind | undefined) => boolean,
  budget: ReadBudget = readBudget(),
  enters: (path: string) => boolean = () => true,
  named?: NamesLookedAt,
): { path: string } | "too many" | undefined {
  const folders: string[] = [];
  const start = folder.replace(/[\\/]+$/, "");
  const walksInto = (kind: EntryKind | undefined) => kind === "folder" || (kind === "link" && follow);
  const visit = (path: string, kind: EntryKind | undefined, looked = true): { path: string } | undefined => {
    if (looked && picks(path, kind)) return { path };
    if (walksInto(kind) && (path === start || enters(path))) folders.push(path);
    return undefined;
  };
  const found = visit(start, fs.kind(start));
  if (found !== undefined) return found;
  for (let next = folders.pop(); next !== undefined; next = folders.pop()) {
    // A tree thousands of folders deep held the host for a second (each read costs its depth), and one past PATH_MAX
    // cannot be listed by name, though grep and rg walk it from its parent: neither is read as holding nothing.
    if (next.length >= MAX_WALK_PATH || levelsBelow(start, next) > MAX_WALK_DEPTH) return "too many";
    const listed = fs.list(next);
    const entries = listed ?? [];
    budget.names -= named === undefined ? entries.length : 2 + Math.floor(entries.length / 10);
    if (budget.names < 0) return "too many";
    if (listed !== undefined) named?.listed?.(next, listed);
    for (const { name, kind } of entries) {
      const looked = named === undefined || named.picks(name);
      if (!looked && !walksInto(kind)) continue;
      const hit = visit(`${next}/${name}`, kind, looked);
      if (hit !== undefined) return hit;
    }
  }
  return undefined;
}

/**
 * The small files rg reads besides those it searches, as the credentials guard needs them (`rules.ts`): which ignore
 * file may take back a hidden entry rg would skip (a `!` line), which folders rg surely leaves out (`node_modules`),
 * and its configuration file's lines. Each file is read once a request, bounded; one that cannot be read whole counts
 * as the worst it could hold. Where the guard's walk has read a folder (`listed`), what it holds is not looked up again.
 */
import type { EntryKind } from "./folderNames";
import { posixOrWin32 } from "./footprint";
import { globTooCostly } from "./globCost";
import { globMatcher, readOtherwise } from "./globMatch";
import { foldAll } from "./resolvePath";

/** How the files are read: the policy boundary's paths. */
export interface FileReader {
  kind(path: string): EntryKind | undefined;
  readBytes?(path: string, maxBytes: number): Uint8Array | undefined;
}

export class RgFiles {
  private readonly read = new Map<string, string[] | undefined>();
  private global: (string | null)[] | undefined;
  private readonly roots = new Map<string, string | undefined>();
  private readonly excludesFiles = new Map<string, string[]>();
  private readonly parsed = new Map<string, IgnoreLines | undefined>();
  private readonly from = new Map<string, IgnoredBy | undefined>();
  private readonly around = new Map<string, IgnoredBy | undefined>();
  private readonly excluded = new Map<string, IgnoredBy | undefined>();
  /** For each folder the walk read, which of `LOOKED_UP` it holds (folded). */
  private readonly listings = new Map<string, Set<string>>();
  /** How many `!` globs were made ready to match (`MAX_GLOBS`), and matched against a name (`MAX_GLOB_TESTS`). */
  private globs = 0;
  private globTests = 0;

  constructor(
    private readonly paths: FileReader,
    private readonly home: string,
  ) {}

  /**
   * An ignore file rg reads for `path` (a hidden entry) with a `!` line that may take it back though hidden: the
   * `.ignore`, `.rgignore` and `.gitignore` of its folder and each above (and above `cwd`, as rg finds them from
   * there), a repository's `info/exclude`, git's global excludes file (all of them unless `own` is false: `--no-ignore`),
   * and those given by `--ignore-file` (`given`; null when not known). An ignore file too large to read may.
   */
  takingBack(
    path: string,
    given: readonly (string | null)[],
    own: boolean,
    cwd: string | undefined,
  ): string | undefined {
    const p = posixOrWin32(path);
    const name = p.basename(path);
    const files = [
      ...given,
      ...(own ? [...this.ignoreFilesAbove(p.dirname(path)), ...(cwd ? this.ignoreFilesAbove(cwd) : [])] : []),
    ];
    for (const file of files) {
      if (file === null) return "an ignore file named at run time";
      const read = this.ignoreLines(file);
      if (read === undefined || this.takesBackName(read.takesBack, name)) return file;
    }
    return undefined;
  }

  /** Every ignore file rg may read for an entry of `folder`, nearest first; null for one it cannot be known. */
  private ignoreFilesAbove(folder: string): (string | null)[] {
    const p = posixOrWin32(folder);
    const files: (string | null)[] = [];
    for (let above = folder; ; above = p.dirname(above)) {
      files.push(...[".ignore", ".rgignore", ".gitignore"].map((file) => p.join(above, file)));
      files.push(...this.gitExcludes(above));
      if (p.dirname(above) === above) break;
    }
    return [...files, ...this.globalExcludes()];
  }

  /**
   * Whether rg surely leaves out the folder at `path`: an ignore file of a folder above (`.gitignore` only within the
   * repository, as rg reads it) names it plainly (`node_modules`, `/dist/`), and no `!` line of any may take it back.
   */
  leavesOut(path: string): boolean {
    return this.leftOut(path, false);
  }

  /**
   * Whether rg surely leaves out the file at `path`, as `leavesOut` a folder: a line naming it plainly but as a folder
   * (`.env/`) does not, and a line of one name's glob (`.env*`, `*.local`) does.
   */
  leavesOutFile(path: string): boolean {
    return this.leftOut(path, true);
  }

  private leftOut(path: string, file: boolean): boolean {
    const p = posixOrWin32(path);
    const name = p.basename(path);
    const parent = p.dirname(path);
    // A file is taken as left out only in a repository whose `.git` is a folder: rg reads a `.git` file or link
    // otherwise than git (its first line; a link it follows, which may lead nowhere).
    const root = file ? this.repositoryRoot(parent) : undefined;
    if (root !== undefined && this.paths.kind(p.join(root, ".git")) !== "folder") return false;
    const around = this.ignoredAround(parent);
    const names = (read: IgnoreLines) => (file ? read.fileNames : read.names);
    return (
      around !== undefined &&
      !around.some(({ read }) => this.takesBackName(read.takesBack, name)) &&
      around.some(
        ({ read, at }) =>
          names(read).has(name) ||
          (at === parent && (file ? read.fileAnchored : read.anchored).has(name)) ||
          (file && read.fileGlobs.some((matches) => matches(name))),
      )
    );
  }

  /**
   * The ignore files rg reads for the entries of `folder` that hold lines, each with the folder its lines are
   * anchored to; undefined when one cannot be read. Once a folder: the walk asks for each folder below it.
   */
  private ignoredAround(folder: string): IgnoredBy | undefined {
    if (this.around.has(folder)) return this.around.get(folder);
    const root = this.repositoryRoot(folder);
    const from = this.ignoredFrom(folder, root !== undefined);
    const excluded = root === undefined ? [] : this.excludedAt(root);
    const around = from && excluded && (excluded.length === 0 ? from : [...from, ...excluded]);
    this.around.set(folder, around);
    return around;
  }

  /** The excludes files of the repository at `root` that hold lines (`info/exclude`, git's global ones). */
  private excludedAt(root: string): IgnoredBy | undefined {
    if (this.excluded.has(root)) return this.excluded.get(root);
    let excluded: IgnoredBy | undefined = [];
    for (const file of [...this.gitExcludes(root), ...this.globalExcludes()]) {
      const read = file === null ? undefined : this.ignoreLines(file);
      excluded = excluded && read && (read.empty ? excluded : [...excluded, { read, at: root }]);
    }
    this.excluded.set(root, excluded);
    return excluded;
  }

  /**
   * The `.ignore`, `.rgignore` and (within the repository, `inRepository`) `.gitignore` files of `folder` and each
   * folder above that hold lines; undefined when one cannot be read.
   */
  private ignoredFrom(folder: string, inRepository: boolean): IgnoredBy | undefined {
    const key = `${inRepository ? "+" : "-"}${folder}`;
    if (this.from.has(key)) return this.from.get(key);
    const p = posixOrWin32(folder);
    let from: IgnoredBy | undefined = [];
    for (const file of [".ignore", ".rgignore", ...(inRepository ? [".gitignore"] : [])]) {
      const read = this.ignoreLines(p.join(folder, file));
      from = from && read && (read.empty ? from : [...from, { read, at: folder }]);
    }
    // Above the repository's top (the nearest folder holding `.git`), no `.gitignore` is read.
    const parent = p.dirname(folder);
    if (from !== undefined && parent !== folder) {
      const above = this.ignoredFrom(parent, inRepository && this.kind(p.join(folder, ".git")) === undefined);
      from = above && [...from, ...above];
    }
    this.from.set(key, from);
    return from;
  }

  /**
   * Whether an ignore file's `!` lines (`takesBackOf`) may take back an entry of this name. Past `MAX_GLOB_TESTS` any
   * may: a tree of many folders, each with ignore files of many globs, would otherwise hold the extension host.
   */
  private takesBackName(read: TakesBack, name: string): boolean {
    if (read.any || read.names.has(name.toLowerCase())) return true;
    if (read.globs.length === 0) return false;
    this.globTests += read.globs.length;
    return this.globTests > MAX_GLOB_TESTS || read.globs.some((matches) => matches(name));
  }

  /** An ignore file's lines as `leavesOut` reads them; undefined when it cannot be read whole. */
  private ignoreLines(file: string): IgnoreLines | undefined {
    if (this.parsed.has(file)) return this.parsed.get(file);
    const lines = this.lines(file);
    let read: IgnoreLines | undefined;
    if (lines !== undefined) {
      const takesBack = takesBackOf(lines, Math.min(MAX_TAKE_BACK_GLOBS, MAX_GLOBS - this.globs));
      this.globs += takesBack.globs.length;
      read = {
        empty: lines.length === 0,
        names: new Set(),
        anchored: new Set(),
        fileNames: new Set(),
        fileAnchored: new Set(),
        fileGlobs: [],
        takesBack,
      };
      for (const line of lines) {
        // A plain name only: `!x` takes x back and `#x` is a comment, and a glob's `[ab]` or `{a,b}` matches no
        // folder of that name, which rg then enters (and reads the ignore files of).
        if (/^[!#]|[[{\\]/.test(line)) continue;
        const pattern = line.replace(/\/+$/, "");
        // `x/` leaves out a folder x, not a file.
        const files = pattern === line;
        const names = [pattern, ...(pattern.startsWith("**/") ? [pattern.slice(3)] : [])];
        for (const name of names) {
          read.names.add(name);
          if (files) read.fileNames.add(name);
        }
        if (pattern.startsWith("/")) {
          read.anchored.add(pattern.slice(1));
          if (files) read.fileAnchored.add(pattern.slice(1));
        }
        // A glob of one name (`.env*`, `*.local`) matches files of that name at any depth below; matched at most
        // `MAX_GLOBS` in a request, with the `!` globs.
        if (
          files &&
          /[*?]/.test(pattern) &&
          !pattern.includes("/") &&
          !globTooCostly(pattern) &&
          !readOtherwise(pattern) &&
          this.globs < MAX_GLOBS
        ) {
          this.globs++;
          read.fileGlobs.push(globMatcher(pattern, { dot: true, noextglob: true, nonegate: true }));
        }
      }
    }
    this.parsed.set(file, read);
    return read;
  }

  /**
   * Which of the names rg looks up in a folder (`LOOKED_UP`) the folder the walk read holds: folded, as a file system
   * that ignores case opens `.gitignore` for `.GitIgnore`. Those it does not hold are not looked up there.
   */
  listed(folder: string, entries: readonly { name: string }[]): void {
    const held = new Set<string>();
    for (const { name } of entries) {
      if (!name.startsWith(".")) continue;
      const folded = foldAll(name).replace(/[. ]+$/, "");
      if (LOOKED_UP.has(folded)) held.add(folded);
    }
    this.listings.set(folderKey(folder), held);
  }

  /** What is at `path`; for a name rg looks up in a folder the walk read, without looking again when it is not there. */
  private kind(path: string): EntryKind | undefined {
    const p = posixOrWin32(path);
    const name = p.basename(path);
    if (LOOKED_UP.has(name) && this.listings.get(folderKey(p.dirname(path)))?.has(name) === false)
      return undefined;
    return this.paths.kind(path);
  }

  /** The nearest folder at or above `folder` holding `.git`. */
  private repositoryRoot(folder: string): string | undefined {
    if (this.roots.has(folder)) return this.roots.get(folder);
    const p = posixOrWin32(folder);
    const root =
      this.kind(p.join(folder, ".git")) !== undefined
        ? folder
        : p.dirname(folder) === folder
          ? undefined
          : this.repositoryRoot(p.dirname(folder));
    this.roots.set(folder, root);
    return root;
  }

  /**
   * A small file's lines (an ignore file, rg's configuration), without line ends and trailing spaces (none when
   * there is none); undefined when it cannot be read whole.
   */
  lines(file: string): string[] | undefined {
    if (this.read.has(file)) return this.read.get(file);
    const paths = this.paths;
    let lines: string[] | undefined = [];
    if (this.kind(file) !== undefined) {
      const bytes = paths.readBytes?.(file, MAX_IGNORE_FILE_BYTES);
      lines =
        bytes === undefined
          ? undefined
          : decodeWhole(bytes)
              ?.split("\n")
              // Not a byte order mark, which rg keeps as part of a name (`.env\uFEFF` is no `.env`).
              .map((line) => line.replace(/(?:(?!\uFEFF)\s)+$/, ""));
    }
    this.read.set(file, lines);
    return lines;
  }

  /** The `info/exclude` of a repository at `folder` (`.git` a folder, or a file naming it: a worktree, a submodule). */
  private gitExcludes(folder: string): string[] {
    let files = this.excludesFiles.get(folder);
    if (files === undefined) this.excludesFiles.set(folder, (files = this.readGitExcludes(folder)));
    return files;
  }

  private readGitExcludes(folder: string): string[] {
    const p = posixOrWin32(folder);
    const paths = this.paths;
    const dotGit = p.join(folder, ".git");
    const kind = this.kind(dotGit);
    if (kind === undefined) return [];
    if (kind === "folder") return [p.join(dotGit, "info", "exclude")];
    const text = new TextDecoder().decode(paths.readBytes?.(dotGit, 4096));
    const pointer = /^gitdir: (.+?)\r?$/m.exec(text);
    if (pointer === null) return [p.join(dotGit, "info", "exclude")];
    const gitDir = p.resolve(folder, pointer[1]!);
    const common = /^(.+?)\r?$/m.exec(
      new TextDecoder().decode(paths.readBytes?.(p.join(gitDir, "commondir"), 4096)),
    );
    return [
      p.join(gitDir, "info", "exclude"),
      ...(common ? [p.join(p.resolve(gitDir, common[1]!), "info", "exclude")] : []),
    ];
  }

  /**
   * git's global excludes files as rg finds them: `core.excludesFile` of the user's git settings (null when relative:
   * rg reads it from where it runs), and `git/ignore`.
   */
  private globalExcludes(): (string | null)[] {
    if (this.global) return this.global;
    const home = this.home;
    const p = posixOrWin32(home);
    const configHomes = [
      p.join(home, ".config"),
      ...(process.env.XDG_CONFIG_HOME ? [process.env.XDG_CONFIG_HOME] : []),
    ];
    const files: (string | null)[] = configHomes.map((folder) => p.join(folder, "git", "ignore"));
    for (const config of [
      p.join(home, ".gitconfig"),
      ...configHomes.map((folder) => p.join(folder, "git", "config")),
    ]) {
      const text = new TextDecoder().decode(this.paths.readBytes?.(config, MAX_IGNORE_FILE_BYTES));
      for (const [, value] of text.matchAll(/^\s*excludesfile\s*=\s*(.+?)\s*$/gim)) {
        const file = value!.replace(/^"(.*)"$/, "$1");
        files.push(file.startsWith("~/") ? p.join(home, file.slice(2)) : p.isAbsolute(file) ? file : null);
      }
    }
    this.global = files;
    return files;
  }
}

/**
 * A file's text, or undefined when it is not UTF-8 throughout (rg stops reading an ignore file at such a line), a
 * byte order mark kept as a character.
 */
function decodeWhole(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** The largest ignore file read for its `!` lines; a larger one may take back any hidden file. */
const MAX_IGNORE_FILE_BYTES = 256 * 1024;

/** The names rg looks up in each folder it walks: its ignore files, and `.git` where a repository starts. */
const LOOKED_UP = new Set([".ignore", ".rgignore", ".gitignore", ".git"]);

/** Ignore files holding lines, each with the folder its lines are anchored to. */
type IgnoredBy = { read: IgnoreLines; at: string }[];

/**
 * An ignore file's lines as `leavesOut` reads them: the names they plainly leave out (`node_modules`, `dist/`),
 * those anchored to its folder (`/build`), and its `!` lines.
 */
interface IgnoreLines {
  empty: boolean;
  names: Set<string>;
  anchored: Set<string>;
  /** Those of lines that leave out files too (not `x/`), and the globs of one name that do. */
  fileNames: Set<string>;
  fileAnchored: Set<string>;
  fileGlobs: ((name: string) => boolean)[];
  takesBack: TakesBack;
}

/**
 * An ignore file's `!` lines, read once: each is matched against every entry the walk meets, and a repository's
 * file may hold thousands.
 */
interface TakesBack {
  /** A line may take back any name (`!**`, `!/`, a glob too costly to match, more globs than are matched). */
  any: boolean;
  /** The plain names they take back, in lower case (`!.env`). */
  names: Set<string>;
  globs: ((name: string) => boolean)[];
}

/**
 * The most `!` globs of one ignore file matched against names (each entry of each folder below pays for all of them);
 * a file with more may take back any name.
 */
const MAX_TAKE_BACK_GLOBS = 64;

/** The most `!` globs made ready, and matched against names, in one request (some tens of milliseconds each). */
const MAX_GLOBS = 512;
const MAX_GLOB_TESTS = 50_000;

/** A folder as a key: one spelling of its separators on Windows, where the walk joins names with `/`. */
function folderKey(folder: string): string {
  const p = posixOrWin32(folder);
  return p.sep === "\\" ? folder.replace(/\\/g, "/") : folder;
}

/**
 * A `!` line's pattern read with each class that may match a `/` as rg's do (negated, holding a `/` or a range:
 * `web[!a].npmrc` takes `web/.npmrc` back) either as a class or as that `/`; undefined past a few such classes or for
 * a class of classes (`[^[:alpha:]]`), which may take anything back.
 */
function slashReadings(pattern: string): string[] | undefined {
  const classes = [...pattern.matchAll(/\[[!^]?\]?[^\]]*\]/g)].filter(([text]) => /^\[[!^]|[/-]/.test(text));
  if (classes.length > 3 || classes.some(([text]) => text.includes("[:"))) return undefined;
  let readings = [pattern];
  // From the last, so that each class's place in the line stays where it was found.
  for (const { 0: text, index } of classes.reverse())
    readings = readings.flatMap((reading) => [
      reading,
      `${reading.slice(0, index)}/${reading.slice(index + text.length)}`,
    ]);
  return readings;
}

/**
 * What an ignore file's `!` lines may take back: a line whose last part is a plain name takes that name (any case), a
 * glob what it may match, `**` or a folder's end anything. A line whose last part is another plain name never takes a
 * name back (`!.env.example`, `!src/`).
 */
function takesBackOf(lines: readonly string[], room: number): TakesBack {
  const anything: TakesBack = { any: true, names: new Set(), globs: [] };
  const read: TakesBack = { any: false, names: new Set(), globs: [] };
  for (const line of lines) {
    const trimmed = line.trim();
    if (!trimmed.startsWith("!")) continue;
    const readings = slashReadings(trimmed.slice(1));
    if (readings === undefined) return anything;
    for (const reading of readings) {
      const last = reading.replace(/\/+$/, "").split("/").pop()!;
      if (last === "" || last.includes("**")) return anything;
      if (!/[*?[\\{]/.test(last)) {
        read.names.add(last.toLowerCase());
        continue;
      }
      // rg's globs take braces (`!.env{,.local}`) and `[!x]` as a negated class, as picomatch spells `[^x]`.
      const glob = last.replace(/\[!/g, "[^");
      // A repository's line too costly to match (`!*a*a*a*a*b`) may take anything back, and one picomatch reads
      // otherwise (`!.e\nv`: an escape).
      if (globTooCostly(glob) || readOtherwise(glob) || read.globs.length >= room) return anything;
      try {
        read.globs.push(globMatcher(glob, { dot: true, nocase: true, noextglob: true, nonegate: true }));
      } catch {
        return anything;
      }
    }
  }
  return read;
}

/**
 * The small files rg reads besides those it searches, as the credentials guard needs them (`rules.ts`): which ignore
 * file may take back a hidden entry rg would skip (a `!` line), which folders rg surely leaves out (`node_modules`),
 * and its configuration file's lines. Each file is read once a request, bounded; one that cannot be read whole counts
 * as the worst it could hold.
 */
import picomatch from "picomatch";
import type { EntryKind } from "./folderNames";
import { posixOrWin32 } from "./footprint";
import { globTooCostly } from "./globCost";

/** How the files are read: the policy boundary's paths. */
export interface FileReader {
  kind(path: string): EntryKind | undefined;
  readBytes?(path: string, maxBytes: number): Uint8Array | undefined;
}

export class RgFiles {
  private readonly read = new Map<string, string[] | undefined>();
  private global: (string | null)[] | undefined;
  private readonly roots = new Map<string, string | undefined>();

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
      const lines = this.lines(file);
      if (
        lines === undefined ||
        lines.some((line) => line.trim().startsWith("!") && mayTakeBack(line.trim(), name))
      )
        return file;
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
    const p = posixOrWin32(path);
    const name = p.basename(path);
    const parent = p.dirname(path);
    const read: { lines: string[]; here: boolean }[] = [];
    const root = this.repositoryRoot(parent);
    const files: { file: string | null; at: string }[] = [];
    let inRepository = root !== undefined;
    for (let above = parent; ; above = p.dirname(above)) {
      for (const file of [".ignore", ".rgignore", ...(inRepository ? [".gitignore"] : [])])
        files.push({ file: p.join(above, file), at: above });
      if (above === root) inRepository = false;
      if (p.dirname(above) === above) break;
    }
    if (root !== undefined)
      files.push(
        ...[...this.gitExcludes(root), ...this.globalExcludes()].map((file) => ({ file, at: root })),
      );
    for (const { file, at } of files) {
      const lines = file === null ? undefined : this.lines(file);
      if (lines === undefined) return false;
      read.push({ lines, here: at === parent });
    }
    if (
      read.some(({ lines }) =>
        lines.some((line) => line.trim().startsWith("!") && mayTakeBack(line.trim(), name)),
      )
    )
      return false;
    return read.some(({ lines, here }) =>
      lines.some((line) => {
        // A plain name only: `!x` takes x back and `#x` is a comment, and a glob's `[ab]` or `{a,b}` matches no
        // folder of that name, which rg then enters (and reads the ignore files of).
        if (/^[!#]|[[{\\]/.test(line)) return false;
        const pattern = line.replace(/\/+$/, "");
        return pattern === name || pattern === `**/${name}` || (here && pattern === `/${name}`);
      }),
    );
  }

  /** The nearest folder at or above `folder` holding `.git`. */
  private repositoryRoot(folder: string): string | undefined {
    if (this.roots.has(folder)) return this.roots.get(folder);
    const p = posixOrWin32(folder);
    const root =
      this.paths.kind(p.join(folder, ".git")) !== undefined
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
    if (paths.kind(file) !== undefined) {
      const bytes = paths.readBytes?.(file, MAX_IGNORE_FILE_BYTES);
      lines =
        bytes === undefined
          ? undefined
          : new TextDecoder()
              .decode(bytes)
              .split("\n")
              .map((line) => line.trimEnd());
    }
    this.read.set(file, lines);
    return lines;
  }

  /** The `info/exclude` of a repository at `folder` (`.git` a folder, or a file naming it: a worktree, a submodule). */
  private gitExcludes(folder: string): string[] {
    const p = posixOrWin32(folder);
    const paths = this.paths;
    const dotGit = p.join(folder, ".git");
    const kind = paths.kind(dotGit);
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

/** The largest ignore file read for its `!` lines; a larger one may take back any hidden file. */
const MAX_IGNORE_FILE_BYTES = 256 * 1024;

/**
 * Whether an ignore file's `!` line may match an entry of this name: its last part is the name (any case), a glob
 * that may match it, or `**`. A line whose last part is another plain name never does (`!.env.example`, `!src/`).
 */
function mayTakeBack(line: string, name: string): boolean {
  const last = line.slice(1).replace(/\/+$/, "").split("/").pop()!;
  if (last === "" || last.includes("**")) return true;
  if (!/[*?[\\{]/.test(last)) return last.toLowerCase() === name.toLowerCase();
  try {
    // rg's globs take braces (`!.env{,.local}`) and `[!x]` as a negated class, as picomatch spells `[^x]`.
    const glob = last.replace(/\[!/g, "[^");
    // A repository's line too costly to match (`!*a*a*a*a*b`) may take anything back.
    if (globTooCostly(glob)) return true;
    return picomatch(glob, { dot: true, nocase: true, noextglob: true, nonegate: true })(name);
  } catch {
    return true;
  }
}
